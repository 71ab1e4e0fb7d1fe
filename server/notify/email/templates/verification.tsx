/** Sent after sign-up: a link and a code, either of which verifies the address. */
import { ActionButton, CodeBox, EmailLayout, formatDuration, Greeting, LinkFallback, Paragraph } from "./layout";

export interface VerificationEmailProps {
  name?: string | null;
  url: string;
  code: string;
  expiresInMinutes: number;
}

export function VerificationEmail({ name, url, code, expiresInMinutes }: VerificationEmailProps) {
  const expiry = formatDuration(expiresInMinutes);
  return (
    <EmailLayout preview={`Confirm your email address for Atelier. Your code is ${code}.`}>
      <Greeting name={name} />
      <Paragraph>Confirm that this is your email address to finish setting up your Atelier account.</Paragraph>
      <ActionButton href={url}>Verify my email</ActionButton>
      <Paragraph>Or enter this code on the verification page:</Paragraph>
      <CodeBox code={code} />
      <Paragraph muted>
        {`The link and the code are both valid for ${expiry}. If you did not create an Atelier account, you can ignore this email.`}
      </Paragraph>
      <LinkFallback href={url} />
    </EmailLayout>
  );
}

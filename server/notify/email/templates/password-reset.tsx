/** A password reset: a link, or a code for the reset page. */
import { ActionButton, CodeBox, EmailLayout, formatDuration, Greeting, LinkFallback, Paragraph } from "./layout";

export interface PasswordResetEmailProps {
  name?: string | null;
  url: string;
  code: string;
  expiresInMinutes: number;
}

export function PasswordResetEmail({ name, url, code, expiresInMinutes }: PasswordResetEmailProps) {
  const expiry = formatDuration(expiresInMinutes);
  return (
    <EmailLayout preview="Choose a new password for your Atelier account.">
      <Greeting name={name} />
      <Paragraph>Someone asked to reset the password of your Atelier account. Choose a new one here:</Paragraph>
      <ActionButton href={url}>Choose a new password</ActionButton>
      <Paragraph>Or enter this code on the password reset page:</Paragraph>
      <CodeBox code={code} />
      <Paragraph muted>
        {`The link and the code are valid for ${expiry}. If you did not ask for this, ignore this email: your password stays as it is.`}
      </Paragraph>
      <LinkFallback href={url} />
    </EmailLayout>
  );
}

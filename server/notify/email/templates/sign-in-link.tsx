/** A passwordless sign-in: a link to click, or a code to type on the device that asked. */
import { ActionButton, CodeBox, EmailLayout, formatDuration, Greeting, LinkFallback, Paragraph } from "./layout";

export interface SignInLinkEmailProps {
  name?: string | null;
  url: string;
  code: string;
  expiresInMinutes: number;
}

export function SignInLinkEmail({ name, url, code, expiresInMinutes }: SignInLinkEmailProps) {
  const expiry = formatDuration(expiresInMinutes);
  return (
    <EmailLayout preview={`Sign in to Atelier with one click, or with the code ${code}.`}>
      <Greeting name={name} />
      <Paragraph>Use this link to sign in to Atelier.</Paragraph>
      <ActionButton href={url}>Sign in to Atelier</ActionButton>
      <Paragraph>Signing in on another device? Enter this code there instead:</Paragraph>
      <CodeBox code={code} />
      <Paragraph muted>
        {`The link and the code are valid for ${expiry}. If you did not ask to sign in, ignore this email: nobody can sign in without them.`}
      </Paragraph>
      <LinkFallback href={url} />
    </EmailLayout>
  );
}

/**
 * Sent after sign-up, and to the new address when someone changes theirs: a link and a code,
 * either of which confirms the address. The words follow the purpose.
 */
import { ActionButton, CodeBox, EmailLayout, formatDuration, Greeting, LinkFallback, Paragraph } from "./layout";

export interface VerificationEmailProps {
  name?: string | null;
  url: string;
  code: string;
  expiresInMinutes: number;
  /** "sign-up" (the default) or "email-change". */
  purpose?: "sign-up" | "email-change";
}

export function VerificationEmail({ name, url, code, expiresInMinutes, purpose = "sign-up" }: VerificationEmailProps) {
  const expiry = formatDuration(expiresInMinutes);
  const change = purpose === "email-change";
  return (
    <EmailLayout
      preview={`${change ? "Confirm your new email address for Atelier" : "Confirm your email address for Atelier"}. Your code is ${code}.`}
    >
      <Greeting name={name} />
      <Paragraph>
        {change
          ? "Someone, hopefully you, asked to use this address for an Atelier account. Confirm it to finish the change."
          : "Confirm that this is your email address to finish setting up your Atelier account."}
      </Paragraph>
      <ActionButton href={url}>{change ? "Confirm my new email" : "Verify my email"}</ActionButton>
      <Paragraph>
        {change ? "Or enter this code on your profile page:" : "Or enter this code on the verification page:"}
      </Paragraph>
      <CodeBox code={code} />
      <Paragraph muted>
        {change
          ? `The link and the code are both valid for ${expiry}. If you did not ask for this, ignore this email: the account keeps its address.`
          : `The link and the code are both valid for ${expiry}. If you did not create an Atelier account, you can ignore this email.`}
      </Paragraph>
      <LinkFallback href={url} />
    </EmailLayout>
  );
}

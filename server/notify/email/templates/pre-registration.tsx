/** Confirms a pre-registration: what the person signed up for and how the bonus reaches them. */
import { ActionButton, EmailLayout, LinkFallback, Paragraph } from "./layout";

export interface PreRegistrationEmailProps {
  bonusTokens: number;
  /** Where to create the account. */
  url: string;
}

export function PreRegistrationEmail({ bonusTokens, url }: PreRegistrationEmailProps) {
  return (
    <EmailLayout preview={`You're on the list: ${bonusTokens} bonus tokens are waiting for you.`}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>You are on the Atelier pre-registration list. Thank you for signing up early.</Paragraph>
      <Paragraph>
        Create your account with this email address and verify it, and {bonusTokens} bonus tokens are credited to it, on
        top of the usual welcome tokens.
      </Paragraph>
      <ActionButton href={url}>Create your account</ActionButton>
      <LinkFallback href={url} />
      <Paragraph>If you did not sign up, ignore this email: nothing else will be sent.</Paragraph>
    </EmailLayout>
  );
}

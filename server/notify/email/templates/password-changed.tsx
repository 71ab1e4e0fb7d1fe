/** A security notice after a password change, so a person whose account was taken over finds out. */
import { formatDate, UTC_SETTINGS } from "~/lib/format";
import { ActionButton, EmailLayout, Greeting, LinkFallback, Paragraph } from "./layout";

export interface PasswordChangedEmailProps {
  name?: string | null;
  changedAt: Date;
  /** Where to reset the password if the change was not theirs. */
  resetUrl: string;
  /** Where to write for help; omitted when the deployment has no support address. */
  supportEmail?: string | null;
}

// Emails are read in any time zone; UTC, said out loud, is never misread.

export function PasswordChangedEmail({ name, changedAt, resetUrl, supportEmail }: PasswordChangedEmailProps) {
  return (
    <EmailLayout preview="The password of your Atelier account was changed.">
      <Greeting name={name} />
      <Paragraph>{`The password of your Atelier account was changed on ${formatDate(changedAt, "longDateTime", UTC_SETTINGS)} UTC.`}</Paragraph>
      <Paragraph>If this was you, there is nothing else to do.</Paragraph>
      <Paragraph>
        If it was not you, someone else may know your password or have access to your email. Reset your password now and
        choose one you do not use anywhere else, then change your email password too.
      </Paragraph>
      <ActionButton href={resetUrl}>Reset my password</ActionButton>
      {supportEmail ? <Paragraph muted>{`Need help? Write to ${supportEmail}.`}</Paragraph> : null}
      <LinkFallback href={resetUrl} />
    </EmailLayout>
  );
}

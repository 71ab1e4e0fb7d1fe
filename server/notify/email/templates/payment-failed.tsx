/** Sent when a membership's renewal could not be charged: what happens next, and where to fix the card. */
import { ActionButton, EmailLayout, LinkFallback, Paragraph } from "./layout";

export interface PaymentFailedEmailProps {
  planName: string;
  /** The amount, formatted with its currency. */
  amount: string;
  /** The day of the next try (YYYY-MM-DD), or null when that was the last. */
  nextAttempt: string | null;
  /** The member's profile, where the card is changed. */
  url: string;
}

export function PaymentFailedEmail({ planName, amount, nextAttempt, url }: PaymentFailedEmailProps) {
  return (
    <EmailLayout preview={`We could not charge ${amount} for your ${planName} membership.`}>
      {/* Whole sentences as one string: React would split interpolated text with comment markers. */}
      <Paragraph>{`We could not charge ${amount} for your ${planName} membership.`}</Paragraph>
      {nextAttempt ? (
        <Paragraph>
          {`We will try again on ${nextAttempt}, and your perks stay until then. If the card on file has expired or changed, put in another one and we will charge it straight away.`}
        </Paragraph>
      ) : (
        <Paragraph>
          That was our last try, so your membership has ended. Your pictures and the tokens you bought stay yours, and
          you can join again whenever you like.
        </Paragraph>
      )}
      <ActionButton href={url}>{nextAttempt ? "Update your card" : "See your membership"}</ActionButton>
      <LinkFallback href={url} />
    </EmailLayout>
  );
}

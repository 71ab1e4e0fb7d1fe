/**
 * A member's side of memberships (issue 41) in plain words, without zod: the actions the
 * profile's Membership section posts to `/api/memberships/current`, the query those plain forms
 * come back with (`membership_notice`, or `membership_error` with `membership_intent`), and what
 * each says. Only codes travel in the address — never words — so a link someone else made can
 * show nothing but these sentences. The pricing page reads `membership_error` the same way.
 */

/** What a form posts to `/api/memberships/current` as `intent`. */
export const MEMBERSHIP_INTENTS = ["preview", "change", "cancel", "resume", "card"] as const;
export type MembershipIntent = (typeof MEMBERSHIP_INTENTS)[number];

/** The query a plain form comes back with. */
export const MEMBERSHIP_QUERY = {
  /** A success: one of MEMBERSHIP_NOTICES. */
  notice: "membership_notice",
  /** A refusal: the error's code (server/app-error.ts). */
  error: "membership_error",
  /** Which action was refused, so its message shows beside it. */
  intent: "membership_intent",
  /** The change being previewed (or refused): the plan's id and the interval. */
  plan: "plan",
  interval: "interval",
  /** The member came back from the provider's card page. */
  card: "membership_card",
  /** The cancel confirmation, for a page the script has not reached yet. */
  confirm: "membership_confirm",
} as const;

export const MEMBERSHIP_NOTICES = ["upgraded", "scheduled", "kept", "canceled", "resumed"] as const;
export type MembershipNotice = (typeof MEMBERSHIP_NOTICES)[number];

export function isMembershipNotice(value: unknown): value is MembershipNotice {
  return typeof value === "string" && (MEMBERSHIP_NOTICES as readonly string[]).includes(value);
}

export function isMembershipIntent(value: unknown): value is MembershipIntent {
  return typeof value === "string" && (MEMBERSHIP_INTENTS as readonly string[]).includes(value);
}

/** An error code as it may travel in an address: lower-case words and underscores, or nothing. */
export function membershipErrorCode(value: unknown): string | null {
  return typeof value === "string" && /^[a-z_]{1,40}$/.test(value) ? value : null;
}

/**
 * The sentence for a refused membership action, by its code and what was asked (`start`: joining a
 * plan on the pricing page). Any code not listed gets the general sentence.
 */
export function membershipErrorMessage(code: string, intent: MembershipIntent | "start" = "start"): string {
  switch (code) {
    case "already_member":
      return "You are a member already: change your plan from the Membership section of your profile.";
    case "plan_unavailable":
      return "This plan is not on sale any more. Choose another one.";
    case "invalid_input":
      if (intent === "resume") return "Your membership is not set to end, so there is nothing to resume.";
      if (intent === "start") return "Choose a plan, and monthly or yearly.";
      return "That change cannot be made: choose another plan or interval.";
    case "not_member":
      return intent === "card"
        ? "Your membership has no card on file yet."
        : "You have no membership to change. Choose a plan on the pricing page.";
    case "card_declined":
      return intent === "start"
        ? "Your card was declined. Nothing was charged."
        : "Your card was declined, so nothing has changed. Update your card, then try again.";
    case "provider_refused":
      return "The payment provider refused just now. Nothing has changed; try again in a minute.";
    case "rate_limited":
      return "That was a lot of tries in a short time. Wait a few minutes and try again.";
    case "unauthorized":
      return "Sign in first.";
    default:
      return "Something went wrong on our side. Nothing has changed; try again in a minute.";
  }
}

export const MEMBERSHIP_STATUS_WORDS: Record<string, string> = {
  active: "Active",
  past_due: "Payment failed",
  incomplete: "Waiting for payment",
  ended: "Ended",
};

export const MEMBERSHIP_INVOICE_STATUS_WORDS: Record<string, string> = {
  open: "Open",
  paid: "Paid",
  failed: "Failed",
  void: "Void",
  refunded: "Refunded",
};

/** Why an invoice was made, as the member reads it. */
export const MEMBERSHIP_INVOICE_REASON_WORDS: Record<string, string> = {
  first: "First payment",
  renewal: "Renewal",
  change: "Upgrade",
  upgrade: "Upgrade",
};

export const PLAN_INTERVAL_WORDS = { month: "a month", year: "a year" } as const;
export const PLAN_INTERVAL_ADJECTIVES = { month: "Monthly", year: "Yearly" } as const;

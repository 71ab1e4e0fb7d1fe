/** What the admin members page and a member's history take (issue 41), shared by their forms and the server. */
import { z } from "zod";
import { formatMoney } from "./format";
import { pageNumber, sortDirection } from "./list-query";

/** The list's status filter: `live` (active or past due) unless the address says otherwise. */
export const MEMBER_FILTER_STATUSES = ["live", "active", "past_due", "ended", "incomplete", "all"] as const;

export const MEMBER_FILTER_LABELS: Record<(typeof MEMBER_FILTER_STATUSES)[number], string> = {
  live: "Live (active or past due)",
  active: "Active",
  past_due: "Past due",
  ended: "Ended",
  incomplete: "Checkout not paid",
  all: "All",
};

export const MEMBERSHIP_STATUS_LABELS: Record<string, string> = {
  incomplete: "Checkout not paid",
  active: "Active",
  past_due: "Past due",
  ended: "Ended",
};

export const MEMBERSHIP_END_REASON_LABELS: Record<string, string> = {
  canceled: "canceled",
  payment_failed: "payment failed",
  abandoned: "checkout never paid",
  refunded: "refunded by an admin",
  account_deleted: "account deleted",
};

export const MEMBERSHIP_INVOICE_STATUS_LABELS: Record<string, string> = {
  open: "Open",
  paid: "Paid",
  failed: "Failed",
  void: "Void",
  refunded: "Refunded",
};

export const memberListQuery = z.object({
  q: z.string().trim().max(120).optional().default(""),
  status: z.enum(MEMBER_FILTER_STATUSES).catch("live").default("live"),
  plan: z.uuid().optional().catch(undefined),
  sort: z.enum(["started", "renews", "email"]).catch("started").default("started"),
  dir: sortDirection("desc"),
  page: pageNumber(100_000),
});
export type MemberListQuery = z.output<typeof memberListQuery>;

/** The refund of one membership invoice, from the member's history on their user record. */
export const membershipRefundForm = z.object({
  invoiceId: z.uuid("Choose an invoice to refund"),
  reason: z
    .string()
    .trim()
    .min(3, "Say why, for the record (at least 3 characters)")
    .max(500, "Keep the reason under 500 characters"),
});

/**
 * How far the sandbox's clock moves per button: a day, a week, a month (31 days, so a monthly
 * renewal always falls inside it), a year (365 days).
 */
export const SANDBOX_CLOCK_STEPS = [
  { days: 1, label: "+1 day" },
  { days: 7, label: "+7 days" },
  { days: 31, label: "+1 month (31 days)" },
  { days: 365, label: "+1 year (365 days)" },
] as const;

export const sandboxClockForm = z.object({
  days: z
    .enum(SANDBOX_CLOCK_STEPS.map((s) => String(s.days)) as [string, ...string[]], {
      error: "Choose how far to move the clock",
    })
    .transform(Number),
});

/** Monthly recurring revenue as text: one amount per currency, never added across currencies. */
export function formatRecurring(amounts: readonly { currency: string; amountMinor: number }[]): string {
  if (amounts.length === 0) return formatMoney(0, "USD");
  return amounts.map((a) => formatMoney(a.amountMinor, a.currency)).join(" + ");
}

/** A share as a percentage with one decimal ("12.5%"), or "—" when there is nothing to divide by. */
export function formatRate(rate: number | null): string {
  return rate === null ? "—" : `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

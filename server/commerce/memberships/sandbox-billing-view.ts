/**
 * The embedded sandbox's customer portal (`/sandbox/billing?customer=…`, issue 41): what Stripe's
 * Customer Portal shows a member — their subscriptions and invoices — and the form that puts
 * another card on file. The card is checked as the sandbox's checkout checks it (`sandboxCardInput`,
 * an expiry in the future, one of the listed test cards): 4000 0000 0000 0341 is kept but declines
 * every charge, the declined test cards are refused as a real portal refuses a card its bank
 * declines, and any other test card pays. Replacing the card charges an open invoice again at once
 * (sandbox-billing.ts), and the sandbox reports the outcome by its signed webhooks.
 */
import { formatMoney } from "~/lib/format";
import type { Database } from "../../db/client";
import { queueSandboxEvent, sandboxCardInput } from "../payments/sandbox";
import {
  listSandboxCustomer,
  RENEWAL_DECLINE_LAST4,
  replaceSandboxCard,
  type SandboxEventSink,
  sandboxNow,
} from "../payments/sandbox-billing";

export const SANDBOX_CUSTOMER_PATTERN = /^cus_sbx_[0-9a-f]{24}$/;

/** The sandbox's test cards as a portal takes them: kept (paying or declining later), or refused now. */
const PORTAL_CARDS: Record<string, "succeed" | "decline" | "refuse"> = {
  "4242424242424242": "succeed",
  "4000002500003155": "succeed",
  [`400000000000${RENEWAL_DECLINE_LAST4}`]: "decline",
  "4000000000000002": "refuse",
  "4000000000009995": "refuse",
};

export interface SandboxBillingPage {
  customerId: string;
  /** The sandbox's time, which an administrator may have moved forward (its invoices' dates follow it). */
  now: Date;
  email: string | null;
  cardLast4: string | null;
  subscriptions: {
    id: string;
    planName: string;
    interval: string;
    amount: string;
    status: string;
    currentPeriodEnd: Date;
    cancelAtPeriodEnd: boolean;
  }[];
  invoices: {
    id: string;
    planName: string;
    reason: string;
    amount: string;
    status: string;
    periodStart: Date;
    periodEnd: Date;
    attemptCount: number;
    nextAttemptAt: Date | null;
    createdAt: Date;
  }[];
}

/** The customer's subscriptions and invoices (newest invoice first), or null for a customer the sandbox does not know. */
export async function loadSandboxBillingPage(db: Database, customerId: string): Promise<SandboxBillingPage | null> {
  if (!SANDBOX_CUSTOMER_PATTERN.test(customerId)) return null;
  const { subscriptions, invoices } = await listSandboxCustomer(db, customerId);
  if (subscriptions.length === 0) return null;
  const latest = subscriptions.at(-1)!;
  return {
    customerId,
    now: await sandboxNow(db),
    email: latest.customerEmail,
    cardLast4: latest.cardLast4,
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      planName: s.planName,
      interval: s.interval,
      amount: formatMoney(s.amountMinor, s.currency),
      status: s.status,
      currentPeriodEnd: s.currentPeriodEnd,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    })),
    invoices: invoices
      .map((i) => ({
        id: i.id,
        planName: i.planName,
        reason: i.billingReason,
        amount: formatMoney(i.amountMinor, i.currency),
        status: i.status,
        periodStart: i.periodStart,
        periodEnd: i.periodEnd,
        attemptCount: i.attemptCount,
        nextAttemptAt: i.nextAttemptAt,
        createdAt: i.createdAt,
      }))
      .reverse(),
  };
}

export type SandboxCardResult =
  | { ok: true; last4: string; behaviour: "succeed" | "decline" }
  | { ok: false; fields: Record<string, string> };

function expiryInPast(expiry: string, now: Date): boolean {
  const [mm, yy] = expiry.split("/").map((s) => Number(s.trim())) as [number, number];
  return new Date(Date.UTC(2000 + yy, mm, 1)) <= now;
}

/** Puts the card of the form on file for every subscription of the customer, retrying an open invoice with it. */
export async function replaceSandboxCardFromForm(
  db: Database,
  customerId: string,
  input: unknown,
  options: { now?: Date; report?: SandboxEventSink } = {},
): Promise<SandboxCardResult> {
  if (!SANDBOX_CUSTOMER_PATTERN.test(customerId)) return { ok: false, fields: { _: "This customer does not exist" } };
  const parsed = sandboxCardInput.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "_")] ??= issue.message;
    return { ok: false, fields };
  }
  const card = parsed.data;
  if (expiryInPast(card.expiry, options.now ?? new Date()))
    return { ok: false, fields: { expiry: "This card has expired" } };
  const kind = PORTAL_CARDS[card.number];
  if (!kind) return { ok: false, fields: { number: "Use one of the sandbox test cards listed on this page" } };
  if (kind === "refuse") return { ok: false, fields: { number: "This card was declined: use another one" } };
  const last4 = card.number.slice(-4);
  await replaceSandboxCard(db, customerId, last4, kind, options.report ?? queueSandboxEvent);
  return { ok: true, last4, behaviour: kind };
}

/**
 * The embedded sandbox's subscriptions: what Stripe Billing does on its side, kept in our own
 * tables (`sandbox_subscriptions`, `sandbox_invoices`) and reported by the same signed webhooks
 * as its checkouts. It renews each period by charging the card on file, retries a declined
 * renewal after 3, 5 and 7 days (as a classic Stripe retry schedule does) and cancels the
 * subscription when the fourth attempt fails, prorates an upgrade for the rest of the period,
 * and applies a downgrade or a cancellation at the period's end.
 *
 * Its clock can be moved forward (by an administrator, or a test), so a year of renewals runs in
 * a moment: `sandboxNow` is real time plus the offset, and `runSandboxBilling` does everything
 * that fell due, in the order it fell due.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { type InvoiceLine, type PlanInterval, sandboxInvoices, sandboxSubscriptions } from "../../db/schema";
import { objectSiteSetting } from "../../db/site-setting";
import type { InvoiceState, MembershipBilling, PlanPrice, SubscriptionState } from "./billing";
import { PaymentProviderError } from "./provider";

export type SandboxSubscription = typeof sandboxSubscriptions.$inferSelect;
export type SandboxInvoice = typeof sandboxInvoices.$inferSelect;

const DAY_MS = 86_400_000;
/** Days after a failed attempt before the next one; after the last, the subscription is canceled. */
export const SANDBOX_RETRY_DAYS = [3, 5, 7] as const;

/** The card that pays the first time and declines every later charge: a renewal that fails. */
export const RENEWAL_DECLINE_LAST4 = "0341";

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}

// ——— The clock ———

const clock = objectSiteSetting(
  "sandbox_clock",
  z.object({
    offsetSeconds: z
      .number()
      .int()
      .min(0)
      .max(50 * 366 * 86_400),
  }),
  { offsetSeconds: 0 },
);

/** The sandbox's time: real time, plus however far an administrator has moved its clock. */
export async function sandboxNow(db: Database): Promise<Date> {
  const { offsetSeconds } = await clock.load(db);
  return new Date(Date.now() + offsetSeconds * 1000);
}

export async function sandboxClockOffsetSeconds(db: Database): Promise<number> {
  return (await clock.load(db)).offsetSeconds;
}

/** Moves the sandbox's clock forward and does what fell due: renewals, retries, cancellations. */
export async function advanceSandboxClock(
  db: Database,
  seconds: number,
  report: SandboxEventSink,
): Promise<{ now: Date; steps: number }> {
  if (!Number.isInteger(seconds) || seconds <= 0 || seconds > 400 * 86_400)
    throw new RangeError("Move the clock forward by a whole number of seconds, at most 400 days");
  const { offsetSeconds } = await clock.load(db);
  await clock.save(db, { offsetSeconds: offsetSeconds + seconds });
  const now = await sandboxNow(db);
  return { now, steps: await runSandboxBilling(db, now, report) };
}

// ——— Periods ———

/** `months` after `anchor`, on the anchor's day or the month's last day when it is shorter (Stripe's rule). */
export function addMonthsClamped(anchor: Date, months: number): Date {
  const target = new Date(anchor);
  const day = anchor.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target;
}

const monthsOf = (interval: PlanInterval) => (interval === "year" ? 12 : 1);

/** The end of the period that starts at `start` for a subscription anchored at `anchor`. */
export function periodEndAfter(anchor: Date, interval: PlanInterval, start: Date): Date {
  const step = monthsOf(interval);
  let n = 1;
  while (addMonthsClamped(anchor, n * step) <= start) n++;
  return addMonthsClamped(anchor, n * step);
}

// ——— Events ———

/** Where the sandbox reports what happened: a queued, signed webhook (sandbox.ts) in the app. */
export type SandboxEventSink = (type: string, object: SandboxEventObject) => Promise<void>;
export interface SandboxEventObject {
  id: string;
  object: "checkout.session" | "subscription" | "invoice";
  subscription?: string | null;
}

const subscriptionEvent = (sub: Pick<SandboxSubscription, "id">): SandboxEventObject => ({
  id: sub.id,
  object: "subscription",
});
const invoiceEvent = (invoice: Pick<SandboxInvoice, "id" | "subscriptionId">): SandboxEventObject => ({
  id: invoice.id,
  object: "invoice",
  subscription: invoice.subscriptionId,
});

// ——— Charging ———

function cardDeclines(sub: Pick<SandboxSubscription, "cardBehaviour">): boolean {
  return sub.cardBehaviour === "decline";
}

/** Opens a subscription for a paid subscription checkout, with its first invoice paid. */
export async function openSandboxSubscription(
  db: Database,
  input: {
    customerId: string;
    customerEmail: string | null;
    reference: string;
    price: PlanPrice;
    cardLast4: string;
    paymentId: string;
    now: Date;
  },
  report: SandboxEventSink,
): Promise<SandboxSubscription> {
  const id = newId("sub_sbx");
  const end = periodEndAfter(input.now, input.price.interval, input.now);
  const [sub] = await db
    .insert(sandboxSubscriptions)
    .values({
      id,
      customerId: input.customerId,
      customerEmail: input.customerEmail,
      reference: input.reference,
      planId: input.price.planId,
      planName: input.price.planName,
      interval: input.price.interval,
      amountMinor: input.price.amountMinor,
      currency: input.price.currency,
      billingAnchor: input.now,
      currentPeriodStart: input.now,
      currentPeriodEnd: end,
      cardLast4: input.cardLast4,
      cardBehaviour: input.cardLast4 === RENEWAL_DECLINE_LAST4 ? "decline" : "succeed",
    })
    .returning();
  const [invoice] = await db
    .insert(sandboxInvoices)
    .values({
      id: newId("in_sbx"),
      subscriptionId: id,
      billingReason: "subscription_create",
      planId: input.price.planId,
      planName: input.price.planName,
      interval: input.price.interval,
      amountMinor: input.price.amountMinor,
      currency: input.price.currency,
      lines: [{ description: periodLine(input.price, input.now, end), amountMinor: input.price.amountMinor }],
      status: "paid",
      periodStart: input.now,
      periodEnd: end,
      attemptCount: 1,
      paymentId: input.paymentId,
      paidAt: input.now,
    })
    .returning();
  await report("customer.subscription.created", subscriptionEvent(sub!));
  await report("invoice.paid", invoiceEvent(invoice!));
  return sub!;
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function periodLine(price: Pick<PlanPrice, "planName" | "interval">, start: Date, end: Date): string {
  return `${price.planName} membership, ${price.interval === "year" ? "yearly" : "monthly"} (${day(start)} to ${day(end)})`;
}

/** One charge of an open invoice with the card on file; the retry schedule decides what follows a decline. */
async function attemptInvoice(
  db: Database,
  sub: SandboxSubscription,
  invoice: SandboxInvoice,
  at: Date,
  report: SandboxEventSink,
): Promise<void> {
  const attempt = invoice.attemptCount + 1;
  if (!cardDeclines(sub)) {
    const [paid] = await db
      .update(sandboxInvoices)
      .set({ status: "paid", attemptCount: attempt, nextAttemptAt: null, paymentId: newId("pi_sbx"), paidAt: at })
      .where(and(eq(sandboxInvoices.id, invoice.id), eq(sandboxInvoices.status, "open")))
      .returning();
    if (!paid) return;
    if (sub.status === "past_due")
      await db
        .update(sandboxSubscriptions)
        .set({ status: "active", updatedAt: new Date() })
        .where(eq(sandboxSubscriptions.id, sub.id));
    await report("invoice.paid", invoiceEvent(paid));
    await report("customer.subscription.updated", subscriptionEvent(sub));
    return;
  }
  const retryDays = SANDBOX_RETRY_DAYS[attempt - 1];
  const [failed] = await db
    .update(sandboxInvoices)
    .set({
      status: retryDays === undefined ? "uncollectible" : "open",
      attemptCount: attempt,
      nextAttemptAt: retryDays === undefined ? null : new Date(at.getTime() + retryDays * DAY_MS),
    })
    .where(and(eq(sandboxInvoices.id, invoice.id), eq(sandboxInvoices.status, "open")))
    .returning();
  if (!failed) return;
  await report("invoice.payment_failed", invoiceEvent(failed));
  if (retryDays === undefined) {
    await db
      .update(sandboxSubscriptions)
      .set({ status: "canceled", canceledAt: at, updatedAt: new Date() })
      .where(eq(sandboxSubscriptions.id, sub.id));
    await report("customer.subscription.deleted", subscriptionEvent(sub));
  } else {
    await db
      .update(sandboxSubscriptions)
      .set({ status: "past_due", updatedAt: new Date() })
      .where(eq(sandboxSubscriptions.id, sub.id));
    await report("customer.subscription.updated", subscriptionEvent(sub));
  }
}

/** A subscription's period ended: it renews (invoice, charge) or, when canceled at its end, ends. */
async function renewSubscription(db: Database, sub: SandboxSubscription, report: SandboxEventSink): Promise<void> {
  const at = sub.currentPeriodEnd;
  if (sub.cancelAtPeriodEnd) {
    const [ended] = await db
      .update(sandboxSubscriptions)
      .set({ status: "canceled", canceledAt: at, updatedAt: new Date() })
      .where(and(eq(sandboxSubscriptions.id, sub.id), eq(sandboxSubscriptions.currentPeriodEnd, at)))
      .returning();
    if (ended) await report("customer.subscription.deleted", subscriptionEvent(ended));
    return;
  }
  const end = periodEndAfter(sub.billingAnchor, sub.interval, at);
  const [renewed] = await db
    .update(sandboxSubscriptions)
    .set({ currentPeriodStart: at, currentPeriodEnd: end, updatedAt: new Date() })
    .where(and(eq(sandboxSubscriptions.id, sub.id), eq(sandboxSubscriptions.currentPeriodEnd, at)))
    .returning();
  if (!renewed) return;
  // A renewal does not wait for an earlier invoice still being retried: that one is given up.
  await db
    .update(sandboxInvoices)
    .set({ status: "void", nextAttemptAt: null })
    .where(and(eq(sandboxInvoices.subscriptionId, sub.id), eq(sandboxInvoices.status, "open")));
  const [invoice] = await db
    .insert(sandboxInvoices)
    .values({
      id: newId("in_sbx"),
      subscriptionId: sub.id,
      billingReason: "subscription_cycle",
      planId: renewed.planId,
      planName: renewed.planName,
      interval: renewed.interval,
      amountMinor: renewed.amountMinor,
      currency: renewed.currency,
      lines: [{ description: periodLine(renewed, at, end), amountMinor: renewed.amountMinor }],
      periodStart: at,
      periodEnd: end,
    })
    .returning();
  await attemptInvoice(db, renewed, invoice!, at, report);
}

/**
 * Does everything that fell due by `now`, earliest first: period ends (renewal or the end of a
 * canceled subscription) and retries of declined invoices. Each step is a conditional update, so
 * two processes running it at once do each step once. Returns the number of steps done.
 */
export async function runSandboxBilling(db: Database, now: Date, report: SandboxEventSink): Promise<number> {
  let steps = 0;
  for (; steps < 10_000; steps++) {
    const [sub] = await db
      .select()
      .from(sandboxSubscriptions)
      .where(
        and(
          inArray(sandboxSubscriptions.status, ["active", "past_due"]),
          lte(sandboxSubscriptions.currentPeriodEnd, now),
        ),
      )
      .orderBy(asc(sandboxSubscriptions.currentPeriodEnd))
      .limit(1);
    const [retry] = await db
      .select()
      .from(sandboxInvoices)
      .where(and(eq(sandboxInvoices.status, "open"), lte(sandboxInvoices.nextAttemptAt, now)))
      .orderBy(asc(sandboxInvoices.nextAttemptAt))
      .limit(1);
    if (!sub && !retry) break;
    if (retry && (!sub || retry.nextAttemptAt! < sub.currentPeriodEnd)) {
      const [owner] = await db
        .select()
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.id, retry.subscriptionId));
      await attemptInvoice(db, owner!, retry, retry.nextAttemptAt!, report);
    } else if (sub) {
      await renewSubscription(db, sub, report);
    }
  }
  return steps;
}

// ——— The customer's side: the sandbox's billing page ———

export async function listSandboxCustomer(db: Database, customerId: string) {
  const subs = await db
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.customerId, customerId))
    .orderBy(asc(sandboxSubscriptions.createdAt));
  const invoices = subs.length
    ? await db
        .select()
        .from(sandboxInvoices)
        .where(
          inArray(
            sandboxInvoices.subscriptionId,
            subs.map((s) => s.id),
          ),
        )
        .orderBy(asc(sandboxInvoices.createdAt))
    : [];
  return { subscriptions: subs, invoices };
}

/**
 * The customer puts another card on file (the sandbox's customer portal): every subscription of
 * theirs charges it from now on, and an invoice being retried is charged again at once.
 */
export async function replaceSandboxCard(
  db: Database,
  customerId: string,
  cardLast4: string,
  behaviour: "succeed" | "decline",
  report: SandboxEventSink,
): Promise<void> {
  const subs = await db
    .update(sandboxSubscriptions)
    .set({ cardLast4, cardBehaviour: behaviour, updatedAt: new Date() })
    .where(eq(sandboxSubscriptions.customerId, customerId))
    .returning();
  const now = await sandboxNow(db);
  for (const sub of subs) {
    const open = await db
      .select()
      .from(sandboxInvoices)
      .where(and(eq(sandboxInvoices.subscriptionId, sub.id), eq(sandboxInvoices.status, "open")));
    for (const invoice of open) await attemptInvoice(db, sub, invoice, now, report);
  }
}

// ——— What Atelier reads and asks (MembershipBilling) ———

function toSubscriptionState(sub: SandboxSubscription): SubscriptionState {
  return {
    id: sub.id,
    customerId: sub.customerId,
    reference: sub.reference,
    status: sub.status === "canceled" ? "canceled" : sub.status === "past_due" ? "past_due" : "active",
    planId: sub.planId,
    interval: sub.interval,
    amountMinor: sub.amountMinor,
    currency: sub.currency,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
  };
}

function toInvoiceState(invoice: SandboxInvoice): InvoiceState {
  return {
    id: invoice.id,
    subscriptionId: invoice.subscriptionId,
    reason:
      invoice.billingReason === "subscription_create"
        ? "first"
        : invoice.billingReason === "subscription_update"
          ? "change"
          : "renewal",
    status: invoice.status as InvoiceState["status"],
    amountMinor: invoice.amountMinor,
    currency: invoice.currency,
    planId: invoice.planId,
    planName: invoice.planName,
    interval: invoice.interval,
    lines: invoice.lines,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    attemptCount: invoice.attemptCount,
    nextAttemptAt: invoice.nextAttemptAt,
    paymentId: invoice.paymentId,
    paidAt: invoice.paidAt,
  };
}

async function loadSubscription(db: Database, id: string): Promise<SandboxSubscription> {
  const [sub] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id));
  if (!sub) throw new PaymentProviderError(`No sandbox subscription ${id}`);
  return sub;
}

/** The prorated lines of moving `sub` to `price` at `now`: credit for unused time, charge for the rest. */
function prorate(sub: SandboxSubscription, price: PlanPrice, now: Date): { amountMinor: number; lines: InvoiceLine[] } {
  const total = sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime();
  const left = Math.max(0, sub.currentPeriodEnd.getTime() - now.getTime());
  const share = total > 0 ? left / total : 0;
  const credit = Math.round(sub.amountMinor * share);
  const charge = Math.round(price.amountMinor * share);
  const from = day(now);
  return {
    amountMinor: Math.max(0, charge - credit),
    lines: [
      { description: `Unused time on ${sub.planName} after ${from}`, amountMinor: -credit, planId: sub.planId },
      { description: `Remaining time on ${price.planName} after ${from}`, amountMinor: charge, planId: price.planId },
    ],
  };
}

export function createSandboxBilling(
  db: Database,
  createCheckout: (request: Parameters<MembershipBilling["createSubscriptionCheckout"]>[0]) => Promise<{
    id: string;
    url: string;
  }>,
  checkoutSubscription: (checkoutId: string) => Promise<string | null | "expired">,
  report: SandboxEventSink,
): MembershipBilling {
  return {
    now: () => sandboxNow(db),
    createSubscriptionCheckout: createCheckout,
    getCheckoutSubscription: checkoutSubscription,
    async getSubscription(id) {
      return toSubscriptionState(await loadSubscription(db, id));
    },
    async getInvoice(id) {
      const [invoice] = await db.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, id));
      if (!invoice) throw new PaymentProviderError(`No sandbox invoice ${id}`);
      return toInvoiceState(invoice);
    },
    async listInvoices(subscriptionId) {
      const rows = await db
        .select()
        .from(sandboxInvoices)
        .where(eq(sandboxInvoices.subscriptionId, subscriptionId))
        .orderBy(asc(sandboxInvoices.createdAt));
      return rows.map(toInvoiceState);
    },
    async previewChange(subscriptionId, price) {
      const sub = await loadSubscription(db, subscriptionId);
      return prorate(sub, price, await sandboxNow(db));
    },
    async changePrice(subscriptionId, price, when) {
      const sub = await loadSubscription(db, subscriptionId);
      if (sub.status === "canceled") throw new PaymentProviderError("This subscription has ended");
      const priced = {
        planId: price.planId,
        planName: price.planName,
        interval: price.interval,
        amountMinor: price.amountMinor,
        currency: price.currency,
        updatedAt: new Date(),
      };
      if (when === "renewal") {
        // A new interval counts its periods from the renewal it starts at.
        const anchor = price.interval === sub.interval ? {} : { billingAnchor: sub.currentPeriodEnd };
        await db
          .update(sandboxSubscriptions)
          .set({ ...priced, ...anchor })
          .where(eq(sandboxSubscriptions.id, sub.id));
        await report("customer.subscription.updated", subscriptionEvent(sub));
        return { invoiceId: null };
      }
      if (price.interval !== sub.interval)
        throw new PaymentProviderError("A change of interval applies at the renewal, not now");
      // Stripe's payment_behavior=error_if_incomplete: a declined proration leaves everything as it was.
      if (cardDeclines(sub)) throw new PaymentProviderError("Your card was declined.");
      const now = await sandboxNow(db);
      const { amountMinor, lines } = prorate(sub, price, now);
      const [invoice] = await db
        .insert(sandboxInvoices)
        .values({
          id: newId("in_sbx"),
          subscriptionId: sub.id,
          billingReason: "subscription_update",
          planId: price.planId,
          planName: price.planName,
          interval: price.interval,
          amountMinor,
          currency: price.currency,
          lines,
          status: "paid",
          periodStart: now,
          periodEnd: sub.currentPeriodEnd,
          attemptCount: 1,
          paymentId: amountMinor > 0 ? newId("pi_sbx") : null,
          paidAt: now,
        })
        .returning();
      await db.update(sandboxSubscriptions).set(priced).where(eq(sandboxSubscriptions.id, sub.id));
      await report("customer.subscription.updated", subscriptionEvent(sub));
      await report("invoice.paid", invoiceEvent(invoice!));
      return { invoiceId: invoice!.id };
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const sub = await loadSubscription(db, subscriptionId);
      if (sub.status === "canceled") throw new PaymentProviderError("This subscription has ended");
      await db
        .update(sandboxSubscriptions)
        .set({ cancelAtPeriodEnd: cancel, updatedAt: new Date() })
        .where(eq(sandboxSubscriptions.id, sub.id));
      await report("customer.subscription.updated", subscriptionEvent(sub));
    },
    async cancelNow(subscriptionId) {
      const sub = await loadSubscription(db, subscriptionId);
      if (sub.status === "canceled") return;
      const now = await sandboxNow(db);
      await db
        .update(sandboxSubscriptions)
        .set({ status: "canceled", canceledAt: now, updatedAt: new Date() })
        .where(eq(sandboxSubscriptions.id, sub.id));
      await db
        .update(sandboxInvoices)
        .set({ status: "void", nextAttemptAt: null })
        .where(and(eq(sandboxInvoices.subscriptionId, sub.id), eq(sandboxInvoices.status, "open")));
      await report("customer.subscription.deleted", subscriptionEvent(sub));
    },
    async portalUrl(customerId, returnUrl) {
      return `/sandbox/billing?customer=${encodeURIComponent(customerId)}&return=${encodeURIComponent(returnUrl)}`;
    },
    async refundInvoice(invoiceId, amountMinor) {
      const [invoice] = await db.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, invoiceId));
      if (invoice?.status !== "paid" || !invoice.paymentId)
        throw new PaymentProviderError(`No paid sandbox invoice ${invoiceId}`);
      if (invoice.refundedMinor + amountMinor > invoice.amountMinor)
        throw new PaymentProviderError("The refund is larger than what is left of the payment");
      await db
        .update(sandboxInvoices)
        .set({ refundedMinor: invoice.refundedMinor + amountMinor })
        .where(eq(sandboxInvoices.id, invoice.id));
      return { refundId: newId("re_sbx") };
    },
  };
}

/**
 * Memberships follow their provider's subscription. Whatever starts it — a webhook, the member's
 * return from checkout, a change they made, the reconciliation job — `syncSubscription` reads the
 * subscription and all its invoices back from the provider and applies what it finds: status and
 * period, a change waiting for the renewal, each invoice once (its allowance granted through the
 * ledger, a failed attempt told to the member once), and the end. Applying it twice, or events in
 * any order, comes to the same state.
 */
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type MembershipInvoiceStatus, membershipInvoices, memberships, user } from "../../db/schema";
import { logger } from "../../logger";
import { addNotification } from "../../notify/notifications";
import { queueTemplateEmail } from "../../notify/send-email";
import { getConfig } from "../../config";
import { formatMoney } from "~/lib/format";
import type { InvoiceState, SubscriptionState } from "../payments/billing";
import type { PaymentProvider } from "../payments/provider";
import { endAllowance, grantAllowance } from "./allowance";
import { allowancePerPeriod, getPlan, type Plan, planPrice } from "./plans";

export type Membership = typeof memberships.$inferSelect;
export type MembershipInvoice = typeof membershipInvoices.$inferSelect;

const day = (date: Date) => date.toISOString().slice(0, 10);

async function findMembership(
  db: Database,
  provider: PaymentProvider,
  state: SubscriptionState,
): Promise<Membership | null> {
  const [bySubscription] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.provider, provider.id), eq(memberships.providerSubscriptionId, state.id)));
  if (bySubscription) return bySubscription;
  if (!state.reference) return null;
  const [byReference] = await db
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.id, state.reference),
        eq(memberships.provider, provider.id),
        isNull(memberships.providerSubscriptionId),
      ),
    );
  return byReference ?? null;
}

function invoiceStatus(state: InvoiceState): MembershipInvoiceStatus {
  if (state.status === "paid") return "paid";
  if (state.status === "void") return "void";
  if (state.status === "uncollectible" || state.attemptCount > 0) return "failed";
  return "open";
}

/** The allowance a paid invoice brings: a period's for a first or renewal invoice, the prorated difference for an upgrade. */
async function allowanceOf(db: Database, invoice: InvoiceState): Promise<number> {
  const plan = invoice.planId ? await getPlan(db, invoice.planId) : null;
  if (!plan) return 0;
  if (invoice.reason !== "change") return allowancePerPeriod(plan, invoice.interval);
  const credit = invoice.lines.find((line) => line.amountMinor < 0 && line.planId);
  const charge = invoice.lines.find((line) => line.amountMinor > 0);
  const previous = credit?.planId ? await getPlan(db, credit.planId) : null;
  const price = planPrice(plan, invoice.interval).amountMinor;
  if (!previous || !charge || price <= 0) return 0;
  const share = Math.min(1, Math.max(0, charge.amountMinor / price));
  const difference = allowancePerPeriod(plan, invoice.interval) - allowancePerPeriod(previous, invoice.interval);
  return Math.max(0, Math.round(difference * share));
}

async function tellPaymentFailed(
  db: Database,
  membership: Membership,
  invoice: InvoiceState,
  provider: PaymentProvider,
) {
  const [member] = await db.select({ email: user.email }).from(user).where(eq(user.id, membership.userId));
  const amount = formatMoney(invoice.amountMinor, invoice.currency);
  const next = invoice.nextAttemptAt
    ? `We will try again on ${day(invoice.nextAttemptAt)}; your perks stay until then.`
    : "That was the last try: your membership has ended. Your pictures and the tokens you bought stay yours.";
  const fixUrl = new URL("/user-profile#membership", getConfig().publicUrl).toString();
  await addNotification(db, membership.userId, {
    status: "error",
    title: "Your membership payment failed",
    message: `We could not charge ${amount} for your ${invoice.planName} membership. ${next} Update your card from your profile's Membership section.`,
  });
  if (member?.email)
    await queueTemplateEmail(member.email, {
      kind: "payment-failed",
      planName: invoice.planName,
      amount,
      nextAttempt: invoice.nextAttemptAt ? day(invoice.nextAttemptAt) : null,
      url: fixUrl,
    }).catch((err: unknown) => logger.warn({ err, provider: provider.id }, "could not queue the failed payment email"));
}

/** Records one invoice as the provider reports it, grants a paid one's allowance once, and tells a failure once. */
async function syncInvoice(
  db: Database,
  provider: PaymentProvider,
  membership: Membership,
  invoice: InvoiceState,
): Promise<MembershipInvoice> {
  const status = invoiceStatus(invoice);
  const values = {
    membershipId: membership.id,
    userId: membership.userId,
    provider: provider.id,
    providerInvoiceId: invoice.id,
    reason: invoice.reason === "change" ? "upgrade" : invoice.reason,
    status,
    planId: invoice.planId,
    planName: invoice.planName,
    interval: invoice.interval,
    amountMinor: invoice.amountMinor,
    currency: invoice.currency,
    lines: invoice.lines,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    attemptCount: invoice.attemptCount,
    nextAttemptAt: invoice.nextAttemptAt,
    providerPaymentId: invoice.paymentId,
    paidAt: status === "paid" ? (invoice.paidAt ?? new Date()) : null,
  };
  const [inserted] = await db.insert(membershipInvoices).values(values).onConflictDoNothing().returning();
  let row = inserted;
  if (!row) {
    // A refunded invoice stays refunded: the provider still calls it paid.
    const { membershipId: _m, userId: _u, provider: _p, providerInvoiceId: _i, ...changes } = values;
    [row] = await db
      .update(membershipInvoices)
      .set({ ...changes, updatedAt: new Date() })
      .where(
        and(
          eq(membershipInvoices.provider, provider.id),
          eq(membershipInvoices.providerInvoiceId, invoice.id),
          ne(membershipInvoices.status, "refunded"),
        ),
      )
      .returning();
    if (!row)
      [row] = await db
        .select()
        .from(membershipInvoices)
        .where(and(eq(membershipInvoices.provider, provider.id), eq(membershipInvoices.providerInvoiceId, invoice.id)));
  }
  if (status === "paid" && row!.tokensGranted === 0) {
    const tokens = await allowanceOf(db, invoice);
    const granted = await grantAllowance(db, {
      userId: membership.userId,
      tokens,
      invoiceKey: `membership-invoice:${provider.id}:${invoice.id}`,
      periodEnd: invoice.periodEnd,
      startsPeriod: invoice.reason !== "change",
      note:
        invoice.reason === "change"
          ? `${invoice.planName}: the rest of this period's allowance (upgrade)`
          : `${invoice.planName} membership: allowance ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`,
    });
    if (granted > 0)
      [row] = await db
        .update(membershipInvoices)
        .set({ tokensGranted: granted })
        .where(eq(membershipInvoices.id, row!.id))
        .returning();
  }
  if (status === "failed" && invoice.attemptCount > row!.failureNoticeAttempt) {
    const [claimed] = await db
      .update(membershipInvoices)
      .set({ failureNoticeAttempt: invoice.attemptCount })
      .where(
        and(eq(membershipInvoices.id, row!.id), eq(membershipInvoices.failureNoticeAttempt, row!.failureNoticeAttempt)),
      )
      .returning();
    if (claimed) await tellPaymentFailed(db, membership, invoice, provider);
  }
  return row!;
}

/**
 * The plan that applies now: the latest paid invoice of the current period says which (a renewal
 * at a new price brings a scheduled downgrade in; an upgrade's invoice starts mid-period). With
 * none paid yet this period (a renewal being retried), the plan stays as it was.
 */
function planNow(
  membership: Membership,
  invoices: InvoiceState[],
): { planId: string; interval: Membership["interval"] } {
  const since = membership.currentPeriodStart?.getTime() ?? 0;
  const latest = invoices
    .filter((i) => i.status === "paid" && i.planId && i.periodStart.getTime() >= since)
    .sort((a, b) => a.periodStart.getTime() - b.periodStart.getTime())
    .at(-1);
  return latest
    ? { planId: latest.planId!, interval: latest.interval }
    : { planId: membership.planId, interval: membership.interval };
}

/**
 * Reads a subscription and its invoices back from the provider and brings the membership in
 * line. Returns the membership, or null when no membership of ours has this subscription (a
 * Stripe account may hold others).
 */
export async function syncSubscription(
  db: Database,
  provider: PaymentProvider,
  subscriptionId: string,
): Promise<Membership | null> {
  const state = await provider.billing.getSubscription(subscriptionId);
  const found = await findMembership(db, provider, state);
  if (!found) return null;
  const invoices = await provider.billing.listInvoices(subscriptionId);
  const ordered = [...invoices].sort((a, b) => a.periodStart.getTime() - b.periodStart.getTime());
  for (const invoice of ordered) await syncInvoice(db, provider, found, invoice);

  const ended = state.status === "canceled";
  const status = ended
    ? "ended"
    : state.status === "past_due"
      ? "past_due"
      : state.status === "active"
        ? "active"
        : found.status;
  const withPeriod = { ...found, currentPeriodStart: state.currentPeriodStart };
  const current = planNow(withPeriod, ordered);
  const scheduled =
    !ended && state.planId && (state.planId !== current.planId || state.interval !== current.interval)
      ? { scheduledPlanId: state.planId, scheduledInterval: state.interval }
      : { scheduledPlanId: null, scheduledInterval: null };
  const [updated] = await db
    .update(memberships)
    .set({
      status,
      providerSubscriptionId: state.id,
      providerCustomerId: state.customerId,
      planId: current.planId,
      interval: current.interval,
      currentPeriodStart: state.currentPeriodStart,
      currentPeriodEnd: state.currentPeriodEnd,
      cancelAtPeriodEnd: ended ? found.cancelAtPeriodEnd : state.cancelAtPeriodEnd,
      ...scheduled,
      pastDueSince: status === "past_due" ? (found.pastDueSince ?? new Date()) : null,
      ...(ended && found.status !== "ended"
        ? {
            endedAt: new Date(),
            endReason: found.endReason ?? (found.status === "past_due" ? "payment_failed" : "canceled"),
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(memberships.id, found.id))
    .returning();
  if (ended && found.status !== "ended") await closeMembership(db, updated!);
  return updated!;
}

/** A membership that just ended: its allowance ends, and the member is told what stays. */
async function closeMembership(db: Database, membership: Membership): Promise<void> {
  const plan = await getPlan(db, membership.planId);
  await endAllowance(db, membership.userId, `${plan?.name ?? "Membership"} ended: its unused allowance ended with it`);
  await addNotification(db, membership.userId, {
    status: membership.endReason === "payment_failed" ? "warning" : "info",
    title: "Your membership has ended",
    message:
      membership.endReason === "payment_failed"
        ? `We could not collect the payment for your ${plan?.name ?? ""} membership, so it has ended. Your pictures and the tokens you bought stay yours; you can join again from the pricing page.`
        : `Your ${plan?.name ?? ""} membership has ended. Your pictures and the tokens you bought stay yours; you can join again from the pricing page.`,
  });
}

/**
 * After a subscription checkout: the provider's word on whether it was paid. A paid one links its
 * subscription and syncs; one that can no longer be paid ends the incomplete membership.
 */
export async function syncMembershipCheckout(
  db: Database,
  provider: PaymentProvider,
  membership: Membership,
): Promise<Membership> {
  if (membership.status !== "incomplete" || !membership.providerCheckoutId) return membership;
  const outcome = await provider.billing.getCheckoutSubscription(membership.providerCheckoutId);
  if (outcome === null) return membership;
  if (outcome === "expired") {
    const [abandoned] = await db
      .update(memberships)
      .set({ status: "ended", endedAt: new Date(), endReason: "abandoned", updatedAt: new Date() })
      .where(and(eq(memberships.id, membership.id), eq(memberships.status, "incomplete")))
      .returning();
    return abandoned ?? membership;
  }
  await db
    .update(memberships)
    .set({ providerSubscriptionId: outcome, updatedAt: new Date() })
    .where(and(eq(memberships.id, membership.id), isNull(memberships.providerSubscriptionId)));
  return (await syncSubscription(db, provider, outcome)) ?? membership;
}

export async function findMembershipByCheckout(
  db: Database,
  providerId: string,
  checkoutId: string,
): Promise<Membership | null> {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.provider, providerId), eq(memberships.providerCheckoutId, checkoutId)));
  return row ?? null;
}

export type { Plan };

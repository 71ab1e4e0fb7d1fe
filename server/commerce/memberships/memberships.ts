/**
 * What a member does with their membership: join a plan (a checkout in subscription mode), change
 * it (an upgrade now and prorated, a downgrade or a new interval from the next renewal), cancel
 * at the period's end and resume until then, fix their card on the provider's page — and what
 * their profile shows of it. Each action asks the provider first and then syncs from its answer
 * (sync.ts), so the membership never claims what the provider has not done.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import {
  type MembershipStatus,
  membershipInvoices,
  memberships,
  PLAN_INTERVALS,
  type PlanInterval,
} from "../../db/schema";
import { getTokenAccount } from "../../generation/ledger";
import { formatMoney } from "~/lib/format";
import { CommerceError } from "../errors";
import { getPaymentProvider } from "../payments";
import type { InvoiceLine } from "../payments/billing";
import { type PaymentProvider, PaymentProviderError } from "../payments/provider";
import { getPlan, monthlyValueMinor, type Plan, planPrice, type ShopPlan, toShopPlan } from "./plans";
import { type Membership, syncMembershipCheckout, syncSubscription } from "./sync";

export const LIVE_STATUSES: MembershipStatus[] = ["active", "past_due"];

export const membershipChoice = z.object({
  planId: z.string().uuid("Choose a plan"),
  interval: z.enum(PLAN_INTERVALS, { message: "Choose monthly or yearly" }),
});

export async function findLiveMembership(db: Database, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), inArray(memberships.status, LIVE_STATUSES)));
  return row ?? null;
}

async function planOnSale(db: Database, planId: string): Promise<Plan> {
  const plan = await getPlan(db, planId);
  if (!plan || plan.retiredAt)
    throw new CommerceError("plan_unavailable", "This plan is not on sale any more. Choose another one.", {
      planId: ["This plan is not on sale any more"],
    });
  return plan;
}

function providerFor(db: Database, membership: Pick<Membership, "provider">): PaymentProvider {
  return getPaymentProvider(db, membership.provider);
}

function refused(error: unknown, what: string): never {
  if (error instanceof PaymentProviderError) {
    const declined = /declin|insufficient|card/i.test(error.message);
    throw new CommerceError(
      declined ? "card_declined" : "provider_refused",
      declined
        ? `${what}: your card was declined. Nothing has changed.`
        : `${what}: the payment provider refused. Nothing has changed.`,
    );
  }
  throw error;
}

/**
 * Opens a checkout for a plan. Refused while the person has a live membership (they change it
 * instead). An earlier membership's customer is reused, so the provider keeps one card and one
 * history per person.
 */
export async function startMembership(
  db: Database,
  member: { userId: string; email: string },
  input: unknown,
  options: { baseUrl: string; provider?: PaymentProvider },
): Promise<{ membershipId: string; url: string }> {
  const parsed = membershipChoice.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] = [issue.message];
    throw new CommerceError("invalid_input", parsed.error.issues[0]!.message, fields);
  }
  const plan = await planOnSale(db, parsed.data.planId);
  if (await findLiveMembership(db, member.userId))
    throw new CommerceError(
      "already_member",
      "You are a member already: change your plan from the Membership section of your profile.",
    );
  const provider = options.provider ?? getPaymentProvider(db);
  await closeOpenCheckouts(db, member.userId);
  const [earlier] = await db
    .select({ customerId: memberships.providerCustomerId })
    .from(memberships)
    .where(and(eq(memberships.userId, member.userId), eq(memberships.provider, provider.id)))
    .orderBy(desc(memberships.createdAt))
    .limit(1);
  const [row] = await db
    .insert(memberships)
    .values({ userId: member.userId, planId: plan.id, interval: parsed.data.interval, provider: provider.id })
    .returning();
  const back = (query: string) => new URL(`/user-profile?${query}#membership`, options.baseUrl).toString();
  try {
    const checkout = await provider.billing.createSubscriptionCheckout({
      reference: row!.id,
      customerEmail: member.email,
      customerId: earlier?.customerId ?? null,
      price: planPrice(plan, parsed.data.interval),
      successUrl: back(`membership=${row!.id}`),
      cancelUrl: new URL("/pricing-plans?membership=canceled", options.baseUrl).toString(),
    });
    await db.update(memberships).set({ providerCheckoutId: checkout.id }).where(eq(memberships.id, row!.id));
    return { membershipId: row!.id, url: checkout.url };
  } catch (error) {
    await db
      .update(memberships)
      .set({ status: "ended", endedAt: new Date(), endReason: "abandoned" })
      .where(eq(memberships.id, row!.id));
    refused(error, "Could not start the checkout");
  }
}

/**
 * Closes the person's earlier checkouts that were never paid, so an old payment page left open in
 * another tab cannot open a second membership beside the one they are starting now.
 */
async function closeOpenCheckouts(db: Database, userId: string): Promise<void> {
  const open = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, "incomplete")));
  for (const membership of open) {
    const provider = providerFor(db, membership);
    if (membership.providerCheckoutId) {
      await provider.expireCheckout(membership.providerCheckoutId).catch(() => undefined);
      const settled = await syncMembershipCheckout(db, provider, membership);
      // Paid after all (the page was paid a moment ago): that membership is live now.
      if (settled.status === "active" || settled.status === "past_due")
        throw new CommerceError(
          "already_member",
          "You are a member already: change your plan from the Membership section of your profile.",
        );
    }
    await db
      .update(memberships)
      .set({ status: "ended", endedAt: new Date(), endReason: "abandoned", updatedAt: new Date() })
      .where(and(eq(memberships.id, membership.id), eq(memberships.status, "incomplete")));
  }
}

/** The member came back from the checkout: settle it from the provider's word, as a webhook would. */
export async function settleMembershipReturn(db: Database, userId: string, membershipId: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, membershipId), eq(memberships.userId, userId)));
  if (!row) return null;
  return syncMembershipCheckout(db, providerFor(db, row), row);
}

async function liveMembershipOf(db: Database, userId: string): Promise<Membership> {
  const live = await findLiveMembership(db, userId);
  if (!live?.providerSubscriptionId)
    throw new CommerceError("not_member", "You have no membership to change. Choose a plan on the pricing page.");
  return live;
}

export type PlanChange =
  | { kind: "upgrade"; amountMinor: number; currency: string; lines: InvoiceLine[] }
  | { kind: "at_renewal"; startsAt: Date; amountMinor: number; currency: string }
  | { kind: "undo"; startsAt: Date };

/** How a change of plan would go, for the member to see before they confirm. */
export async function previewPlanChange(db: Database, userId: string, input: unknown): Promise<PlanChange> {
  const { membership, plan, interval, kind } = await planChangeOf(db, userId, input);
  const provider = providerFor(db, membership);
  if (kind === "undo") return { kind, startsAt: membership.currentPeriodEnd! };
  if (kind === "upgrade") {
    const preview = await provider.billing
      .previewChange(membership.providerSubscriptionId!, planPrice(plan, interval))
      .catch((error: unknown) => refused(error, "Could not price the change"));
    return { kind, ...preview, currency: plan.currency };
  }
  return {
    kind,
    startsAt: membership.currentPeriodEnd!,
    amountMinor: planPrice(plan, interval).amountMinor,
    currency: plan.currency,
  };
}

async function planChangeOf(db: Database, userId: string, input: unknown) {
  const parsed = membershipChoice.safeParse(input);
  if (!parsed.success) throw new CommerceError("invalid_input", parsed.error.issues[0]!.message);
  const membership = await liveMembershipOf(db, userId);
  const { planId, interval } = parsed.data;
  const current = (await getPlan(db, membership.planId))!;
  if (planId === membership.planId && interval === membership.interval) {
    if (membership.scheduledPlanId) return { membership, plan: current, interval, kind: "undo" as const };
    throw new CommerceError("invalid_input", "You are on this plan already.");
  }
  if (membership.cancelAtPeriodEnd)
    throw new CommerceError("invalid_input", "Your membership is set to end: resume it first, then change the plan.");
  if (membership.status === "past_due")
    throw new CommerceError("invalid_input", "Your last payment failed: update your card first, then change the plan.");
  // Stripe starts a new billing period at once on a change of interval (even without proration),
  // which would break "from the next renewal"; until that is built on subscription schedules,
  // a member switches by cancelling and joining the other way when the period ends.
  if (interval !== membership.interval)
    throw new CommerceError(
      "invalid_input",
      `Switching between monthly and yearly billing is not possible within a membership yet: cancel, and join ${interval === "year" ? "yearly" : "monthly"} when this period ends.`,
      { interval: ["Keep your current billing interval"] },
    );
  const plan = await planOnSale(db, planId);
  const upgrade = monthlyValueMinor(plan, interval) > monthlyValueMinor(current, membership.interval);
  return { membership, plan, interval, kind: upgrade ? ("upgrade" as const) : ("at_renewal" as const) };
}

/**
 * Changes the member's plan: an upgrade now, charged for the rest of the period (refused,
 * changing nothing, when the card is declined); anything else from the next renewal. Choosing
 * the current plan again undoes a change waiting for the renewal.
 */
export async function changeMembershipPlan(db: Database, userId: string, input: unknown): Promise<PlanChange> {
  const { membership, plan, interval, kind } = await planChangeOf(db, userId, input);
  const provider = providerFor(db, membership);
  const subscriptionId = membership.providerSubscriptionId!;
  if (kind === "upgrade") {
    const { invoiceId } = await provider.billing
      .changePrice(subscriptionId, planPrice(plan, interval), "now")
      .catch((error: unknown) => refused(error, "Could not upgrade"));
    await syncSubscription(db, provider, subscriptionId);
    const invoice = invoiceId ? await provider.billing.getInvoice(invoiceId) : null;
    return {
      kind,
      amountMinor: invoice?.amountMinor ?? 0,
      currency: plan.currency,
      lines: invoice?.lines ?? [],
    };
  }
  await provider.billing
    .changePrice(subscriptionId, planPrice(plan, interval), "renewal")
    .catch((error: unknown) => refused(error, "Could not change the plan"));
  await syncSubscription(db, provider, subscriptionId);
  if (kind === "undo") return { kind, startsAt: membership.currentPeriodEnd! };
  return {
    kind,
    startsAt: membership.currentPeriodEnd!,
    amountMinor: planPrice(plan, interval).amountMinor,
    currency: plan.currency,
  };
}

/**
 * Cancels at the end of the paid period: perks and allowance stay until then, nothing more is
 * charged. A membership whose renewal is failing ends at once instead, which stops the retries.
 */
export async function cancelMembership(db: Database, userId: string): Promise<Membership> {
  const membership = await liveMembershipOf(db, userId);
  const provider = providerFor(db, membership);
  const subscriptionId = membership.providerSubscriptionId!;
  if (membership.status === "past_due") {
    await db.update(memberships).set({ endReason: "canceled" }).where(eq(memberships.id, membership.id));
    await provider.billing.cancelNow(subscriptionId).catch((error: unknown) => refused(error, "Could not cancel"));
  } else {
    await provider.billing
      .setCancelAtPeriodEnd(subscriptionId, true)
      .catch((error: unknown) => refused(error, "Could not cancel"));
  }
  return (await syncSubscription(db, provider, subscriptionId))!;
}

/** The member is deleting their account: their membership ends now at the provider, so nothing more is charged. */
export async function endMembershipsOfLeavingAccount(db: Database, userId: string): Promise<void> {
  const live = await findLiveMembership(db, userId);
  if (!live?.providerSubscriptionId) return;
  await db.update(memberships).set({ endReason: "account_deleted" }).where(eq(memberships.id, live.id));
  await providerFor(db, live).billing.cancelNow(live.providerSubscriptionId);
}

/** Undoes a cancellation before the period ends: the membership renews as before. */
export async function resumeMembership(db: Database, userId: string): Promise<Membership> {
  const membership = await liveMembershipOf(db, userId);
  if (!membership.cancelAtPeriodEnd) throw new CommerceError("invalid_input", "Your membership is not set to end.");
  const provider = providerFor(db, membership);
  await provider.billing
    .setCancelAtPeriodEnd(membership.providerSubscriptionId!, false)
    .catch((error: unknown) => refused(error, "Could not resume"));
  return (await syncSubscription(db, provider, membership.providerSubscriptionId!))!;
}

/** The provider's page for the member's card and invoices. */
export async function membershipCardUrl(db: Database, userId: string, returnUrl: string): Promise<string> {
  const membership = await liveMembershipOf(db, userId);
  if (!membership.providerCustomerId) throw new CommerceError("not_member", "Your membership has no card on file yet.");
  return providerFor(db, membership)
    .billing.portalUrl(membership.providerCustomerId, returnUrl)
    .catch((error: unknown) => refused(error, "Could not open the card page"));
}

export interface MembershipInvoiceView {
  id: string;
  reason: string;
  status: string;
  planName: string;
  amount: string;
  amountMinor: number;
  currency: string;
  lines: InvoiceLine[];
  periodStart: Date;
  periodEnd: Date;
  paidAt: Date | null;
  tokensGranted: number;
  nextAttemptAt: Date | null;
}

export interface MembershipView {
  id: string;
  status: MembershipStatus;
  plan: ShopPlan;
  interval: PlanInterval;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  scheduled: { plan: ShopPlan; interval: PlanInterval } | null;
  /** The next charge: what and when, or null when the membership ends at the period's end. */
  nextCharge: { amountMinor: number; currency: string; at: Date } | null;
  allowance: { tokens: number; endsAt: Date | null };
  bought: number;
  pastDue: { nextAttemptAt: Date | null } | null;
  invoices: MembershipInvoiceView[];
}

/** The member's membership as their profile shows it, or null when they have none live. */
export async function getMembershipView(db: Database, userId: string): Promise<MembershipView | null> {
  const membership = await findLiveMembership(db, userId);
  if (!membership) return null;
  const [plan, scheduledPlan, account, invoices] = await Promise.all([
    getPlan(db, membership.planId),
    membership.scheduledPlanId ? getPlan(db, membership.scheduledPlanId) : Promise.resolve(null),
    getTokenAccount(db, userId),
    db
      .select()
      .from(membershipInvoices)
      .where(eq(membershipInvoices.membershipId, membership.id))
      .orderBy(desc(membershipInvoices.periodStart), desc(membershipInvoices.createdAt))
      .limit(24),
  ]);
  const nextPlan = scheduledPlan ?? plan!;
  const nextInterval = membership.scheduledInterval ?? membership.interval;
  const failing = invoices.find((i) => i.status === "failed");
  return {
    id: membership.id,
    status: membership.status,
    plan: toShopPlan(plan!),
    interval: membership.interval,
    currentPeriodEnd: membership.currentPeriodEnd,
    cancelAtPeriodEnd: membership.cancelAtPeriodEnd,
    scheduled: scheduledPlan ? { plan: toShopPlan(scheduledPlan), interval: nextInterval } : null,
    nextCharge:
      membership.cancelAtPeriodEnd || !membership.currentPeriodEnd
        ? null
        : {
            amountMinor: planPrice(nextPlan, nextInterval).amountMinor,
            currency: nextPlan.currency,
            at: membership.currentPeriodEnd,
          },
    allowance: { tokens: account.allowance, endsAt: account.allowanceExpiresAt },
    bought: account.balance - account.allowance,
    pastDue: membership.status === "past_due" ? { nextAttemptAt: failing?.nextAttemptAt ?? null } : null,
    invoices: invoices.map((i) => ({
      id: i.id,
      reason: i.reason,
      status: i.status,
      planName: i.planName,
      amount: formatMoney(i.amountMinor, i.currency),
      amountMinor: i.amountMinor,
      currency: i.currency,
      lines: i.lines,
      periodStart: i.periodStart,
      periodEnd: i.periodEnd,
      paidAt: i.paidAt,
      tokensGranted: i.tokensGranted,
      nextAttemptAt: i.nextAttemptAt,
    })),
  };
}

/**
 * Memberships (issue 41): plans sold by the month or the year, each member's membership as the
 * payment provider reports it, and the invoices that granted its tokens.
 * - A plan's perks (jobs at once, queue priority, largest size, badge) are read where they act.
 * - A membership mirrors the provider's subscription (read back from the provider on every
 *   webhook, never trusted from the delivery); at most one live membership per person.
 * - Each paid invoice grants its allowance through the token ledger once, keyed by the invoice.
 * - The sandbox's own records (`sandbox_subscriptions`, `sandbox_invoices`) are what a provider
 *   keeps on its side; Atelier's domain code reads them only through the provider interface.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ownerId } from "./auth";
import { createdAt, instant, updatedAt, uuidKey } from "./columns";

export const PLAN_INTERVALS = ["month", "year"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

/** Sizes a plan may allow as its largest, in pixels on the long side. */
export const PLAN_SIZES = [1024, 1536] as const;

export const plans = pgTable(
  "plans",
  {
    id: uuidKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    currency: text("currency").notNull().default("USD"),
    monthlyPriceMinor: integer("monthly_price_minor").notNull(),
    yearlyPriceMinor: integer("yearly_price_minor").notNull(),
    /** The allowance of one month; a yearly membership is granted twelve months of it per invoice. */
    tokensPerMonth: integer("tokens_per_month").notNull(),
    /** Pictures in progress at once (the default for everyone else is in the token settings). */
    maxConcurrentJobs: integer("max_concurrent_jobs").notNull(),
    /** 0 is everyone's; a member's jobs start before those of a lower priority when the queue is long. */
    queuePriority: integer("queue_priority").notNull().default(0),
    /** The largest picture size members may choose (PLAN_SIZES). */
    maxSize: integer("max_size").notNull().default(1024),
    /** A short word shown beside the member's name on their creator page and comments. */
    badge: text("badge").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Retired plans are not sold; members keep them until they change. */
    retiredAt: instant("retired_at"),
    /** Provider price ids made for this plan, keyed `${provider}:${interval}:${amount}:${currency}`. */
    providerPrices: jsonb("provider_prices").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("plans_prices_positive", sql`${t.monthlyPriceMinor} > 0 AND ${t.yearlyPriceMinor} > 0`),
    check("plans_tokens_positive", sql`${t.tokensPerMonth} > 0`),
    check("plans_perks", sql`${t.maxConcurrentJobs} BETWEEN 1 AND 20 AND ${t.queuePriority} BETWEEN 0 AND 10`),
  ],
);

export const MEMBERSHIP_STATUSES = ["incomplete", "active", "past_due", "ended"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const memberships = pgTable(
  "memberships",
  {
    id: uuidKey(),
    userId: ownerId(),
    /** The plan whose perks and allowance apply now. */
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id),
    interval: text("interval").$type<PlanInterval>().notNull(),
    /** incomplete: checkout not paid yet; active; past_due: a renewal failed and is being retried (perks kept); ended. */
    status: text("status").$type<MembershipStatus>().notNull().default("incomplete"),
    provider: text("provider").notNull(),
    providerCheckoutId: text("provider_checkout_id"),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id"),
    currentPeriodStart: instant("current_period_start"),
    currentPeriodEnd: instant("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** A downgrade or a change of interval waiting for the next renewal. */
    scheduledPlanId: uuid("scheduled_plan_id").references(() => plans.id),
    scheduledInterval: text("scheduled_interval").$type<PlanInterval>(),
    pastDueSince: instant("past_due_since"),
    endedAt: instant("ended_at"),
    /** canceled, payment_failed, abandoned (checkout never paid), refunded. */
    endReason: text("end_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("memberships_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("memberships_one_live_per_user").on(t.userId).where(sql`${t.status} IN ('active', 'past_due')`),
    uniqueIndex("memberships_provider_subscription_key").on(t.provider, t.providerSubscriptionId),
    index("memberships_status_idx").on(t.status, t.planId),
  ],
);

export const MEMBERSHIP_INVOICE_STATUSES = ["open", "paid", "failed", "void", "refunded"] as const;
export type MembershipInvoiceStatus = (typeof MEMBERSHIP_INVOICE_STATUSES)[number];

export interface InvoiceLine {
  description: string;
  amountMinor: number;
  /** The plan the line is for, when it is for one (a proration's credit names the plan left). */
  planId?: string;
}

export const membershipInvoices = pgTable(
  "membership_invoices",
  {
    id: uuidKey(),
    membershipId: uuid("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "cascade" }),
    userId: ownerId(),
    provider: text("provider").notNull(),
    providerInvoiceId: text("provider_invoice_id").notNull(),
    /** first, renewal, upgrade. */
    reason: text("reason").notNull(),
    status: text("status").$type<MembershipInvoiceStatus>().notNull().default("open"),
    planId: uuid("plan_id").references(() => plans.id),
    planName: text("plan_name").notNull(),
    interval: text("interval").$type<PlanInterval>().notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull().default([]),
    periodStart: instant("period_start").notNull(),
    periodEnd: instant("period_end").notNull(),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at"),
    /** The last attempt the member was told about, so a replayed event tells them once. */
    failureNoticeAttempt: integer("failure_notice_attempt").notNull().default(0),
    providerPaymentId: text("provider_payment_id"),
    tokensGranted: integer("tokens_granted").notNull().default(0),
    tokensTakenBack: integer("tokens_taken_back"),
    unrecoveredTokens: integer("unrecovered_tokens"),
    refundedMinor: integer("refunded_minor"),
    paidAt: instant("paid_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("membership_invoices_provider_key").on(t.provider, t.providerInvoiceId),
    index("membership_invoices_membership_idx").on(t.membershipId, t.createdAt),
    index("membership_invoices_user_idx").on(t.userId, t.createdAt),
    index("membership_invoices_paid_idx").on(t.status, t.paidAt),
  ],
);

// ——— The embedded sandbox provider's own records ———

/** A sandbox subscription: what Stripe keeps as a Subscription with its customer's card. */
export const sandboxSubscriptions = pgTable("sandbox_subscriptions", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  customerEmail: text("customer_email"),
  /** Our membership id, handed back as a reference. */
  reference: text("reference").notNull(),
  planId: text("plan_id").notNull(),
  planName: text("plan_name").notNull(),
  interval: text("interval").$type<PlanInterval>().notNull(),
  amountMinor: integer("amount_minor").notNull(),
  currency: text("currency").notNull(),
  /** active → past_due → canceled; active → canceled. */
  status: text("status").notNull().default("active"),
  /** The moment periods are counted from (months or years after it, clamped to shorter months). */
  billingAnchor: instant("billing_anchor").notNull(),
  currentPeriodStart: instant("current_period_start").notNull(),
  currentPeriodEnd: instant("current_period_end").notNull(),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  cardLast4: text("card_last4").notNull(),
  /** What the card on file does when charged: succeed, or decline (a renewal fails). */
  cardBehaviour: text("card_behaviour").notNull(),
  canceledAt: instant("canceled_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sandboxInvoices = pgTable(
  "sandbox_invoices",
  {
    id: text("id").primaryKey(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => sandboxSubscriptions.id, { onDelete: "cascade" }),
    /** subscription_create, subscription_cycle, subscription_update (Stripe's words). */
    billingReason: text("billing_reason").notNull(),
    planId: text("plan_id").notNull(),
    planName: text("plan_name").notNull(),
    interval: text("interval").$type<PlanInterval>().notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull().default([]),
    /** open → paid | uncollectible. */
    status: text("status").notNull().default("open"),
    periodStart: instant("period_start").notNull(),
    periodEnd: instant("period_end").notNull(),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at"),
    paymentId: text("payment_id"),
    refundedMinor: integer("refunded_minor").notNull().default(0),
    paidAt: instant("paid_at"),
    createdAt: createdAt(),
  },
  (t) => [index("sandbox_invoices_subscription_idx").on(t.subscriptionId, t.createdAt)],
);

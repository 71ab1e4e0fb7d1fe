/**
 * Commerce: token products, carts, discounts, transactions with their lines and status history,
 * payment provider events, and the two token events (pre-registration, redeem codes).
 * - Money is integer minor units with its currency; tokens are integers.
 * - A transaction moves pending → paid | failed | canceled, and paid → refunded, by conditional
 *   updates; every move is a `transaction_events` row.
 * - Counters that limits depend on (`discounts.redemptions`, `redeem_codes.redemptions`) change in
 *   the same transaction as the rows they count, under the parent row's lock, so they stay exact.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ownerId, user } from "./auth";
import { createdAt, instant, parentKey, updatedAt, uuidKey } from "./columns";

export const products = pgTable(
  "products",
  {
    id: uuidKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Storage key of the product picture, or null for the tier's illustration. */
    imageKey: text("image_key"),
    priceMinor: integer("price_minor").notNull(),
    currency: text("currency").notNull().default("USD"),
    tokens: integer("tokens").notNull(),
    bonusTokens: integer("bonus_tokens").notNull().default(0),
    /** The tier a product is shown in: packs of one tier sit together on the pricing page. */
    tier: text("tier").notNull(),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    /** A short highlight such as "Most popular". */
    badge: text("badge"),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Archived products stay for the transactions that name them, and are never sold again. */
    archivedAt: instant("archived_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_shop_idx").on(t.active, t.sortOrder),
    check("products_price_positive", sql`${t.priceMinor} > 0`),
    check("products_tokens_positive", sql`${t.tokens} > 0 AND ${t.bonusTokens} >= 0`),
  ],
);

/** A signed-in user's cart (the spec's `selectedProducts`), so it follows them between devices. */
export const carts = pgTable("carts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  items: jsonb("items").$type<{ productId: string; quantity: number }[]>().notNull().default([]),
  updatedAt: updatedAt(),
});

export const DISCOUNT_KINDS = ["percent", "fixed"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const discounts = pgTable(
  "discounts",
  {
    id: uuidKey(),
    /** Stored upper-case; people type codes in any case. */
    code: text("code").notNull(),
    description: text("description").notNull().default(""),
    kind: text("kind").$type<DiscountKind>().notNull(),
    /** Percent (1–100) or an amount in minor units of `currency`. */
    value: integer("value").notNull(),
    currency: text("currency").notNull().default("USD"),
    validFrom: instant("valid_from"),
    validUntil: instant("valid_until"),
    /** Null: no limit. Counts redemptions of paid and still-pending orders. */
    maxRedemptions: integer("max_redemptions"),
    maxPerUser: integer("max_per_user").notNull().default(1),
    minOrderMinor: integer("min_order_minor").notNull().default(0),
    /** Null or empty: every product. Otherwise the discount applies to these products' lines only. */
    productIds: jsonb("product_ids").$type<string[] | null>(),
    active: boolean("active").notNull().default(true),
    /** Redemptions held by pending or paid orders; kept under the discount row's lock. */
    redemptions: integer("redemptions").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("discounts_code_key").on(t.code),
    check("discounts_value_positive", sql`${t.value} > 0`),
    check(
      "discounts_redemptions_within_limit",
      sql`${t.maxRedemptions} IS NULL OR ${t.redemptions} <= ${t.maxRedemptions}`,
    ),
  ],
);

export const TRANSACTION_STATUSES = ["pending", "paid", "failed", "canceled", "refunded"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const transactions = pgTable(
  "transactions",
  {
    id: uuidKey(),
    userId: ownerId(),
    status: text("status").$type<TransactionStatus>().notNull().default("pending"),
    provider: text("provider").notNull(),
    /** The provider's checkout (session) id: the only thing a webhook is trusted for. */
    providerSessionId: text("provider_session_id"),
    /** The provider's payment id once paid, used for refunds. */
    providerPaymentId: text("provider_payment_id"),
    currency: text("currency").notNull(),
    subtotalMinor: integer("subtotal_minor").notNull(),
    discountMinor: integer("discount_minor").notNull().default(0),
    totalMinor: integer("total_minor").notNull(),
    tokens: integer("tokens").notNull(),
    discountId: uuid("discount_id").references(() => discounts.id),
    discountCode: text("discount_code"),
    /** Plain words for the buyer when a payment failed. */
    failureMessage: text("failure_message"),
    /** Tokens taken back by a refund, and what could not be (already spent). */
    refundedTokens: integer("refunded_tokens"),
    unrecoveredTokens: integer("unrecovered_tokens"),
    refundedMinor: integer("refunded_minor"),
    providerRefundId: text("provider_refund_id"),
    receiptQueuedAt: instant("receipt_queued_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: instant("paid_at"),
  },
  (t) => [
    index("transactions_user_idx").on(t.userId, t.createdAt),
    index("transactions_status_idx").on(t.status, t.createdAt),
    uniqueIndex("transactions_provider_session_key").on(t.provider, t.providerSessionId),
    check(
      "transactions_amounts",
      sql`${t.totalMinor} >= 0 AND ${t.discountMinor} >= 0 AND ${t.totalMinor} = ${t.subtotalMinor} - ${t.discountMinor}`,
    ),
  ],
);

export const transactionLines = pgTable(
  "transaction_lines",
  {
    id: uuidKey(),
    transactionId: parentKey("transaction_id", () => transactions.id),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    /** What the product was called and cost when it was bought. */
    productName: text("product_name").notNull(),
    unitPriceMinor: integer("unit_price_minor").notNull(),
    quantity: integer("quantity").notNull(),
    /** Tokens per unit, bonus included. */
    unitTokens: integer("unit_tokens").notNull(),
    discountMinor: integer("discount_minor").notNull().default(0),
    lineTotalMinor: integer("line_total_minor").notNull(),
  },
  (t) => [
    index("transaction_lines_transaction_idx").on(t.transactionId),
    index("transaction_lines_product_idx").on(t.productId),
  ],
);

/** The status history of a transaction: one row per move, with who or what moved it. */
export const transactionEvents = pgTable(
  "transaction_events",
  {
    id: uuidKey(),
    transactionId: parentKey("transaction_id", () => transactions.id),
    status: text("status").$type<TransactionStatus>().notNull(),
    /** webhook, return, reconciliation, admin… */
    source: text("source").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("transaction_events_transaction_idx").on(t.transactionId, t.createdAt)],
);

/** One row per redemption of a discount by an order; released when the order does not complete. */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    transactionId: uuid("transaction_id")
      .primaryKey()
      .references(() => transactions.id, { onDelete: "cascade" }),
    discountId: parentKey("discount_id", () => discounts.id),
    userId: ownerId(),
    /** held (order pending), used (paid) or released (failed, canceled). */
    state: text("state").$type<"held" | "used" | "released">().notNull().default("held"),
    createdAt: createdAt(),
  },
  (t) => [index("discount_redemptions_user_idx").on(t.discountId, t.userId)],
);

/** Provider events already applied: a replayed or duplicated delivery is recognised here. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    transactionId: uuid("transaction_id"),
    receivedAt: instant("received_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The embedded sandbox provider's own records: what a real provider keeps on its side (the
 * checkout session, then the payment and refunds). Atelier's domain code never reads these.
 */
export const sandboxPayments = pgTable("sandbox_payments", {
  id: text("id").primaryKey(),
  /** open → complete | expired; `paymentStatus` unpaid → paid, or declined. */
  status: text("status").notNull().default("open"),
  paymentStatus: text("payment_status").notNull().default("unpaid"),
  amountMinor: integer("amount_minor").notNull(),
  currency: text("currency").notNull(),
  description: text("description").notNull(),
  customerEmail: text("customer_email"),
  reference: text("reference").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  paymentId: text("payment_id"),
  cardLast4: text("card_last4"),
  declineMessage: text("decline_message"),
  refundedMinor: integer("refunded_minor").notNull().default(0),
  /** payment (a pack), or subscription (a membership: paying opens a sandbox subscription). */
  mode: text("mode").notNull().default("payment"),
  /** For a subscription checkout: the plan's price it subscribes to. */
  subscriptionPrice: jsonb("subscription_price").$type<{
    planId: string;
    planName: string;
    interval: "month" | "year";
    customerId: string | null;
  }>(),
  /** The subscription a paid subscription checkout opened. */
  subscriptionId: text("subscription_id"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Pre-registration (event flag): an email registered before launch, with consent. */
export const preRegistrations = pgTable(
  "pre_registrations",
  {
    id: uuidKey(),
    /** Lower-case. */
    email: text("email").notNull(),
    consentAt: instant("consent_at").notNull(),
    /** The account that claimed the bonus, once verified. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    bonusCreditedAt: instant("bonus_credited_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("pre_registrations_email_key").on(t.email)],
);

/** Codes that grant tokens inside a time window (the countdown timer for token redeem event). */
export const redeemCodes = pgTable(
  "redeem_codes",
  {
    id: uuidKey(),
    code: text("code").notNull(),
    tokens: integer("tokens").notNull(),
    startsAt: instant("starts_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    /** Null: no total limit. Counts redemptions, so a person redeeming twice counts twice. */
    maxRedemptions: integer("max_redemptions"),
    /** How many times one person may redeem the code (1: once). */
    maxPerPerson: integer("max_per_person").notNull().default(1),
    redemptions: integer("redemptions").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("redeem_codes_code_key").on(t.code),
    check("redeem_codes_tokens_positive", sql`${t.tokens} > 0`),
    check("redeem_codes_max_per_person_positive", sql`${t.maxPerPerson} >= 1`),
    check("redeem_codes_window", sql`${t.endsAt} > ${t.startsAt}`),
    check(
      "redeem_codes_redemptions_within_limit",
      sql`${t.maxRedemptions} IS NULL OR ${t.redemptions} <= ${t.maxRedemptions}`,
    ),
  ],
);

/** One row per redemption; how many one person may have is the code's max_per_person, counted under its row lock. */
export const redeemCodeRedemptions = pgTable(
  "redeem_code_redemptions",
  {
    id: uuidKey(),
    codeId: parentKey("code_id", () => redeemCodes.id),
    userId: ownerId(),
    createdAt: createdAt(),
  },
  (t) => [index("redeem_code_redemptions_person").on(t.codeId, t.userId)],
);

/** Questions and answers shown on the pricing page (edited by admins in the back office). */
export const faqs = pgTable(
  "faqs",
  {
    id: uuidKey(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    published: boolean("published").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("faqs_published_idx").on(t.published, t.sortOrder)],
);

/**
 * Transactions: a purchase from checkout to its end. `startCheckout` prices the cart on the
 * server, holds the discount, writes the pending transaction with its lines and opens the
 * provider's checkout. `settleTransaction` reads the checkout back from the provider — never a
 * webhook's word — and applies what it finds once: paid credits the ledger and queues the
 * receipt; failed or expired releases the discount. Webhooks, the buyer's return and the
 * reconciliation job all settle through it.
 */
import { and, asc, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { checkoutInput } from "~/lib/commerce";
import { type Database, inTransaction } from "../db/client";
import {
  discountRedemptions,
  discounts,
  transactionEvents,
  transactionLines,
  transactions,
  type TransactionStatus,
  user,
} from "../db/schema";
import { applyTokenMovementIn, getTokenBalance } from "../generation/ledger";
import { formatCount } from "~/lib/format";
import { logger } from "../logger";
import { reportServerError } from "../ops/error-reports";
import { CommerceError } from "./errors";
import { getPaymentProvider } from "./payments";
import type { CheckoutState, PaymentProvider } from "./payments/provider";
import { countUserRedemptions, discountRefusal, priceOrder, USED_CODE_MESSAGE, type Quote } from "./pricing";
import { queueReceipt } from "./receipts";
import { isUuid } from "../db/ids";

export type Transaction = typeof transactions.$inferSelect;

/** Orders waiting for payment that one user may have at once: enough for retries, not for abuse. */
const PENDING_PER_USER = 5;

/**
 * Checks a discount for this order under its row's lock, taken first in the checkout's database
 * transaction so racing orders queue here and total and per-user limits stay exact. (FOR NO KEY
 * UPDATE: the order rows written after it take key-share locks on the discount through their
 * foreign keys, which FOR UPDATE would conflict with.) Throws the buyer's reason when it cannot.
 */
async function lockDiscountIn(
  tx: Database,
  discountId: string,
  userId: string,
  quote: Quote,
  now: Date,
): Promise<void> {
  const [discount] = await tx.select().from(discounts).where(eq(discounts.id, discountId)).for("no key update");
  const usedUp = discount?.active && (await countUserRedemptions(tx, discountId, userId)) >= discount.maxPerUser;
  const refusal = usedUp ? USED_CODE_MESSAGE : discountRefusal(discount, quote, now);
  if (refusal) throw new CommerceError("discount_refused", refusal, { code: [refusal] });
}

/** Records the order's redemption and counts it; the caller holds the discount's lock. */
async function holdDiscountIn(tx: Database, discountId: string, userId: string, transactionId: string): Promise<void> {
  await tx.insert(discountRedemptions).values({ transactionId, discountId, userId, state: "held" });
  await tx
    .update(discounts)
    .set({ redemptions: sql`${discounts.redemptions} + 1` })
    .where(eq(discounts.id, discountId));
}

/** Gives a held redemption back (the order did not complete). */
async function releaseDiscountIn(tx: Database, transactionId: string): Promise<void> {
  const [released] = await tx
    .update(discountRedemptions)
    .set({ state: "released" })
    .where(and(eq(discountRedemptions.transactionId, transactionId), eq(discountRedemptions.state, "held")))
    .returning({ discountId: discountRedemptions.discountId });
  if (released)
    await tx
      .update(discounts)
      .set({ redemptions: sql`${discounts.redemptions} - 1` })
      .where(eq(discounts.id, released.discountId));
}

async function recordEventIn(
  tx: Database,
  transactionId: string,
  status: TransactionStatus,
  source: string,
  note?: string | null,
) {
  await tx.insert(transactionEvents).values({ transactionId, status, source, note: note ?? null });
}

export interface CheckoutStart {
  transactionId: string;
  /** Where to send the buyer: the provider's payment page, or our result page for a free order. */
  redirectTo: string;
}

/**
 * Starts a purchase. The quote is computed here from the product table; a code that does not
 * apply refuses the checkout with its reason (the buyer must see the price they will pay).
 */
export async function startCheckout(
  db: Database,
  buyer: { userId: string; email: string },
  input: z.output<typeof checkoutInput>,
  options: { baseUrl: string; now?: Date; provider?: PaymentProvider } = { baseUrl: "" },
): Promise<CheckoutStart> {
  const now = options.now ?? new Date();
  const quote = await priceOrder(db, input, { userId: buyer.userId, now });
  if (quote.codeError) throw new CommerceError("discount_refused", quote.codeError, { code: [quote.codeError] });
  const [pending] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(and(eq(transactions.userId, buyer.userId), eq(transactions.status, "pending")));
  if ((pending?.n ?? 0) >= PENDING_PER_USER) {
    throw new CommerceError(
      "too_many_pending",
      "You have several payments still open. Finish or cancel one of them first (see your purchases on your profile).",
    );
  }
  const provider = options.provider ?? getPaymentProvider(db);
  const free = quote.totalMinor === 0;

  const transaction = await inTransaction(db, async (tx) => {
    if (quote.discount) await lockDiscountIn(tx, quote.discount.id, buyer.userId, quote, now);
    const [row] = await tx
      .insert(transactions)
      .values({
        userId: buyer.userId,
        status: "pending",
        provider: free ? "none" : provider.id,
        currency: quote.currency,
        subtotalMinor: quote.subtotalMinor,
        discountMinor: quote.discountMinor,
        totalMinor: quote.totalMinor,
        tokens: quote.tokens,
        discountId: quote.discount?.id ?? null,
        discountCode: quote.discount?.code ?? null,
      })
      .returning();
    await tx.insert(transactionLines).values(
      quote.lines.map((l) => ({
        transactionId: row!.id,
        productId: l.productId,
        productName: l.name,
        unitPriceMinor: l.unitPriceMinor,
        quantity: l.quantity,
        unitTokens: l.unitTokens,
        discountMinor: l.discountMinor,
        lineTotalMinor: l.totalMinor,
      })),
    );
    if (quote.discount) await holdDiscountIn(tx, quote.discount.id, buyer.userId, row!.id);
    await recordEventIn(tx, row!.id, "pending", "checkout", quote.discount ? `Code ${quote.discount.code}` : null);
    return row!;
  });

  const resultUrl = `${options.baseUrl}/product-payment?transaction=${transaction.id}`;
  if (free) {
    // Nothing to pay (a 100% code): paid at once, without a provider.
    await markTransactionPaid(db, transaction.id, { paymentId: null, source: "checkout", note: "Nothing to pay" });
    return { transactionId: transaction.id, redirectTo: resultUrl };
  }
  try {
    const checkout = await provider.createCheckout({
      reference: transaction.id,
      amountMinor: quote.totalMinor,
      currency: quote.currency,
      description: quote.lines
        .map((l) => `${l.quantity} × ${l.name} (${formatCount(l.unitTokens * l.quantity)} tokens)`)
        .join(", "),
      lines: quote.lines.map((l) => ({ name: l.name, quantity: l.quantity, unitAmountMinor: l.unitPriceMinor })),
      customerEmail: buyer.email,
      successUrl: `${resultUrl}&checkout={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${resultUrl}&checkout={CHECKOUT_SESSION_ID}&canceled=1`,
    });
    await db
      .update(transactions)
      .set({ providerSessionId: checkout.id, updatedAt: new Date() })
      .where(eq(transactions.id, transaction.id));
    return { transactionId: transaction.id, redirectTo: checkout.url };
  } catch (error) {
    logger.error({ err: error, transactionId: transaction.id }, "opening the provider's checkout failed");
    await closeTransaction(db, transaction.id, "failed", {
      source: "checkout",
      failureMessage: "The payment page could not be opened. Nothing was charged; try again in a moment.",
    });
    throw new CommerceError(
      "provider_unavailable",
      "The payment page could not be opened. Nothing was charged; try again in a moment.",
    );
  }
}

/** pending → paid, once: credits the tokens, marks the code used, queues the receipt. */
export async function markTransactionPaid(
  db: Database,
  transactionId: string,
  options: { paymentId: string | null; source: string; note?: string | null; from?: TransactionStatus[] },
): Promise<boolean> {
  const paid = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(transactions)
      .set({
        status: "paid",
        providerPaymentId: options.paymentId,
        paidAt: new Date(),
        updatedAt: new Date(),
        failureMessage: null,
      })
      .where(and(eq(transactions.id, transactionId), inArray(transactions.status, options.from ?? ["pending"])))
      .returning();
    if (!row) return null;
    await applyTokenMovementIn(tx, {
      userId: row.userId,
      amount: row.tokens,
      reason: "purchase",
      idempotencyKey: `purchase:${row.id}`,
      reference: row.id,
      note: `Purchase of ${formatCount(row.tokens)} tokens`,
    });
    await tx
      .update(discountRedemptions)
      .set({ state: "used" })
      .where(and(eq(discountRedemptions.transactionId, row.id), eq(discountRedemptions.state, "held")));
    await recordEventIn(tx, row.id, "paid", options.source, options.note);
    return row;
  });
  if (!paid) return false;
  await queueReceipt(paid.id).catch((err: unknown) =>
    logger.error({ err, transactionId }, "queueing the receipt failed; the reconciliation job retries it"),
  );
  return true;
}

/** pending → failed | canceled, once: releases the held code; nothing was credited. */
export async function closeTransaction(
  db: Database,
  transactionId: string,
  status: "failed" | "canceled",
  options: { source: string; failureMessage?: string | null },
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(transactions)
      .set({ status, failureMessage: options.failureMessage ?? null, updatedAt: new Date() })
      .where(and(eq(transactions.id, transactionId), eq(transactions.status, "pending")))
      .returning({ id: transactions.id });
    if (!row) return false;
    await releaseDiscountIn(tx, transactionId);
    await recordEventIn(tx, transactionId, status, options.source, options.failureMessage);
    return true;
  });
}

/**
 * Reads the transaction's checkout back from its provider and applies what it says. Checks that
 * the provider's amount, currency and reference are this transaction's before crediting anything.
 * A transaction closed on our side that the provider reports paid after all (a late payment) is
 * credited — the buyer's money was taken — and reported for an admin to look at.
 */
export async function settleTransaction(
  db: Database,
  transactionId: string,
  source: string,
  provider?: PaymentProvider,
): Promise<Transaction | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!row) return null;
  const closed = row.status === "failed" || row.status === "canceled";
  if ((row.status !== "pending" && !closed) || !row.providerSessionId) return row;
  let state: CheckoutState;
  try {
    state = await (provider ?? getPaymentProvider(db, row.provider)).getCheckout(row.providerSessionId);
  } catch (error) {
    logger.warn(
      { err: error, transactionId },
      "reading a checkout from the provider failed; the transaction stays as it is",
    );
    return row;
  }
  if (
    state.reference !== row.id ||
    state.amountMinor !== row.totalMinor ||
    state.currency.toUpperCase() !== row.currency.toUpperCase()
  ) {
    logger.error({ transactionId, state }, "the provider's checkout does not match its transaction; nothing applied");
    await reportServerError(
      db,
      new Error(`Checkout ${row.providerSessionId} does not match transaction ${row.id}: nothing credited`),
      { fn: "settleTransaction" },
    );
    return row;
  }
  if (closed) {
    if (
      state.status === "paid" &&
      (await markTransactionPaid(db, row.id, {
        paymentId: state.paymentId,
        source,
        note: `Paid after it was ${row.status}`,
        from: [row.status],
      }))
    ) {
      await reportServerError(
        db,
        new Error(
          `Transaction ${row.id} was ${row.status} on our side but paid at the provider; the tokens were credited`,
        ),
        { fn: "settleTransaction" },
      );
    }
  } else if (state.status === "paid") await markTransactionPaid(db, row.id, { paymentId: state.paymentId, source });
  else if (state.status === "failed")
    await closeTransaction(db, row.id, "failed", {
      source,
      failureMessage: state.failureMessage ?? "The payment did not go through.",
    });
  else if (state.status === "expired")
    await closeTransaction(db, row.id, "canceled", { source, failureMessage: "The payment was canceled." });
  const [after] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  return after ?? null;
}

/** The transaction a provider's checkout belongs to. */
export async function findTransactionByCheckout(
  db: Database,
  provider: string,
  checkoutId: string,
): Promise<Transaction | null> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.provider, provider), eq(transactions.providerSessionId, checkoutId)));
  return row ?? null;
}

/** One of the user's own transactions; someone else's, or an id that is not a UUID, reads as missing. */
async function findUserTransaction(db: Database, userId: string, transactionId: string): Promise<Transaction | null> {
  if (!isUuid(transactionId)) return null;
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, transactionId), eq(transactions.userId, userId)));
  return row ?? null;
}

/**
 * The buyer gives up on a pending payment. The provider's checkout is expired first and read
 * back, so a payment made meanwhile is credited instead; one the provider is still processing
 * cannot be canceled.
 */
export async function cancelTransaction(
  db: Database,
  userId: string,
  transactionId: string,
): Promise<Transaction | null> {
  const row = await findUserTransaction(db, userId, transactionId);
  if (!row) return null;
  if (row.status !== "pending") return row;
  if (!row.providerSessionId) {
    await closeTransaction(db, row.id, "canceled", { source: "buyer", failureMessage: "You canceled this payment." });
  } else {
    try {
      const provider = getPaymentProvider(db, row.provider);
      await provider.expireCheckout(row.providerSessionId);
      const settled = await settleTransaction(db, row.id, "buyer", provider);
      if (settled?.status === "pending") {
        throw new CommerceError(
          "payment_processing",
          "The payment provider is still processing this payment, so it cannot be canceled now.",
        );
      }
    } catch (error) {
      if (error instanceof CommerceError) throw error;
      throw new CommerceError(
        "provider_unavailable",
        "The payment provider could not be reached. Try again in a moment.",
      );
    }
  }
  const [after] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  return after ?? null;
}

export interface TransactionView {
  id: string;
  status: TransactionStatus;
  provider: string;
  currency: string;
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
  tokens: number;
  discountCode: string | null;
  failureMessage: string | null;
  refundedTokens: number | null;
  unrecoveredTokens: number | null;
  refundedMinor: number | null;
  createdAt: string;
  paidAt: string | null;
  lines: {
    productId: string;
    name: string;
    quantity: number;
    unitPriceMinor: number;
    unitTokens: number;
    discountMinor: number;
    totalMinor: number;
  }[];
  events: { status: TransactionStatus; source: string; note: string | null; at: string }[];
}

async function toView(db: Database, row: Transaction, audience: "buyer" | "staff" = "staff"): Promise<TransactionView> {
  const [view] = await toViews(db, [row], audience);
  return view!;
}

/** Views of several transactions with two queries in all (their lines, their events), not two each. */
async function toViews(db: Database, rows: Transaction[], audience: "buyer" | "staff"): Promise<TransactionView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [allLines, allEvents] = await Promise.all([
    db.select().from(transactionLines).where(inArray(transactionLines.transactionId, ids)),
    db
      .select()
      .from(transactionEvents)
      .where(inArray(transactionEvents.transactionId, ids))
      .orderBy(transactionEvents.createdAt),
  ]);
  return rows.map((row) =>
    viewOf(
      row,
      allLines.filter((l) => l.transactionId === row.id),
      allEvents.filter((e) => e.transactionId === row.id),
      audience,
    ),
  );
}

function viewOf(
  row: Transaction,
  lines: (typeof transactionLines.$inferSelect)[],
  events: (typeof transactionEvents.$inferSelect)[],
  audience: "buyer" | "staff",
): TransactionView {
  return {
    id: row.id,
    status: row.status,
    provider: row.provider,
    currency: row.currency,
    subtotalMinor: row.subtotalMinor,
    discountMinor: row.discountMinor,
    totalMinor: row.totalMinor,
    tokens: row.tokens,
    discountCode: row.discountCode,
    failureMessage: row.failureMessage,
    refundedTokens: row.refundedTokens,
    unrecoveredTokens: row.unrecoveredTokens,
    refundedMinor: row.refundedMinor,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    lines: lines.map((l) => ({
      productId: l.productId,
      name: l.productName,
      quantity: l.quantity,
      unitPriceMinor: l.unitPriceMinor,
      unitTokens: l.unitTokens,
      discountMinor: l.discountMinor,
      totalMinor: l.lineTotalMinor,
    })),
    // Buyers see when their purchase moved; who moved it and staff notes are for the back office.
    events: events.map((e) =>
      audience === "buyer"
        ? { status: e.status, source: "", note: null, at: e.createdAt.toISOString() }
        : { status: e.status, source: e.source, note: e.note, at: e.createdAt.toISOString() },
    ),
  };
}

/** One of the user's own transactions (another user's is not found), with the balance after it. */
export async function getUserTransaction(
  db: Database,
  userId: string,
  transactionId: string,
): Promise<(TransactionView & { balance: number }) | null> {
  const row = await findUserTransaction(db, userId, transactionId);
  if (!row) return null;
  return { ...(await toView(db, row, "buyer")), balance: await getTokenBalance(db, userId) };
}

/** The user's purchases, newest first (the profile's purchase history). */
export async function listUserTransactions(db: Database, userId: string, limit = 20): Promise<TransactionView[]> {
  const rows = await db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt))
    .limit(limit);
  return toViews(db, rows, "buyer");
}

export async function getTransactionView(db: Database, transactionId: string): Promise<TransactionView | null> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  return row ? toView(db, row) : null;
}

/** Who bought: for receipts. */
export async function getBuyer(db: Database, userId: string) {
  const [row] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
  return row ?? null;
}

/**
 * Reconciliation: asks the provider about transactions still pending after `olderThanMs` (a lost
 * webhook, a buyer who never came back) and expires the checkouts abandoned for a day, closing
 * them only once the provider says they are expired. Re-queues receipts a crash left unqueued.
 * One transaction's trouble (a provider no longer configured, an outage) never stops the others.
 */
export async function reconcileTransactions(
  db: Database,
  options: { now?: Date; olderThanMs?: number; abandonAfterMs?: number } = {},
): Promise<{ settled: number; abandoned: number }> {
  const now = options.now ?? new Date();
  const olderThan = new Date(now.getTime() - (options.olderThanMs ?? 5 * 60_000));
  const abandonBefore = new Date(now.getTime() - (options.abandonAfterMs ?? 24 * 60 * 60_000));
  const pending = await db
    .select({
      id: transactions.id,
      createdAt: transactions.createdAt,
      provider: transactions.provider,
      session: transactions.providerSessionId,
    })
    .from(transactions)
    .where(and(eq(transactions.status, "pending"), lt(transactions.createdAt, olderThan)))
    .orderBy(asc(transactions.createdAt))
    .limit(200);
  let settled = 0;
  let abandoned = 0;
  for (const row of pending) {
    try {
      let after = await settleTransaction(db, row.id, "reconciliation");
      if (after?.status === "pending" && row.createdAt < abandonBefore && row.session) {
        await getPaymentProvider(db, row.provider).expireCheckout(row.session);
        after = await settleTransaction(db, row.id, "reconciliation");
        if (after?.status === "pending")
          logger.warn(
            { transactionId: row.id },
            "a checkout pending for a day could not be expired; left for an admin",
          );
      }
      if (after?.status === "canceled" && row.createdAt < abandonBefore) abandoned += 1;
      else if (after && after.status !== "pending") settled += 1;
    } catch (error) {
      logger.warn({ err: error, transactionId: row.id }, "reconciling a transaction failed; the next run tries again");
    }
  }
  const unsent = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(eq(transactions.status, "paid"), isNull(transactions.receiptQueuedAt), lt(transactions.paidAt, olderThan)),
    )
    .limit(200);
  for (const row of unsent)
    await queueReceipt(row.id).catch((err: unknown) => logger.warn({ err }, "queueing a receipt failed"));
  return { settled, abandoned };
}

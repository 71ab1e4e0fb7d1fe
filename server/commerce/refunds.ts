/**
 * Refunds, started by an admin: the provider refunds the payment first, then the ledger takes
 * the tokens back — as many as the buyer still has. A balance never goes negative: what was
 * already spent stays spent, and the refund records and says how much that was.
 */
import { and, eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../audit/audit";
import { type Database, inTransaction } from "../db/client";
import { transactionEvents, transactions } from "../db/schema";
import { applyTokenMovementIn, lockTokenAccountState } from "../generation/ledger";
import { CommerceError } from "./errors";
import { getPaymentProvider } from "./payments";
import { formatCount } from "~/lib/format";

export interface RefundResult {
  refundedMinor: number;
  reversedTokens: number;
  unrecoveredTokens: number;
  /** What happened, in one sentence for the admin. */
  message: string;
}

export async function refundTransaction(
  db: Database,
  transactionId: string,
  options: { actor: Actor; reason: string },
): Promise<RefundResult> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!row) throw new CommerceError("not_found", "That transaction does not exist.");
  if (row.status === "refunded") throw new CommerceError("already_refunded", "This transaction is refunded already.");
  if (row.status !== "paid") throw new CommerceError("not_paid", "Only a paid transaction can be refunded.");

  let refundId: string | null = null;
  if (row.totalMinor > 0 && row.provider !== "none") {
    if (!row.providerPaymentId)
      throw new CommerceError("no_payment", "The provider has no payment for this transaction to refund.");
    try {
      ({ refundId } = await getPaymentProvider(db, row.provider).refundPayment(row.providerPaymentId, row.totalMinor));
    } catch (error) {
      throw new CommerceError(
        "provider_refused",
        `The payment provider did not refund: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  return inTransaction(db, async (tx) => {
    const [claimed] = await tx
      .update(transactions)
      .set({ status: "refunded", updatedAt: new Date() })
      .where(and(eq(transactions.id, transactionId), eq(transactions.status, "paid")))
      .returning();
    if (!claimed) throw new CommerceError("already_refunded", "This transaction is refunded already.");
    // Only bought tokens are taken back: a membership's allowance was not paid for by this payment.
    const account = await lockTokenAccountState(tx, claimed.userId);
    const reversedTokens = Math.min(account.balance - account.allowance, claimed.tokens);
    const unrecoveredTokens = claimed.tokens - reversedTokens;
    if (reversedTokens > 0) {
      await applyTokenMovementIn(tx, {
        userId: claimed.userId,
        amount: -reversedTokens,
        reason: "purchase_refund",
        idempotencyKey: `purchase:${claimed.id}:refund`,
        reference: claimed.id,
        allowance: 0,
        note: unrecoveredTokens > 0 ? `Refund: ${formatCount(unrecoveredTokens)} tokens were already spent` : "Refund",
      });
    }
    await tx
      .update(transactions)
      .set({
        refundedTokens: reversedTokens,
        unrecoveredTokens,
        refundedMinor: claimed.totalMinor,
        providerRefundId: refundId,
      })
      .where(eq(transactions.id, claimed.id));
    const message =
      unrecoveredTokens > 0
        ? `Refunded the payment and took back ${formatCount(reversedTokens)} of ${formatCount(claimed.tokens)} tokens; ${formatCount(unrecoveredTokens)} were already spent.`
        : `Refunded the payment and took back all ${formatCount(claimed.tokens)} tokens.`;
    await tx.insert(transactionEvents).values({
      transactionId: claimed.id,
      status: "refunded",
      source: `admin ${options.actor.email}`,
      note: `${message} Reason: ${options.reason}`,
    });
    const result = { refundedMinor: claimed.totalMinor, reversedTokens, unrecoveredTokens, message };
    await recordAudit(tx, options.actor, {
      action: "transaction.refund",
      entityType: "transaction",
      entityId: claimed.id,
      before: { status: "paid" },
      after: { status: "refunded", reason: options.reason, providerRefundId: refundId, ...result },
    });
    return result;
  });
}

/**
 * The token ledger: every debit and credit is a row, and a user's balance is the sum of their
 * rows. `token_accounts` carries that sum so it can be locked: each movement runs in one
 * transaction that locks the user's account row, refuses to go below zero, and writes the
 * ledger row with the balance after it. Movements carry an idempotency key, so a retried
 * grant or refund is applied once.
 */
import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { type Database, inTransaction } from "../db/client";
import { tokenAccounts, tokenLedger, type LedgerReason } from "../db/schema";
import { formatCount } from "~/lib/format";
import { tokensMoved } from "../metrics";
import { isUuid } from "../db/ids";

export class InsufficientTokensError extends Error {
  constructor(
    readonly balance: number,
    readonly needed: number,
  ) {
    super(`This needs ${formatCount(needed)} tokens and you have ${formatCount(balance)}.`);
    this.name = "InsufficientTokensError";
  }
}

export interface TokenMovement {
  userId: string;
  /** Positive to credit, negative to debit. */
  amount: number;
  reason: LedgerReason;
  idempotencyKey: string;
  generationId?: string | null;
  reference?: string | null;
  note?: string | null;
}

export interface MovementResult {
  /** False when a movement with this idempotency key was applied before. */
  applied: boolean;
  balance: number;
}

/** Locks the user's account row (creating it at zero), so movements of one user run one at a time. */
export async function lockTokenAccount(tx: Database, userId: string): Promise<number> {
  await tx.insert(tokenAccounts).values({ userId, balance: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ balance: tokenAccounts.balance })
    .from(tokenAccounts)
    .where(eq(tokenAccounts.userId, userId))
    .for("update");
  return row?.balance ?? 0;
}

/**
 * Applies one movement inside the caller's transaction (which must have called
 * lockTokenAccount, or pass `locked: false` to lock here). Throws InsufficientTokensError
 * rather than go below zero.
 */
export async function applyTokenMovementIn(tx: Database, movement: TokenMovement): Promise<MovementResult> {
  if (!Number.isInteger(movement.amount) || movement.amount === 0)
    throw new RangeError("A token movement is a whole, non-zero number");
  const balance = await lockTokenAccount(tx, movement.userId);
  const [existing] = await tx
    .select({ id: tokenLedger.id })
    .from(tokenLedger)
    .where(eq(tokenLedger.idempotencyKey, movement.idempotencyKey));
  if (existing) return { applied: false, balance };
  const next = balance + movement.amount;
  if (next < 0) throw new InsufficientTokensError(balance, -movement.amount);
  await tx
    .update(tokenAccounts)
    .set({ balance: next, updatedAt: new Date() })
    .where(eq(tokenAccounts.userId, movement.userId));
  await tx.insert(tokenLedger).values({
    userId: movement.userId,
    amount: movement.amount,
    balanceAfter: next,
    reason: movement.reason,
    idempotencyKey: movement.idempotencyKey,
    generationId: movement.generationId ?? null,
    reference: movement.reference ?? null,
    note: movement.note ?? null,
  });
  tokensMoved.inc(
    { direction: movement.amount > 0 ? "credited" : "debited", reason: movement.reason },
    Math.abs(movement.amount),
  );
  return { applied: true, balance: next };
}

/** Applies one movement in a transaction of its own. */
export async function applyTokenMovement(db: Database, movement: TokenMovement): Promise<MovementResult> {
  return inTransaction(db, (tx) => applyTokenMovementIn(tx, movement));
}

export async function getTokenBalance(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: tokenAccounts.balance })
    .from(tokenAccounts)
    .where(eq(tokenAccounts.userId, userId));
  return row?.balance ?? 0;
}

/** The balance recomputed from the ledger rows; equal to getTokenBalance unless something is badly wrong. */
export async function sumTokenLedger(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${tokenLedger.amount}), 0)` })
    .from(tokenLedger)
    .where(eq(tokenLedger.userId, userId));
  return Number(row?.total ?? 0);
}

export async function listTokenLedger(db: Database, userId: string, limit = 50) {
  return db
    .select()
    .from(tokenLedger)
    .where(eq(tokenLedger.userId, userId))
    .orderBy(desc(tokenLedger.createdAt))
    .limit(limit);
}

/** A person's ledger a page at a time, newest first (keyset on time and id: nothing repeats or is skipped). */
export async function listTokenLedgerPage(
  db: Database,
  userId: string,
  options: { cursor?: string | null; limit: number },
): Promise<{ items: (typeof tokenLedger.$inferSelect)[]; nextCursor: string | null }> {
  const conditions = [eq(tokenLedger.userId, userId)];
  const [at, id] = options.cursor ? Buffer.from(options.cursor, "base64url").toString().split("|") : [];
  const after = at ? new Date(at) : null;
  if (after && !Number.isNaN(after.getTime()) && id && isUuid(id))
    conditions.push(
      or(lt(tokenLedger.createdAt, after), and(eq(tokenLedger.createdAt, after), lt(tokenLedger.id, id)))!,
    );
  const rows = await db
    .select()
    .from(tokenLedger)
    .where(and(...conditions))
    .orderBy(desc(tokenLedger.createdAt), desc(tokenLedger.id))
    .limit(options.limit + 1);
  const items = rows.slice(0, options.limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > options.limit && last
        ? Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString("base64url")
        : null,
  };
}

/** The sign-up grant, credited once per account however often it is called. */
export async function grantSignupTokens(db: Database, userId: string, amount: number): Promise<MovementResult> {
  if (amount <= 0) return { applied: false, balance: await getTokenBalance(db, userId) };
  return applyTokenMovement(db, {
    userId,
    amount,
    reason: "signup_grant",
    idempotencyKey: `signup:${userId}`,
    note: "Welcome to Atelier",
  });
}

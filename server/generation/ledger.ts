/**
 * The token ledger: every debit and credit is a row, and a user's balance is the sum of their
 * rows. `token_accounts` carries that sum so it can be locked: each movement runs in one
 * transaction that locks the user's account row, refuses to go below zero, and writes the
 * ledger row with the balance after it. Movements carry an idempotency key, so a retried
 * grant or refund is applied once.
 *
 * A member's balance has two parts (ADR 0060): the membership's allowance, which ends with its
 * period, and bought tokens, which never end. Generations spend the allowance first; every other
 * debit (a purchase refund, an admin's correction) takes bought tokens first. `allowance` on the
 * account and `allowanceAmount` on each row keep the split, so it is as auditable as the sum.
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
  /**
   * The signed part of `amount` that moves the allowance. Unset: a generation's debit spends the
   * allowance first, a generation's refund gives back what its debit took from it (while the
   * allowance has not ended), and any other movement moves bought tokens first.
   */
  allowance?: number;
}

export interface TokenAccountState {
  balance: number;
  allowance: number;
  allowanceExpiresAt: Date | null;
}

export interface MovementResult {
  /** False when a movement with this idempotency key was applied before. */
  applied: boolean;
  balance: number;
}

/** Locks the user's account row (creating it at zero), so movements of one user run one at a time. */
export async function lockTokenAccountState(tx: Database, userId: string): Promise<TokenAccountState> {
  await tx.insert(tokenAccounts).values({ userId, balance: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({
      balance: tokenAccounts.balance,
      allowance: tokenAccounts.allowance,
      allowanceExpiresAt: tokenAccounts.allowanceExpiresAt,
    })
    .from(tokenAccounts)
    .where(eq(tokenAccounts.userId, userId))
    .for("update");
  return row ?? { balance: 0, allowance: 0, allowanceExpiresAt: null };
}

/** Locks the user's account row and returns the balance (allowance included). */
export async function lockTokenAccount(tx: Database, userId: string): Promise<number> {
  return (await lockTokenAccountState(tx, userId)).balance;
}

/** How much of a movement touches the allowance when the caller did not say (see TokenMovement.allowance). */
async function allowancePartOf(tx: Database, movement: TokenMovement, account: TokenAccountState): Promise<number> {
  if (movement.allowance !== undefined) return movement.allowance;
  const bought = account.balance - account.allowance;
  if (movement.amount < 0) {
    const spend = -movement.amount;
    if (movement.reason === "generation") return -Math.min(account.allowance, spend);
    return -Math.max(0, Math.min(account.allowance, spend - bought));
  }
  if (movement.reason === "generation_refund" && movement.generationId && account.allowanceExpiresAt) {
    const [debit] = await tx
      .select({ allowanceAmount: tokenLedger.allowanceAmount })
      .from(tokenLedger)
      .where(and(eq(tokenLedger.generationId, movement.generationId), eq(tokenLedger.reason, "generation")));
    return Math.min(movement.amount, -(debit?.allowanceAmount ?? 0));
  }
  return 0;
}

/**
 * Applies one movement inside the caller's transaction (which must have called
 * lockTokenAccount, or pass `locked: false` to lock here). Throws InsufficientTokensError
 * rather than go below zero.
 */
export async function applyTokenMovementIn(tx: Database, movement: TokenMovement): Promise<MovementResult> {
  if (!Number.isInteger(movement.amount) || movement.amount === 0)
    throw new RangeError("A token movement is a whole, non-zero number");
  const account = await lockTokenAccountState(tx, movement.userId);
  const balance = account.balance;
  const [existing] = await tx
    .select({ id: tokenLedger.id })
    .from(tokenLedger)
    .where(eq(tokenLedger.idempotencyKey, movement.idempotencyKey));
  if (existing) return { applied: false, balance };
  const next = balance + movement.amount;
  if (next < 0) throw new InsufficientTokensError(balance, -movement.amount);
  const allowanceAmount = await allowancePartOf(tx, movement, account);
  const allowance = account.allowance + allowanceAmount;
  if (!Number.isInteger(allowanceAmount) || Math.sign(allowanceAmount) * Math.sign(movement.amount) < 0)
    throw new RangeError("The allowance part of a movement goes the movement's way");
  if (Math.abs(allowanceAmount) > Math.abs(movement.amount) || allowance < 0 || allowance > next)
    throw new RangeError("The allowance part of a movement must fit in the movement and the allowance");
  await tx
    .update(tokenAccounts)
    .set({ balance: next, allowance, updatedAt: new Date() })
    .where(eq(tokenAccounts.userId, movement.userId));
  await tx.insert(tokenLedger).values({
    userId: movement.userId,
    amount: movement.amount,
    balanceAfter: next,
    allowanceAmount,
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

/** A person's balance and the part of it that is their membership's allowance. */
export async function getTokenAccount(db: Database, userId: string): Promise<TokenAccountState> {
  const [row] = await db
    .select({
      balance: tokenAccounts.balance,
      allowance: tokenAccounts.allowance,
      allowanceExpiresAt: tokenAccounts.allowanceExpiresAt,
    })
    .from(tokenAccounts)
    .where(eq(tokenAccounts.userId, userId));
  return row ?? { balance: 0, allowance: 0, allowanceExpiresAt: null };
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

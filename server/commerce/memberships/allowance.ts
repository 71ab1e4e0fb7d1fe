/**
 * A membership's allowance in the token ledger (ADR 0060): each paid invoice grants its period's
 * allowance once (keyed by the invoice), what was left of the period before ends with it, and
 * an allowance whose period is over without a renewal ends too — always as ledger rows, so the
 * history says where every token went. Bought tokens are never touched here.
 */
import { and, gt, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import { type Database, inTransaction } from "../../db/client";
import { tokenAccounts } from "../../db/schema";
import { applyTokenMovementIn, lockTokenAccountState } from "../../generation/ledger";
import { formatCount } from "~/lib/format";
import { addNotification } from "../../notify/notifications";

/** How long before its end a member is told that unused allowance will end. */
export const ALLOWANCE_NOTICE_DAYS = 3;

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Ends what is left of a person's allowance, inside the caller's transaction (account locked). */
async function expireAllowanceIn(tx: Database, userId: string, note: string): Promise<number> {
  const account = await lockTokenAccountState(tx, userId);
  if (account.allowance > 0) {
    await applyTokenMovementIn(tx, {
      userId,
      amount: -account.allowance,
      allowance: -account.allowance,
      reason: "allowance_expired",
      idempotencyKey: `allowance-expiry:${userId}:${account.allowanceExpiresAt?.toISOString() ?? "none"}`,
      note,
    });
  }
  await tx
    .update(tokenAccounts)
    .set({ allowanceExpiresAt: null, allowanceNoticeFor: null })
    .where(sql`${tokenAccounts.userId} = ${userId}`);
  return account.allowance;
}

export interface AllowanceGrant {
  userId: string;
  tokens: number;
  /** The invoice that paid for it: the grant's idempotency key. */
  invoiceKey: string;
  periodEnd: Date;
  note: string;
  /** A renewal or a first invoice starts a new allowance; an upgrade adds to the current one. */
  startsPeriod: boolean;
}

/**
 * Grants an invoice's allowance once. A new period's grant first ends what is left of the
 * previous one (unused allowance does not roll over); a grant for a period that is older than the
 * allowance already granted (a replayed or late event) changes nothing. Returns what was granted.
 */
export async function grantAllowance(db: Database, grant: AllowanceGrant): Promise<number> {
  if (grant.tokens <= 0) return 0;
  return inTransaction(db, async (tx) => {
    const account = await lockTokenAccountState(tx, grant.userId);
    const current = account.allowanceExpiresAt;
    if (grant.startsPeriod && current && current.getTime() > grant.periodEnd.getTime()) return 0;
    if (!grant.startsPeriod && (!current || current.getTime() !== grant.periodEnd.getTime())) return 0;
    if (grant.startsPeriod && current && current.getTime() !== grant.periodEnd.getTime())
      await expireAllowanceIn(tx, grant.userId, `Unused allowance of the period to ${day(current)} ended`);
    const applied = await applyTokenMovementIn(tx, {
      userId: grant.userId,
      amount: grant.tokens,
      allowance: grant.tokens,
      reason: "membership_allowance",
      idempotencyKey: grant.invoiceKey,
      reference: grant.invoiceKey,
      note: grant.note,
    });
    if (!applied.applied) return 0;
    await tx
      .update(tokenAccounts)
      .set({ allowanceExpiresAt: grant.periodEnd })
      .where(sql`${tokenAccounts.userId} = ${grant.userId}`);
    return grant.tokens;
  });
}

/** A membership ended: what is left of its allowance ends with it. */
export async function endAllowance(db: Database, userId: string, note: string): Promise<number> {
  return inTransaction(db, (tx) => expireAllowanceIn(tx, userId, note));
}

/**
 * Takes back up to `tokens` of the allowance (a refunded invoice), never bought tokens and never
 * below zero. Returns what was taken back.
 */
export async function takeBackAllowance(
  db: Database,
  userId: string,
  tokens: number,
  key: string,
  note: string,
): Promise<number> {
  return inTransaction(db, async (tx) => {
    const account = await lockTokenAccountState(tx, userId);
    const taken = Math.min(account.allowance, tokens);
    if (taken <= 0) return 0;
    const applied = await applyTokenMovementIn(tx, {
      userId,
      amount: -taken,
      allowance: -taken,
      reason: "membership_refund",
      idempotencyKey: key,
      reference: key,
      note,
    });
    return applied.applied ? taken : 0;
  });
}

/**
 * Housekeeping: allowances whose period is over (no renewal came, or it failed) end, and members
 * whose allowance ends within a few days are told once how much is left. `now` is the billing
 * provider's clock (the sandbox's may be ahead of real time).
 */
export async function sweepAllowances(db: Database, now: Date): Promise<{ expired: number; noticed: number }> {
  const due = await db
    .select({ userId: tokenAccounts.userId })
    .from(tokenAccounts)
    .where(and(isNotNull(tokenAccounts.allowanceExpiresAt), lte(tokenAccounts.allowanceExpiresAt, now)));
  let expired = 0;
  for (const { userId } of due) {
    await inTransaction(db, async (tx) => {
      const account = await lockTokenAccountState(tx, userId);
      // Renewed meanwhile: the new period's grant moved the expiry forward.
      if (!account.allowanceExpiresAt || account.allowanceExpiresAt > now) return;
      await expireAllowanceIn(tx, userId, `Unused allowance of the period to ${day(account.allowanceExpiresAt)} ended`);
      expired++;
    });
  }
  const soon = new Date(now.getTime() + ALLOWANCE_NOTICE_DAYS * 86_400_000);
  const toTell = await db
    .update(tokenAccounts)
    .set({ allowanceNoticeFor: tokenAccounts.allowanceExpiresAt })
    .where(
      and(
        gt(tokenAccounts.allowance, 0),
        isNotNull(tokenAccounts.allowanceExpiresAt),
        gt(tokenAccounts.allowanceExpiresAt, now),
        lte(tokenAccounts.allowanceExpiresAt, soon),
        or(
          isNull(tokenAccounts.allowanceNoticeFor),
          ne(tokenAccounts.allowanceNoticeFor, tokenAccounts.allowanceExpiresAt),
        ),
      ),
    )
    .returning({
      userId: tokenAccounts.userId,
      allowance: tokenAccounts.allowance,
      expiresAt: tokenAccounts.allowanceExpiresAt,
    });
  for (const row of toTell) {
    await addNotification(db, row.userId, {
      status: "info",
      title: "Your monthly tokens are about to end",
      message: `${formatCount(row.allowance)} tokens of your membership's allowance end on ${day(row.expiresAt!)}, when your next period starts. Tokens you bought stay.`,
    });
  }
  return { expired, noticed: toTell.length };
}

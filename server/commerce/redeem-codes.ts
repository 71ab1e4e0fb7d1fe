/**
 * Redeem codes (the "countdown timer for token redeem" event): a code grants tokens to each user
 * once, inside its time window, up to a total number of redemptions. The total is counted under
 * the code row's lock and the per-user rule is a primary key, so both stay exact under races.
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { redeemCodeRedemptions, redeemCodes } from "../db/schema";
import { applyTokenMovementIn } from "../generation/ledger";
import { CommerceError } from "./errors";

export interface RedeemWindow {
  /** The next or current window of an active code, for the countdown; null when none is planned. */
  startsAt: string;
  endsAt: string;
  open: boolean;
}

/** The countdown shown where codes are entered: the current window, or else the next one. */
export async function getRedeemWindow(db: Database, now = new Date()): Promise<RedeemWindow | null> {
  const [row] = await db
    .select({ startsAt: redeemCodes.startsAt, endsAt: redeemCodes.endsAt })
    .from(redeemCodes)
    .where(and(eq(redeemCodes.active, true), gt(redeemCodes.endsAt, now)))
    .orderBy(asc(redeemCodes.startsAt))
    .limit(1);
  if (!row) return null;
  return { startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), open: row.startsAt <= now };
}

export async function redeemCode(db: Database, userId: string, code: string, now = new Date()): Promise<{ tokens: number; balance: number }> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const [row] = await tx.select().from(redeemCodes).where(eq(redeemCodes.code, code.trim().toUpperCase())).for("update");
    if (!row || !row.active) throw new CommerceError(404, "unknown_code", "We don't know this code. Check the spelling.", { code: ["We don't know this code"] });
    if (now < row.startsAt) throw new CommerceError(409, "not_open", "This code cannot be redeemed yet. Watch the countdown.", { code: ["Not open yet"] });
    if (now >= row.endsAt) throw new CommerceError(409, "closed", "This code's redeem window has closed.", { code: ["The window has closed"] });
    if (row.maxRedemptions !== null && row.redemptions >= row.maxRedemptions) {
      throw new CommerceError(409, "used_up", "This code has been redeemed by as many people as it allows.", { code: ["All redeemed"] });
    }
    const inserted = await tx.insert(redeemCodeRedemptions).values({ codeId: row.id, userId }).onConflictDoNothing().returning({ codeId: redeemCodeRedemptions.codeId });
    if (inserted.length === 0) throw new CommerceError(409, "already_redeemed", "You have already redeemed this code.", { code: ["Already redeemed"] });
    await tx.update(redeemCodes).set({ redemptions: sql`${redeemCodes.redemptions} + 1` }).where(eq(redeemCodes.id, row.id));
    const movement = await applyTokenMovementIn(tx, {
      userId,
      amount: row.tokens,
      reason: "redeem_code",
      idempotencyKey: `redeem:${row.id}:${userId}`,
      reference: row.id,
      note: `Code ${row.code}`,
    });
    return { tokens: row.tokens, balance: movement.balance };
  });
}

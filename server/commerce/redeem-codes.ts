/**
 * Redeem codes (the "countdown timer for token redeem" event): a code grants tokens inside its
 * time window, to each person up to its per-person limit (once by default), up to a total number
 * of redemptions. Both are counted under the code row's lock, so they stay exact under races.
 */
import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { redeemCodeForm } from "~/lib/admin-redeem-codes";
import { type Actor, recordAudit } from "../audit/audit";
import { type Database, inTransaction } from "../db/client";
import { redeemCodeRedemptions, redeemCodes, user } from "../db/schema";
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

export async function redeemCode(
  db: Database,
  userId: string,
  code: string,
  now = new Date(),
): Promise<{ tokens: number; balance: number }> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(redeemCodes)
      .where(eq(redeemCodes.code, code.trim().toUpperCase()))
      .for("update");
    if (!row?.active)
      throw new CommerceError("unknown_code", "We don't know this code. Check the spelling.", {
        code: ["We don't know this code"],
      });
    if (now < row.startsAt)
      throw new CommerceError("not_open", "This code cannot be redeemed yet. Watch the countdown.", {
        code: ["Not open yet"],
      });
    if (now >= row.endsAt)
      throw new CommerceError("closed", "This code's redeem window has closed.", {
        code: ["The window has closed"],
      });
    if (row.maxRedemptions !== null && row.redemptions >= row.maxRedemptions) {
      throw new CommerceError("used_up", "This code has been redeemed as many times as it allows.", {
        code: ["All redeemed"],
      });
    }
    // The code row is locked: no other redemption of this code can be counted or written meanwhile.
    const [mine] = await tx
      .select({ n: count() })
      .from(redeemCodeRedemptions)
      .where(and(eq(redeemCodeRedemptions.codeId, row.id), eq(redeemCodeRedemptions.userId, userId)));
    const before = mine?.n ?? 0;
    if (before >= row.maxPerPerson) {
      const message =
        row.maxPerPerson === 1
          ? "You have already redeemed this code."
          : `You have redeemed this code ${row.maxPerPerson} times, as many as it allows.`;
      throw new CommerceError("already_redeemed", message, { code: ["Already redeemed"] });
    }
    await tx.insert(redeemCodeRedemptions).values({ codeId: row.id, userId });
    await tx
      .update(redeemCodes)
      .set({ redemptions: sql`${redeemCodes.redemptions} + 1` })
      .where(eq(redeemCodes.id, row.id));
    const movement = await applyTokenMovementIn(tx, {
      userId,
      amount: row.tokens,
      reason: "redeem_code",
      // The first redemption keeps the key it always had; later ones are numbered.
      idempotencyKey: before === 0 ? `redeem:${row.id}:${userId}` : `redeem:${row.id}:${userId}:${before + 1}`,
      reference: row.id,
      note: `Code ${row.code}`,
    });
    return { tokens: row.tokens, balance: movement.balance };
  });
}

/*
 * The back office's side (issue 16): admins create codes with a UTC window, an optional total
 * limit and a per-person limit, switch them off and on, and see who redeemed them. Every change
 * is audited with the code's before and after.
 */

/** The checked form (app/lib/admin-redeem-codes.ts): the code upper-cased, times in UTC, no limit as null. */
export type RedeemCodeForm = z.output<typeof redeemCodeForm>;

export type RedeemCodeStatus = "scheduled" | "open" | "ended" | "used-up" | "off";

export function redeemCodeStatus(row: typeof redeemCodes.$inferSelect, now = new Date()): RedeemCodeStatus {
  if (!row.active) return "off";
  if (now >= row.endsAt) return "ended";
  if (row.maxRedemptions !== null && row.redemptions >= row.maxRedemptions) return "used-up";
  return now < row.startsAt ? "scheduled" : "open";
}

/** Every code, newest window first, with its latest redemptions (who and when). */
export async function listRedeemCodesForAdmin(db: Database, now = new Date()) {
  const codes = await db
    .select()
    .from(redeemCodes)
    .orderBy(desc(redeemCodes.startsAt), asc(redeemCodes.code))
    .limit(200);
  const redemptions =
    codes.length === 0
      ? []
      : await db
          .select({
            id: redeemCodeRedemptions.id,
            codeId: redeemCodeRedemptions.codeId,
            createdAt: redeemCodeRedemptions.createdAt,
            userId: user.id,
            name: user.name,
            email: user.email,
          })
          .from(redeemCodeRedemptions)
          .innerJoin(user, eq(user.id, redeemCodeRedemptions.userId))
          .where(
            inArray(
              redeemCodeRedemptions.codeId,
              codes.map((c) => c.id),
            ),
          )
          .orderBy(desc(redeemCodeRedemptions.createdAt))
          .limit(2000);
  return codes.map((row) => ({
    ...row,
    status: redeemCodeStatus(row, now),
    latest: redemptions.filter((r) => r.codeId === row.id).slice(0, REDEMPTIONS_SHOWN),
  }));
}

/** Redemptions listed per code; its counter says how many there are in all. */
const REDEMPTIONS_SHOWN = 50;

export async function createRedeemCode(db: Database, actor: Actor, form: RedeemCodeForm) {
  const code = form.code.trim().toUpperCase();
  return inTransaction(db, async (tx) => {
    const [taken] = await tx.select({ id: redeemCodes.id }).from(redeemCodes).where(eq(redeemCodes.code, code));
    if (taken)
      throw new CommerceError("code_taken", "Another redeem code already has this name.", {
        code: ["Another redeem code already has this name"],
      });
    const [row] = await tx
      .insert(redeemCodes)
      .values({
        code,
        tokens: form.tokens,
        startsAt: form.startsAt,
        endsAt: form.endsAt,
        maxRedemptions: form.maxRedemptions,
        maxPerPerson: form.maxPerPerson,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: "redeem_code.create",
      entityType: "redeem_code",
      entityId: row!.id,
      after: row,
    });
    return row!;
  });
}

export async function setRedeemCodeActive(db: Database, actor: Actor, id: string, active: boolean) {
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(redeemCodes).where(eq(redeemCodes.id, id)).for("update");
    if (!before) throw new CommerceError("not_found", "That redeem code does not exist.");
    const [after] = await tx.update(redeemCodes).set({ active }).where(eq(redeemCodes.id, id)).returning();
    const action = active ? "redeem_code.activate" : "redeem_code.deactivate";
    await recordAudit(tx, actor, { action, entityType: "redeem_code", entityId: id, before, after });
    return after!;
  });
}

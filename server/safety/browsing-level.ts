/**
 * What each person sees (issue 40, item 3; ADR 0059): a browsing level on the account. Visitors and
 * new accounts see general pictures only; a signed-in person who confirms they are 18 or older may
 * opt into mature, and then sees mature pictures blurred until they ask. Explicit is never shown.
 *
 * The level is on the user row, so it follows the person to every device and session, and rides in
 * Better Auth's signed cookie copy of the session (server/auth/auth.ts), so lists read no table for
 * it. A change must reach the next request everywhere: the `user_changed` trigger announces it as
 * `user:<id>` at commit (migration 0028 added this column to the ones it watches), heard by every
 * process: cookie copies of the person are distrusted for one cache window (server/auth/guards.ts),
 * and the pages kept for them (ADR 0040) and their header's numbers (server/viewer.ts) are forgotten.
 */
import { eq } from "drizzle-orm";
import type { BrowsingLevel } from "../../app/lib/community-constants";
import { browsingLevelOf } from "../../app/lib/community-constants";
import { AppError } from "../app-error";
import { recordAudit } from "../audit/audit";
import { announceChange } from "../db/change-feed";
import { type Database, inTransaction } from "../db/client";
import { user } from "../db/schema";

export type { BrowsingLevel };

/** The level a page or API shows a viewer: general for a visitor. */
export function browsingLevelFor(viewer: { browsingLevel: BrowsingLevel } | null | undefined): BrowsingLevel {
  return viewer?.browsingLevel ?? "general";
}

/** The ratings a level may see: never explicit. */
export function maturitiesFor(level: BrowsingLevel): ("general" | "mature")[] {
  return level === "mature" ? ["general", "mature"] : ["general"];
}

/** Whether a picture of this rating may be shown to someone at this level. */
export function maySee(level: BrowsingLevel, maturity: string): boolean {
  return maturity === "general" || (maturity === "mature" && level === "mature");
}

export const ADULT_CONFIRMATION_MESSAGE = "Confirm that you are 18 or older to see mature pictures";

export class BrowsingLevelError extends AppError {
  constructor(message: string, field: string) {
    super("invalid_input", message, { fields: { [field]: [message] } });
    this.name = "BrowsingLevelError";
  }
}

/**
 * Sets the person's level. Mature needs `confirmedAdult` (the profile's checkbox); the
 * confirmation is kept as an audit entry with its time, the person as its actor. Going back to
 * general needs nothing. Returns the level now stored.
 */
export async function setBrowsingLevel(
  db: Database,
  person: { userUid: string; email: string },
  input: { level: BrowsingLevel; confirmedAdult: boolean },
): Promise<BrowsingLevel> {
  if (input.level === "mature" && !input.confirmedAdult)
    throw new BrowsingLevelError(ADULT_CONFIRMATION_MESSAGE, "confirmAdult");
  const changed = await inTransaction(db, async (tx) => {
    const [before] = await tx
      .select({ level: user.browsingLevel })
      .from(user)
      .where(eq(user.id, person.userUid))
      .for("update");
    if (!before) throw new AppError("not_found", "That account does not exist.");
    if (browsingLevelOf(before.level) === input.level) return false;
    await tx.update(user).set({ browsingLevel: input.level }).where(eq(user.id, person.userUid));
    await recordAudit(tx, person, {
      action: "account.browsing_level",
      entityType: "user",
      entityId: person.userUid,
      before: { browsingLevel: browsingLevelOf(before.level) },
      after: { browsingLevel: input.level, ...(input.level === "mature" ? { confirmedAdult: true } : {}) },
    });
    return true;
  });
  // This process at once, before the notification's round trip.
  if (changed) announceChange({ kind: "user", userId: person.userUid });
  return input.level;
}

/** The person's level as stored (for the API's token holder, who has no session). */
export async function readBrowsingLevel(db: Database, userId: string): Promise<BrowsingLevel> {
  const [row] = await db.select({ level: user.browsingLevel }).from(user).where(eq(user.id, userId));
  return browsingLevelOf(row?.level);
}

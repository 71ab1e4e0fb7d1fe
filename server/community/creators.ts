/**
 * Creators (issue 30, ADR 0052): every person's handle — made from their name when the account is
 * created, changed on the profile, the old one sending visitors on for 30 days and kept from
 * others meanwhile — their bio, and what a creator page reads: the profile with its counts, their
 * public works newest first. Follows and hidden people are in follows.ts.
 */
import { randomBytes } from "node:crypto";
import { and, count, eq, gt, sql } from "drizzle-orm";
import {
  type CreatorProfile,
  HANDLE_MAX,
  HANDLE_MIN,
  HANDLE_REDIRECT_DAYS,
  RESERVED_HANDLES,
  bioInput,
  handleInput,
} from "../../app/lib/creators";
import type { BrowsingLevel } from "../../app/lib/community-constants";
import type { ArtworkPage } from "../../app/lib/community-views";
import { type Database, inTransaction } from "../db/client";
import { artworks, follows, handleRedirects, user } from "../db/schema";
import { loadMemberBadges } from "../generation/member-perks";
import { CommunityError, listedFor } from "./artwork-rows";
import { listArtworksWhere } from "./artworks";

export const CREATOR_NOT_FOUND = "That creator does not exist.";

const HANDLE_TAKEN = "That handle is taken: choose another";
const HANDLE_HELD = "That handle was someone else's until recently: choose another";

/** A unique-key violation from PostgreSQL or PGlite, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}

/** "Ana María López" → "ana-maria-lopez": the letters of a name a handle may hold, within its length. */
export function handleFromName(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "")
    .replace(/-{2,}/g, "-")
    .slice(0, HANDLE_MAX - 7)
    .replace(/[-_]+$/, "");
  return base.length >= HANDLE_MIN && !RESERVED_HANDLES.has(base) ? base : "";
}

/** Why `handle` cannot be this person's, or null when it can. */
async function handleRefusal(db: Database, handle: string, userId: string): Promise<string | null> {
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.handle, handle));
  if (owner && owner.id !== userId) return HANDLE_TAKEN;
  const [held] = await db
    .select({ userId: handleRedirects.userId })
    .from(handleRedirects)
    .where(and(eq(handleRedirects.handle, handle), gt(handleRedirects.until, new Date())));
  if (held && held.userId !== userId) return HANDLE_HELD;
  return null;
}

/** Whether a new account could take `handle` (the sign-up form asks before the account exists). */
export async function handleAvailable(db: Database, handle: string): Promise<string | null> {
  return handleRefusal(db, handle, "");
}

/**
 * Gives a new account a handle made from its name (or its address's name), with a number or a few
 * letters after it when that is taken. The random default the row was made with stays if every
 * try is taken, which does not happen in practice.
 */
export async function assignHandle(
  db: Database,
  account: { id: string; name: string; email: string },
): Promise<string> {
  const base = handleFromName(account.name) || handleFromName(account.email.split("@")[0] ?? "") || "artist";
  const tries = [base, ...[2, 3, 4, 5].map((n) => `${base}-${n}`), `${base}-${randomBytes(3).toString("hex")}`];
  for (const handle of tries) {
    if (await handleRefusal(db, handle, account.id)) continue;
    try {
      await db.update(user).set({ handle }).where(eq(user.id, account.id));
      return handle;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  const [row] = await db.select({ handle: user.handle }).from(user).where(eq(user.id, account.id));
  return row?.handle ?? "";
}

/**
 * Changes a person's handle. The old one sends visitors to the new one, and no one else may take it,
 * for HANDLE_REDIRECT_DAYS; taking back one's own old handle is allowed at once. A new account's
 * handle chosen at sign-up replaces the one made for it without keeping that (`keepOld: false`).
 */
export async function changeHandle(
  db: Database,
  userId: string,
  input: string,
  { keepOld = true }: { keepOld?: boolean } = {},
): Promise<string> {
  const parsed = handleInput.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "That handle cannot be used";
    throw new CommunityError("invalid_input", message, { handle: [message] });
  }
  const handle = parsed.data;
  try {
    return await inTransaction(db, async (tx) => {
      const [current] = await tx.select({ handle: user.handle }).from(user).where(eq(user.id, userId)).for("update");
      if (!current) throw new CommunityError("not_found", CREATOR_NOT_FOUND);
      if (current.handle === handle) return handle;
      const refusal = await handleRefusal(tx, handle, userId);
      if (refusal) throw new CommunityError("handle_taken", refusal, { handle: [refusal] });
      await tx.update(user).set({ handle }).where(eq(user.id, userId));
      if (!keepOld) return handle;
      const until = new Date(Date.now() + HANDLE_REDIRECT_DAYS * 24 * 3600 * 1000);
      await tx
        .insert(handleRedirects)
        .values({ handle: current.handle, userId, until })
        .onConflictDoUpdate({ target: handleRedirects.handle, set: { userId, until } });
      await tx.delete(handleRedirects).where(eq(handleRedirects.handle, handle));
      return handle;
    });
  } catch (error) {
    // Someone took it between the check and the write.
    if (isUniqueViolation(error)) throw new CommunityError("handle_taken", HANDLE_TAKEN, { handle: [HANDLE_TAKEN] });
    throw error;
  }
}

/** The profile's handle and bio, saved together; the bio is plain text. */
export async function updateCreatorProfile(
  db: Database,
  userId: string,
  input: { handle: string; bio: string },
): Promise<{ handle: string; bio: string }> {
  const bio = bioInput.safeParse(input.bio);
  if (!bio.success) {
    const message = bio.error.issues[0]?.message ?? "That bio cannot be used";
    throw new CommunityError("invalid_input", message, { bio: [message] });
  }
  const handle = await changeHandle(db, userId, input.handle);
  await db.update(user).set({ bio: bio.data }).where(eq(user.id, userId));
  return { handle, bio: bio.data };
}

/** The signed-in person's own handle and bio, for the profile's form. */
export async function getOwnCreatorDetails(db: Database, userId: string): Promise<{ handle: string; bio: string }> {
  const [row] = await db.select({ handle: user.handle, bio: user.bio }).from(user).where(eq(user.id, userId));
  return row ?? { handle: "", bio: "" };
}

export interface CreatorRow {
  id: string;
  handle: string;
  name: string;
  image: string | null;
  bio: string;
  createdAt: Date;
}

/**
 * The creator a handle names: theirs now, or an old one of theirs that still sends visitors on
 * (`movedTo`). Banned accounts have no page.
 */
export async function findCreator(
  db: Database,
  rawHandle: string,
): Promise<{ creator: CreatorRow } | { movedTo: string } | null> {
  const handle = rawHandle.replace(/^@/, "").toLowerCase();
  if (handle.length < HANDLE_MIN || handle.length > HANDLE_MAX || !/^[a-z0-9_-]+$/.test(handle)) return null;
  const [row] = await db
    .select({
      id: user.id,
      handle: user.handle,
      name: user.name,
      image: user.image,
      bio: user.bio,
      createdAt: user.createdAt,
      banned: user.banned,
    })
    .from(user)
    .where(eq(user.handle, handle));
  if (row) {
    if (row.banned) return null;
    const { banned: _banned, ...creator } = row;
    return { creator };
  }
  const [moved] = await db
    .select({ handle: user.handle, banned: user.banned })
    .from(handleRedirects)
    .innerJoin(user, eq(user.id, handleRedirects.userId))
    .where(and(eq(handleRedirects.handle, handle), gt(handleRedirects.until, new Date())));
  return moved && !moved.banned ? { movedTo: moved.handle } : null;
}

/** The creator a handle names now or named until recently; a refusal when there is none (for the APIs). */
export async function requireCreator(db: Database, handle: string): Promise<CreatorRow> {
  let found = await findCreator(db, handle);
  if (found && "movedTo" in found) found = await findCreator(db, found.movedTo);
  if (!found || !("creator" in found)) throw new CommunityError("not_found", CREATOR_NOT_FOUND);
  return found.creator;
}

/** A creator's page header: who they are and their counts (of the works `level` may see). */
export async function getCreatorProfile(
  db: Database,
  creator: CreatorRow,
  level: BrowsingLevel = "general",
): Promise<CreatorProfile> {
  const [[works], [followers], [following], badges] = await Promise.all([
    db
      .select({ n: count(), likes: sql<number>`coalesce(sum(${artworks.likes}), 0)::int` })
      .from(artworks)
      .where(and(listedFor(level), eq(artworks.userId, creator.id))),
    db.select({ n: count() }).from(follows).where(eq(follows.followedId, creator.id)),
    db.select({ n: count() }).from(follows).where(eq(follows.followerId, creator.id)),
    loadMemberBadges(db, [creator.id]),
  ]);
  return {
    id: creator.id,
    handle: creator.handle,
    name: creator.name,
    image: creator.image,
    bio: creator.bio,
    badge: badges.get(creator.id) ?? null,
    joinedAt: creator.createdAt.toISOString(),
    counts: {
      works: Number(works?.n ?? 0),
      likes: Number(works?.likes ?? 0),
      followers: Number(followers?.n ?? 0),
      following: Number(following?.n ?? 0),
    },
  };
}

/** A creator's public works of the ratings `level` may see, newest first, a page at a time (keyset, as the community list). */
export function listCreatorArtworks(
  db: Database,
  creatorId: string,
  query: { cursor?: string | null; limit?: number },
  level: BrowsingLevel = "general",
): Promise<ArtworkPage> {
  return listArtworksWhere(
    db,
    [eq(artworks.userId, creatorId)],
    { cursor: query.cursor ?? undefined, limit: query.limit ?? 24, sort: "newest" },
    level,
  );
}

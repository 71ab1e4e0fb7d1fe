/**
 * Follows, the Following feed and hidden people (issue 30, ADR 0052). Following is one row per
 * pair; saying it twice changes nothing. Hiding a person ends the follows between the two both
 * ways, keeps them from following again, and keeps their follows from reaching the person who hid
 * them. Lists of people and the feed are keyset-paginated, so new rows never make a page repeat or
 * skip what the last one showed.
 */
import { and, count, desc, eq, exists, or, sql, type SQL } from "drizzle-orm";
import type { FollowState, PeoplePage, PersonCard, ViewerRelation } from "../../app/lib/creators";
import type { BrowsingLevel } from "../../app/lib/community-constants";
import type { ArtworkPage } from "../../app/lib/community-views";
import { type Database, inTransaction } from "../db/client";
import { artworks, follows, hiddenPeople, user } from "../db/schema";
import { addGroupedNotification } from "../notify/notifications";
import { CommunityError } from "./artwork-rows";
import { listArtworksWhere } from "./artworks";
import { CREATOR_NOT_FOUND } from "./creators";

const PEOPLE_PAGE = 24;

async function followerCount(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followedId, userId));
  return Number(row?.n ?? 0);
}

/** Whether `userId` has hidden `otherId`. */
async function hasHidden(db: Database, userId: string, otherId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: hiddenPeople.createdAt })
    .from(hiddenPeople)
    .where(and(eq(hiddenPeople.userId, userId), eq(hiddenPeople.hiddenId, otherId)));
  return Boolean(row);
}

/**
 * Follows a creator. Refused for oneself, for a banned account, and when either has hidden the
 * other. The creator hears of it once per new follow, gathered while unread, unless they muted follows.
 */
export async function followCreator(db: Database, followerId: string, followedId: string): Promise<FollowState> {
  if (followerId === followedId) throw new CommunityError("own_account", "You cannot follow yourself.");
  const made = await inTransaction(db, async (tx) => {
    const [target] = await tx
      .select({ banned: user.banned, notify: user.notifyFollows })
      .from(user)
      .where(eq(user.id, followedId))
      .for("key share");
    if (!target || target.banned) throw new CommunityError("not_found", CREATOR_NOT_FOUND);
    if (await hasHidden(tx, followedId, followerId))
      throw new CommunityError("forbidden", "This creator does not take follows from you.");
    if (await hasHidden(tx, followerId, followedId))
      throw new CommunityError("forbidden", "You hid this creator: show them again to follow them.");
    const rows = await tx
      .insert(follows)
      .values({ followerId, followedId, createdAt: new Date() })
      .onConflictDoNothing()
      .returning({ at: follows.createdAt });
    // The followed person hears of it unless they muted follows.
    return rows.length > 0 && target.notify;
  });
  if (made) {
    const [follower] = await db.select({ name: user.name }).from(user).where(eq(user.id, followerId));
    await addGroupedNotification(db, followedId, {
      groupKey: "follow",
      title: "New followers",
      actor: follower?.name ?? "Someone",
      action: "followed you",
    });
  }
  return { following: true, followers: await followerCount(db, followedId) };
}

export async function unfollowCreator(db: Database, followerId: string, followedId: string): Promise<FollowState> {
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)));
  return { following: false, followers: await followerCount(db, followedId) };
}

/** Hides a person from `userId`: the follows between them end both ways, and they cannot follow again. */
export async function hideCreator(db: Database, userId: string, hiddenId: string): Promise<void> {
  if (userId === hiddenId) throw new CommunityError("own_account", "You cannot hide yourself.");
  await inTransaction(db, async (tx) => {
    const [target] = await tx.select({ id: user.id }).from(user).where(eq(user.id, hiddenId));
    if (!target) throw new CommunityError("not_found", CREATOR_NOT_FOUND);
    await tx.insert(hiddenPeople).values({ userId, hiddenId }).onConflictDoNothing();
    await tx
      .delete(follows)
      .where(
        or(
          and(eq(follows.followerId, userId), eq(follows.followedId, hiddenId)),
          and(eq(follows.followerId, hiddenId), eq(follows.followedId, userId)),
        ),
      );
  });
}

export async function unhideCreator(db: Database, userId: string, hiddenId: string): Promise<void> {
  await db.delete(hiddenPeople).where(and(eq(hiddenPeople.userId, userId), eq(hiddenPeople.hiddenId, hiddenId)));
}

/** The signed-in viewer's relation to a creator, for the follow button. */
export async function viewerRelation(db: Database, viewerId: string, creatorId: string): Promise<ViewerRelation> {
  if (viewerId === creatorId) return { following: false, hidden: false, self: true };
  const [[followRow], hidden] = await Promise.all([
    db
      .select({ at: follows.createdAt })
      .from(follows)
      .where(and(eq(follows.followerId, viewerId), eq(follows.followedId, creatorId))),
    hasHidden(db, viewerId, creatorId),
  ]);
  return { following: Boolean(followRow), hidden, self: false };
}

/** The people a person has hidden, most recent first (the profile lists them to show them again). */
export async function listHiddenPeople(db: Database, userId: string, limit = 200): Promise<PersonCard[]> {
  return db
    .select({ id: user.id, handle: user.handle, name: user.name, image: user.image, bio: user.bio })
    .from(hiddenPeople)
    .innerJoin(user, eq(user.id, hiddenPeople.hiddenId))
    .where(eq(hiddenPeople.userId, userId))
    .orderBy(desc(hiddenPeople.createdAt))
    .limit(limit);
}

/**
 * The ids of the people a person hid (at most 500): pages rendered once for everyone leave their
 * works out in the browser, from the person's values (server/viewer.ts).
 */
export async function listHiddenIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: hiddenPeople.hiddenId })
    .from(hiddenPeople)
    .where(eq(hiddenPeople.userId, userId))
    .limit(500);
  return rows.map((r) => r.id);
}

/** Works of the people `viewerId` follows, of the ratings `level` may see, newest first (keyset on publication time and id). */
export function listFollowingFeed(
  db: Database,
  viewerId: string,
  query: { cursor?: string | null; limit?: number },
  level: BrowsingLevel = "general",
): Promise<ArtworkPage> {
  const followed = exists(
    db
      .select({ one: sql`1` })
      .from(follows)
      .where(and(eq(follows.followerId, viewerId), eq(follows.followedId, artworks.userId))),
  );
  return listArtworksWhere(
    db,
    [followed],
    { cursor: query.cursor ?? undefined, limit: query.limit ?? 24, sort: "newest" },
    level,
  );
}

/**
 * A creator's followers (`direction: "followers"`) or the people they follow, most recent first.
 * Banned accounts are left out. The cursor is the follow's time and the other person's id.
 */
export async function listPeople(
  db: Database,
  creatorId: string,
  direction: "followers" | "following",
  cursor: string | null | undefined,
): Promise<PeoplePage> {
  const mine = direction === "followers" ? follows.followedId : follows.followerId;
  const other = direction === "followers" ? follows.followerId : follows.followedId;
  const conditions: SQL[] = [eq(mine, creatorId), eq(user.banned, false)];
  const after = decodePeopleCursor(cursor);
  if (after) conditions.push(sql`(${follows.createdAt}, ${other}) < (${after.at}::timestamptz, ${after.id})`);
  const rows = await db
    .select({
      id: user.id,
      handle: user.handle,
      name: user.name,
      image: user.image,
      bio: user.bio,
      at: follows.createdAt,
    })
    .from(follows)
    .innerJoin(user, eq(user.id, other))
    .where(and(...conditions))
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(PEOPLE_PAGE + 1);
  const page = rows.slice(0, PEOPLE_PAGE);
  const last = page.at(-1);
  return {
    items: page.map(({ at: _at, ...person }) => person),
    nextCursor:
      rows.length > PEOPLE_PAGE && last
        ? Buffer.from(`${last.at.toISOString()}|${last.id}`).toString("base64url")
        : null,
  };
}

function decodePeopleCursor(cursor: string | null | undefined): { at: string; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("|");
  if (!at || !id || Number.isNaN(new Date(at).getTime())) return null;
  return { at, id };
}

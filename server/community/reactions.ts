/**
 * Reactions and reports. Counters change in the transaction that locks the artwork row, so racing
 * reactions stay exact; like milestones notify the creator once each.
 */
import { and, eq, sql } from "drizzle-orm";
import { type Database, inTransaction } from "../db/client";
import { artworkReactions, artworkReports, artworks, type ReactionValue } from "../db/schema";
import { addNotification } from "../notify/notifications";
import { CommunityError, NOT_FOUND, findVisibleArtwork } from "./artwork-rows";
import { isUuid } from "../db/ids";
import { refreshTrendingScores } from "./trending";

/** Like counts the creator hears about, once each. */
export const LIKE_MILESTONES = [10, 50, 100, 500, 1000] as const;

export interface ReactionCounts {
  likes: number;
  dislikes: number;
  myReaction: ReactionValue | null;
}

/**
 * Sets, switches or removes the user's reaction. The artwork row is locked for the whole
 * transaction, so the counters move by exact deltas however many people react at once.
 */
export async function setReaction(
  db: Database,
  userId: string,
  id: string,
  value: ReactionValue | null,
): Promise<ReactionCounts> {
  if (!isUuid(id)) throw new CommunityError("not_found", NOT_FOUND);
  const milestone = await inTransaction(db, async (tx) => {
    const [artwork] = await tx
      .select({
        id: artworks.id,
        userId: artworks.userId,
        title: artworks.title,
        likeMilestone: artworks.likeMilestone,
        likes: artworks.likes,
        dislikes: artworks.dislikes,
      })
      .from(artworks)
      .where(and(eq(artworks.id, id), eq(artworks.status, "published")))
      .for("update");
    if (!artwork) throw new CommunityError("not_found", NOT_FOUND);
    const [existing] = await tx
      .select({ value: artworkReactions.value })
      .from(artworkReactions)
      .where(and(eq(artworkReactions.artworkId, id), eq(artworkReactions.userId, userId)));
    const before = existing?.value ?? null;
    if (before === value)
      return { counts: { likes: artwork.likes, dislikes: artwork.dislikes, myReaction: value }, notify: null };
    const now = new Date();
    if (value === null) {
      await tx
        .delete(artworkReactions)
        .where(and(eq(artworkReactions.artworkId, id), eq(artworkReactions.userId, userId)));
    } else {
      await tx
        .insert(artworkReactions)
        .values({ artworkId: id, userId, value, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [artworkReactions.artworkId, artworkReactions.userId],
          set: { value, updatedAt: now },
        });
    }
    const likeDelta = (value === "like" ? 1 : 0) - (before === "like" ? 1 : 0);
    const dislikeDelta = (value === "dislike" ? 1 : 0) - (before === "dislike" ? 1 : 0);
    const [counts] = await tx
      .update(artworks)
      .set({ likes: sql`${artworks.likes} + ${likeDelta}`, dislikes: sql`${artworks.dislikes} + ${dislikeDelta}` })
      .where(eq(artworks.id, id))
      .returning({ likes: artworks.likes, dislikes: artworks.dislikes });
    await refreshTrendingScores(tx, { artworkId: id, now });
    // A milestone is recorded with the counts, so each one is announced once.
    const reached = [...LIKE_MILESTONES].reverse().find((m) => counts!.likes >= m && m > artwork.likeMilestone);
    if (reached) await tx.update(artworks).set({ likeMilestone: reached }).where(eq(artworks.id, id));
    return {
      counts: { likes: counts!.likes, dislikes: counts!.dislikes, myReaction: value },
      notify: reached ? { creatorId: artwork.userId, title: artwork.title, likes: reached } : null,
    };
  });
  if (milestone.notify) {
    const { creatorId, title, likes } = milestone.notify;
    await addNotification(db, creatorId, {
      status: "success",
      title: `${likes} likes!`,
      message: `Your artwork “${title}” passed ${likes} likes.`,
    }).catch(() => undefined); // logged by addNotification; the milestone stays recorded
  }
  return milestone.counts;
}

export async function reportArtwork(
  db: Database,
  userId: string,
  id: string,
  input: { reason: string; details: string },
): Promise<{ id: string }> {
  const artwork = await findVisibleArtwork(db, id, userId);
  if (!artwork) throw new CommunityError("not_found", NOT_FOUND);
  if (artwork.userId === userId) throw new CommunityError("own_artwork", "You cannot report your own artwork.");
  const [row] = await db
    .insert(artworkReports)
    .values({ artworkId: artwork.id, reporterId: userId, reason: input.reason, details: input.details, status: "open" })
    .onConflictDoNothing()
    .returning({ id: artworkReports.id });
  if (!row)
    throw new CommunityError(
      "already_reported",
      "You have reported this artwork already; the moderators will look at it.",
    );
  return row;
}

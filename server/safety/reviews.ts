/**
 * Opening reviews of the admins' queue from other domains (issue 40): a generation the safety check
 * held. Listing and deciding live with the community's moderation (server/community/picture-reviews.ts),
 * which may change artworks and history pictures; this domain imports none of them.
 */
import type { Database } from "../db/client";
import { pictureReviews } from "../db/schema";

/** Puts an artwork the background screening rated explicit in the admins' queue, once. */
export async function openRatedReview(db: Database, rated: { artworkId: string; userId: string }): Promise<void> {
  await db
    .insert(pictureReviews)
    .values({ kind: "rated", userId: rated.userId, artworkId: rated.artworkId, maturity: "explicit" })
    .onConflictDoNothing();
}

/** Puts a held generation in the admins' queue, once however often it is called. */
export async function openHeldReview(db: Database, held: { generationId: string; userId: string }): Promise<void> {
  await db
    .insert(pictureReviews)
    .values({ kind: "held", userId: held.userId, generationId: held.generationId, maturity: "explicit" })
    .onConflictDoNothing();
}

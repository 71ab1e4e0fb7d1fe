/**
 * The admins' review queue (issue 40, ADR 0059), beside the reports of moderation.ts:
 * - held generations (the safety check rated a result explicit: refunded, not shown);
 * - creators' requests to look again at an artwork's rating — one per artwork, with a reason;
 * - artworks published before screening that the background screening rated explicit.
 * An admin confirms the rating, changes it, or removes the picture; every decision is audited and
 * told to the creator. A held picture released by a review goes to its maker's history (its tokens
 * stay refunded: the mistake was ours).
 */
import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import type { reviewRequestInput } from "../../app/lib/community";
import { AppError } from "../app-error";
import { type Actor, recordAudit } from "../audit/audit";
import { type Database, inTransaction } from "../db/client";
import { isUuid } from "../db/ids";
import {
  artworks,
  generationImages,
  generations,
  type Maturity,
  pictureReviews,
  type ReviewKind,
  user,
} from "../db/schema";
import { logger } from "../logger";
import { addNotification } from "../notify/notifications";
import { fileUrl } from "../storage/file-url";
import { getStorage, userFileKey } from "../storage/storage";
import { clearListCache } from "./list-cache";

export const reviewDecisionInput = z
  .object({
    reviewId: z.uuid({ error: "Choose a review" }),
    decision: z.enum(["confirm", "general", "mature", "remove"], { error: "Choose a decision" }),
    note: z.string().trim().max(500, "Keep the note under 500 characters").default(""),
  })
  .refine((v) => v.decision !== "remove" || v.note.length >= 3, {
    path: ["note"],
    message: "Tell the creator why (at least 3 characters)",
  });
export type ReviewDecisionInput = z.output<typeof reviewDecisionInput>;

export class ReviewError extends AppError {}

/** The creator asks for a second look at the rating of their own mature artwork. */
export async function requestArtworkReview(
  db: Database,
  userId: string,
  artworkId: string,
  input: z.output<typeof reviewRequestInput>,
): Promise<void> {
  const [artwork] = isUuid(artworkId)
    ? await db
        .select({ id: artworks.id, maturity: artworks.maturity, status: artworks.status })
        .from(artworks)
        .where(and(eq(artworks.id, artworkId), eq(artworks.userId, userId)))
    : [];
  if (!artwork || artwork.status === "removed") throw new ReviewError("not_found", "That artwork does not exist.");
  if (artwork.maturity === "general")
    throw new ReviewError("invalid_input", "This artwork is rated general: there is nothing to review.");
  const [opened] = await db
    .insert(pictureReviews)
    .values({ kind: "dispute", userId, artworkId, maturity: artwork.maturity, reason: input.reason })
    .onConflictDoNothing()
    .returning({ id: pictureReviews.id });
  if (!opened)
    throw new ReviewError("already_reported", "You already asked for a review of this picture.", {
      fields: { reason: ["You already asked for a review of this picture."] },
    });
}

/** Where a creator's request stands, for the artwork page: none, waiting, or the answer. */
export async function findArtworkReview(db: Database, artworkId: string) {
  const [row] = await db
    .select({
      decision: pictureReviews.decision,
      decidedMaturity: pictureReviews.decidedMaturity,
      note: pictureReviews.note,
      createdAt: pictureReviews.createdAt,
    })
    .from(pictureReviews)
    .where(and(eq(pictureReviews.artworkId, artworkId), eq(pictureReviews.kind, "dispute")));
  return row ?? null;
}

export interface OpenReview {
  id: string;
  kind: ReviewKind;
  createdAt: string;
  creator: { id: string; name: string; email: string; explicitUploads: number };
  maturity: Maturity;
  reason: string;
  /** Held: the generation's prompt; dispute: the artwork's title. */
  title: string;
  prompt: string;
  /** Pictures to judge (held files open to admins only). */
  pictures: { url: string; width: number; height: number }[];
  artworkId: string | null;
  generationId: string | null;
}

/** The open reviews, oldest first, with what an admin needs to judge each. */
export async function listOpenReviews(db: Database, limit = 50): Promise<OpenReview[]> {
  const rows = await db
    .select({
      review: pictureReviews,
      creatorName: user.name,
      creatorEmail: user.email,
      explicitUploads: user.explicitUploads,
      artworkTitle: artworks.title,
      artworkPrompt: artworks.prompt,
      artworkKey: artworks.thumbKey,
      artworkWidth: artworks.width,
      artworkHeight: artworks.height,
      generationPrompt: generations.prompt,
    })
    .from(pictureReviews)
    .innerJoin(user, eq(user.id, pictureReviews.userId))
    .leftJoin(artworks, eq(artworks.id, pictureReviews.artworkId))
    .leftJoin(generations, eq(generations.id, pictureReviews.generationId))
    .where(isNull(pictureReviews.decision))
    .orderBy(asc(pictureReviews.createdAt))
    .limit(limit);
  const heldIds = rows.flatMap((r) =>
    r.review.generationId && r.review.kind === "held" ? [r.review.generationId] : [],
  );
  const images =
    heldIds.length === 0
      ? []
      : await db
          .select()
          .from(generationImages)
          .where(inArray(generationImages.generationId, heldIds))
          .orderBy(asc(generationImages.index));
  return rows.map(({ review, ...r }) => ({
    id: review.id,
    kind: review.kind,
    createdAt: review.createdAt.toISOString(),
    creator: { id: review.userId, name: r.creatorName, email: r.creatorEmail, explicitUploads: r.explicitUploads },
    maturity: review.maturity,
    reason: review.reason,
    title: review.kind === "held" ? "Held result" : (r.artworkTitle ?? "(gone)"),
    prompt: (review.kind === "held" ? r.generationPrompt : r.artworkPrompt) ?? "",
    pictures:
      review.kind === "held"
        ? images
            .filter((i) => i.generationId === review.generationId)
            .map((i) => ({ url: fileUrl(i.thumbKey), width: i.width, height: i.height }))
        : r.artworkKey
          ? [{ url: fileUrl(r.artworkKey), width: r.artworkWidth ?? 0, height: r.artworkHeight ?? 0 }]
          : [],
    artworkId: review.artworkId,
    generationId: review.generationId,
  }));
}

export async function countOpenReviews(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pictureReviews).where(isNull(pictureReviews.decision));
  return row?.n ?? 0;
}

const RATING_WORDS: Record<Maturity, string> = { general: "general", mature: "mature", explicit: "explicit" };

/** An admin's decision on one open review: audited, and told to the creator. */
export async function decideReview(
  db: Database,
  actor: Actor,
  input: ReviewDecisionInput,
): Promise<{ message: string }> {
  const filesToDelete: string[] = [];
  const filesToMove: { from: string; to: string }[] = [];
  const outcome = await inTransaction(db, async (tx) => {
    const [review] = await tx.select().from(pictureReviews).where(eq(pictureReviews.id, input.reviewId)).for("update");
    if (!review) throw new ReviewError("not_found", "That review does not exist.");
    if (review.decision) throw new ReviewError("already_finished", "This review was already decided.");
    const decidedMaturity: Maturity | null =
      input.decision === "remove" ? null : input.decision === "confirm" ? review.maturity : input.decision;
    const decision =
      input.decision === "remove" ? "removed" : decidedMaturity === review.maturity ? "confirmed" : "changed";
    let notice: { title: string; message: string };
    if (review.kind === "held") {
      const images = await tx
        .select()
        .from(generationImages)
        .where(eq(generationImages.generationId, review.generationId!));
      if (decidedMaturity === "general" || decidedMaturity === "mature") {
        // Released: the pictures go to their maker's history, rated as decided.
        for (const image of images) {
          const key = userFileKey(review.userId, "generations", extensionOf(image.key));
          const thumbKey = image.thumbKey === image.key ? key : userFileKey(review.userId, "generations", "webp");
          filesToMove.push({ from: image.key, to: key });
          if (thumbKey !== key) filesToMove.push({ from: image.thumbKey, to: thumbKey });
          await tx
            .update(generationImages)
            .set({ key, thumbKey, maturity: decidedMaturity })
            .where(eq(generationImages.id, image.id));
        }
        await tx
          .update(generations)
          .set({ status: "succeeded", error: null, stage: "Done", heldAt: null })
          .where(eq(generations.id, review.generationId!));
        notice = {
          title: "Your held picture was released",
          message: `An admin looked at the picture our safety check held and rated it ${RATING_WORDS[decidedMaturity]}. It is in your history now, and your tokens stay refunded.${input.note ? ` ${input.note}` : ""}`,
        };
      } else {
        // Kept from everyone: the files go; the generation stays failed and refunded.
        for (const image of images) filesToDelete.push(image.key, image.thumbKey);
        await tx.delete(generationImages).where(eq(generationImages.generationId, review.generationId!));
        notice = {
          title: "Your held picture stays held",
          message: `An admin looked at the picture our safety check held and agreed it can't be shown on Atelier. It was deleted; your tokens were refunded.${input.note ? ` ${input.note}` : ""}`,
        };
      }
    } else {
      const [artwork] = await tx.select().from(artworks).where(eq(artworks.id, review.artworkId!)).for("update");
      if (!artwork) throw new ReviewError("not_found", "That artwork does not exist any more.");
      if (decidedMaturity === null || decidedMaturity === "explicit") {
        await tx
          .update(artworks)
          .set({ status: "removed", featuredAt: null, ...(decidedMaturity ? { maturity: decidedMaturity } : {}) })
          .where(eq(artworks.id, artwork.id));
        notice = {
          title: "Your artwork was removed",
          message: `An admin looked at the rating of “${artwork.title}” and removed it from the community.${input.note ? ` ${input.note}` : ""}`,
        };
      } else {
        await tx
          .update(artworks)
          .set({ maturity: decidedMaturity, markedMature: decidedMaturity === "mature" && artwork.markedMature })
          .where(eq(artworks.id, artwork.id));
        notice =
          decision === "confirmed"
            ? {
                title: "Your review was answered",
                message: `An admin looked at “${artwork.title}” again and kept its rating: ${RATING_WORDS[decidedMaturity]}.${input.note ? ` ${input.note}` : ""}`,
              }
            : {
                title: "Your artwork's rating changed",
                message: `An admin looked at “${artwork.title}” again: it is rated ${RATING_WORDS[decidedMaturity]} now.${input.note ? ` ${input.note}` : ""}`,
              };
      }
    }
    await tx
      .update(pictureReviews)
      .set({ decision, decidedMaturity, note: input.note, decidedBy: actor.userUid, decidedAt: new Date() })
      .where(eq(pictureReviews.id, review.id));
    await recordAudit(tx, actor, {
      action: `review.${decision}`,
      entityType: "review",
      entityId: review.id,
      before: { kind: review.kind, maturity: review.maturity },
      after: { decision, maturity: decidedMaturity, note: input.note },
    });
    return { review, notice, decision };
  });
  // Files after the commit: a copy that fails leaves the old one, which the row no longer names.
  const storage = getStorage();
  for (const { from, to } of filesToMove) {
    const file = await storage.get(from);
    if (file) await storage.put(to, file.bytes, file.contentType);
  }
  await Promise.all([...filesToMove.map((m) => m.from), ...filesToDelete].map((key) => storage.delete(key))).catch(
    (err: unknown) => logger.warn({ err, reviewId: outcome.review.id }, "could not remove a reviewed picture's files"),
  );
  clearListCache();
  await addNotification(db, outcome.review.userId, { status: "info", ...outcome.notice });
  return {
    message:
      outcome.decision === "removed"
        ? "Removed. The creator was told."
        : outcome.decision === "confirmed"
          ? "Rating confirmed. The creator was told."
          : "Rating changed. The creator was told.",
  };
}

function extensionOf(key: string): string {
  const m = /\.([a-z0-9]{1,5})$/i.exec(key);
  return m ? m[1]!.toLowerCase() : "png";
}

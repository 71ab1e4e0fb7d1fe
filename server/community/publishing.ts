/** Publishing one image of a generation to the community, editing it, and taking it out. */
import { and, eq, ne } from "drizzle-orm";
import type { ArtworkInput, PublishInput } from "../../app/lib/community";
import type { ArtworkView } from "../../app/lib/community-views";
import type { Database } from "../db/client";
import { artworks, generationImages, generations } from "../db/schema";
import { logger } from "../logger";
import { getStorage, userFileKey } from "../storage/storage";
import { clearListCache } from "./list-cache";
import { blockedTermMessage, checkBlockedTerms, loadBlockedTerms } from "../safety/word-filter";
import { CommunityError, NOT_FOUND } from "./artwork-rows";
import { getArtworkView } from "./artworks";
import { isUuid } from "../db/ids";
import type { Maturity } from "../db/schema";
import { isMaturePrompt, refuseForbiddenCombination } from "../safety/prompt-terms";
import { ratePicture } from "../safety/screenings";
import { higherMaturity } from "../safety/thresholds";

export async function publishArtwork(db: Database, userId: string, input: PublishInput): Promise<ArtworkView> {
  const [generation] = isUuid(input.generationId)
    ? await db
        .select()
        .from(generations)
        .where(and(eq(generations.id, input.generationId), eq(generations.userId, userId)))
    : [];
  if (!generation)
    throw new CommunityError("not_found", "That picture does not exist.", {
      generationId: ["That picture does not exist."],
    });
  if (generation.status !== "succeeded") {
    const message = "Only finished pictures can be published.";
    throw new CommunityError("not_finished", message, { generationId: [message] });
  }
  const [image] = await db
    .select()
    .from(generationImages)
    .where(and(eq(generationImages.generationId, generation.id), eq(generationImages.index, input.imageIndex)));
  if (!image)
    throw new CommunityError("invalid_input", "That picture has no image at this position.", {
      imageIndex: ["Choose one of the pictures"],
    });
  await refuseBlockedTerms(db, input, generation.prompt);

  // The artwork keeps its own copies, so deleting the generation leaves it intact.
  const storage = getStorage();
  const [file, thumb] = await Promise.all([storage.get(image.key), storage.get(image.thumbKey)]);
  if (!file || !thumb) throw new CommunityError("file_missing", "That picture's file is no longer on the server.");
  // Screened again as it is published (ADR 0059): free for a picture screened as it was made (the
  // same bytes), and the check for one made before screening existed.
  const strict = await isMaturePrompt(db, generation.prompt);
  const rated = await ratePicture(db, file.bytes, { strict }).catch((error: unknown) => {
    logger.warn({ err: error, generationId: generation.id }, "a picture could not be screened for publishing");
    throw new CommunityError(
      "screening_failed",
      "We could not check this picture, so it can't be published. Try again later.",
    );
  });
  const maturity = higherMaturity(
    higherMaturity(rated.maturity, image.maturity ?? "general"),
    input.mature ? "mature" : "general",
  );
  refuseUnmarkedMaturity(maturity, input.mature);
  const key = userFileKey(userId, "artworks", extensionOf(image.key, "png"));
  const thumbKey = userFileKey(userId, "artworks", extensionOf(image.thumbKey, "webp"));
  await storage.put(key, file.bytes, file.contentType);
  await storage.put(thumbKey, thumb.bytes, thumb.contentType);
  const now = new Date();
  let id: string;
  try {
    const [row] = await db
      .insert(artworks)
      .values({
        userId,
        generationId: generation.id,
        imageIndex: image.index,
        title: input.title,
        description: input.description,
        tags: input.tags,
        showPrompt: input.showPrompt,
        prompt: generation.prompt,
        negativePrompt: generation.negativePrompt,
        mode: generation.mode,
        style: generation.style,
        aspectRatio: generation.aspectRatio,
        size: generation.size,
        seed: image.seed ?? generation.seed,
        strength: generation.strength,
        christmas: generation.christmas,
        engineLabel: generation.engineLabel,
        key,
        thumbKey,
        placeholder: image.placeholder,
        mime: image.mime,
        width: image.width,
        height: image.height,
        visibility: input.visibility,
        maturity,
        markedMature: input.mature,
        sha256: rated.sha256,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: artworks.id });
    id = row!.id;
    clearListCache();
  } catch (error) {
    await Promise.all([storage.delete(key), storage.delete(thumbKey)]).catch(() => undefined);
    throw error;
  }
  const view = await getArtworkView(db, id, userId);
  return view!;
}

/** Edits the creator's own artwork (another user's id looks exactly like a missing one). */
export async function updateArtwork(
  db: Database,
  userId: string,
  id: string,
  input: ArtworkInput,
): Promise<ArtworkView> {
  if (!isUuid(id)) throw new CommunityError("not_found", NOT_FOUND);
  const [current] = await db
    .select({ prompt: artworks.prompt, maturity: artworks.maturity })
    .from(artworks)
    .where(and(eq(artworks.id, id), eq(artworks.userId, userId), ne(artworks.status, "removed")));
  if (!current) throw new CommunityError("not_found", NOT_FOUND);
  await refuseBlockedTerms(db, input, current.prompt);
  // A rating goes up on the creator's word, down only on review.
  const maturity = higherMaturity(current.maturity, input.mature ? "mature" : "general");
  refuseUnmarkedMaturity(maturity, input.mature);
  const [row] = await db
    .update(artworks)
    .set({
      title: input.title,
      description: input.description,
      tags: input.tags,
      showPrompt: input.showPrompt,
      visibility: input.visibility,
      maturity,
      markedMature: input.mature,
      updatedAt: new Date(),
    })
    .where(and(eq(artworks.id, id), eq(artworks.userId, userId), ne(artworks.status, "removed")))
    .returning({ id: artworks.id });
  if (!row) throw new CommunityError("not_found", NOT_FOUND);
  clearListCache();
  return (await getArtworkView(db, id, userId))!;
}

/** Removes the creator's own published artwork with its files, reactions, downloads and reports. */
export async function unpublishArtwork(db: Database, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db
    .delete(artworks)
    .where(and(eq(artworks.id, id), eq(artworks.userId, userId), eq(artworks.status, "published")))
    .returning({ key: artworks.key, thumbKey: artworks.thumbKey });
  if (!row) {
    // A hidden or removed artwork stays with its reports until moderators have decided.
    const [held] = await db
      .select({ status: artworks.status })
      .from(artworks)
      .where(and(eq(artworks.id, id), eq(artworks.userId, userId)));
    if (held)
      throw new CommunityError(
        "under_review",
        "This artwork is with our moderators, so it cannot be deleted until they have decided.",
      );
    return false;
  }
  clearListCache();
  const storage = getStorage();
  await Promise.all([storage.delete(row.key), storage.delete(row.thumbKey)]).catch((err: unknown) =>
    logger.warn({ err, artworkId: id }, "removing an unpublished artwork's files failed"),
  );
  return true;
}

/** Said beside the Mature box when the picture's rating needs it ticked. */
export const MARK_MATURE_MESSAGE =
  "This picture is rated mature, so it can be published only as mature. Tick “Mature”, or ask for a review of its rating.";
export const EXPLICIT_ARTWORK_MESSAGE =
  "Our safety check rated this picture explicit, so it can't be published on Atelier.";

/** A mature picture is published only when its creator marks it so; an explicit one never. */
function refuseUnmarkedMaturity(maturity: Maturity, marked: boolean): void {
  if (maturity === "explicit") throw new CommunityError("content_moderation", EXPLICIT_ARTWORK_MESSAGE);
  if (maturity === "mature" && !marked)
    throw new CommunityError("content_moderation", MARK_MATURE_MESSAGE, { mature: [MARK_MATURE_MESSAGE] });
}

async function refuseBlockedTerms(db: Database, input: ArtworkInput, prompt: string): Promise<void> {
  const shared = {
    title: input.title,
    description: input.description,
    tags: input.tags,
    ...(input.showPrompt ? { prompt } : {}),
  };
  refuseForbiddenCombination(shared);
  const terms = await loadBlockedTerms(db);
  const found = checkBlockedTerms(
    { title: input.title, description: input.description, tags: input.tags, ...(input.showPrompt ? { prompt } : {}) },
    terms,
  );
  const entries = Object.entries(found);
  if (entries.length === 0) return;
  const fields = Object.fromEntries(entries.map(([field, term]) => [field, [blockedTermMessage(term)]]));
  throw new CommunityError("blocked_term", blockedTermMessage(entries[0]![1]), fields);
}

function extensionOf(key: string, fallback: string): string {
  const m = /\.([a-z0-9]{1,5})$/i.exec(key);
  return m ? m[1]!.toLowerCase() : fallback;
}

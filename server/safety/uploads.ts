/**
 * Uploads that could be seen by someone else — image to art's source, the editor's picture,
 * avatars, product and slideshow pictures — are screened before they are stored or charged
 * (issue 40, ADR 0059). An explicit one is refused next to its field with a message that says what
 * happened without repeating anything back; each refusal is counted on the account, and an
 * account that keeps trying is flagged for the admins.
 */
import { eq, sql } from "drizzle-orm";
import { AppError } from "../app-error";
import type { Database } from "../db/client";
import { user } from "../db/schema";
import { logger } from "../logger";
import { type RatedPicture, ratePicture } from "./screenings";

export const EXPLICIT_UPLOAD_MESSAGE =
  "This picture can't be used here: our safety check rated it explicit. Choose another picture. Nothing was charged.";

/** Avatars and site pictures are seen by everyone, visitors included: they must be general. */
export const MATURE_UPLOAD_MESSAGE =
  "This picture can't be used here: everyone sees it, and our safety check rated it mature. Choose another picture.";

export class PictureSafetyError extends AppError {
  constructor(
    code: "explicit_picture" | "mature_picture" | "screening_failed",
    readonly field: string,
    message: string,
  ) {
    super(code, message, { fields: { [field]: [message] } });
    this.name = "PictureSafetyError";
  }
}

/**
 * Screens an uploaded picture (already checked to be one) and refuses it when it is explicit — or,
 * with `generalOnly` (avatars, slides, product pictures: shown to everyone), when it is mature.
 * Returns the rating for callers that keep it. `userId` is counted against when it is explicit.
 */
export async function screenUpload(
  db: Database,
  bytes: Uint8Array,
  field: string,
  userId: string | null,
  options: { generalOnly?: boolean } = {},
): Promise<RatedPicture> {
  let rated: RatedPicture;
  try {
    rated = await ratePicture(db, bytes);
  } catch (error) {
    // A picture the classifier cannot read is not let through unscreened.
    logger.warn({ err: error }, "an upload could not be screened");
    throw new PictureSafetyError(
      "screening_failed",
      field,
      "We could not check this picture. Try saving it again as a JPEG or PNG, or choose another file.",
    );
  }
  if (rated.maturity === "explicit") {
    if (userId) {
      await db
        .update(user)
        .set({ explicitUploads: sql`${user.explicitUploads} + 1` })
        .where(eq(user.id, userId));
    }
    throw new PictureSafetyError("explicit_picture", field, EXPLICIT_UPLOAD_MESSAGE);
  }
  if (rated.maturity === "mature" && options.generalOnly)
    throw new PictureSafetyError("mature_picture", field, MATURE_UPLOAD_MESSAGE);
  return rated;
}

/**
 * Edits of a part of a picture as generations (issue 31, ADR 0056): the picture taken from the
 * person's history, the result's size within the engine's largest, and the mask checked and
 * brought to that size before anything is charged. `createGeneration` calls these; the browser's
 * API and the public API share them.
 */
import { and, eq } from "drizzle-orm";
import { ASPECT_RATIOS, type AspectRatio, type ImageSize } from "../../app/lib/generation";
import {
  type EditKind,
  editPriceSize,
  editResultSize,
  MIN_EDIT_SIDE,
  type OutpaintSides,
  type PictureSize,
} from "../../app/lib/picture-edits";
import { AppError } from "../app-error";
import type { Database } from "../db/client";
import { isUuid } from "../db/ids";
import { generationImages, generations } from "../db/schema";
import { getStorage } from "../storage/storage";
import { MASK_THRESHOLD, maskValues, normalizeMask, pictureSize } from "./engines/edit-canvas";
import { EngineError } from "./engines/engine";
import { type CheckedImage, checkUploadedImage, UploadError } from "./uploads";

/** An edit as asked: the kind, an inpaint's painted mask (checked by content like a picture), an outpaint's sides. */
export interface EditOptions {
  kind: EditKind;
  mask?: CheckedImage;
  sides?: OutpaintSides;
  /** The history picture the edit starts from (its bytes are the generation's `source`). */
  from?: { generationId: string; index: number };
}

/** One of the person's own history pictures, checked like an upload; refused plainly when it is gone. */
export async function readHistoryPicture(
  db: Database,
  userId: string,
  generationId: string,
  index: number,
): Promise<CheckedImage> {
  const [image] = isUuid(generationId)
    ? await db
        .select({ key: generationImages.key })
        .from(generationImages)
        .innerJoin(generations, eq(generations.id, generationImages.generationId))
        .where(
          and(
            eq(generationImages.generationId, generationId),
            eq(generationImages.index, index),
            eq(generations.userId, userId),
          ),
        )
    : [];
  const file = image ? await getStorage().get(image.key) : null;
  if (!file) throw new UploadError("source_missing", "sourceImage", "That picture is no longer in your history.");
  return checkUploadedImage(file.bytes, "sourceImage");
}

export interface PreparedEdit extends PictureSize {
  /** The row of image to art's price table the result is charged from. */
  size: ImageSize;
  /** The listed aspect ratio nearest the result's shape (for filters and cards; width and height are exact). */
  aspectRatio: AspectRatio;
  /** Inpaint: the mask as a one-channel PNG of the result's size (white = change). */
  mask: Buffer | null;
}

const refuse = (field: string, message: string) =>
  new AppError("invalid_input", message, { fields: { [field]: [message] } });

/**
 * The result's size (the picture's, or widened by the sides, fitted to `maxSide`) and the mask at
 * that size; a picture too small to edit or a mask that marks nothing is refused before any charge.
 */
export async function prepareEdit(
  source: { bytes: Buffer },
  edit: EditOptions,
  maxSide: number,
): Promise<PreparedEdit> {
  let picture: PictureSize;
  try {
    picture = await pictureSize(source.bytes);
  } catch {
    throw refuse("sourceImage", "We could not open the picture to edit; choose it again.");
  }
  const result = editResultSize(picture, edit, maxSide);
  if (Math.min(result.width, result.height) < MIN_EDIT_SIDE)
    throw refuse("sourceImage", `The picture must be at least ${MIN_EDIT_SIDE} pixels on each side to edit.`);
  let mask: Buffer | null = null;
  if (edit.kind === "inpaint") {
    if (!edit.mask) throw refuse("mask", "Paint over the part of the picture to change first.");
    try {
      mask = await normalizeMask(edit.mask.bytes, result.width, result.height);
    } catch (error) {
      if (error instanceof EngineError) throw refuse("mask", error.userMessage);
      throw error;
    }
    const { data } = await maskValues(mask);
    if (!data.some((v) => v >= MASK_THRESHOLD))
      throw refuse("mask", "Paint over the part of the picture to change first.");
  }
  return { ...result, size: editPriceSize(result), aspectRatio: nearestAspectRatio(result), mask };
}

/** The listed aspect ratio closest to a shape, compared on a log scale (4:3 and 3:4 are as far from 1:1). */
export function nearestAspectRatio({ width, height }: PictureSize): AspectRatio {
  const shape = Math.log(width / height);
  const distance = (ratio: AspectRatio) => {
    const [w, h] = ratio.split(":").map(Number) as [number, number];
    return Math.abs(Math.log(w / h) - shape);
  };
  return ASPECT_RATIOS.reduce((best, ratio) => (distance(ratio) < distance(best) ? ratio : best));
}

/**
 * Pictures people upload for image to art (the spec's preview image) and drawings for doodle
 * to art. Checked by content, never by name or declared type: the bytes must decode as a
 * supported format, within 10 MB and 40 megapixels (decompression bombs), and decode fully
 * (corrupt or truncated files are refused before anything is stored or debited). A picture others
 * may see is then screened (issue 40, ADR 0059): an explicit one is refused beside its field too.
 */
import path from "node:path";
import sharp from "sharp";
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from "../../app/lib/generation";
import type { PreviewImageView } from "../../app/lib/generation-views";
import type { Database } from "../db/client";
import { screenUpload } from "../safety/uploads";
import { isSafeKey } from "../storage/file-storage";
import { getStorage, ownerOfKey, userFileKey } from "../storage/storage";
import type { SourceUpload } from "./generations";
import { AppError, type ErrorCode } from "../app-error";

const FORMATS: Record<string, { ext: string; contentType: string }> = {
  jpeg: { ext: "jpg", contentType: "image/jpeg" },
  png: { ext: "png", contentType: "image/png" },
  webp: { ext: "webp", contentType: "image/webp" },
  gif: { ext: "gif", contentType: "image/gif" },
  avif: { ext: "avif", contentType: "image/avif" },
};

/** A picture refused by its content or size: an AppError next to the field it came from. */
export class UploadError extends AppError {
  constructor(
    code: ErrorCode,
    readonly field: string,
    message: string,
  ) {
    super(code, message, { fields: { [field]: [message] } });
    this.name = "UploadError";
  }
}

export interface CheckedImage extends SourceUpload {
  /** As shown: after the EXIF orientation. */
  width: number;
  height: number;
}

export async function checkUploadedImage(bytes: Buffer, field: string): Promise<CheckedImage> {
  if (bytes.byteLength === 0) throw new UploadError("empty_upload", field, "Choose a picture to upload.");
  if (bytes.byteLength > UPLOAD_MAX_BYTES) {
    throw new UploadError(
      "upload_too_large",
      field,
      `The picture is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB. Choose a smaller file.`,
    );
  }
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadError(
      "not_an_image",
      field,
      "This file is not a picture we can read. Use a JPEG, PNG, WebP, GIF or AVIF image.",
    );
  }
  const format =
    metadata.format && FORMATS[metadata.format === "heif" && metadata.compression === "av1" ? "avif" : metadata.format];
  if (!format || !metadata.width || !metadata.height) {
    throw new UploadError(
      "not_an_image",
      field,
      "This file is not a picture we can read. Use a JPEG, PNG, WebP, GIF or AVIF image.",
    );
  }
  if (metadata.width * metadata.height > UPLOAD_MAX_PIXELS) {
    throw new UploadError(
      "too_many_pixels",
      field,
      `The picture is ${Math.round((metadata.width * metadata.height) / 1e6)} megapixels; the limit is ${UPLOAD_MAX_PIXELS / 1e6}. Resize it and try again.`,
    );
  }
  try {
    // Decode every pixel once: a truncated or corrupt file fails here, not in the worker.
    await sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: "truncated" })
      .resize(32, 32, { fit: "inside" })
      .raw()
      .toBuffer();
  } catch {
    throw new UploadError(
      "corrupt_image",
      field,
      "The picture is damaged or incomplete. Try saving it again or choose another file.",
    );
  }
  // The size as shown: turned by the EXIF orientation, as browsers, Studio and the edits turn it.
  const shown = metadata.autoOrient ?? metadata;
  return { bytes, contentType: format.contentType, ext: format.ext, width: shown.width, height: shown.height };
}

/**
 * An upload that may become visible to someone else (image to art's source, a doodle): checked by
 * content, then screened; an explicit one is refused beside `field` and counted on `userId`'s
 * account, before anything is stored or charged.
 */
export async function checkScreenedUpload(
  db: Database,
  bytes: Buffer,
  field: string,
  userId: string | null,
): Promise<CheckedImage> {
  const image = await checkUploadedImage(bytes, field);
  await screenUpload(db, image.bytes, field, userId);
  return image;
}

/** Stores a checked and screened picture as the user's preview image (image to art's source). */
export async function savePreviewImage(db: Database, userId: string, bytes: Buffer): Promise<PreviewImageView> {
  const image = await checkScreenedUpload(db, bytes, "image", userId);
  const key = userFileKey(userId, "preview", image.ext);
  await getStorage().put(key, image.bytes, image.contentType);
  return { fileName: path.posix.basename(key), url: `/api/files/${key}`, width: image.width, height: image.height };
}

/**
 * Reads back one of the user's own preview images by file name; null when it is not there. Not
 * screened here: savePreviewImage screened it, and a generation that starts from it screens it
 * again (a lookup of its stored screening).
 */
export async function readPreviewImage(userId: string, fileName: string): Promise<CheckedImage | null> {
  const key = `users/${userId}/preview/${fileName}`;
  const owner = isSafeKey(key) && !fileName.includes("/") ? ownerOfKey(key) : null;
  if (!owner || owner.userId !== userId) return null;
  const file = await getStorage().get(key);
  if (!file) return null;
  return checkUploadedImage(file.bytes, "sourceImage");
}

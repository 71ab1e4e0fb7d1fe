/** Uploaded images are checked by their content (decoded by libvips), never by name or claimed type. */
import sharp from "sharp";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif"]);

export class ImageError extends Error {
  override name = "ImageError";
}

/** Decodes an upload and returns a square WebP avatar; throws ImageError with a message for people. */
export async function makeAvatar(bytes: Buffer, size = 256): Promise<Buffer> {
  if (bytes.byteLength === 0) throw new ImageError("Choose an image file");
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new ImageError("That image is larger than 10 MB");
  let format: string | undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
    format = meta.format;
  } catch {
    throw new ImageError("That file is not an image we can read (use JPEG, PNG, WebP, GIF or AVIF)");
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new ImageError("Use a JPEG, PNG, WebP, GIF or AVIF image");
  return sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().resize(size, size, { fit: "cover" }).webp({ quality: 82 }).toBuffer();
}

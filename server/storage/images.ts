/** Uploaded images are checked by their content (decoded by libvips), never by name or claimed type. */
import sharp from "sharp";
import { AppError, type ErrorCode } from "../app-error";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif"]);

/** A refused upload; its message belongs next to the file field. */
export class ImageError extends AppError {
  constructor(code: ErrorCode, message: string) {
    super(code, message);
    this.name = "ImageError";
  }
}

const LIMIT_INPUT_PIXELS = 40_000_000;

/** Refuses empty, oversized and undecodable uploads, and formats we do not take. */
async function checkUpload(bytes: Buffer): Promise<void> {
  if (bytes.byteLength === 0) throw new ImageError("empty_upload", "Choose an image file");
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new ImageError("upload_too_large", "That image is larger than 10 MB");
  let format: string | undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: LIMIT_INPUT_PIXELS }).metadata();
    format = meta.format;
  } catch {
    throw new ImageError("not_an_image", "That file is not an image we can read (use JPEG, PNG, WebP, GIF or AVIF)");
  }
  if (!format || !ACCEPTED_FORMATS.has(format))
    throw new ImageError("unsupported_media_type", "Use a JPEG, PNG, WebP, GIF or AVIF image");
}

/** Decodes an upload and returns a square WebP avatar; throws ImageError with a message for people. */
export async function makeAvatar(bytes: Buffer, size = 256): Promise<Buffer> {
  await checkUpload(bytes);
  return sharp(bytes, { limitInputPixels: LIMIT_INPUT_PIXELS })
    .rotate()
    .resize(size, size, { fit: "cover" })
    .webp({ quality: 82 })
    .toBuffer();
}

export interface SiteImage {
  bytes: Buffer;
  width: number;
  height: number;
  /** The dominant colour as #rrggbb, shown while the image loads. */
  color: string;
}

/**
 * Decodes an admin's upload (slideshow backgrounds, product pictures) and returns a WebP no
 * larger than the bounds, keeping its proportions; small images are not enlarged.
 */
export async function makeSiteImage(
  bytes: Buffer,
  bounds: { width: number; height: number; minWidth?: number },
): Promise<SiteImage> {
  await checkUpload(bytes);
  const { data, info } = await sharp(bytes, { limitInputPixels: LIMIT_INPUT_PIXELS })
    .rotate()
    .resize(bounds.width, bounds.height, { fit: "inside", withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  if (bounds.minWidth && info.width < bounds.minWidth)
    throw new ImageError("image_too_small", `That image is too small: use one at least ${bounds.minWidth} pixels wide`);
  const { dominant } = await sharp(data).stats();
  const hex = (n: number) => n.toString(16).padStart(2, "0");
  return {
    bytes: data,
    width: info.width,
    height: info.height,
    color: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
  };
}

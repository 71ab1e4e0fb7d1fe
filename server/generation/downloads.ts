/**
 * Downloads of generated images in the format the user picks. Images are stored as the engine
 * made them (PNG for Studio); WebP and JPEG are converted on request.
 */
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { timestamp14 } from "../../app/lib/timestamp";
import type { Database } from "../db/client";
import { generationImages } from "../db/schema";
import { getStorage } from "../storage/storage";
import { findOwnGeneration } from "./generations";

export const DOWNLOAD_FORMATS = {
  png: { contentType: "image/png", ext: "png" },
  webp: { contentType: "image/webp", ext: "webp" },
  jpeg: { contentType: "image/jpeg", ext: "jpg" },
} as const;
export type DownloadFormat = keyof typeof DOWNLOAD_FORMATS;

export interface ImageDownload {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

/** A stored picture in the format asked for: as stored when it already is, else re-encoded (JPEG on white). */
export async function encodeForDownload(
  file: { bytes: Buffer; contentType: string },
  format: DownloadFormat,
): Promise<Buffer> {
  if (file.contentType === DOWNLOAD_FORMATS[format].contentType) return file.bytes;
  if (format === "jpeg")
    return sharp(file.bytes).flatten({ background: "#ffffff" }).jpeg({ quality: 92, mozjpeg: true }).toBuffer();
  if (format === "webp") return sharp(file.bytes).webp({ quality: 92 }).toBuffer();
  return sharp(file.bytes).png().toBuffer();
}

export async function readGenerationImage(
  db: Database,
  userId: string,
  generationId: string,
  index: number,
  format: DownloadFormat,
): Promise<ImageDownload | null> {
  const generation = await findOwnGeneration(db, userId, generationId);
  if (!generation) return null;
  const [image] = await db
    .select()
    .from(generationImages)
    .where(and(eq(generationImages.generationId, generation.id), eq(generationImages.index, index)));
  if (!image) return null;
  const file = await getStorage().get(image.key);
  if (!file) return null;
  const target = DOWNLOAD_FORMATS[format];
  const bytes = await encodeForDownload(file, format);
  const seed = image.seed ?? generation.seed;
  return {
    bytes,
    contentType: target.contentType,
    fileName: `atelier-${timestamp14(generation.createdAt)}-${seed}-${index + 1}.${target.ext}`,
  };
}

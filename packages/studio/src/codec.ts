/**
 * Pictures in and out of Studio, with sharp (libvips on libuv's thread pool, outside the event
 * loop): a source picture decoded to raw RGBA at the size asked for, and a raster encoded as PNG.
 */
import sharp from "sharp";
import type { Raster } from "./raster";
import type { StudioMode } from "./render";

/** Decodes a source picture to raw RGBA at the requested size (cropped to fill, like a photo print). */
export async function decodeSource(
  bytes: Buffer,
  request: { mode: StudioMode; width: number; height: number },
): Promise<Raster> {
  const image = sharp(bytes, { limitInputPixels: 40_000_000, failOn: "error" })
    .rotate()
    .flatten({ background: "#ffffff" })
    .resize(request.width, request.height, {
      fit: "cover",
      position: "centre",
      // A drawing's label colours must survive the resize: no new in-between colours.
      kernel: request.mode === "doodle" ? "nearest" : "lanczos3",
    })
    .ensureAlpha();
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
  };
}

export async function encodePng(raster: Raster): Promise<Buffer> {
  return sharp(Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength), {
    raw: { width: raster.width, height: raster.height, channels: 4 },
  })
    .removeAlpha()
    .png({ compressionLevel: 6 })
    .toBuffer();
}

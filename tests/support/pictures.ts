/** Pictures the tests upload and screen: made in code, so nothing binary is committed. */
import sharp from "sharp";

/** A plain landscape: sky over a green field, the kind of picture nobody would call mature. */
export async function landscape(): Promise<Buffer> {
  const width = 320;
  const height = 240;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const sky = y < height * 0.6;
      raw[i] = sky ? 120 + (y >> 2) : 40;
      raw[i + 1] = sky ? 170 + (y >> 3) : 140 + ((x * 7) % 30);
      raw[i + 2] = sky ? 235 : 50;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

let small: Promise<{ png: Buffer; webp: Buffer }> | undefined;
/** A 64 px picture as PNG and WebP, made once per test file: for rows that need real files but not a particular picture. */
export function smallPicture(): Promise<{ png: Buffer; webp: Buffer }> {
  small ??= landscape().then(async (bytes) => ({
    png: await sharp(bytes).resize(64, 48).png().toBuffer(),
    webp: await sharp(bytes).resize(64, 48).webp().toBuffer(),
  }));
  return small;
}

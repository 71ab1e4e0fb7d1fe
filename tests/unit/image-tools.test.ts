/**
 * The offline neural image tools on real models and real pictures, through their worker thread:
 * background removal (imgly's ONNX model) leaves transparent corners and keeps the subject;
 * upscaling (ESRGAN slim on tfjs-wasm) doubles the size, matches the model's published sample
 * and the input, and gives the same pixels whether tiled or not; bad inputs, cancellation and
 * a responsive event loop.
 */
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import {
  closeImageTools,
  ImageToolError,
  imageToolsAvailable,
  removeBackground,
  upscaleImage,
} from "../../server/image-tools";

afterAll(() => closeImageTools());

const require = createRequire(import.meta.url);
/** A 128 × 128 photograph (a hibiscus flower) and the 2× result published with the model. */
const esrganAssets = path.join(path.dirname(require.resolve("@upscalerjs/esrgan-slim/2x")), "../../../../../../assets");
const FLOWER = path.join(esrganAssets, "fixture.png");
const FLOWER_2X_REFERENCE = path.join(esrganAssets, "samples/2x/result.png");

async function raw(image: Buffer | string, channels: 3 | 4 = 3) {
  let pipeline = sharp(image);
  pipeline = channels === 3 ? pipeline.removeAlpha() : pipeline.ensureAlpha();
  return pipeline.raw().toBuffer({ resolveWithObject: true });
}

/** Mean absolute difference per channel, 0..255. */
function meanAbsDiff(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

function maxAbsDiff(a: Buffer, b: Buffer): number {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

/** A photo-like still life: a shaded orange ball with a soft shadow on a smooth studio backdrop. */
function stillLife(width: number, height: number): Buffer {
  const cx = width / 2;
  const cy = height * 0.48;
  const r = Math.min(width, height) * 0.28;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfe6ee"/><stop offset="1" stop-color="#b9c3cf"/></linearGradient>
      <radialGradient id="ball" cx="38%" cy="32%" r="75%"><stop offset="0" stop-color="#ffd2a0"/><stop offset="0.45" stop-color="#f07820"/><stop offset="1" stop-color="#7a2800"/></radialGradient>
      <filter id="blur"><feGaussianBlur stdDeviation="${r * 0.12}"/></filter>
    </defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    <ellipse cx="${cx + r * 0.15}" cy="${cy + r * 0.95}" rx="${r * 1.05}" ry="${r * 0.22}" fill="#4a4f58" opacity="0.45" filter="url(#blur)"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#ball)"/>
  </svg>`);
}

function alphaAt(data: Buffer, width: number, x: number, y: number): number {
  return data[(y * width + x) * 4 + 3]!;
}

function collect() {
  const steps: { percent: number; stage: string }[] = [];
  return { steps, onProgress: (percent: number, stage: string) => steps.push({ percent, stage }) };
}

function expectToolError(promise: Promise<unknown>, code: string) {
  return expect(promise).rejects.toSatisfy(
    (e) => e instanceof ImageToolError && e.code === code && e.userMessage.length > 0,
  );
}

describe("image tools", () => {
  it("says both tools are installed", { timeout: 60_000 }, async () => {
    expect(await imageToolsAvailable()).toEqual({ removeBackground: true, upscale: true });
  });

  it("removes the background of a photo-like picture, upright per its EXIF orientation", {
    timeout: 120_000,
  }, async () => {
    // Stored 240 × 160 (the ball on its side), tagged "rotate 90° clockwise" → shown 160 × 240.
    const upright = await sharp(stillLife(160, 240)).png().toBuffer();
    const stored = await sharp(upright).rotate(-90).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toBuffer();
    expect(await sharp(stored).metadata()).toMatchObject({ width: 240, height: 160, orientation: 6 });

    const { steps, onProgress } = collect();
    const result = await removeBackground(stored, { onProgress });
    expect(result).toMatchObject({ width: 160, height: 240 });
    const meta = await sharp(result.bytes).metadata();
    expect(meta).toMatchObject({ format: "png", width: 160, height: 240, channels: 4 });

    const { data, info } = await raw(result.bytes, 4);
    const w = info.width;
    const corners = [
      alphaAt(data, w, 2, 2),
      alphaAt(data, w, w - 3, 2),
      alphaAt(data, w, 2, info.height - 3),
      alphaAt(data, w, w - 3, info.height - 3),
    ];
    for (const a of corners) expect(a).toBeLessThan(16);
    expect(alphaAt(data, w, 80, Math.round(240 * 0.48))).toBeGreaterThan(235);
    // The kept pixels are the picture's own (the ball's orange), not a blank.
    const { data: source } = await raw(upright, 4);
    const i = (Math.round(240 * 0.48) * w + 80) * 4;
    expect(Math.abs(data[i]! - source[i]!)).toBeLessThan(24);

    const percents = steps.map((s) => s.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(steps.at(-1)).toEqual({ percent: 100, stage: "Done" });
    expect(steps.some((s) => s.stage === "Finding the subject")).toBe(true);
  });

  it("keeps the flower of a real photograph and drops the leaves at its corners", { timeout: 120_000 }, async () => {
    const result = await removeBackground(await sharp(FLOWER).toBuffer());
    const { data, info } = await raw(result.bytes, 4);
    expect(info).toMatchObject({ width: 128, height: 128 });
    expect(alphaAt(data, 128, 64, 60)).toBeGreaterThan(235);
    const corners = [
      alphaAt(data, 128, 3, 3),
      alphaAt(data, 128, 124, 3),
      alphaAt(data, 128, 3, 124),
      alphaAt(data, 128, 124, 124),
    ];
    expect(Math.max(...corners)).toBeLessThan(40);
  });

  it("upscales a photograph 2×, like the model's published sample and like the input", {
    timeout: 120_000,
  }, async () => {
    const input = await sharp(FLOWER).png().toBuffer();
    const { steps, onProgress } = collect();
    const result = await upscaleImage(input, { onProgress });
    expect(result).toMatchObject({ width: 256, height: 256 });
    expect(await sharp(result.bytes).metadata()).toMatchObject({ format: "png", width: 256, height: 256 });

    const out = await raw(result.bytes);
    const reference = await raw(FLOWER_2X_REFERENCE);
    expect(reference.info).toMatchObject({ width: 256, height: 256 });
    // Our tiles on tfjs-wasm reproduce the sample made with the upscaler package (±1 rounding).
    expect(meanAbsDiff(out.data, reference.data)).toBeLessThan(0.5);
    expect(maxAbsDiff(out.data, reference.data)).toBeLessThanOrEqual(2);

    const down = await sharp(result.bytes).resize(128, 128, { kernel: "lanczos3" }).removeAlpha().raw().toBuffer();
    expect(meanAbsDiff(down, (await raw(FLOWER)).data)).toBeLessThan(6);
    // Not a plain resize either: sharper than bilinear, so it differs from it.
    const bilinear = await sharp(FLOWER).removeAlpha().resize(256, 256, { kernel: "linear" }).raw().toBuffer();
    expect(meanAbsDiff(out.data, bilinear)).toBeGreaterThan(1);

    expect(steps.at(-1)).toEqual({ percent: 100, stage: "Done" });
  });

  it("gives the same pixels when the picture is cut into many overlapping tiles", { timeout: 120_000 }, async () => {
    const input = await sharp(FLOWER).extract({ left: 0, top: 0, width: 120, height: 100 }).png().toBuffer();
    const whole = await upscaleImage(input);
    const { steps, onProgress } = collect();
    const tiled = await upscaleImage(input, { tileSize: 32, onProgress });
    expect(tiled).toMatchObject({ width: 240, height: 200 });
    expect(steps.some((s) => s.stage === "Upscaling (part 12 of 16)")).toBe(true);
    expect(maxAbsDiff((await raw(whole.bytes)).data, (await raw(tiled.bytes)).data)).toBeLessThanOrEqual(1);
  });

  it("keeps an alpha channel when upscaling, and takes grey pictures", { timeout: 60_000 }, async () => {
    const input = await sharp(stillLife(64, 48)).removeAlpha().ensureAlpha(0.5).png().toBuffer();
    const result = await upscaleImage(input);
    const meta = await sharp(result.bytes).metadata();
    expect(meta).toMatchObject({ width: 128, height: 96, channels: 4 });
    const { data } = await raw(result.bytes, 4);
    expect(Math.abs(alphaAt(data, 128, 64, 48) - 128)).toBeLessThan(3);

    const gray = await upscaleImage(await sharp(FLOWER).grayscale().resize(40, 30).png().toBuffer());
    expect(gray).toMatchObject({ width: 80, height: 60 });
  });

  it("rejects pictures that are too large, not pictures, or damaged, in plain words", async () => {
    const big = await sharp({ create: { width: 1025, height: 20, channels: 3, background: "#808080" } })
      .png()
      .toBuffer();
    await expectToolError(upscaleImage(big), "too_large");
    await expect(upscaleImage(big)).rejects.toThrow(/1025 × 20 pixels.*up to 1024 pixels/);
    const huge = await sharp({ create: { width: 5000, height: 20, channels: 3, background: "#808080" } })
      .png()
      .toBuffer();
    await expectToolError(removeBackground(huge), "too_large");

    await expectToolError(upscaleImage(Buffer.from("definitely not a picture")), "unreadable");
    await expectToolError(removeBackground(Buffer.alloc(0)), "unreadable");
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ff0000" } })
      .gif()
      .toBuffer();
    await expectToolError(upscaleImage(gif), "unsupported");
    const svg = stillLife(32, 32);
    await expectToolError(removeBackground(svg), "unsupported");
    const png = await sharp(stillLife(64, 64)).png().toBuffer();
    await expectToolError(upscaleImage(png.subarray(0, png.length - 200)), "unreadable");
  });

  it("stops between tiles when canceled, and the worker goes on serving", { timeout: 120_000 }, async () => {
    const before = new AbortController();
    before.abort();
    await expectToolError(upscaleImage(await sharp(FLOWER).png().toBuffer(), { signal: before.signal }), "canceled");

    const input = await sharp(FLOWER).resize(512, 512).png().toBuffer();
    const controller = new AbortController();
    const { steps, onProgress } = collect();
    const started = Date.now();
    const job = upscaleImage(input, {
      tileSize: 64, // 64 tiles: the whole picture would take several seconds
      signal: controller.signal,
      onProgress: (percent, stage) => {
        onProgress(percent, stage);
        if (stage.startsWith("Upscaling (part 3 ")) controller.abort();
      },
    });
    await expectToolError(job, "canceled");
    expect(steps.filter((s) => s.stage.startsWith("Upscaling")).length).toBeLessThanOrEqual(3);
    expect(Date.now() - started).toBeLessThan(4_000);

    // The model stays loaded: the next job runs.
    const again = await upscaleImage(await sharp(FLOWER).resize(32, 32).png().toBuffer());
    expect(again).toMatchObject({ width: 64, height: 64 });
  });

  it("leaves the event loop free while a model runs", { timeout: 120_000 }, async () => {
    const input = await sharp(FLOWER).resize(256, 256).png().toBuffer();
    let worst = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last - 20);
      last = now;
    }, 20);
    try {
      await upscaleImage(input);
    } finally {
      clearInterval(timer);
    }
    expect(worst).toBeLessThan(500);
  });
});

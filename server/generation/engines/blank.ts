/**
 * "Blank": an engine that paints each image one flat colour (one of eight, by seed), instantly.
 * It exists to measure the job pipeline without rendering (bench/generation-queue.bench.mjs)
 * and is used only when ENGINE_ROUTES names it; it is never the default.
 */
import sharp from "sharp";
import { EngineError, type ImageEngine, FULL_CAPABILITIES } from "./engine";

const swatches = new Map<number, Promise<Buffer>>();

/** The eight tiny PNGs are made once: the engine's own cost stays near zero. */
function swatch(seed: number): Promise<Buffer> {
  const key = seed % 8;
  let png = swatches.get(key);
  if (!png) {
    const background = { r: (key & 1) * 200 + 30, g: ((key >> 1) & 1) * 200 + 30, b: ((key >> 2) & 1) * 200 + 30 };
    png = sharp({ create: { width: 8, height: 8, channels: 3, background } })
      .png()
      .toBuffer();
    swatches.set(key, png);
  }
  return png;
}

export function createBlankEngine(): ImageEngine {
  return {
    id: "blank",
    label: "Blank — pipeline test engine",
    capabilities: { ...FULL_CAPABILITIES, edits: [] },
    validate: () => [],
    async generate(request, { onProgress, signal }) {
      const images = [];
      for (let i = 0; i < request.count; i++) {
        if (signal.aborted) throw new EngineError("canceled", "The generation was canceled.");
        const seed = (request.seed + i) >>> 0;
        const bytes = await swatch(seed);
        images.push({ bytes, mime: "image/png" as const, width: 8, height: 8, seed });
        onProgress({ percent: Math.round(((i + 1) / request.count) * 100), stage: "Painting" });
      }
      return { images };
    },
  };
}

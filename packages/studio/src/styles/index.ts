/**
 * The STYLE stage of Studio: turns a rendered scene, an uploaded photo or an ink drawing into
 * one of the preset styles of studio-styles.ts. Pure and deterministic: all randomness
 * comes from `options.random`, so the same input and seed give byte-identical output.
 */
import type { Random } from "../random";
import { cloneRaster, type Raster } from "../raster";
import { anime } from "./anime";
import { cartoon } from "./cartoon";
import { childrensBook } from "./childrens-book";
import { christmasCard } from "./christmas-card";
import { christmasLights } from "./christmas-lights";
import { christmasSnowglobe } from "./christmas-snowglobe";
import { claymation } from "./claymation";
import { comicBook } from "./comic-book";
import { inkSketch } from "./ink-sketch";
import { lowPoly } from "./low-poly";
import { natural } from "./natural";
import { neonSynthwave } from "./neon-synthwave";
import { oilPainting } from "./oil-painting";
import { pastel } from "./pastel";
import { pixelArt } from "./pixel-art";
import { popArt } from "./pop-art";
import { stainedGlass } from "./stained-glass";
import type { StyleRenderer, StyleSource } from "./types";
import { ukiyoE } from "./ukiyo-e";
import { watercolor } from "./watercolor";
import { unitOf } from "./filters";

export type { StyleSource } from "./types";

export interface ApplyStyleOptions {
  /** 0 returns the input unchanged, 1 is the full style; values between progress smoothly. */
  strength: number;
  random: Random;
  source: StyleSource;
  /** A room or a still life (the scene's `indoor`). */
  indoors?: boolean;
  onProgress?: (fraction: number, stage: string) => void;
}

const RENDERERS: Record<string, StyleRenderer> = {
  natural,
  watercolor,
  "oil-painting": oilPainting,
  "ink-sketch": inkSketch,
  "pixel-art": pixelArt,
  "neon-synthwave": neonSynthwave,
  "low-poly": lowPoly,
  "ukiyo-e": ukiyoE,
  "pop-art": popArt,
  pastel,
  "stained-glass": stainedGlass,
  anime,
  cartoon,
  "comic-book": comicBook,
  claymation,
  "childrens-book": childrensBook,
  "christmas-card": christmasCard,
  "christmas-lights": christmasLights,
  "christmas-snowglobe": christmasSnowglobe,
};

/** Every style id this stage renders. */
export const RENDERED_STYLE_IDS: readonly string[] = Object.keys(RENDERERS);

export function applyStyle(input: Raster, styleId: string, options: ApplyStyleOptions): Raster {
  const renderer = Object.hasOwn(RENDERERS, styleId) ? RENDERERS[styleId] : undefined;
  if (!renderer) throw new Error(`Unknown Studio style "${styleId}"`);
  if (input.width < 1 || input.height < 1) throw new Error("applyStyle: empty raster");
  const strength = Number.isFinite(options.strength) ? Math.min(1, Math.max(0, options.strength)) : 1;
  const report = options.onProgress ?? (() => {});
  if (strength === 0) {
    report(1, "Done");
    return cloneRaster(input);
  }
  const out = renderer(input, {
    strength,
    random: options.random.fork(`style:${styleId}`),
    source: options.source,
    indoors: options.indoors === true,
    unit: unitOf(input.width, input.height),
    progress: (f, stage) => report(Math.min(1, Math.max(0, f)), stage),
  });
  report(1, "Done");
  return out;
}

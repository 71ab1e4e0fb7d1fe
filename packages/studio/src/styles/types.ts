/** The contract between applyStyle (index.ts) and the individual style renderers. */
import type { Random } from "../random";
import type { Raster } from "../raster";

/**
 * What the input is: Studio's own procedural render ("scene"), an uploaded photograph
 * ("photo": noisy, detailed, needs stronger abstraction) or a drawing of ink strokes on paper
 * ("ink": no colour of its own, so styles colour it).
 */
export type StyleSource = "scene" | "photo" | "ink";

export interface StyleContext {
  /** 0 < strength <= 1 (strength 0 never reaches a renderer). */
  strength: number;
  random: Random;
  source: StyleSource;
  /** The picture is a room or a still life: nothing falls from the sky in it (a christmas card's snow). */
  indoors?: boolean;
  /** Pixel scale relative to 1024 px, for radii and sizes. */
  unit: number;
  /** Progress within the style, 0..1. */
  progress: (fraction: number, stage: string) => void;
}

export type StyleRenderer = (input: Raster, ctx: StyleContext) => Raster;

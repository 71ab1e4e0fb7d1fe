/**
 * Last per-pixel passes: height fog with drifting wisps where the prompt's weather or mood asks
 * for it, then the mood's grade and a vignette. The amounts are the small tables below; the
 * aerial perspective of clear air (far things fading) is palette.ts's haze, not fog.
 */
import { fbm } from "../random";
import { lowResField, noiseFor, type RenderContext } from "./context";
import type { Mood, Scene, Weather } from "./types";

/** Fog over the land by weather, 0..1. A clear day has none: the picture stays crisp. */
export const FOG_BY_WEATHER: Record<Weather, number> = { clear: 0, fog: 0.6, rain: 0.2, storm: 0.16, snow: 0.18 };
/** Moods that ask for atmosphere keep at least this much fog, whatever the weather. */
export const FOG_BY_MOOD: Partial<Record<Mood, number>> = { dreamy: 0.2, mysterious: 0.22 };
/** How much the corners darken per unit of the palette's vignette (0.1 cheerful … 0.5 dark). */
const VIGNETTE_DEPTH = 0.6;

/** How much fog the prompt asks for. */
export function fogAmount(scene: Scene): number {
  return Math.max(FOG_BY_WEATHER[scene.weather], FOG_BY_MOOD[scene.mood] ?? 0);
}

/**
 * Fog as much as the scene asks for (fogAmount), never more than `cap`: callers that used to
 * pass their own figure keep working, but only the tables above decide.
 */
export function paintFog(ctx: RenderContext, cap = 1): void {
  const amount = Math.min(cap, fogAmount(ctx.scene));
  if (amount <= 0.01) return;
  const { width, height, data, layout, palette: p, span } = ctx;
  const noise = noiseFor(ctx, "fog");
  const inv = 1 / span;
  const horizon = layout.horizon;
  const step = Math.max(4, Math.round(8 * ctx.unit));
  const wisps = lowResField(width, height, step, (x, y) => 0.6 + 0.55 * fbm(noise, x * inv * 3, y * inv * 9, 4));
  const fog = p.haze;
  // Fog sits in a band on the horizon, thicker below it (valleys) than above.
  const above = horizon * 0.45;
  const below = (height - horizon) * 0.7;
  for (let y = 0; y < height; y++) {
    const d = y < horizon ? (horizon - y) / above : (y - horizon) / below;
    const band = Math.exp(-d * d) * amount + amount * 0.25;
    for (let x = 0; x < width; x++) {
      const k = y * width + x;
      const a = Math.min(0.95, band * wisps[k]!);
      if (a <= 0.004) continue;
      const i = k * 4;
      data[i] = data[i]! + (fog[0] - data[i]!) * a;
      data[i + 1] = data[i + 1]! + (fog[1] - data[i + 1]!) * a;
      data[i + 2] = data[i + 2]! + (fog[2] - data[i + 2]!) * a;
    }
  }
}

export function grade(ctx: RenderContext): void {
  const { width, height, data, palette: p } = ctx;
  const sat = p.saturation;
  const con = p.contrast;
  const vig = p.vignette * VIGNETTE_DEPTH;
  const cx = width / 2;
  const cy = height / 2;
  const invR = 1 / Math.sqrt(cx * cx + cy * cy);
  // A lookup table for contrast keeps the inner loop to arithmetic.
  const curve = new Float32Array(256);
  for (let v = 0; v < 256; v++) curve[v] = 128 + (v - 128) * con;
  for (let y = 0; y < height; y++) {
    const dy = (y - cy) * invR;
    for (let x = 0; x < width; x++) {
      const dx = (x - cx) * invR;
      const d2 = dx * dx + dy * dy;
      // Falls off as d⁴: the middle two thirds of the picture keep their full light.
      const v = 1 - vig * d2 * d2;
      const i = (y * width + x) * 4;
      const r = curve[data[i]!]!;
      const g = curve[data[i + 1]!]!;
      const b = curve[data[i + 2]!]!;
      const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      data[i] = (l + (r - l) * sat) * v;
      data[i + 1] = (l + (g - l) * sat) * v;
      data[i + 2] = (l + (b - l) * sat) * v;
      data[i + 3] = 255;
    }
  }
}

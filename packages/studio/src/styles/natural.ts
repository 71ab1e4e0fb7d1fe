/**
 * Natural: the quiet default. A gentle S-curve, a touch of warmth and saturation, no grain,
 * nothing that reads as an effect. An ink drawing becomes a clean coloured illustration: soft
 * flat fills under the original lines on warm paper.
 */
import type { Raster } from "../raster";
import { finish } from "./common";
import { clamp01, hex, toPlanes, type Planes } from "./filters";
import { colouriseInk, type InkPalette } from "./ink";
import type { StyleContext, StyleSource } from "./types";

/**
 * Grade amount and corner darkening per source. A scene has its own subtle vignette already
 * (scene/finish.ts), so a second one here would only muddy its corners.
 */
const FINISH: Record<StyleSource, { grade: number; vignette: number }> = {
  scene: { grade: 1, vignette: 0 },
  photo: { grade: 1, vignette: 0.15 },
  ink: { grade: 0.5, vignette: 0.25 },
};

const INK_PALETTE: InkPalette = {
  paper: hex("#fbf7ee"),
  sky: hex("#cfe3f2"),
  ground: hex("#d5e6bf"),
  fills: ["#f2c6a0", "#a9cbe8", "#f5dd8c", "#b9dcae", "#e9b0b8", "#c9b8e3", "#f0a982", "#9fd3cf"].map(hex),
};

export function grade(p: Planes, amount: number, vignette: number): void {
  const { width: w, height: h, r, g, b } = p;
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  const inv = 1 / Math.sqrt(cx * cx + cy * cy || 1);
  const corners = vignette * amount;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let rr = r[i]!;
      let gg = g[i]!;
      let bb = b[i]!;
      // S-curve toward smoothstep: deeper shadows, brighter highlights, mid-tones kept.
      const k = 0.35 * amount;
      rr += (rr * rr * (3 - 2 * rr) - rr) * k;
      gg += (gg * gg * (3 - 2 * gg) - gg) * k;
      bb += (bb * bb * (3 - 2 * bb) - bb) * k;
      // Warmth and saturation.
      rr *= 1 + 0.035 * amount;
      bb *= 1 - 0.04 * amount;
      const l = 0.2126 * rr + 0.7152 * gg + 0.0722 * bb;
      const s = 1 + 0.12 * amount;
      rr = l + (rr - l) * s;
      gg = l + (gg - l) * s;
      bb = l + (bb - l) * s;
      const dx = (x - cx) * inv;
      const dy = (y - cy) * inv;
      const d2 = dx * dx + dy * dy;
      const v = 1 - corners * d2 * d2;
      r[i] = clamp01(rr * v);
      g[i] = clamp01(gg * v);
      b[i] = clamp01(bb * v);
    }
  }
}

export function natural(input: Raster, ctx: StyleContext): Raster {
  const s = ctx.strength;
  const p = toPlanes(input);
  if (ctx.source === "ink") {
    ctx.progress(0.2, "Colouring the drawing");
    const { coloured } = colouriseInk(p, INK_PALETTE, ctx.random.fork("ink"), ctx.unit, [0.12, 0.1, 0.1]);
    grade(coloured, FINISH.ink.grade, FINISH.ink.vignette);
    return finish(input, coloured, s);
  }
  ctx.progress(0.2, "Grading");
  const { grade: amount, vignette } = FINISH[ctx.source];
  grade(p, s * amount, vignette);
  return finish(input, p);
}

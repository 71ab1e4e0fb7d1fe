/**
 * Oil painting: generalised Kuwahara (summed-area tables, O(1) per pixel) flattens the image
 * into painterly patches; brush strokes are line-integral convolution of grain noise along the
 * local edge direction (structure tensor), so strokes follow forms; that stroke texture is a
 * height field lit from the upper left for impasto ridges, and a linen weave shows through.
 * Ink drawings are filled with an oil palette first, the lines painted in as dark strokes.
 */
import type { Raster } from "../raster";
import { finish } from "./common";
import {
  clamp01,
  flowField,
  hex,
  kuwahara,
  lumaOf,
  resizePlane,
  resizePlanes,
  saturate,
  toPlanes,
  type Planes,
} from "./filters";
import { colouriseInk, type InkPalette } from "./ink";
import { canvasWeave, grainField } from "./paper";
import type { StyleContext } from "./types";

const INK_PALETTE: InkPalette = {
  paper: hex("#e9dcc0"),
  sky: hex("#7fa6c9"),
  ground: hex("#7d9a4f"),
  fills: ["#c0532f", "#d9a441", "#3f6e8c", "#7b4f2c", "#a83c4a", "#5e8c4a", "#e0b872", "#4b4f7c"].map(hex),
};

/**
 * Relief and canvas at full strength (tune here): enough to read as paint on linen at 1:1, never
 * so much that flat sky turns to static.
 */
const TEXTURE = {
  /** Light and shade across the stroke ridges (impasto). */
  impasto: 0.13,
  /** Streaks of the bristles in the colour itself. */
  bristles: 0.04,
  /** Linen weave in the shading, and in the ridges' height. */
  weave: 0.025,
  weaveHeight: 0.15,
  /** Glints on the steepest ridges. */
  gloss: 0.1,
};

export function oilPainting(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s, random } = ctx;
  const { width: w, height: h } = input;
  const n = w * h;
  let p: Planes = toPlanes(input);
  if (ctx.source === "ink") {
    p = colouriseInk(p, INK_PALETTE, random.fork("ink"), unit, [0.16, 0.1, 0.07]).coloured;
  }

  ctx.progress(0.1, "Blocking in paint");
  const photo = ctx.source === "photo";
  const r1 = Math.round((photo ? 7 : 5) * unit * s);
  const r2 = Math.round((photo ? 5 : 4) * unit * s);
  // The broad first pass runs at half size (it only has to remove texture); the second,
  // full-size pass restores crisp patch edges.
  const r1Half = Math.round(r1 / 2);
  if (r1Half >= 1 && w >= 64 && h >= 64) {
    const hw0 = w >> 1;
    const hh0 = h >> 1;
    p = resizePlanes(kuwahara(resizePlanes(p, hw0, hh0), r1Half), w, h);
  } else if (r1 >= 1) p = kuwahara(p, r1);
  ctx.progress(0.35, "Blocking in paint");
  if (r2 >= 1) p = kuwahara(p, r2);
  saturate(p, 1 + 0.15 * s);

  ctx.progress(0.55, "Brush strokes");
  // Stroke direction from the structure tensor, at half size (it is smooth anyway).
  const lum = lumaOf(p);
  const hw = Math.max(1, w >> 1);
  const hh = Math.max(1, h >> 1);
  const flow = flowField(resizePlane(lum, w, h, hw, hh), hw, hh, 3 * unit);
  const tx = resizePlane(flow.tx, hw, hh, w, h);
  const ty = resizePlane(flow.ty, hw, hh, w, h);
  const grain = grainField(w, h, random.fork("bristles"), 2 * unit);
  // Line-integral convolution: average grain along the stroke direction → streaks.
  const steps = Math.max(2, Math.round(5 * unit));
  const stepLen = 1.4 * Math.max(1, unit);
  const stroke = new Float32Array(n);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let dx = tx[i]!;
      let dy = ty[i]!;
      const len = Math.sqrt(dx * dx + dy * dy) || 1;
      dx = (dx / len) * stepLen;
      dy = (dy / len) * stepLen;
      let acc = grain[i]!;
      for (let k = 1; k <= steps; k++) {
        let sx = (x + dx * k + 0.5) | 0;
        let sy = (y + dy * k + 0.5) | 0;
        sx = sx < 0 ? 0 : sx >= w ? w - 1 : sx;
        sy = sy < 0 ? 0 : sy >= h ? h - 1 : sy;
        acc += grain[sy * w + sx]!;
        sx = (x - dx * k + 0.5) | 0;
        sy = (y - dy * k + 0.5) | 0;
        sx = sx < 0 ? 0 : sx >= w ? w - 1 : sx;
        sy = sy < 0 ? 0 : sy >= h ? h - 1 : sy;
        acc += grain[sy * w + sx]!;
      }
      stroke[i] = acc / (2 * steps + 1);
    }
  }

  ctx.progress(0.8, "Impasto and canvas");
  const weave = canvasWeave(w, h, random.fork("canvas"), unit);
  const off = Math.max(1, Math.round(unit));
  const { r, g, b } = p;
  for (let y = 0; y < h; y++) {
    const ya = y >= off ? y - off : 0;
    const yb = y + off < h ? y + off : h - 1;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const xa = x >= off ? x - off : 0;
      const xb = x + off < w ? x + off : w - 1;
      // Height: stroke ridges plus a little of the weave; light comes from the upper left.
      const ha = stroke[ya * w + xa]! + TEXTURE.weaveHeight * weave[ya * w + xa]!;
      const hb = stroke[yb * w + xb]! + TEXTURE.weaveHeight * weave[yb * w + xb]!;
      const slope = ha - hb;
      const shade = 1 + s * (TEXTURE.impasto * slope + TEXTURE.bristles * stroke[i]! + TEXTURE.weave * weave[i]!);
      const spec = slope > 0.6 ? (slope - 0.6) * TEXTURE.gloss * s : 0;
      r[i] = clamp01(r[i]! * shade + spec);
      g[i] = clamp01(g[i]! * shade + spec);
      b[i] = clamp01(b[i]! * shade * 0.98 + spec);
    }
  }
  return finish(input, p);
}

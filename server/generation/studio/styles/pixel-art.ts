/**
 * Pixel art: area-average down to big pixels, k-means palette (seeded k-means++ init) of at
 * most 16 colours, 4×4 Bayer ordered dither, nearest-neighbour upscale so the pixels stay
 * crisp. Lower strengths use smaller pixels and more colours. Ink drawings keep their lines:
 * a big pixel is ink if enough of it was ink, so thin strokes survive the downsampling.
 */
import type { Random } from "../random";
import type { Raster } from "../raster";
import { createPlanes, downsampleArea, hex, saturate, toPlanes, type Planes } from "./filters";
import { colouriseInk, type InkPalette } from "./ink";
import type { StyleContext } from "./types";

/** The palette size at full strength; the output never has more distinct colours. */
export const PIXEL_ART_COLOURS = 16;

const INK_PALETTE: InkPalette = {
  paper: hex("#f4f4e8"),
  sky: hex("#73bed3"),
  ground: hex("#75a743"),
  fills: ["#e83b3b", "#f9c22b", "#3b5dc9", "#a884f3", "#fb6b1d", "#1ebc73", "#f68181", "#4d9be6"].map(hex),
};

const BAYER4 = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map((v) => (v + 0.5) / 16 - 0.5);

export function pixelArt(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s, random } = ctx;
  const { width: w, height: h } = input;
  let p = toPlanes(input);
  let ink: Float32Array | null = null;
  if (ctx.source === "ink") {
    const result = colouriseInk(p, INK_PALETTE, random.fork("ink"), unit, null);
    p = result.fills;
    ink = result.layout.ink;
  } else {
    saturate(p, 1 + 0.25 * s);
  }

  ctx.progress(0.2, "Pixelating");
  // About 128 big pixels across at full strength (96 for photos: more abstraction).
  const fullBlock = Math.max(2, Math.round((Math.max(w, h) / (ctx.source === "photo" ? 96 : 128)) * (ctx.source === "ink" ? 1.25 : 1)));
  const block = Math.max(1, Math.round(1 + (fullBlock - 1) * s));
  const colours = Math.round(PIXEL_ART_COLOURS + (1 - s) * 48);
  const sw = Math.ceil(w / block);
  const sh = Math.ceil(h / block);
  const small = block === 1 ? p : downsampleArea(p, sw, sh);
  const inkSmall = ink ? blockCoverage(ink, w, h, block, sw, sh) : null;
  if (inkSmall) {
    for (let i = 0; i < sw * sh; i++) {
      if (inkSmall[i]! > 0.22) {
        small.r[i] = 0.13;
        small.g[i] = 0.11;
        small.b[i] = 0.16;
      }
    }
  }

  ctx.progress(0.45, "Choosing the palette");
  const palette = kmeans(small, colours, random.fork("palette"));
  const k = palette.length / 3;

  ctx.progress(0.7, "Dithering");
  const spread = (0.9 / Math.cbrt(k)) * (ctx.source === "ink" ? 0.25 : 0.55) * s;
  const index = new Uint8Array(sw * sh);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      const i = y * sw + x;
      const d = BAYER4[(y & 3) * 4 + (x & 3)]! * spread;
      index[i] = nearest(palette, k, small.r[i]! + d, small.g[i]! + d, small.b[i]! + d);
    }
  }

  const data = new Uint8ClampedArray(w * h * 4);
  const bytes = new Uint8Array(k * 3);
  for (let c = 0; c < k * 3; c++) bytes[c] = Math.round(palette[c]! * 255);
  const col = new Int32Array(w);
  for (let x = 0; x < w; x++) col[x] = (x / block) | 0;
  for (let y = 0; y < h; y++) {
    const srow = ((y / block) | 0) * sw;
    for (let x = 0; x < w; x++) {
      const j = (y * w + x) * 4;
      const c = index[srow + col[x]!]! * 3;
      data[j] = bytes[c]!;
      data[j + 1] = bytes[c + 1]!;
      data[j + 2] = bytes[c + 2]!;
      data[j + 3] = input.data[j + 3]!;
    }
  }
  return { width: w, height: h, data };
}

function blockCoverage(ink: Float32Array, w: number, h: number, block: number, sw: number, sh: number): Float32Array {
  const sum = new Float32Array(sw * sh);
  const cnt = new Float32Array(sw * sh);
  for (let y = 0; y < h; y++) {
    const srow = ((y / block) | 0) * sw;
    for (let x = 0; x < w; x++) {
      const t = srow + ((x / block) | 0);
      sum[t] = sum[t]! + ink[y * w + x]!;
      cnt[t] = cnt[t]! + 1;
    }
  }
  for (let i = 0; i < sum.length; i++) sum[i] = sum[i]! / cnt[i]!;
  return sum;
}

function nearest(palette: Float32Array, k: number, r: number, g: number, b: number): number {
  let best = 0;
  let bestD = Infinity;
  for (let c = 0; c < k; c++) {
    const dr = palette[c * 3]! - r;
    const dg = palette[c * 3 + 1]! - g;
    const db = palette[c * 3 + 2]! - b;
    const d = 0.3 * dr * dr + 0.59 * dg * dg + 0.11 * db * db;
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

/** k-means on the pixels (subsampled to ≤ 16k), seeded k-means++ init. Returns k·3 floats. */
function kmeans(p: Planes, k: number, random: Random): Float32Array {
  const n = p.width * p.height;
  const stride = Math.max(1, Math.floor(n / 16384));
  const m = Math.floor(n / stride);
  const pts = createPlanes(m, 1);
  for (let i = 0; i < m; i++) {
    pts.r[i] = p.r[i * stride]!;
    pts.g[i] = p.g[i * stride]!;
    pts.b[i] = p.b[i * stride]!;
  }
  const centres = new Float32Array(k * 3);
  const d2 = new Float32Array(m).fill(Infinity);
  let chosen = random.int(0, m - 1);
  let count = 0;
  for (; count < k; count++) {
    centres[count * 3] = pts.r[chosen]!;
    centres[count * 3 + 1] = pts.g[chosen]!;
    centres[count * 3 + 2] = pts.b[chosen]!;
    let total = 0;
    for (let i = 0; i < m; i++) {
      const dr = pts.r[i]! - centres[count * 3]!;
      const dg = pts.g[i]! - centres[count * 3 + 1]!;
      const db = pts.b[i]! - centres[count * 3 + 2]!;
      const d = 0.3 * dr * dr + 0.59 * dg * dg + 0.11 * db * db;
      if (d < d2[i]!) d2[i] = d;
      total += d2[i]!;
    }
    if (total <= 1e-12) {
      count++;
      break; // fewer distinct colours than k
    }
    let target = random.next() * total;
    chosen = m - 1;
    for (let i = 0; i < m; i++) {
      target -= d2[i]!;
      if (target <= 0) {
        chosen = i;
        break;
      }
    }
  }
  const kk = count;
  const assign = new Uint8Array(m);
  const sums = new Float64Array(kk * 4);
  for (let iter = 0; iter < 10; iter++) {
    sums.fill(0);
    for (let i = 0; i < m; i++) {
      const c = nearest(centres, kk, pts.r[i]!, pts.g[i]!, pts.b[i]!);
      assign[i] = c;
      sums[c * 4] = sums[c * 4]! + pts.r[i]!;
      sums[c * 4 + 1] = sums[c * 4 + 1]! + pts.g[i]!;
      sums[c * 4 + 2] = sums[c * 4 + 2]! + pts.b[i]!;
      sums[c * 4 + 3] = sums[c * 4 + 3]! + 1;
    }
    for (let c = 0; c < kk; c++) {
      const cnt = sums[c * 4 + 3]!;
      if (cnt === 0) continue;
      centres[c * 3] = sums[c * 4]! / cnt;
      centres[c * 3 + 1] = sums[c * 4 + 1]! / cnt;
      centres[c * 3 + 2] = sums[c * 4 + 2]! / cnt;
    }
  }
  return centres.subarray(0, kk * 3);
}

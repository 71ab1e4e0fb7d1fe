/**
 * Pixel art: area-average down to big pixels (about 80 across at any size, small lights kept),
 * k-means palette (seeded k-means++ init) of at most 16 colours snapped to a console-like
 * grid, 4×4 Bayer ordered dither, nearest-neighbour upscale so the pixels stay crisp. Lower
 * strengths use smaller pixels and more colours. Ink drawings keep their lines: a big pixel
 * is ink if enough of it was ink, so thin strokes survive the downsampling. Studio's scenes:
 * small things unlike their calm surroundings (ducks on a pond) get palette colours of their
 * own, no dither and a sprite's dark outline.
 */
import type { Random } from "../random";
import type { Raster } from "../raster";
import { clamp01, createPlanes, hex, saturate, smoothstep, type Planes } from "./filters";
import { inkFillsAndStrokes, type InkPalette } from "./ink";
import { colourGap, type Figures, findFigures } from "./sites";
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
  const { strength: s, random } = ctx;
  const { width: w, height: h } = input;
  const { planes: p, strokes: ink } = inkFillsAndStrokes(input, ctx, INK_PALETTE);
  if (ctx.source !== "ink") {
    saturate(p, 1 + 0.25 * s);
  }

  ctx.progress(0.2, "Pixelating");
  // A fixed number of big pixels across whatever the resolution (fewer for photos: more
  // abstraction), and never blocks so small that the picture reads as merely soft.
  const across = ctx.source === "photo" ? 64 : ctx.source === "ink" ? 64 : 80;
  const fullBlock = Math.max(3, Math.round(Math.max(w, h) / across));
  const block = Math.max(1, Math.round(1 + (fullBlock - 1) * s));
  const colours = Math.round(PIXEL_ART_COLOURS * 0.75 + (1 - s) * 52);
  const sw = Math.ceil(w / block);
  const sh = Math.ceil(h / block);
  const small = block === 1 ? p : blockAverage(p, block, sw, sh);
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

  // Studio's own scenes: small subjects (ducks on a pond, a bus in a street) found as clumps
  // unlike their surroundings get colours of their own, no dither and a sprite's dark outline.
  const figures =
    ctx.source === "scene" && s >= 0.6
      ? findFigures(small, {
          radius: Math.round(Math.max(sw, sh) / 13),
          contrast: 0.1,
          minPixels: 5,
          sharp: (i, j) => sharpStep(p, small, block, i, j),
        })
      : null;

  ctx.progress(0.45, "Choosing the palette");
  let centres = kmeans(small, colours, random.fork("palette"));
  if (figures) centres = withOutlineColour(small, figures.mask, centres);
  const palette = retroPalette(withAccents(small, centres, PIXEL_ART_COLOURS, figures?.mask), s);
  const k = palette.length / 3;

  ctx.progress(0.7, "Dithering");
  // Light dithering: enough to hint at gradients in sky and water, not so much that a small
  // subject dissolves into the checkerboard.
  const spread = (0.9 / Math.cbrt(k)) * (ctx.source === "ink" ? 0.25 : 0.2) * s;
  const index = new Uint8Array(sw * sh);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      const i = y * sw + x;
      const d = figures?.mask[i] ? 0 : BAYER4[(y & 3) * 4 + (x & 3)]! * spread;
      index[i] = nearest(palette, k, small.r[i]! + d, small.g[i]! + d, small.b[i]! + d);
    }
  }
  if (figures) outlineFigures(small, figures, palette, index);

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

/**
 * Mean colour of each block × block square (the same grid the upscale uses). A block holding
 * a small light much brighter than its mean (a star, a lit window) takes mostly the light's
 * colour, so the lights survive as single big pixels instead of averaging away.
 */
function blockAverage(p: Planes, block: number, sw: number, sh: number): Planes {
  const { width: w, height: h } = p;
  const out = createPlanes(sw, sh);
  const cnt = new Float32Array(sw * sh);
  const brightest = new Int32Array(sw * sh).fill(-1);
  const brightL = new Float32Array(sw * sh);
  for (let y = 0; y < h; y++) {
    const srow = ((y / block) | 0) * sw;
    for (let x = 0; x < w; x++) {
      const t = srow + ((x / block) | 0);
      const i = y * w + x;
      const r = p.r[i]!;
      const g = p.g[i]!;
      const b = p.b[i]!;
      out.r[t] = out.r[t]! + r;
      out.g[t] = out.g[t]! + g;
      out.b[t] = out.b[t]! + b;
      cnt[t] = cnt[t]! + 1;
      const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      if (l > brightL[t]!) {
        brightL[t] = l;
        brightest[t] = i;
      }
    }
  }
  const mean = new Float32Array(sw * sh);
  for (let t = 0; t < sw * sh; t++) {
    const k = 1 / cnt[t]!;
    out.r[t] = out.r[t]! * k;
    out.g[t] = out.g[t]! * k;
    out.b[t] = out.b[t]! * k;
    mean[t] = 0.2126 * out.r[t]! + 0.7152 * out.g[t]! + 0.0722 * out.b[t]!;
  }
  // How much of each block is light: a lone 1-px star in a 13-px block is dust, not a light.
  const lit = new Float32Array(sw * sh);
  for (let y = 0; y < h; y++) {
    const srow = ((y / block) | 0) * sw;
    for (let x = 0; x < w; x++) {
      const t = srow + ((x / block) | 0);
      const i = y * w + x;
      if (0.2126 * p.r[i]! + 0.7152 * p.g[i]! + 0.0722 * p.b[i]! > mean[t]! + 0.15) lit[t] = lit[t]! + 1;
    }
  }
  for (let t = 0; t < sw * sh; t++) {
    const j = brightest[t]!;
    if (j < 0) continue;
    const light = 0.7 * smoothstep(0.22, 0.4, brightL[t]! - mean[t]!) * Math.min(1, (lit[t]! / cnt[t]!) * 7);
    if (light <= 0) continue;
    out.r[t] = out.r[t]! + (p.r[j]! - out.r[t]!) * light;
    out.g[t] = out.g[t]! + (p.g[j]! - out.g[t]!) * light;
    out.b[t] = out.b[t]! + (p.b[j]! - out.b[t]!) * light;
  }
  return out;
}

/**
 * k-means serves the big areas (sky, water, grass) and can leave a small subject without a
 * colour of its own: three brown ducks on a blue pond become blue. Up to `max` colours in all,
 * add the colours that the palette misses most, each from a clump of at least a few big pixels
 * (one stray pixel is no subject). Colours of `prefer` (the figures) count three times over.
 */
function withAccents(p: Planes, centres: Float32Array, max: number, prefer?: Uint8Array): Float32Array {
  const n = p.width * p.height;
  const out = Array.from(centres);
  const gap = new Float32Array(n);
  const missed = (i: number) => {
    let best = Infinity;
    for (let c = 0; c < out.length; c += 3) {
      const d =
        0.3 * (p.r[i]! - out[c]!) ** 2 + 0.59 * (p.g[i]! - out[c + 1]!) ** 2 + 0.11 * (p.b[i]! - out[c + 2]!) ** 2;
      if (d < best) best = d;
    }
    return prefer?.[i] ? 3 * best : best;
  };
  for (let i = 0; i < n; i++) gap[i] = missed(i);
  for (let attempt = 0; attempt < 12 && out.length / 3 < max; attempt++) {
    let worst = 0;
    for (let i = 1; i < n; i++) if (gap[i]! > gap[worst]!) worst = i;
    const far = gap[worst]!;
    if (far < 0.012) break;
    // The clump: pixels much closer to this colour than to the palette.
    let r = 0;
    let g = 0;
    let b = 0;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const d =
        0.3 * (p.r[i]! - p.r[worst]!) ** 2 + 0.59 * (p.g[i]! - p.g[worst]!) ** 2 + 0.11 * (p.b[i]! - p.b[worst]!) ** 2;
      if (d > 0.25 * far || gap[i]! < 0.5 * far) continue;
      r += p.r[i]!;
      g += p.g[i]!;
      b += p.b[i]!;
      count++;
      gap[i] = 0;
    }
    if (count < Math.max(3, n / 3000)) continue;
    out.push(r / count, g / count, b / count);
    for (let i = 0; i < n; i++) if (gap[i]! > 0) gap[i] = Math.min(gap[i]!, missed(i));
  }
  return Float32Array.from(out);
}

/** The palette plus a sprite outline's colour (the figures' mean colour, much darkened), if any. */
function withOutlineColour(p: Planes, figure: Uint8Array, centres: Float32Array): Float32Array {
  let r = 0;
  let g = 0;
  let b = 0;
  let count = 0;
  for (let i = 0; i < figure.length; i++) {
    if (!figure[i]) continue;
    r += p.r[i]!;
    g += p.g[i]!;
    b += p.b[i]!;
    count++;
  }
  if (!count) return centres;
  const out = new Float32Array(centres.length + 3);
  out.set(centres);
  out.set(outlineOf(r / count, g / count, b / count), centres.length);
  return out;
}

/** A sprite outline's colour for a figure of colour (r, g, b): the same hue, much darker. */
const outlineOf = (r: number, g: number, b: number): [number, number, number] => [
  0.3 * r + 0.02,
  0.3 * g + 0.02,
  0.3 * b + 0.03,
];

/**
 * Whether the picture steps sharply between big pixels i and j (neighbours on the small grid):
 * along the line joining their centres, most of the change between their colours happens within
 * two pixels. A drawn thing's outline is sharp; a mountain's shading or a cloud's edge is not.
 */
function sharpStep(p: Planes, small: Planes, block: number, i: number, j: number): boolean {
  const sw = small.width;
  const total = colourGap(small, i, small.r[j]!, small.g[j]!, small.b[j]!);
  if (total < 0.05) return false;
  const horizontal = Math.abs(i - j) === 1;
  const lo = Math.min(i, j);
  const x = (lo % sw) * block + (horizontal ? block >> 1 : 0);
  const y = ((lo / sw) | 0) * block + (horizontal ? 0 : block >> 1);
  const step = horizontal ? 1 : p.width;
  const along = Math.min(block, (horizontal ? p.width - x : p.height - y) - 2);
  // Sample the middle row (or column) of the two blocks, from one centre to the other.
  const start = horizontal
    ? Math.min(p.height - 1, y + (block >> 1)) * p.width + x
    : y * p.width + Math.min(p.width - 1, x + (block >> 1));
  let most = 0;
  for (let k = 0; k + 2 <= along; k++) {
    const a = start + k * step;
    const b = a + 2 * step;
    most = Math.max(most, colourGap(p, a, p.r[b]!, p.g[b]!, p.b[b]!));
  }
  return most > 0.6 * total;
}

/**
 * A sprite's outline: the ground along a figure's sharp edge becomes dark (the palette colour
 * nearest the figure's own, darkened), so a duck keeps its shape against a pond of the same
 * lightness. Where the figure fades into the ground, or the ground is already darker than the
 * outline would be, the ground is left alone.
 */
function outlineFigures(p: Planes, figures: Figures, palette: Float32Array, index: Uint8Array): void {
  const { width: w, height: h } = p;
  const { mask, around } = figures;
  const k = palette.length / 3;
  const luma = (c: number) => 0.2126 * palette[c * 3]! + 0.7152 * palette[c * 3 + 1]! + 0.0722 * palette[c * 3 + 2]!;
  const outline = new Int16Array(w * h).fill(-1);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (mask[i]) continue;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
        if (j < 0 || !mask[j]) continue;
        const apart = colourGap(p, j, around.r[j]!, around.g[j]!, around.b[j]!);
        if (colourGap(p, j, p.r[i]!, p.g[i]!, p.b[i]!) < 0.6 * apart) continue;
        const [r, g, b] = outlineOf(p.r[j]!, p.g[j]!, p.b[j]!);
        const dark = nearest(palette, k, r, g, b);
        if (luma(dark) < luma(index[i]!) - 0.08) outline[i] = dark;
        break;
      }
    }
  }
  for (let i = 0; i < w * h; i++) if (outline[i]! >= 0) index[i] = outline[i]!;
}

/**
 * A console-like palette: the k-means colours pushed apart in saturation and contrast and
 * snapped to an 8-level-per-channel grid (duplicates merged), so the few colours are obvious.
 * Lower strengths keep the k-means colours.
 */
function retroPalette(centres: Float32Array, s: number): Float32Array {
  const k = centres.length / 3;
  const levels = 10;
  const seen = new Set<number>();
  const out: number[] = [];
  for (let c = 0; c < k; c++) {
    let r = centres[c * 3]!;
    let g = centres[c * 3 + 1]!;
    let b = centres[c * 3 + 2]!;
    const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const sat = 1 + 0.3 * s;
    const con = (v: number) => 0.5 + (v - 0.5) * (1 + 0.15 * s);
    r = clamp01(con(l + (r - l) * sat));
    g = clamp01(con(l + (g - l) * sat));
    b = clamp01(con(l + (b - l) * sat));
    if (s >= 0.6) {
      r = Math.round(r * levels) / levels;
      g = Math.round(g * levels) / levels;
      b = Math.round(b * levels) / levels;
    }
    const key = Math.round(r * 255) * 65536 + Math.round(g * 255) * 256 + Math.round(b * 255);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r, g, b);
  }
  return Float32Array.from(out);
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

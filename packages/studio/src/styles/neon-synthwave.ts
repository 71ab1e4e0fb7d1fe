/**
 * Neon synthwave: the picture sinks into a dark purple grade; its edges (Sobel on a smoothed
 * luma) become neon tubes — magenta on horizontal-ish edges, cyan on vertical-ish ones, a white
 * hot core — with a two-radius bloom; scanlines on top. Scenes also get the genre's glowing
 * perspective grid on the ground. Ink drawings turn into neon signs: every stroke a glowing tube.
 */
import type { Raster } from "../raster";
import { finish } from "./common";
import type { Random } from "../random";
import {
  clamp01,
  createPlanes,
  gaussianBlur,
  lumaOf,
  type Plane,
  type Planes,
  smoothstep,
  sobel,
  toPlanes,
} from "./filters";
import { inkCoverage } from "./ink";
import { noiseField } from "./paper";
import type { StyleContext } from "./types";

const MAGENTA: [number, number, number] = [1, 0.16, 0.43];
const CYAN: [number, number, number] = [0.02, 0.85, 0.91];
const NIGHT: [number, number, number] = [0.07, 0.02, 0.14];

export function neonSynthwave(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s, random } = ctx;
  const { width: w, height: h } = input;
  const n = w * h;
  const p = toPlanes(input);
  const lum = lumaOf(p);
  const ink = ctx.source === "ink";

  ctx.progress(0.15, "Finding edges");
  // Tube intensity 0..1 and a hue mix 0 (magenta) .. 1 (cyan).
  const tube = new Float32Array(n);
  const hue = new Float32Array(n);
  let rows: Plane | null = null; // vertical gradient, to find the horizon by
  if (ink) {
    const cover = inkCoverage(p);
    const drift = noiseField(w, h, random.fork("hue"), 220 * unit, 2);
    for (let i = 0; i < n; i++) {
      tube[i] = cover[i]!;
      const y = (i / w) | 0;
      hue[i] = clamp01(0.5 + 0.35 * drift[i]! + 0.3 * (y / h - 0.5));
    }
  } else {
    const smooth = gaussianBlur(lum, w, h, (ctx.source === "photo" ? 2 : 1.1) * unit);
    const { gx, gy, mag } = sobel(smooth, w, h);
    rows = gy;
    const lo = 0.03 / Math.max(0.5, unit);
    const hi = 0.12 / Math.max(0.5, unit);
    for (let i = 0; i < n; i++) {
      tube[i] = smoothstep(lo * unit * 2, hi * unit * 2, mag[i]!);
      const ax = Math.abs(gx[i]!);
      const ay = Math.abs(gy[i]!);
      // Gradient mostly vertical (a horizontal edge) → magenta; mostly horizontal → cyan.
      hue[i] = ax + ay > 1e-6 ? ax / (ax + ay) : 0.5;
    }
  }

  ctx.progress(0.4, "Glow");
  const er = new Float32Array(n);
  const eg = new Float32Array(n);
  const eb = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = tube[i]!;
    const k = hue[i]!;
    er[i] = t * (MAGENTA[0] + (CYAN[0] - MAGENTA[0]) * k);
    eg[i] = t * (MAGENTA[1] + (CYAN[1] - MAGENTA[1]) * k);
    eb[i] = t * (MAGENTA[2] + (CYAN[2] - MAGENTA[2]) * k);
  }
  // Water (a sea, a lake) is smooth, so it has no edges to light: it gets ripples and the neon
  // above mirrored in it instead, and the ground grid stays off it.
  const water = rows ? findWater(p, lum, rows, tube, w, h, unit) : null;
  if (water) drawWater(er, eg, eb, tube, hue, water, w, h, unit, random.fork("ripples"));
  if (ctx.source === "scene") drawGrid(er, eg, eb, w, h, unit, water?.mask);
  const near = [
    gaussianBlur(er, w, h, 3 * unit),
    gaussianBlur(eg, w, h, 3 * unit),
    gaussianBlur(eb, w, h, 3 * unit),
  ] as const;
  const far = [
    gaussianBlur(er, w, h, 14 * unit),
    gaussianBlur(eg, w, h, 14 * unit),
    gaussianBlur(eb, w, h, 14 * unit),
  ] as const;

  ctx.progress(0.75, "Scanlines");
  const out = createPlanes(w, h);
  const period = Math.max(2, Math.round(3 * unit));
  const dim = ink ? 0.12 : 0.42;
  for (let y = 0; y < h; y++) {
    const scan = y % period === 0 ? 1 - 0.3 * s : 1;
    const vy = y / h;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      // Night grade: keep a dim, purple-tinted memory of the picture.
      const l = lum[i]!;
      // Water keeps more of its own blue, so it reads as a dark sea rather than void.
      const wet = water ? water.mask[i]! : 0;
      const base = dim * l * l + wet * 0.12;
      const br = NIGHT[0] + base * (0.55 + 0.45 * p.r[i]!) + 0.05 * (1 - vy);
      const bg = NIGHT[1] + base * (0.25 + 0.35 * p.g[i]!);
      const bb = NIGHT[2] + base * (0.9 + 0.3 * p.b[i]!) + 0.06 * vy;
      const core = tube[i]! * tube[i]! * 0.55;
      let r = br + 1.1 * er[i]! + core + 1.6 * near[0][i]! + 1.1 * far[0][i]!;
      let g = bg + 1.1 * eg[i]! + core + 1.6 * near[1][i]! + 1.1 * far[1][i]!;
      let b = bb + 1.1 * eb[i]! + core + 1.6 * near[2][i]! + 1.1 * far[2][i]!;
      r = clamp01(p.r[i]! + (r * scan - p.r[i]!) * s);
      g = clamp01(p.g[i]! + (g * scan - p.g[i]!) * s);
      b = clamp01(p.b[i]! + (b * scan - p.b[i]!) * s);
      out.r[i] = r;
      out.g[i] = g;
      out.b[i] = b;
    }
  }
  return finish(input, out);
}

interface Water {
  /** 0..1 per pixel. */
  mask: Plane;
  /** The row where the water meets the sky or the far shore. */
  horizon: number;
}

/**
 * Water: Studio's water mirrors what is above it, so it is found as a run of rows below a
 * horizon (one of the rows with the longest horizontal edges in the middle of the picture)
 * whose pattern matches the row as far above it. A snowy street under a skyline is as blue as
 * a sea at night but mirrors nothing. Null when no water is found.
 */
function findWater(p: Planes, luma: Plane, gy: Plane, tube: Plane, w: number, h: number, unit: number): Water | null {
  const lum = gaussianBlur(luma, w, h, 4 * unit);
  // A horizon runs across the picture: rows where the edge covers most of the width.
  const rows: { y: number; edge: number }[] = [];
  for (let y = Math.round(h * 0.4); y < Math.round(h * 0.8); y++) {
    let edge = 0;
    let across = 0;
    for (let x = 0; x < w; x++) {
      const g = Math.abs(gy[y * w + x]!);
      edge += g;
      if (g > 0.004) across++;
    }
    if (across > w * 0.7) rows.push({ y, edge });
  }
  rows.sort((a, b) => b.edge - a.edge);
  let best: { horizon: number; bottom: number } | null = null;
  const tried: number[] = [];
  for (const { y, edge } of rows) {
    if (tried.length >= 6 || edge < 0.5 * rows[0]!.edge) break;
    if (tried.some((t) => Math.abs(t - y) < 4 * unit + 2)) continue;
    tried.push(y);
    const bottom = mirroringDown(lum, w, h, y, unit);
    if (bottom - y < h * 0.1 || !sameTint(p, w, y, bottom)) continue;
    if (!best || bottom - y > best.bottom - best.horizon) best = { horizon: y, bottom };
  }
  if (!best) return null;
  const { horizon, bottom } = best;
  const mask = new Float32Array(w * h);
  const fade = Math.max(2, Math.round(6 * unit));
  for (let y = horizon + 1; y < h; y++) {
    const share = y <= bottom ? 1 : Math.max(0, 1 - (y - bottom) / fade);
    if (share <= 0) break;
    for (let x = 0; x < w; x++) mask[y * w + x] = share * (1 - tube[y * w + x]!);
  }
  return { mask, horizon };
}

/**
 * Whether the rows from the horizon down to `bottom` have the tint of the rows they mirror
 * (water takes the sky's colour; grass under a sky with the same pattern of light does not).
 */
function sameTint(p: Planes, w: number, horizon: number, bottom: number): boolean {
  const tint = (from: number, to: number) => {
    const sum = [0, 0, 0];
    for (let i = from * w; i < to * w; i++) {
      sum[0]! += p.r[i]!;
      sum[1]! += p.g[i]!;
      sum[2]! += p.b[i]!;
    }
    const mean = (sum[0]! + sum[1]! + sum[2]!) / 3;
    return sum.map((v) => (v - mean) / ((to - from) * w));
  };
  const below = tint(horizon + 1, bottom + 1);
  const above = tint(Math.max(0, 2 * horizon - bottom), horizon);
  const dot = below[0]! * above[0]! + below[1]! * above[1]! + below[2]! * above[2]!;
  const size = Math.hypot(below[0]!, below[1]!, below[2]!) * Math.hypot(above[0]!, above[1]!, above[2]!);
  // Two greys match; otherwise the hues must point the same way, and not to green: grass
  // under a row of trees can echo their pattern, and a forest lake can do without ripples.
  const green = below[1]! > Math.max(below[0]!, below[2]!) + 0.01;
  return size < 0.03 * 0.03 || (dot > 0.6 * size && !green);
}

/**
 * The last row of a run below `horizon` in which each row correlates with its mirror row
 * above (ripples displace a reflection by a few pixels; the blur of `lum` absorbs that).
 */
function mirroringDown(lum: Plane, w: number, h: number, horizon: number, unit: number): number {
  const band = Math.max(3, Math.round(12 * unit));
  const flat = 1e-5 * w;
  const scores: number[] = [];
  let bottom = horizon;
  for (let y = horizon + 2; y < h && 2 * horizon - y >= 0; y++) {
    const m = 2 * horizon - y;
    let sa = 0;
    let sb = 0;
    for (let x = 0; x < w; x++) {
      sa += lum[y * w + x]!;
      sb += lum[m * w + x]!;
    }
    const ma = sa / w;
    const mb = sb / w;
    let ab = 0;
    let aa = 0;
    let bb = 0;
    for (let x = 0; x < w; x++) {
      const da = lum[y * w + x]! - ma;
      const db = lum[m * w + x]! - mb;
      ab += da * db;
      aa += da * da;
      bb += db * db;
    }
    // Flat rows prove nothing (a wall, a clear sky): only a mirrored pattern counts.
    scores.push(ab / Math.sqrt((aa + flat) * (bb + flat)));
    if (scores.length >= band) {
      let sum = 0;
      for (let k = scores.length - band; k < scores.length; k++) sum += scores[k]!;
      if (sum / band < 0.35) break;
      bottom = y;
    }
  }
  return bottom;
}

/**
 * On the water: thin horizontal ripple lines, closer together toward the horizon and broken
 * into dashes, and the neon above the horizon mirrored below it, wavering and fading with depth.
 */
function drawWater(
  er: Plane,
  eg: Plane,
  eb: Plane,
  tube: Plane,
  hue: Plane,
  water: Water,
  w: number,
  h: number,
  unit: number,
  random: Random,
): void {
  const { mask, horizon } = water;
  const dashes = noiseField(w, h, random, 40 * unit, 2, 0.5, 4, 0.4);
  const half = Math.max(0.6, 1.1 * unit);
  for (let y = horizon + 1; y < h; y++) {
    const below = y - horizon;
    const depth = below / Math.max(1, h - horizon);
    // Ripple rows evenly spaced in depth, as on the ground grid.
    const z = 1 / Math.max(depth, 1e-3);
    const fz = z * 2.5 - Math.floor(z * 2.5);
    const row = 1 - smoothstep(half * 0.5, half * 1.5, (Math.min(fz, 1 - fz) / (2.5 * z)) * below);
    const mirrorY = horizon - Math.round(below * 0.9);
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const wet = mask[i]!;
      if (wet <= 0.02) continue;
      const d = dashes[i]!;
      // Rows crowd at the horizon: fade them there so they do not merge into a solid band.
      const ripple = row * smoothstep(-0.2, 0.5, d) * 0.45 * smoothstep(0.02, 0.2, depth);
      let r = CYAN[0] * ripple;
      let g = CYAN[1] * ripple;
      let b = CYAN[2] * ripple;
      if (mirrorY >= 0) {
        const sx = Math.min(w - 1, Math.max(0, Math.round(x + d * 3 * unit)));
        const j = mirrorY * w + sx;
        const k = hue[j]!;
        const m = tube[j]! * 0.5 * (1 - 0.6 * depth) * smoothstep(-0.6, 0.2, d);
        r += m * (MAGENTA[0] + (CYAN[0] - MAGENTA[0]) * k);
        g += m * (MAGENTA[1] + (CYAN[1] - MAGENTA[1]) * k);
        b += m * (MAGENTA[2] + (CYAN[2] - MAGENTA[2]) * k);
      }
      er[i] = Math.max(er[i]!, r * wet);
      eg[i] = Math.max(eg[i]!, g * wet);
      eb[i] = Math.max(eb[i]!, b * wet);
    }
  }
}

/** The perspective grid of the genre on the lower part of the picture, added to the glow. */
function drawGrid(er: Plane, eg: Plane, eb: Plane, w: number, h: number, unit: number, water?: Plane): void {
  const horizon = h * 0.72;
  const vpX = w / 2;
  const half = Math.max(0.6, 1.1 * unit);
  for (let y = Math.ceil(horizon); y < h; y++) {
    const depth = (y - horizon) / (h - horizon); // 0 at horizon .. 1 at bottom
    const fade = smoothstep(0, 0.25, depth) * 0.55;
    // Horizontal lines evenly spaced in depth: z = 1/depth.
    const z = 1 / Math.max(depth, 1e-3);
    const fz = z * 1.5 - Math.floor(z * 1.5);
    const dz = (Math.min(fz, 1 - fz) / (1.5 * z * z)) * (h - horizon); // in pixels, roughly
    const hLine = 1 - smoothstep(half * 0.5, half * 1.5, (dz * 1.5 * z * z) / z);
    for (let x = 0; x < w; x++) {
      // Vertical lines converge on the vanishing point.
      const u = ((x - vpX) / Math.max(1, y - horizon)) * 0.9;
      const fu = u - Math.floor(u);
      const du = Math.min(fu, 1 - fu) * ((y - horizon) / 0.9);
      const vLine = 1 - smoothstep(half * 0.5, half * 1.5, du);
      const i = y * w + x;
      const a = Math.max(hLine, vLine) * fade * (water ? 1 - water[i]! : 1);
      if (a <= 0) continue;
      er[i] = Math.max(er[i]!, MAGENTA[0] * a);
      eg[i] = Math.max(eg[i]!, MAGENTA[1] * a);
      eb[i] = Math.max(eb[i]!, MAGENTA[2] * a);
    }
  }
}

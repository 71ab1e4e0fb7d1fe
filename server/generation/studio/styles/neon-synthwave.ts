/**
 * Neon synthwave: the picture sinks into a dark purple grade; its edges (Sobel on a smoothed
 * luma) become neon tubes — magenta on horizontal-ish edges, cyan on vertical-ish ones, a white
 * hot core — with a two-radius bloom; scanlines on top. Scenes also get the genre's glowing
 * perspective grid on the ground. Ink drawings turn into neon signs: every stroke a glowing tube.
 */
import type { Raster } from "../raster";
import { finish } from "./common";
import { clamp01, createPlanes, gaussianBlur, lumaOf, smoothstep, sobel, toPlanes, type Plane } from "./filters";
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
  if (ctx.source === "scene") drawGrid(er, eg, eb, w, h, unit);
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
      const base = dim * l * l;
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

/** The perspective grid of the genre on the lower part of the picture, added to the glow. */
function drawGrid(er: Plane, eg: Plane, eb: Plane, w: number, h: number, unit: number): void {
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
      const a = Math.max(hLine, vLine) * fade;
      if (a <= 0) continue;
      const i = y * w + x;
      er[i] = Math.max(er[i]!, MAGENTA[0] * a);
      eg[i] = Math.max(eg[i]!, MAGENTA[1] * a);
      eb[i] = Math.max(eb[i]!, MAGENTA[2] * a);
    }
  }
}

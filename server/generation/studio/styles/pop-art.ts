/**
 * Pop-art halftone: the picture is flattened, saturated and snapped to a comic-print palette;
 * each flat colour is printed as Ben-Day dots on a rotated (45°) screen — paper tint between
 * dots, dot size following the original shading, so tone survives as dot size — with bold black
 * outlines where the colour areas meet. Ink drawings: shapes filled with pop colours.
 */
import type { Raster } from "../raster";
import { finish, fadeIn } from "./common";
import { clamp01, colourDistance2, createPlanes, gaussianBlur, hex, kuwahara, lumaOf, morph, saturate, smoothstep, sobel, toPlanes, type Planes } from "./filters";
import { colouriseInk, type InkPalette } from "./ink";
import type { StyleContext } from "./types";

const PALETTE = ["#ff3b3b", "#ffe600", "#1e6bff", "#ff7ac8", "#00c2d1", "#2bd45a", "#ff8a00", "#fff6e0", "#121212", "#8a4dff", "#f6c89f"].map(hex);
const BLACK = 8;
const PAPER: [number, number, number] = [1, 0.97, 0.9];

const INK_PALETTE: InkPalette = {
  paper: hex("#fff6e0"),
  sky: hex("#00c2d1"),
  ground: hex("#2bd45a"),
  fills: ["#ff3b3b", "#ffe600", "#1e6bff", "#ff7ac8", "#ff8a00", "#8a4dff"].map(hex),
};

export function popArt(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s, random } = ctx;
  const { width: w, height: h } = input;
  const n = w * h;
  let p: Planes = toPlanes(input);
  let lines: Float32Array | null = null;
  if (ctx.source === "ink") {
    const result = colouriseInk(p, INK_PALETTE, random.fork("ink"), unit, null);
    p = result.fills;
    lines = result.layout.ink;
  } else {
    ctx.progress(0.1, "Flattening");
    p = kuwahara(p, Math.max(1, Math.round((ctx.source === "photo" ? 5 : 3) * unit)));
    saturate(p, 1.7);
  }
  const lum = gaussianBlur(lumaOf(p), w, h, 1.5 * unit);

  ctx.progress(0.4, "Printing colours");
  const index = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    let best = 0;
    let bestD = Infinity;
    for (let c = 0; c < PALETTE.length; c++) {
      const q = PALETTE[c]!;
      let d = colourDistance2(p.r[i]!, p.g[i]!, p.b[i]!, q[0], q[1], q[2]);
      // Solid black only for real shadows: dark colours should stay colours.
      if (c === BLACK) d = d * 2.5 + 0.08;
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    index[i] = best;
  }
  // Outlines: colour-area boundaries plus strong luminance edges, thickened.
  const edge = new Float32Array(n);
  const mag = sobel(lum, w, h).mag;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const a = index[i]!;
      const change = (x + 1 < w && index[i + 1] !== a) || (y + 1 < h && index[i + w] !== a) ? 1 : 0;
      edge[i] = Math.max(change, smoothstep(0.06, 0.14, mag[i]! / Math.max(0.25, unit)));
    }
  }
  let outline = gaussianBlur(morph(edge, w, h, Math.max(1, Math.round(1.5 * unit)), "max"), w, h, 0.7 * unit);
  if (lines) {
    const thick = morph(lines, w, h, Math.max(1, Math.round(unit)), "max");
    for (let i = 0; i < n; i++) outline[i] = Math.max(outline[i]! * 0.7, thick[i]!);
  }

  ctx.progress(0.7, "Halftone");
  const cell = Math.max(4, 9 * unit);
  const cos = Math.SQRT1_2 / cell;
  const aa = 1 / cell; // antialiasing width in cell units
  const out = createPlanes(w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const c = PALETTE[index[i]!]!;
      // Rotated screen coordinates in cells; distance to the nearest dot centre.
      const u = (x + y) * cos;
      const v = (x - y) * cos;
      const fu = u - Math.floor(u) - 0.5;
      const fv = v - Math.floor(v) - 0.5;
      const d = Math.sqrt(fu * fu + fv * fv);
      let r: number;
      let g: number;
      let b: number;
      if (index[i] === BLACK) {
        r = c[0];
        g = c[1];
        b = c[2];
      } else {
        // Darker original → bigger dots; flat colour still gets a solid core of dots.
        const radius = 0.3 + 0.42 * clamp01(1.15 - lum[i]!);
        const dot = smoothstep(radius + aa, radius - aa, d);
        const tint = 0.55; // paper between dots, tinted with the colour
        const pr = PAPER[0] + (c[0] - PAPER[0]) * tint;
        const pg = PAPER[1] + (c[1] - PAPER[1]) * tint;
        const pb = PAPER[2] + (c[2] - PAPER[2]) * tint;
        r = pr + (c[0] * 0.92 - pr) * dot;
        g = pg + (c[1] * 0.92 - pg) * dot;
        b = pb + (c[2] * 0.92 - pb) * dot;
      }
      const o = clamp01(outline[i]! * 1.3);
      out.r[i] = r * (1 - o) + 0.07 * o;
      out.g[i] = g * (1 - o) + 0.07 * o;
      out.b[i] = b * (1 - o) + 0.07 * o;
    }
  }
  return finish(input, out, fadeIn(s, 1));
}

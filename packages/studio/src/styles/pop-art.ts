/**
 * Pop-art halftone: the picture is flattened, saturated and snapped to a comic-print palette;
 * each flat colour is printed as Ben-Day dots on a rotated (45°) screen — paper tint between
 * dots, dot size following the original shading, so tone survives as dot size — with bold black
 * outlines where the colour areas meet. Dark pictures (night scenes) have their tonal range
 * stretched first so they print in blues rather than solid black, and small lights (stars, lit
 * windows) print as bright comic colours. Ink drawings: shapes filled with pop colours.
 */
import type { Raster } from "../raster";
import { finish, fadeIn } from "./common";
import {
  clamp01,
  colourDistance2,
  createPlanes,
  gaussianBlur,
  hex,
  kuwahara,
  lumaOf,
  morph,
  nearestPaletteIndices,
  normaliseTones,
  saturate,
  smoothstep,
  sobel,
  type Plane,
  type Planes,
} from "./filters";
import { inkFillsAndStrokes, type InkPalette } from "./ink";
import type { StyleContext } from "./types";

const PALETTE = [
  "#ff3b3b",
  "#ffe600",
  "#1e6bff",
  "#ff7ac8",
  "#00c2d1",
  "#2bd45a",
  "#ff8a00",
  "#fff6e0",
  "#121212",
  "#8a4dff",
  "#f6c89f",
  "#1b2a7a",
].map(hex);
const BLACK = 8;
/** Comic colours for small lights (stars, lit windows): yellow, orange, pink, cyan, cream. */
const LIGHTS = [1, 6, 3, 4, 7];
const PAPER: [number, number, number] = [1, 0.97, 0.9];

const INK_PALETTE: InkPalette = {
  paper: hex("#fff6e0"),
  sky: hex("#00c2d1"),
  ground: hex("#2bd45a"),
  fills: ["#ff3b3b", "#ffe600", "#1e6bff", "#ff7ac8", "#ff8a00", "#8a4dff"].map(hex),
};

export function popArt(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s } = ctx;
  const { width: w, height: h } = input;
  const n = w * h;
  let { planes: p, strokes: lines } = inkFillsAndStrokes(input, ctx, INK_PALETTE);
  let spots: Plane | null = null;
  let spotColour: Uint8Array | null = null;
  if (ctx.source !== "ink") {
    ctx.progress(0.1, "Flattening");
    // Small lights (stars, windows) would vanish in the flattening: find them first.
    ({ spots, colour: spotColour } = findLights(p, unit));
    // Night scenes would print almost all black: use the whole tonal range first.
    normaliseTones(p);
    p = kuwahara(p, Math.max(1, Math.round((ctx.source === "photo" ? 5 : 3) * unit)));
    saturate(p, 1.7);
  }
  const lum = gaussianBlur(lumaOf(p), w, h, 1.5 * unit);

  ctx.progress(0.4, "Printing colours");
  // Solid black only for real shadows: dark colours should stay colours.
  const index = nearestPaletteIndices(p, PALETTE, { index: BLACK, scale: 2.5, offset: 0.08 });
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
  // Thickened in proportion to the picture: a fixed 3-px line covers a small picture in black.
  const thicken = Math.round(1.5 * unit);
  const outline = gaussianBlur(
    thicken >= 1 ? morph(edge, w, h, thicken, "max") : edge,
    w,
    h,
    Math.max(0.5, 0.7 * unit),
  );
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
      r = r * (1 - o) + 0.07 * o;
      g = g * (1 - o) + 0.07 * o;
      b = b * (1 - o) + 0.07 * o;
      const k = spots ? spots[i]! : 0;
      if (k > 0) {
        const q = PALETTE[spotColour![i]!]!;
        r += (q[0] - r) * k;
        g += (q[1] - g) * k;
        b += (q[2] - b) * k;
      }
      out.r[i] = r;
      out.g[i] = g;
      out.b[i] = b;
    }
  }
  return finish(input, out, fadeIn(s, 1));
}

/**
 * Small bright lights against a darker surround (stars, lit windows, lamps): their strength
 * 0..1 and the comic colour each prints in (a LIGHTS palette index; near-white lights print
 * yellow). Large bright areas (a daylit sky) are not lights: they differ little from their
 * surround.
 */
function findLights(p: Planes, unit: number): { spots: Plane; colour: Uint8Array } {
  const { width: w, height: h } = p;
  const n = w * h;
  const l = lumaOf(p);
  const surround = gaussianBlur(l, w, h, Math.max(2, 5 * unit));
  let spots: Plane = new Float32Array(n);
  let any = false;
  for (let i = 0; i < n; i++) {
    const v = l[i]!;
    const around = surround[i]!;
    // Most pixels are neither bright nor on a dark surround: skip them cheaply.
    if (v <= 0.3 || around >= 0.55 || v - around <= 0.1) continue;
    const k = smoothstep(0.1, 0.22, v - around) * smoothstep(0.3, 0.55, v) * smoothstep(0.55, 0.35, around);
    spots[i] = k;
    if (k > 0) any = true;
  }
  const colour = new Uint8Array(n);
  if (!any) return { spots, colour };
  // Colour from the light's own pixels (its core), then the grown rim takes its core's colour.
  for (let i = 0; i < n; i++) {
    if (spots[i]! <= 0) continue;
    const r = p.r[i]!;
    const g = p.g[i]!;
    const b = p.b[i]!;
    const max = Math.max(r, g, b);
    const sat = max > 0 ? (max - Math.min(r, g, b)) / max : 0;
    if (sat < 0.25) {
      colour[i] = LIGHTS[0]!;
      continue;
    }
    let best = 0;
    let bestD = Infinity;
    for (const c of LIGHTS) {
      const q = PALETTE[c]!;
      const d = colourDistance2(r / max, g / max, b / max, q[0], q[1], q[2]);
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    colour[i] = best;
  }
  const grow = Math.round(unit);
  if (grow >= 1) {
    const core = spots;
    spots = morph(core, w, h, grow, "max");
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        if (spots[i]! <= 0 || core[i]! > 0) continue;
        let bestK = 0;
        for (let dy = -grow; dy <= grow; dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= h) continue;
          for (let dx = -grow; dx <= grow; dx++) {
            const xx = x + dx;
            if (xx < 0 || xx >= w) continue;
            const j = yy * w + xx;
            if (core[j]! > bestK) {
              bestK = core[j]!;
              colour[i] = colour[j]!;
            }
          }
        }
      }
    }
  }
  return { spots, colour };
}

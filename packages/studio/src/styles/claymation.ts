/**
 * Claymation: a scene modelled in plasticine and lit in a small studio. The picture is flattened
 * and softened so every shape is a rounded lump of one clay colour; a height field (each lump
 * swells away from its edges, plus the picture's own shading) is lit by a soft warm key light
 * from the upper left with glossy specular highlights on the lumps' shoulders; the clay carries
 * faint fingerprints and tool marks; the top of the frame (the background) falls out of focus as
 * with a close camera; the whole is graded warm with a gentle vignette. Ink drawings: clay-coloured
 * shapes, modelled the same way.
 */
import type { Raster } from "../raster";
import { fadeIn, finish } from "./common";
import {
  clamp01,
  gaussianBlur,
  gaussianBlurPlanes,
  hex,
  kuwahara,
  lumaOf,
  mixPlanesInto,
  normaliseTones,
  resizePlane,
  resizePlanes,
  saturate,
  smoothstep,
} from "./filters";
import { drawInk, inkFillsAndStrokes, type InkPalette } from "./ink";
import { noiseField } from "./paper";
import { edgeStrength } from "./sites";
import type { StyleContext } from "./types";

const INK_PALETTE: InkPalette = {
  paper: hex("#e9dcc6"),
  sky: hex("#9cc9e6"),
  ground: hex("#86b86a"),
  fills: ["#e0553f", "#f2c14e", "#4f86c6", "#e98aa8", "#f08a3c", "#7b5ea7", "#6cbf8f", "#c9794a"].map(hex),
};

/** The key light's direction (toward the light: up and to the left, in front). */
const LIGHT = (() => {
  const v = [-0.55, -0.6, 0.58];
  const k = 1 / Math.hypot(v[0]!, v[1]!, v[2]!);
  return v.map((c) => c * k) as [number, number, number];
})();
/** Half-vector for the highlights (light and a viewer straight in front). */
const HALF = (() => {
  const v = [LIGHT[0], LIGHT[1], LIGHT[2] + 1];
  const k = 1 / Math.hypot(v[0]!, v[1]!, v[2]!);
  return v.map((c) => c * k) as [number, number, number];
})();

export function claymation(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s, random } = ctx;
  const { width: w, height: h } = input;
  const n = w * h;
  let { planes: p, strokes } = inkFillsAndStrokes(input, ctx, INK_PALETTE);
  if (strokes) drawInk(p, strokes, [0.35, 0.25, 0.2], 0.6);

  ctx.progress(0.1, "Modelling the clay");
  // The modelling runs at half size: the clay is soft and rounded, so nothing fine is lost, and
  // it costs a quarter. Lumps of one colour with soft rounded edges: a Kuwahara, then a blur.
  const hw = Math.max(1, w >> 1);
  const hh = Math.max(1, h >> 1);
  const hn = hw * hh;
  const hu = unit / 2;
  let half = resizePlanes(p, hw, hh);
  if (ctx.source !== "ink") normaliseTones(half, 0.3); // a night stays a night, only less murky
  const kr = Math.max(1, Math.round((ctx.source === "photo" ? 5 : 3.5) * unit * (0.4 + 0.6 * s)));
  half = gaussianBlurPlanes(kuwahara(half, kr), 0.8 * hu * s + 0.3);
  saturate(half, 1 + 0.4 * s);

  ctx.progress(0.35, "Lighting the set");
  // Height: each lump swells away from its outlines; the picture's own shading adds relief.
  const edge = edgeStrength(half, 1.5 * hu);
  const flat = new Float32Array(hn);
  for (let i = 0; i < hn; i++) flat[i] = 1 - smoothstep(0.08, 0.4, edge[i]!);
  const swell = gaussianBlur(flat, hw, hh, 9 * hu);
  // Creases where two lumps meet fall into shadow.
  const crease = resizePlane(gaussianBlur(edge, hw, hh, 1.5 * hu), hw, hh, w, h);
  const relief = gaussianBlur(lumaOf(half), hw, hh, 4 * hu);
  // Fingerprints and tool marks: fine stretched ridges in patches, and a broad dent noise.
  const prints = noiseField(hw, hh, random.fork("prints"), 7 * hu, 2, 0.5, 1, 0.35);
  const dents = noiseField(hw, hh, random.fork("dents"), 40 * hu, 2);
  const patch = noiseField(hw, hh, random.fork("patch"), 60 * hu, 1);
  const depth = 16 * unit; // the lumps' height in (full-size) pixels: the larger, the rounder the light
  for (let i = 0; i < hn; i++) {
    const marks = 0.006 * prints[i]! * smoothstep(0, 0.8, patch[i]!) + 0.008 * dents[i]!;
    flat[i] = (swell[i]! + relief[i]! * 0.15 + marks * s) * depth;
  }
  const height = resizePlane(flat, hw, hh, w, h);

  // Shallow depth of field: the background (upper part) blurred, the foreground sharp.
  const soft = resizePlanes(gaussianBlurPlanes(half, 5 * hu * s + 0.3), w, h);
  p = resizePlanes(half, w, h);
  const focus = new Float32Array(n);
  for (let y = 0; y < h; y++) {
    const k = smoothstep(0.62, 0.15, y / h) * 0.85 * s;
    focus.fill(k, y * w, (y + 1) * w);
  }
  mixPlanesInto(p, soft, focus);
  // Out of focus, the set's relief melts too.
  for (let i = 0; i < n; i++) height[i] = height[i]! * (1 - 0.8 * focus[i]!);

  ctx.progress(0.7, "Warm studio light");
  const { r, g, b } = p;
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  const inv = 1 / Math.hypot(cx, cy);
  for (let y = 0; y < h; y++) {
    const up = (y > 0 ? y - 1 : 0) * w;
    const down = (y < h - 1 ? y + 1 : y) * w;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const left = x > 0 ? i - 1 : i;
      const right = x < w - 1 ? i + 1 : i;
      const nx = -(height[right]! - height[left]!) * 0.5;
      const ny = -(height[down + x]! - height[up + x]!) * 0.5;
      const k = 1 / Math.sqrt(nx * nx + ny * ny + 1);
      const ex = nx * k;
      const ey = ny * k;
      const ez = k;
      const diffuse = Math.max(0, ex * LIGHT[0] + ey * LIGHT[1] + ez * LIGHT[2]);
      const hv = Math.max(0, ex * HALF[0] + ey * HALF[1] + ez * HALF[2]);
      const hv2 = hv * hv;
      const hv8 = hv2 * hv2 * hv2 * hv2;
      const spec = hv8 * hv8 * hv8 * 0.5 * s; // a broad waxy sheen, not a mirror
      // Light relative to a flat surface: flat areas keep their colour, slopes turn to/away.
      const shade = (1 + (diffuse - LIGHT[2]) * 0.9 * s) * (1 - 0.15 * s * crease[i]!);
      const dx = (x - cx) * inv;
      const dy = (y - cy) * inv;
      const vignette = 1 - 0.22 * s * (dx * dx + dy * dy);
      // Warm key light: reds up, blues down.
      let rr = r[i]! * shade * (1 + 0.06 * s);
      let gg = g[i]! * shade * (1 + 0.01 * s);
      let bb = b[i]! * shade * (1 - 0.08 * s);
      rr = (rr + spec * 1.0) * vignette;
      gg = (gg + spec * 0.95) * vignette;
      bb = (bb + spec * 0.85) * vignette;
      r[i] = clamp01(rr);
      g[i] = clamp01(gg);
      b[i] = clamp01(bb);
    }
  }
  return finish(input, p, fadeIn(s, 0.6));
}

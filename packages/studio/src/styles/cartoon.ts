/**
 * Cartoon: big flat shapes of saturated colour with thick, rounded black outlines. The picture is
 * flattened hard (a wide Kuwahara on a half-size copy), its colours pushed bright and saturated,
 * shaded in two tones only (lit and shadow, a soft step), and every shape's outline is drawn
 * thick with round ends and corners (the edges grown, blurred and re-thresholded). Ink drawings:
 * shapes filled with cartoon colours under thick redrawn strokes.
 */
import type { Raster } from "../raster";
import { clearSky, crispEdges, flatSky, inkLines, skyAndClouds, toneSteps } from "./cel";
import { fadeIn, finish } from "./common";
import {
  clamp01,
  gaussianBlur,
  hex,
  kuwahara,
  morph,
  normaliseTones,
  resizePlanes,
  saturate,
  smoothstep,
} from "./filters";
import { inkFillsAndStrokes, type InkPalette } from "./ink";
import type { StyleContext } from "./types";

const INK_PALETTE: InkPalette = {
  paper: hex("#fffdf5"),
  sky: hex("#5ec8ff"),
  ground: hex("#5fd35a"),
  fills: ["#ff4d4d", "#ffd23f", "#3a86ff", "#ff7bd5", "#ff9f1c", "#8338ec", "#2ec4b6", "#f9844a"].map(hex),
};

const OUTLINE: [number, number, number] = [0.06, 0.05, 0.07];
const SKY_TOP = hex("#2f8cff");
const SKY_LOW = hex("#9fdcff");

export function cartoon(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s } = ctx;
  const { width: w, height: h } = input;
  const n = w * h;
  let { planes: p, strokes } = inkFillsAndStrokes(input, ctx, INK_PALETTE);
  ctx.progress(0.1, "Simplifying the shapes");
  const sharp = strokes ? undefined : crispEdges(p, unit);
  if (ctx.source !== "ink") {
    normaliseTones(p, 0.3); // a night stays a night, only less murky
    // Half size: the shapes are big, so the lost resolution does not show, and it is four times cheaper.
    const hw = Math.max(1, w >> 1);
    const hh = Math.max(1, h >> 1);
    const kr = Math.max(1, Math.round((ctx.source === "photo" ? 5 : 3.5) * unit * (0.4 + 0.6 * s)));
    p = resizePlanes(kuwahara(resizePlanes(p, hw, hh), kr), w, h);
    saturate(p, 1 + 0.5 * s);
  }

  ctx.progress(0.45, "Outlining");
  let lines: Float32Array;
  let sky: Float32Array | null = null;
  if (strokes) {
    const grown = gaussianBlur(morph(strokes, w, h, Math.max(1, Math.round(2 * unit)), "max"), w, h, 1.2 * unit);
    lines = grown;
    for (let i = 0; i < n; i++) lines[i] = smoothstep(0.25, 0.55, grown[i]!);
  } else {
    lines = inkLines(p, unit, { smooth: 2, threshold: 0.34, grow: 1.6 * s + 0.4, round: 1.8, sharp, thinCrowds: true });
    // A cloud's soft rim is no shape: the sky is left to its colours.
    sky = skyAndClouds(p, unit);
    clearSky(lines, sky, 1);
  }
  toneSteps(p, 2, 0.08, 0.7);
  // A cartoon sky: one clean blue deepening upward, clouds as plain white shapes.
  if (sky) flatSky(p, sky, unit, SKY_TOP, SKY_LOW, [1, 1, 1]);

  ctx.progress(0.75, "Colouring");
  const { r, g, b } = p;
  for (let i = 0; i < n; i++) {
    const o = clamp01(lines[i]!);
    r[i] = r[i]! + (OUTLINE[0] - r[i]!) * o;
    g[i] = g[i]! + (OUTLINE[1] - g[i]!) * o;
    b[i] = b[i]! + (OUTLINE[2] - b[i]!) * o;
  }
  return finish(input, p, fadeIn(s, 1));
}

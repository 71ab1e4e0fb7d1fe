/**
 * Comic book: an inked and coloured comic panel. The picture is flattened and its colours laid
 * flat in two values (the colourist's flats); the shading is the inker's: solid black in the
 * deepest shadows, hatching (crossed where darker) in the shadows, a fine halftone screen in the
 * mid-tones only, bold black contours where the shapes meet. Printed on a slightly yellowed paper
 * inside a panel frame. Unlike pop art (big Ben-Day dots over everything, a primary palette), the
 * colours keep their hue and the dots are small and only in the shading. Ink drawings: flat
 * colours under inked strokes.
 */
import type { Raster } from "../raster";
import { clearSky, crispEdges, flatSky, inkLines, skyAndClouds, toneSteps } from "./cel";
import { fadeIn, finish } from "./common";
import {
  clamp01,
  gaussianBlur,
  hex,
  kuwahara,
  lumaOf,
  morph,
  normaliseTones,
  saturate,
  smoothstep,
  type Planes,
} from "./filters";
import { inkFillsAndStrokes, type InkPalette } from "./ink";
import type { StyleContext } from "./types";

const INK_PALETTE: InkPalette = {
  paper: hex("#f6eed9"),
  sky: hex("#8fc4e8"),
  ground: hex("#9cc77a"),
  fills: ["#d93a32", "#f2c12e", "#2f6db5", "#e07b39", "#5a9e4b", "#8a5aa8", "#e8a0a0", "#4aa3a3"].map(hex),
};

const PAPER: [number, number, number] = [0.97, 0.93, 0.83];
const INK: [number, number, number] = [0.07, 0.06, 0.08];
const SKY_TOP = hex("#2f78c4");
const SKY_LOW = hex("#9fd0ee");

export function comicBook(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s } = ctx;
  const { width: w, height: h } = input;
  let { planes: p, strokes } = inkFillsAndStrokes(input, ctx, INK_PALETTE);
  ctx.progress(0.1, "Pencils");
  const sharp = strokes ? undefined : crispEdges(p, unit);
  if (ctx.source !== "ink") {
    normaliseTones(p, 0.3);
    p = kuwahara(p, Math.max(1, Math.round((ctx.source === "photo" ? 5 : 3) * unit)));
    saturate(p, 1.35);
  }
  // The shading the inks follow: the flattened picture's lightness, a little smoothed.
  const lum = gaussianBlur(lumaOf(p), w, h, 1.2 * unit);

  ctx.progress(0.35, "Inks");
  const lines = strokes
    ? morph(strokes, w, h, Math.max(0, Math.round(unit)), "max")
    : inkLines(p, unit, { smooth: 1.5, threshold: 0.17, grow: 0.9, round: 0.8, sharp });
  const sky = skyAndClouds(p, unit);
  if (!strokes) clearSky(lines, sky, 0.8);
  // The colourist's flats: two values per colour, lighter than the picture (ink does the dark).
  toneSteps(p, 2, 0, 0.6);
  // The colourist's sky: a flat blue deepening upward, the clouds left white paper.
  if (!strokes) flatSky(p, sky, unit, SKY_TOP, SKY_LOW, PAPER);

  ctx.progress(0.6, "Colours and screens");
  const hatch = Math.max(3, 6 * unit); // hatching line spacing
  const cell = Math.max(2.5, 4.5 * unit); // halftone cell, far finer than pop art's
  const cos = Math.SQRT1_2 / cell;
  const aa = 1 / cell;
  const { r, g, b } = p;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const l = lum[i]!;
      // Flat colour printed on the paper (multiplied, a little muted).
      let rr = r[i]! * 0.9 + PAPER[0] * 0.1;
      let gg = g[i]! * 0.9 + PAPER[1] * 0.1;
      let bb = b[i]! * 0.9 + PAPER[2] * 0.1;
      // The sky keeps its flat colour: screens and hatching are for the shapes' shading.
      const open = 1 - sky[i]!;
      let ink = smoothstep(0.25, 0.19, l); // spot blacks
      if (l < 0.5) {
        // Hatching: diagonal lines that thicken as the shadow deepens, crossed in deeper shadow.
        const depth = smoothstep(0.5, 0.24, l);
        const u = (x + y) / hatch;
        const d1 = Math.abs(u - Math.floor(u) - 0.5);
        const width = 0.08 + 0.3 * depth;
        let line = smoothstep(width + 0.12, width, 0.5 - d1);
        if (l < 0.37) {
          const v = (x - y) / hatch;
          const d2 = Math.abs(v - Math.floor(v) - 0.5);
          line = Math.max(line, smoothstep(width + 0.12, width, 0.5 - d2) * smoothstep(0.37, 0.3, l));
        }
        ink = Math.max(ink, line * 0.9 * open);
      } else if (l < 0.78) {
        // Mid-tones: a fine screen of dark dots printed over the flat colour.
        const u = (x + y) * cos;
        const v = (x - y) * cos;
        const fu = u - Math.floor(u) - 0.5;
        const fv = v - Math.floor(v) - 0.5;
        const d = Math.sqrt(fu * fu + fv * fv);
        const radius = 0.38 * smoothstep(0.78, 0.5, l) * open;
        const dot = radius > 0.02 ? smoothstep(radius + aa, radius - aa, d) : 0;
        const k = dot * 0.55;
        rr *= 1 - k;
        gg *= 1 - k;
        bb *= 1 - k;
      }
      const o = clamp01(Math.max(ink, lines[i]!));
      rr += (INK[0] - rr) * o;
      gg += (INK[1] - gg) * o;
      bb += (INK[2] - bb) * o;
      r[i] = rr;
      g[i] = gg;
      b[i] = bb;
    }
  }
  panelFrame(p, unit);
  return finish(input, p, fadeIn(s, 1));
}

/** A comic panel: a paper gutter round the picture and a black frame inside it. */
function panelFrame(p: Planes, unit: number): void {
  const { width: w, height: h } = p;
  const gutter = Math.max(3, Math.round(14 * unit));
  const frame = Math.max(1, Math.round(3 * unit));
  for (let y = 0; y < h; y++) {
    const dy = Math.min(y, h - 1 - y);
    for (let x = 0; x < w; x++) {
      const d = Math.min(dy, x, w - 1 - x);
      if (d >= gutter + frame) continue;
      const i = y * w + x;
      const c = d < gutter ? PAPER : INK;
      p.r[i] = c[0];
      p.g[i] = c[1];
      p.b[i] = c[2];
    }
  }
}

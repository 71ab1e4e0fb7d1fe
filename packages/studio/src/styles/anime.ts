/**
 * Anime / manga: clean cel animation. The picture is flattened into regions (generalised
 * Kuwahara), its colours brightened and cleaned, and each region shaded in three tone steps with
 * hard shadow edges (cel shading, the hue kept in every step). A daylit sky becomes a soft
 * gradient from deep azure to a pale horizon; clouds stay white. Thin dark lines, tinted by the
 * colour they edge, outline every region. No paper, no grain: the look is clean. Ink drawings:
 * shapes filled with bright anime colours under the drawing's own lines.
 */
import type { Raster } from "../raster";
import { clearSky, crispEdges, flatSky, inkLines, skyAndClouds, toneSteps } from "./cel";
import { fadeIn, finish } from "./common";
import { clamp01, hex, kuwahara, morph, normaliseTones, saturate } from "./filters";
import { inkFillsAndStrokes, type InkPalette } from "./ink";
import type { StyleContext } from "./types";

const INK_PALETTE: InkPalette = {
  paper: hex("#fffaf2"),
  sky: hex("#7cc3f5"),
  ground: hex("#8fd07a"),
  fills: ["#ff8fa3", "#ffd166", "#6ec1ff", "#b892ff", "#ff9f68", "#7ed6a6", "#f4a6c8", "#ffe29a"].map(hex),
};

/** The sky gradient: deep azure at the top to a pale, slightly warm horizon. */
const SKY_TOP = hex("#2f7fe0");
const SKY_LOW = hex("#cfeaff");
const CLOUD: [number, number, number] = [1, 0.99, 0.97];
/** Line colour: the edged colour darkened toward this deep navy. */
const LINE = hex("#1c1a2e");

export function anime(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s } = ctx;
  const { width: w, height: h } = input;
  let { planes: p, strokes } = inkFillsAndStrokes(input, ctx, INK_PALETTE);
  ctx.progress(0.1, "Cleaning the colours");
  const sharp = strokes ? undefined : crispEdges(p, unit);
  if (ctx.source !== "ink") {
    normaliseTones(p, 0.3); // a night stays a night, only less murky
    p = kuwahara(p, Math.max(1, Math.round((ctx.source === "photo" ? 5 : 3) * unit * (0.5 + 0.5 * s))));
    saturate(p, 1 + 0.35 * s);
  }
  // The sky is found before shading: the tone steps would band it.
  const sky = strokes ? null : skyAndClouds(p, unit);
  ctx.progress(0.4, "Cel shading");
  const lines = strokes
    ? morph(strokes, w, h, Math.max(0, Math.round(0.5 * unit)), "max")
    : inkLines(p, unit, { smooth: 1.2, threshold: 0.2, grow: 0.6, round: 0.8, sharp });
  // Painted skies and clouds carry no line art.
  if (sky) clearSky(lines, sky, 1);
  const base = { r: new Float32Array(p.r), g: new Float32Array(p.g), b: new Float32Array(p.b) };
  toneSteps(p, 3, 0.04, 0.8);
  // A soft gradient from deep azure to a pale horizon, the clouds clean white shapes.
  if (sky) flatSky(p, sky, unit, SKY_TOP, SKY_LOW, CLOUD);

  ctx.progress(0.7, "Inking");
  const { r, g, b } = p;
  for (let i = 0; i < w * h; i++) {
    let rr = r[i]!;
    let gg = g[i]!;
    let bb = b[i]!;
    // Lines take the colour they edge, deepened: coloured line art rather than flat black.
    const o = clamp01(lines[i]!);
    if (o > 0) {
      const lr = LINE[0] + base.r[i]! * 0.25;
      const lg = LINE[1] + base.g[i]! * 0.25;
      const lb = LINE[2] + base.b[i]! * 0.25;
      rr += (lr - rr) * o;
      gg += (lg - gg) * o;
      bb += (lb - bb) * o;
    }
    r[i] = rr;
    g[i] = gg;
    b[i] = bb;
  }
  return finish(input, p, fadeIn(s, 1));
}

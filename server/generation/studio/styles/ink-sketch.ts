/**
 * Ink sketch: pencil outlines by colour dodge (grey ÷ blurred grey — flat areas burn out to
 * white, edges stay dark), tone by hatching in luminance bands (45° strokes, then cross-hatching
 * at 135°, then a third direction in the darkest band), on warm grained paper. Strokes wobble
 * with low-frequency noise so they read as hand-drawn. Ink drawings keep their lines; enclosed
 * shapes get hatched shading and the lines a cast shadow of hatching.
 */
import type { Raster } from "../raster";
import { finish } from "./common";
import { clamp01, gaussianBlur, lumaOf, smoothstep, toPlanes, createPlanes, type Plane } from "./filters";
import { analyseInk } from "./ink";
import { noiseField, paperTexture } from "./paper";
import type { StyleContext } from "./types";

const PAPER: [number, number, number] = [0.949, 0.922, 0.863];
const INK: [number, number, number] = [0.17, 0.15, 0.16];

export function inkSketch(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s, random } = ctx;
  const { width: w, height: h } = input;
  const n = w * h;
  const p = toPlanes(input);
  let lines: Plane; // darkness 0..1 of outlines
  let tone: Plane; // 0 dark .. 1 light, drives hatching

  if (ctx.source === "ink") {
    ctx.progress(0.1, "Reading the drawing");
    const layout = analyseInk(p, unit);
    lines = layout.ink;
    const regionTone = new Float32Array(layout.regionCount);
    const rr = random.fork("tones");
    for (let l = 0; l < layout.regionCount; l++) {
      const k = layout.kind[l]!;
      regionTone[l] = k === 0 ? rr.range(0.4, 0.8) : k === 3 ? 0.72 : 1;
    }
    // A cast shadow below-right of every line, hatched like the shapes.
    const off = Math.round(6 * unit);
    const shadow = gaussianBlur(lines, w, h, 4 * unit);
    tone = new Float32Array(n);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const sx = x - off < 0 ? 0 : x - off;
        const sy = y - off < 0 ? 0 : y - off;
        tone[i] = regionTone[layout.labels[i]!]! - 0.5 * shadow[sy * w + sx]!;
      }
    }
  } else {
    ctx.progress(0.1, "Pencil lines");
    const grey = gaussianBlur(lumaOf(p), w, h, (ctx.source === "photo" ? 1.2 : 0.6) * unit);
    const blurred = gaussianBlur(grey, w, h, 6 * unit);
    lines = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      // Colour dodge of grey with its inverted blur: grey / (1 - (1 - blurred)).
      const dodge = clamp01(grey[i]! / Math.max(0.02, blurred[i]!));
      lines[i] = clamp01((1 - dodge) * 4.5);
    }
    tone = gaussianBlur(grey, w, h, 2 * unit);
  }

  ctx.progress(0.5, "Hatching");
  const wobble = noiseField(w, h, random.fork("wobble"), 40 * unit, 2);
  const breaks = noiseField(w, h, random.fork("breaks"), 14 * unit, 2, 0.5, 1, 4);
  const paper = paperTexture(w, h, random.fork("paper"), unit);
  const spacing = Math.max(2.5, 6 * unit);
  const inv = 1 / spacing;
  const out = createPlanes(w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const t = tone[i]!;
      const wb = wobble[i]! * 0.35;
      // Distance to the nearest hatch line, 0 on the line .. 0.5 between lines.
      const d1 = Math.abs(((x + y) * inv * 0.7071 + wb) % 1 - 0.5);
      const d2 = Math.abs(((x - y + 4096) * inv * 0.7071 - wb) % 1 - 0.5);
      const d3 = Math.abs(((y + 0.5 * x) * inv * 0.894 + wb * 0.5) % 1 - 0.5);
      const broken = 0.75 + 0.25 * breaks[i]!;
      const h1 = smoothstep(0.82, 0.55, t) * smoothstep(0.22, 0.5, d1);
      const h2 = smoothstep(0.58, 0.35, t) * smoothstep(0.24, 0.5, d2);
      const h3 = smoothstep(0.34, 0.15, t) * smoothstep(0.26, 0.5, d3);
      const hatch = clamp01(Math.max(h1, h2, h3) * broken);
      const dark = clamp01(Math.max(lines[i]!, hatch * 0.8 * s));
      const grain = 1 + 0.025 * paper[i]!;
      // Graphite skips over the paper's tooth a little.
      const a = dark * (0.9 + 0.1 * clamp01(0.5 - 0.5 * paper[i]!) * 2);
      out.r[i] = clamp01((PAPER[0] + (INK[0] - PAPER[0]) * a) * grain);
      out.g[i] = clamp01((PAPER[1] + (INK[1] - PAPER[1]) * a) * grain);
      out.b[i] = clamp01((PAPER[2] + (INK[2] - PAPER[2]) * a) * grain);
    }
  }
  // Lower strengths: the sketch is laid over the picture rather than replacing it.
  return finish(input, out, ctx.source === "ink" ? 1 : Math.min(1, 0.25 + s));
}

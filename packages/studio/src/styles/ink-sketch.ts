/**
 * Ink sketch: pencil outlines by colour dodge (grey ÷ blurred grey — flat areas burn out to
 * white, edges stay dark), tone by hatching in luminance bands (45° strokes, then cross-hatching
 * at 135°, then a third direction in the darkest band), on warm grained paper. Tone is stretched
 * to the picture's own range and lightened where the picture is smooth, so skies stay mostly
 * paper; light tones get thin, sparse strokes in patches, dark tones wide continuous ones.
 * Line spacing and blur radii have pixel floors, so small pictures do not turn to static.
 * Strokes wobble with low-frequency noise so they read as hand-drawn. In Studio's scenes, crisp
 * outlines of things are drawn whatever their contrast, and a night picture's lights glow: a
 * pool of clean paper ringed by hatched darkness. Ink drawings keep their lines; enclosed
 * shapes get hatched shading and the lines a cast shadow of hatching.
 */
import type { Raster } from "../raster";
import { finish } from "./common";
import {
  clamp01,
  gaussianBlur,
  lumaOf,
  morph,
  percentile,
  resizePlane,
  smoothstep,
  sobel,
  toPlanes,
  createPlanes,
  type Plane,
} from "./filters";
import { analyseInk } from "./ink";
import { noiseField, paperTexture } from "./paper";
import { designOutlines, edgeStrength } from "./sites";
import type { StyleContext } from "./types";

const PAPER: [number, number, number] = [0.949, 0.922, 0.863];
const INK: [number, number, number] = [0.17, 0.15, 0.16];

/** Paper at full strength (tune here): its tone varies a little, and graphite skips its tooth. */
const TEXTURE = { paper: 0.02, tooth: 0.1 };

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
        const sx = Math.max(x - off, 0);
        const sy = Math.max(y - off, 0);
        tone[i] = regionTone[layout.labels[i]!]! - 0.5 * shadow[sy * w + sx]!;
      }
    }
  } else {
    ctx.progress(0.1, "Pencil lines");
    // Blur radii never below a pixel or so: at small sizes the dodge would outline every speck
    // of the picture's grain and the sketch would turn to static.
    const grey = gaussianBlur(lumaOf(p), w, h, Math.max(0.8, (ctx.source === "photo" ? 1.2 : 0.6) * unit));
    // The blur that grey is divided by ignores small bright specks (stars, blossoms, lit
    // windows): otherwise each would get a dark dodge ring and the sketch would fill with bubbles.
    const blurred = gaussianBlur(
      morph(grey, w, h, Math.max(1, Math.round(1.2 * unit)), "min"),
      w,
      h,
      Math.max(2.5, 6 * unit),
    );
    lines = new Float32Array(n);
    // Small pictures: edges span fewer pixels, so their dodge response is weaker; pull it up.
    const gain = 4.5 * Math.sqrt(Math.max(1, 0.5 / unit));
    for (let i = 0; i < n; i++) {
      // Colour dodge of grey with its inverted blur: grey / (1 - (1 - blurred)).
      const dodge = clamp01(grey[i]! / Math.max(0.02, blurred[i]!));
      // Faint responses are texture, not outlines: they fade out instead of greying the paper.
      lines[i] = smoothstep(0.04, 0.3, (1 - dodge) * gain);
    }
    // The dodge sees only lightness: an orange fox on green grass, a squirrel in a tree's crown
    // or a dark lamp post in a dark street barely register. The picture's strongest edges, in
    // lightness or warmth and scaled to its own range, are drawn as outlines too.
    const outline = edgeStrength(p, Math.max(0.8, 0.8 * unit));
    for (let i = 0; i < n; i++) lines[i] = Math.max(lines[i]!, 0.85 * smoothstep(0.45, 0.9, outline[i]!));
    // And so is every crisp outline long enough to be a thing's, however faint: a dark lamp
    // post against a dark street is drawn as a sketcher would, by its shape.
    const shapes = ctx.source === "scene" ? designOutlines(p, 0.025, Math.round(100 * unit)) : null;
    if (shapes) for (let i = 0; i < n; i++) if (shapes[i]) lines[i] = Math.max(lines[i]!, 0.75);
    // Tone for the hatching: stretched to the picture's own range (a night scene is not one
    // solid cross-hatch), and lightened where the picture is smooth, so skies and calm water
    // stay mostly clean paper with sparse strokes while detailed areas carry the shading.
    const soft = gaussianBlur(grey, w, h, Math.max(1, 2 * unit));
    const lo = percentile(soft, 0.02);
    const hi = Math.max(lo + 0.15, percentile(soft, 0.98));
    const grad = sobel(soft, w, h).mag;
    const detail = gaussianBlur(grad, w, h, Math.max(2, 8 * unit));
    const busy = Math.max(1e-4, percentile(detail, 0.9));
    // A night picture's lights (a street lamp, the moon; not a lit window or a star) glow: a
    // pool of clean paper around each, ringed by the night's darkness hatched in full and
    // fading with distance, as a sketcher shows light by the shading left out around it.
    const glow = ctx.source === "scene" ? glowAround(soft, w, h, unit) : null;
    tone = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const t = clamp01((soft[i]! - lo) / (hi - lo));
      const d = smoothstep(0.15, 0.8, detail[i]! / busy);
      const near = glow ? glow[i]! : 0;
      const pool = smoothstep(0.55, 0.8, near);
      const ring = smoothstep(0.08, 0.45, near) * (1 - pool);
      // Smooth areas keep a third of their darkness (sparse single hatching at most), except
      // in a light's ring.
      const dark = (1 - (0.15 + 0.85 * t)) * (0.33 + 0.67 * Math.max(d, ring)) + 0.35 * ring;
      tone[i] = Math.max(1 - dark, 0.95 * pool);
      // In the pool only the shapes' outlines are drawn (the lamp itself), not the clutter behind.
      if (!shapes?.[i]) lines[i] = lines[i]! * (1 - 0.85 * pool);
    }
  }

  ctx.progress(0.5, "Hatching");
  const wobble = noiseField(w, h, random.fork("wobble"), Math.max(24, 60 * unit), 2);
  const breaks = noiseField(w, h, random.fork("breaks"), 14 * unit, 2, 0.5, 1, 4);
  // Where light tones get their few strokes: soft patches, as a hand shades in clusters.
  const patches = noiseField(w, h, random.fork("patches"), Math.max(12, 36 * unit), 2);
  const paper = paperTexture(w, h, random.fork("paper"), unit);
  // Hatch lines at least 4 px apart: closer, small pictures read as grey static.
  const spacing = Math.max(4, 6 * unit);
  const inv = 1 / spacing;
  const out = createPlanes(w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const t = tone[i]!;
      const wb = wobble[i]! * 0.2;
      const br = patches[i]!;
      // Three hatch directions for three darkness bands; each stroke is thin and broken into
      // sparse dashes in light tones, wider and continuous in dark ones.
      const h1 = stroke((x + y) * inv * Math.SQRT1_2 + wb, smoothstep(0.85, 0.5, t), br, spacing);
      const h2 = stroke((x - y) * inv * Math.SQRT1_2 - wb, smoothstep(0.6, 0.3, t), -br, spacing);
      const h3 = stroke((y + 0.5 * x) * inv * 0.894 + wb * 0.5, smoothstep(0.35, 0.1, t), br * 0.5, spacing);
      const hatch = Math.max(h1, h2, h3) * (0.8 + 0.2 * clamp01(0.5 + 0.5 * breaks[i]!));
      const dark = clamp01(Math.max(lines[i]!, hatch * 0.8 * s));
      const grain = 1 + TEXTURE.paper * paper[i]!;
      // Graphite skips over the paper's tooth a little.
      const a = dark * (1 - TEXTURE.tooth + TEXTURE.tooth * clamp01(0.5 - 0.5 * paper[i]!) * 2);
      out.r[i] = clamp01((PAPER[0] + (INK[0] - PAPER[0]) * a) * grain);
      out.g[i] = clamp01((PAPER[1] + (INK[1] - PAPER[1]) * a) * grain);
      out.b[i] = clamp01((PAPER[2] + (INK[2] - PAPER[2]) * a) * grain);
    }
  }
  // Lower strengths: the sketch is laid over the picture rather than replacing it.
  return finish(input, out, ctx.source === "ink" ? 1 : Math.min(1, 0.25 + s));
}

/**
 * One hatch stroke family at phase `v` (lines at whole numbers) with intensity k (0..1):
 * the line's half-width grows with k, and where k is small only the places where the `gate`
 * noise is high get a dash, so light tones are sparse strokes rather than a grey screen.
 */
function stroke(v: number, k: number, gate: number, spacing: number): number {
  if (k <= 0) return 0;
  const f = v - Math.floor(v);
  const dist = (f < 0.5 ? f : 1 - f) * spacing; // px to the nearest line
  const half = (0.07 + 0.16 * k) * spacing;
  const line = smoothstep(half + 0.6, half - 0.6, dist);
  if (line <= 0) return 0;
  const threshold = 1.3 - 2.6 * k;
  return line * smoothstep(threshold - 0.3, threshold + 0.3, gate) * (0.6 + 0.4 * k);
}

/**
 * Nearness to a night picture's lights, 0..1 (1 on a light, fading over a few times its size);
 * null for a picture that is not dark. Lights are found at a quarter of the size: bright
 * against their surroundings and bigger than a lit window or a star (opened away).
 */
function glowAround(grey: Plane, w: number, h: number, unit: number): Plane | null {
  if (percentile(grey, 0.5) > 0.3) return null;
  const sw = Math.max(1, w >> 2);
  const sh = Math.max(1, h >> 2);
  const small = resizePlane(grey, w, h, sw, sh);
  const around = gaussianBlur(small, sw, sh, Math.max(3, 12 * unit));
  const light = new Float32Array(sw * sh);
  for (let i = 0; i < light.length; i++)
    light[i] = smoothstep(0.08, 0.2, small[i]! - around[i]!) * smoothstep(0.3, 0.5, small[i]!);
  const open = Math.max(1, Math.round(2.5 * unit));
  const lights = morph(morph(light, sw, sh, open, "min"), sw, sh, open, "max");
  // Every light, big or small, gets a pool about its own size plus a fixed margin.
  for (let i = 0; i < lights.length; i++) lights[i] = lights[i]! > 0.3 ? 1 : 0;
  const pool = Math.max(3, Math.round(9 * unit));
  const near = gaussianBlur(morph(lights, sw, sh, pool, "max"), sw, sh, Math.max(2, 8 * unit));
  return resizePlane(near, sw, sh, w, h);
}

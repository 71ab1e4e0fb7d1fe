/**
 * Soft pastel: colours lifted and warmed toward a chalky palette, smeared along short strokes
 * (directional blur whose angle drifts with low-frequency noise, like hand-laid chalk), with
 * the toned paper showing through where chalk skipped the paper's tooth — more where pressure
 * (colour) is light. A soft charcoal contour follows strong edges and, in Studio's scenes, the
 * crisp outlines of things. Ink drawings get chalk fills and the lines redrawn in soft charcoal.
 */
import type { Raster } from "../raster";
import { finish, fadeIn } from "./common";
import {
  clamp01,
  createPlanes,
  gaussianBlurPlanes,
  hex,
  kuwahara,
  localContrast,
  lumaOf,
  resizePlanes,
  smoothstep,
} from "./filters";
import { designOutlines, edgeStrength } from "./sites";
import { inkFillsAndStrokes, type InkPalette } from "./ink";
import { grainField, noiseField, paperTexture } from "./paper";
import type { StyleContext } from "./types";

const PAPER: [number, number, number] = hex("#e9dfcf");
const CHARCOAL: [number, number, number] = [0.27, 0.24, 0.28];

const INK_PALETTE: InkPalette = {
  paper: hex("#e9dfcf"),
  sky: hex("#bde0fe"),
  ground: hex("#c7e8b5"),
  fills: ["#f7c6d9", "#ffd6a5", "#cdb4db", "#a0c4ff", "#fdffb6", "#caffbf", "#ffadad", "#9bf6ff"].map(hex),
};

/**
 * Chalk and paper at full strength (tune here). The paper should show through as a sparse tooth
 * in pale passages, not as a veil of specks over the whole picture.
 */
const TEXTURE = {
  /** Colours lifted toward white (the chalky palette) and desaturated. */
  lift: 0.18,
  desaturate: 0.12,
  /** Where chalk skips the tooth: higher covers more paper (0 = half the paper at mid pressure). */
  cover: 0.55,
  /** Weights of the paper's tooth, the stroke streaks and fine grain in where chalk skips. */
  tooth: 0.45,
  streak: 0.45,
  fine: 0.15,
  /** Light and shade along the strokes. */
  streakShade: 0.04,
};

export function pastel(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s, random } = ctx;
  const { width: w, height: h } = input;
  const n = w * h;
  let { planes: p, strokes: lines } = inkFillsAndStrokes(input, ctx, INK_PALETTE);
  if (ctx.source === "photo") {
    // Half-size Kuwahara: only photo texture must go; chalk smears the rest anyway.
    const hw = Math.max(1, w >> 1);
    const hh = Math.max(1, h >> 1);
    p = resizePlanes(kuwahara(resizePlanes(p, hw, hh), Math.max(1, Math.round(1.5 * unit * s))), w, h);
  }
  // The chalky lift pales everything; a room's grey cat or white teapot must still stand apart
  // from the wall behind it, and its outline gets a soft charcoal contour like a pastel
  // drawing's underdrawing.
  if (!lines) {
    localContrast(p, 16 * unit, 0.5 * s);
    lines = edgeStrength(p, 1.5 * unit);
    // The strongest edges of a flower field are its petals; a thing's own outline (two rabbits
    // among the flowers) is found by its crisp, long run and gets the contour in full.
    const shapes = ctx.source === "scene" ? designOutlines(p, 0.12, Math.round(140 * unit), false) : null;
    for (let i = 0; i < n; i++) lines[i] = Math.max(0.5 * smoothstep(0.45, 0.95, lines[i]!), shapes?.[i] ? 0.8 : 0);
  }
  p = gaussianBlurPlanes(p, 1.2 * unit);

  ctx.progress(0.3, "Chalk strokes");
  const angle = noiseField(w, h, random.fork("angle"), 220 * unit, 2);
  const len = Math.max(2, Math.round(7 * unit * s));
  const smear = createPlanes(w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      // Mostly diagonal strokes whose angle drifts across the picture.
      const a = 0.8 + angle[i]! * 0.5;
      const dx = Math.cos(a);
      const dy = Math.sin(a);
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = -len; k <= len; k += 2) {
        let sx = (x + dx * k + 0.5) | 0;
        let sy = (y + dy * k + 0.5) | 0;
        sx = sx < 0 ? 0 : sx >= w ? w - 1 : sx;
        sy = sy < 0 ? 0 : sy >= h ? h - 1 : sy;
        const j = sy * w + sx;
        r += p.r[j]!;
        g += p.g[j]!;
        b += p.b[j]!;
      }
      const inv = 1 / (Math.floor((2 * len) / 2) + 1);
      smear.r[i] = r * inv;
      smear.g[i] = g * inv;
      smear.b[i] = b * inv;
    }
  }

  ctx.progress(0.65, "Paper");
  const paper = paperTexture(w, h, random.fork("paper"), unit);
  // Streaky chalk texture: fine grain stretched along the stroke direction.
  const streak = noiseField(w, h, random.fork("streak"), 14 * unit, 2, 0.5, 0.35, 1.4);
  const fine = grainField(w, h, random.fork("fine"), 2 * unit);
  const lum = lumaOf(smear);
  const out = createPlanes(w, h);
  for (let i = 0; i < n; i++) {
    // Pastel palette: lift toward white, desaturate a little, warm.
    const l = lum[i]!;
    let r = smear.r[i]!;
    let g = smear.g[i]!;
    let b = smear.b[i]!;
    const lift = TEXTURE.lift * s;
    const keep = 1 - TEXTURE.desaturate * s;
    r = l + (r - l) * keep;
    g = l + (g - l) * keep;
    b = l + (b - l) * keep;
    r = r + (1 - r) * lift + 0.025 * s;
    g = g + (1 - g) * lift + 0.01 * s;
    b = b + (1 - b) * lift - 0.01 * s;
    // Coverage: chalk rides the tooth; heavy (dark) colour covers more of the paper.
    const pressure = 0.55 + 0.45 * (1 - l);
    const tooth = paper[i]! * TEXTURE.tooth + streak[i]! * TEXTURE.streak + fine[i]! * TEXTURE.fine;
    const cover = smoothstep(-1.1, 0.2, tooth + (pressure - 0.55) * 3 + TEXTURE.cover) * s + (1 - s);
    r = PAPER[0] + (r - PAPER[0]) * cover;
    g = PAPER[1] + (g - PAPER[1]) * cover;
    b = PAPER[2] + (b - PAPER[2]) * cover;
    const shade = 1 + TEXTURE.streakShade * s * streak[i]!;
    if (lines) {
      const c = lines[i]! * smoothstep(-1.5, 0.5, tooth) * 0.85;
      r += (CHARCOAL[0] - r) * c;
      g += (CHARCOAL[1] - g) * c;
      b += (CHARCOAL[2] - b) * c;
    }
    out.r[i] = clamp01(r * shade);
    out.g[i] = clamp01(g * shade);
    out.b[i] = clamp01(b * shade);
  }
  return finish(input, out, fadeIn(s, 0.4));
}

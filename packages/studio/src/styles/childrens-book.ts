/**
 * Children's book illustration: gouache and coloured pencil on warm paper. The picture is
 * simplified into soft shapes, each painted from a small warm palette (the colours a picture-book
 * illustrator keeps on the table) mixed with its own colour, the shapes' edges wobbling as a hand
 * paints them. The paint is opaque but uneven (brush marks in the gouache), skips on the paper's
 * tooth like crayon, and the outlines are a soft brown pencil line that wanders a little and
 * breaks on the grain. Warm cream paper shows through everywhere. Ink drawings: shapes painted
 * from the palette under a pencil line.
 */
import type { Raster } from "../raster";
import { clearSky, crispEdges, inkLines, skyAndClouds } from "./cel";
import { fadeIn, finish } from "./common";
import {
  clamp01,
  colourDistance2,
  displace,
  gaussianBlurPlanes,
  hex,
  kuwahara,
  localContrast,
  saturate,
  nearestPaletteIndices,
  normaliseTones,
  resizePlane,
  resizePlanes,
  smoothstep,
  type Plane,
} from "./filters";
import { inkFillsAndStrokes, type InkPalette } from "./ink";
import { noiseField, paperTexture } from "./paper";
import type { StyleContext } from "./types";

/** The illustrator's palette: warm, soft, a little muted; its blues and greens lean warm too. */
const PALETTE = [
  "#f4e6c8", // cream
  "#e8d3ad", // sand
  "#d6b98c", // biscuit
  "#b98f66", // tan
  "#f2c77e", // straw
  "#e89a4f", // apricot
  "#d2603f", // brick red
  "#e7a1a0", // rose
  "#a8c9d9", // soft sky
  "#6f9fbf", // cornflower
  "#3f5f7a", // slate blue
  "#a9c07a", // sage
  "#6e9a55", // leaf
  "#3f6146", // pine
  "#9b6b4a", // cocoa
  "#5a4034", // umber
  "#c9b7d6", // lilac
  "#fff7e6", // paper white
  "#2f2a2e", // night
].map(hex);

const INK_PALETTE: InkPalette = {
  paper: hex("#f7eedc"),
  sky: hex("#a8c9d9"),
  ground: hex("#a9c07a"),
  fills: ["#d2603f", "#f2c77e", "#6f9fbf", "#e7a1a0", "#e89a4f", "#6e9a55", "#c9b7d6", "#9b6b4a"].map(hex),
};

const PAPER: [number, number, number] = [0.97, 0.93, 0.85];
const PENCIL: [number, number, number] = [0.3, 0.2, 0.16];

export function childrensBook(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s, random } = ctx;
  const { width: w, height: h } = input;
  const n = w * h;
  let { planes: p, strokes } = inkFillsAndStrokes(input, ctx, INK_PALETTE);
  ctx.progress(0.1, "Sketching the shapes");
  // Shapes and paints are worked out at half size (gouache is soft; a quarter of the cost).
  const hw = Math.max(1, w >> 1);
  const hh = Math.max(1, h >> 1);
  let half = resizePlanes(p, hw, hh);
  const sharp = strokes ? undefined : crispEdges(half, unit / 2);
  if (ctx.source !== "ink") {
    normaliseTones(half, 0.3); // a night stays a night, only less murky
    localContrast(half, 7 * unit, 0.3 * s);
    const kr = Math.max(1, Math.round((ctx.source === "photo" ? 4 : 2.5) * unit * (0.4 + 0.6 * s)));
    half = kuwahara(half, kr);
    saturate(half, 1 + 0.2 * s);
  }
  let lines = strokes;
  if (!lines) {
    // A soft pencil: found at half size like the paint, and brought back up.
    const found = inkLines(half, unit / 2, { smooth: 1.5, threshold: 0.2, grow: 0.5, round: 0.6, sharp });
    clearSky(found, skyAndClouds(half, unit / 2), 0.9);
    lines = resizePlane(found, hw, hh, w, h);
  }

  ctx.progress(0.35, "Mixing the paints");
  // Each colour pulled toward the nearest paint on the table: a warm, limited palette.
  const index = nearestPaletteIndices(half, PALETTE);
  const pull = 0.35 * s;
  for (let i = 0; i < index.length; i++) {
    const c = PALETTE[index[i]!]!;
    // A colour far from every paint keeps more of itself: a beige wall is not painted sage.
    const d = colourDistance2(half.r[i]!, half.g[i]!, half.b[i]!, c[0], c[1], c[2]);
    const k = pull * (1 - 0.7 * smoothstep(0.01, 0.06, d));
    half.r[i] = half.r[i]! + (c[0] - half.r[i]!) * k;
    half.g[i] = half.g[i]! + (c[1] - half.g[i]!) * k;
    half.b[i] = half.b[i]! + (c[2] - half.b[i]!) * k;
  }
  // The palette's steps softened a little (paint blends where two colours meet), then the
  // edges wobbled as a hand paints them.
  p = resizePlanes(gaussianBlurPlanes(half, 0.6 * unit), w, h);
  const wx = noiseField(w, h, random.fork("wobble-x"), 50 * unit, 2);
  const wy = noiseField(w, h, random.fork("wobble-y"), 50 * unit, 2);
  p = displace(p, wx, wy, 3 * unit * s);

  ctx.progress(0.6, "Painting");
  const paper = paperTexture(w, h, random.fork("paper"), unit);
  // The brush's unevenness and the pencil's wandering reuse the wobble's noise, turned about.
  const brush = wy;
  const line = wanderLine(lines, w, h, wy, wx, 2.2 * unit * s);
  // Crayon skipping on the tooth reads as texture in a large picture, as snow in a small one.
  const skip = 0.2 * smoothstep(0.25, 0.75, unit);
  const { r, g, b } = p;
  for (let i = 0; i < n; i++) {
    const tooth = paper[i]!;
    // Gouache: uneven opacity along the brush; crayon skips on the paper's raised tooth.
    const cover = clamp01(1 - s * (0.06 * brush[i]! + skip * smoothstep(1.4, 2.6, tooth)));
    let rr = PAPER[0] + (r[i]! * PAPER[0] - PAPER[0]) * cover;
    let gg = PAPER[1] + (g[i]! * PAPER[1] - PAPER[1]) * cover;
    let bb = PAPER[2] + (b[i]! * PAPER[2] - PAPER[2]) * cover;
    const grain = 1 + 0.035 * s * tooth;
    rr *= grain;
    gg *= grain;
    bb *= grain;
    // A soft pencil line, broken where the paper's tooth stands up.
    const o = clamp01(line[i]!) * 0.8 * smoothstep(1.8, -0.5, tooth);
    rr += (PENCIL[0] - rr) * o;
    gg += (PENCIL[1] - gg) * o;
    bb += (PENCIL[2] - bb) * o;
    r[i] = clamp01(rr);
    g[i] = clamp01(gg);
    b[i] = clamp01(bb);
  }
  return finish(input, p, fadeIn(s, 1));
}

/** The line resampled at (x − dx·amount, y + dy·amount) per pixel, bilinearly: a hand's wandering. */
function wanderLine(src: Plane, w: number, h: number, dx: Plane, dy: Plane, amount: number): Plane {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let fx = x - dx[i]! * amount;
      let fy = y + dy[i]! * amount;
      fx = Math.min(Math.max(fx, 0), w - 1);
      fy = Math.min(Math.max(fy, 0), h - 1);
      const x0 = fx | 0;
      const y0 = fy | 0;
      const x1 = x0 + 1 < w ? x0 + 1 : x0;
      const y1 = y0 + 1 < h ? y0 + 1 : y0;
      const tx = fx - x0;
      const ty = fy - y0;
      const top = src[y0 * w + x0]! + (src[y0 * w + x1]! - src[y0 * w + x0]!) * tx;
      const bottom = src[y1 * w + x0]! + (src[y1 * w + x1]! - src[y1 * w + x0]!) * tx;
      out[i] = top + (bottom - top) * ty;
    }
  return out;
}

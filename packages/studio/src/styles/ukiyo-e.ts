/**
 * Ukiyo-e woodblock print: the picture is flattened (generalised Kuwahara) and each pixel takes
 * the nearest colour of a small traditional palette (indigo, Prussian blue, vermilion, ochre,
 * muted greens, cream) — the flat "one block per colour" look. Boundaries between colour
 * blocks become bold sumi outlines; the sky gets bokashi (a hand-wiped gradient to deep blue at
 * the top); fills carry woodgrain and the paper's fibre. Ink drawings: the strokes are the key
 * block, shapes filled from the palette.
 */
import type { Raster } from "../raster";
import { finish, fadeIn } from "./common";
import {
  clamp01,
  createPlanes,
  gaussianBlur,
  hex,
  kuwahara,
  morph,
  nearestPaletteIndices,
  normaliseTones,
  saturate,
  smoothstep,
} from "./filters";
import { inkFillsAndStrokes, type InkPalette } from "./ink";
import { noiseField, paperTexture } from "./paper";
import type { StyleContext } from "./types";

const PALETTE = [
  "#1f2f4f", // indigo
  "#2e4a62", // Prussian blue
  "#5f85a0", // ai-iro
  "#a9c1c9", // pale sky
  "#c8402c", // vermilion
  "#d9825b", // salmon
  "#c99a3c", // ochre
  "#e3c27a", // straw
  "#6b8a5a", // muted green
  "#3f5a3c", // dark pine
  "#e8d5b0", // cream
  "#f3e8d0", // paper
  "#7a4a2a", // brown
  "#2a2522", // sumi
].map(hex);
/** Palette entries that count as sky for bokashi (blues and pale paper tones). */
const SKY = new Set([2, 3, 10, 11]);
const SUMI: [number, number, number] = [0.13, 0.11, 0.1];
const BOKASHI: [number, number, number] = hex("#22395a");

const INK_PALETTE: InkPalette = {
  paper: hex("#f3e8d0"),
  sky: hex("#a9c1c9"),
  ground: hex("#6b8a5a"),
  fills: ["#c8402c", "#c99a3c", "#2e4a62", "#d9825b", "#3f5a3c", "#e3c27a", "#5f85a0", "#7a4a2a"].map(hex),
};

/** Print texture at full strength (tune here): pigment uneven along the woodgrain, paper fibre. */
const TEXTURE = { woodgrain: 0.045, paper: 0.03 };

export function ukiyoE(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s, random } = ctx;
  const { width: w, height: h } = input;
  const n = w * h;
  let { planes: p, strokes: lines } = inkFillsAndStrokes(input, ctx, INK_PALETTE);
  if (ctx.source !== "ink") {
    ctx.progress(0.1, "Carving blocks");
    // Night scenes would print as one indigo block: spread their tones over the palette first.
    normaliseTones(p, 0.3);
    p = kuwahara(p, Math.max(1, Math.round((ctx.source === "photo" ? 6 : 3) * unit)));
    saturate(p, 1.15);
  }

  ctx.progress(0.45, "Inking blocks");
  const index = nearestPaletteIndices(p, PALETTE);
  // Outlines where the block changes; thickness grows a little with size.
  const boundary = new Float32Array(n);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const a = index[i]!;
      if ((x + 1 < w && index[i + 1] !== a) || (y + 1 < h && index[i + w] !== a)) boundary[i] = 1;
    }
  }
  let outline = morph(boundary, w, h, Math.max(0, Math.round(unit) - 1), "max");
  outline = gaussianBlur(outline, w, h, 0.6 * unit);
  if (lines) for (let i = 0; i < n; i++) outline[i] = Math.max(lines[i]!, outline[i]! * 0.6);

  ctx.progress(0.7, "Printing");
  const grain = noiseField(w, h, random.fork("woodgrain"), 90 * unit, 3, 0.55, 5, 0.25);
  const paper = paperTexture(w, h, random.fork("paper"), unit);
  const out = createPlanes(w, h);
  const top = h * 0.38;
  for (let y = 0; y < h; y++) {
    const bokashi = y < top ? (1 - y / top) ** 1.5 * 0.85 : 0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const c = PALETTE[index[i]!]!;
      let r = c[0];
      let g = c[1];
      let b = c[2];
      if (bokashi > 0 && SKY.has(index[i]!)) {
        r += (BOKASHI[0] - r) * bokashi;
        g += (BOKASHI[1] - g) * bokashi;
        b += (BOKASHI[2] - b) * bokashi;
      }
      // Pigment pressed from a wooden block: uneven along the grain, fibre showing through.
      const tex = 1 + TEXTURE.woodgrain * grain[i]! + TEXTURE.paper * paper[i]!;
      const o = clamp01(outline[i]! * 1.4) * smoothstep(-2.5, 0, paper[i]!);
      r = r * tex + (SUMI[0] - r * tex) * o;
      g = g * tex + (SUMI[1] - g * tex) * o;
      b = b * tex + (SUMI[2] - b * tex) * o;
      out.r[i] = clamp01(r);
      out.g[i] = clamp01(g);
      out.b[i] = clamp01(b);
    }
  }
  return finish(input, out, fadeIn(s, 1));
}

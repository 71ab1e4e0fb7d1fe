/**
 * Watercolour after Bousseau et al. ("Interactive watercolor rendering with temporal
 * coherence and abstraction", 2006): abstract the image into washes (generalised Kuwahara +
 * blur), wobble the wash boundaries with low-frequency noise, then modulate pigment density:
 * turbulence (uneven flow), dispersion (fine granulation, stronger in dark pigment), paper
 * grain, and edge darkening where pigment pools at a wash's rim. Highlights go back to bare
 * paper. Ink drawings get washes in the enclosed shapes that run over the lines, with the ink
 * laid back on top, slightly feathered.
 */
import type { Raster } from "../raster";
import { finish, fadeIn } from "./common";
import {
  boxBlur,
  clamp01,
  displace,
  gaussianBlur,
  gaussianBlurPlanes,
  hex,
  kuwahara,
  localContrast,
  resizePlanes,
  lumaOf,
  mixPlanesInto,
  smoothstep,
  sobel,
} from "./filters";
import { drawInk, inkFillsAndStrokes, type InkPalette } from "./ink";
import { grainField, noiseField, paperTexture } from "./paper";
import { edgeStrength } from "./sites";
import type { StyleContext } from "./types";

const INK_PALETTE: InkPalette = {
  paper: hex("#fdfbf5"),
  sky: hex("#a9cdea"),
  ground: hex("#b5d69a"),
  fills: ["#f4a582", "#92c5de", "#fddc7a", "#a6d96a", "#f1a7c0", "#b8a6dc", "#f7b267", "#7fc8c0"].map(hex),
};

const PAPER: [number, number, number] = [0.992, 0.982, 0.955];

/**
 * How much each texture modulates pigment density at full strength (tune here). Granulation and
 * paper read as texture up close but must never veil the picture: a few levels of 255, not noise.
 */
const TEXTURE = {
  /** Big soft blotches of uneven flow. */
  turbulence: 0.12,
  /** Fine pigment grain in pale paint, and how much more of it in dark paint. */
  granulation: 0.03,
  darkGranulation: 0.06,
  /** Paper fibre in the density, and the paper's tooth catching light. */
  paper: 0.05,
  tooth: 0.02,
  /** Pigment pooling at a wash's rim. */
  edge: 0.55,
  /** Share of each wash that bleeds into its neighbours. */
  bleed: 0.15,
  /** Transparent paint: how far the darkest values lift toward the paper. */
  lift: 0.07,
};

export function watercolor(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s, random } = ctx;
  const { width: w, height: h } = input;
  const n = w * h;
  if (ctx.source === "ink") ctx.progress(0.05, "Finding the shapes");
  let { planes: p, strokes: ink } = inkFillsAndStrokes(input, ctx, INK_PALETTE);

  ctx.progress(0.15, "Laying washes");
  // Washes lighten and soften everything; a room's grey cat or white teapot must still stand
  // apart from the wall behind it.
  if (ink === null) localContrast(p, 16 * unit, 0.45 * s);
  // Abstraction: photos carry texture and noise that must melt into washes.
  // Kuwahara runs at half size: washes are soft, so the lost resolution does not show.
  const kr = Math.round((ctx.source === "photo" ? 3.5 : 2) * unit * s);
  if (kr >= 1 && ink === null) {
    const hw = Math.max(1, w >> 1);
    const hh = Math.max(1, h >> 1);
    p = resizePlanes(kuwahara(resizePlanes(p, hw, hh), kr), w, h);
  }
  p = gaussianBlurPlanes(p, (ink ? 3 : 1.2) * unit * s + 0.3);
  // Soft bleeding: part of each wash spreads into its neighbours.
  mixPlanesInto(p, gaussianBlurPlanes(p, 8 * unit), TEXTURE.bleed * s);

  // Wobbly, hand-painted wash boundaries.
  const wx = noiseField(w, h, random.fork("wobble-x"), 70 * unit, 3);
  const wy = noiseField(w, h, random.fork("wobble-y"), 70 * unit, 3);
  p = displace(p, wx, wy, (ink ? 6 : 3.5) * unit * s);

  ctx.progress(0.45, "Pigment and paper");
  const lum = lumaOf(p);
  // Edge darkening: the rim of a wash holds more pigment. Gradient of a slightly blurred luma,
  // normalised so a moderate edge saturates.
  const grad = sobel(gaussianBlur(lum, w, h, 1.5 * unit), w, h).mag;
  const edge = boxBlur(grad, w, h, Math.max(1, Math.round(unit)));
  // Pigment also pools along the picture's own strongest outlines, hue changes included
  // (an orange chair on a brown floor), scaled to the picture's range, so a pale room's
  // furniture keeps its rim.
  const outline = edgeStrength(p, 1.5 * unit);
  const turbulence = noiseField(w, h, random.fork("turbulence"), 160 * unit, 4, 0.55);
  // Grains a few pixels wide: single-pixel grain would read as sensor noise, not pigment.
  const dispersion = grainField(w, h, random.fork("dispersion"), Math.max(4, 6 * unit));
  const paper = paperTexture(w, h, random.fork("paper"), unit);
  const edgeGain = 5 * unit;
  const { r, g, b } = p;
  for (let i = 0; i < n; i++) {
    const l = lum[i]!;
    const pigment = 1 - l; // how much paint is here
    let d =
      1 +
      s *
        (TEXTURE.turbulence * turbulence[i]! +
          (TEXTURE.granulation + TEXTURE.darkGranulation * pigment) * dispersion[i]! +
          TEXTURE.paper * paper[i]! +
          TEXTURE.edge *
            Math.max(smoothstep(0.05, 1, edge[i]! * edgeGain), 0.7 * smoothstep(0.3, 0.9, outline[i]!)) *
            (0.3 + pigment));
    if (d < 0.2) d = 0.2;
    // Bousseau's density modulation: C' = C - (C - C²)(d - 1).
    let rr = r[i]! - (r[i]! - r[i]! * r[i]!) * (d - 1);
    let gg = g[i]! - (g[i]! - g[i]! * g[i]!) * (d - 1);
    let bb = b[i]! - (b[i]! - b[i]! * b[i]!) * (d - 1);
    // Transparent paint: lift the darkest values and let highlights return to bare paper.
    const lift = TEXTURE.lift * s;
    rr = rr + (1 - rr) * lift;
    gg = gg + (1 - gg) * lift;
    bb = bb + (1 - bb) * lift;
    const bare = smoothstep(0.8, 0.96, l) * 0.8 * s;
    rr += (1 - rr) * bare;
    gg += (1 - gg) * bare;
    bb += (1 - bb) * bare;
    // Paint sits on the paper: multiply by its tone and by its grain (tooth catches light).
    const tooth = 1 + TEXTURE.tooth * s * paper[i]!;
    r[i] = clamp01(rr * (1 + (PAPER[0] - 1) * s) * tooth);
    g[i] = clamp01(gg * (1 + (PAPER[1] - 1) * s) * tooth);
    b[i] = clamp01(bb * (1 + (PAPER[2] - 1) * s) * tooth);
  }

  if (ink) {
    ctx.progress(0.85, "Inking");
    // Ink feathers a little into the wet paper.
    const feather = gaussianBlur(ink, w, h, 1.6 * unit);
    for (let i = 0; i < n; i++) feather[i] = Math.max(ink[i]! * 0.92, feather[i]! * 0.55);
    drawInk(p, feather, [0.14, 0.12, 0.16]);
    return finish(input, p, fadeIn(s, 0.35));
  }
  return finish(input, p);
}

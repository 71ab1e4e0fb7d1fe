/**
 * Building blocks of the drawn-and-coloured styles (anime, cartoon, comic book, children's book):
 * flat colour regions, shading in a few hard tone steps with the hue kept, and ink lines where
 * the regions meet.
 */
import {
  boxBlur,
  clamp01,
  colourDistance2,
  gaussianBlur,
  lumaOf,
  morph,
  resizePlane,
  resizePlanes,
  smoothstep,
  sobel,
  type Plane,
  type Planes,
} from "./filters";
import { edgeStrength } from "./sites";

/**
 * Cel shading in place: each pixel's lightness snapped to the middle of one of `steps` equal
 * bands (the step edges `soft` wide, 0 hard), lifted by `gamma` (< 1 brightens), its colour
 * scaled to the new lightness so the hue and saturation stay. The bands are the picture's own:
 * a night stays dark, a day bright.
 */
export function toneSteps(p: Planes, steps: number, soft: number, gamma: number): void {
  const n = p.width * p.height;
  const { r, g, b } = p;
  for (let i = 0; i < n; i++) {
    const rr = r[i]!;
    const gg = g[i]!;
    const bb = b[i]!;
    const l = 0.2126 * rr + 0.7152 * gg + 0.0722 * bb;
    const t = clamp01(l) * steps;
    const k = Math.min(steps - 1, Math.floor(t));
    const f = t - k;
    // The band's middle, and a narrow ramp into the next band at its top.
    const q = Math.min(1, (k + 0.5 + (soft > 0 ? smoothstep(1 - soft, 1, f) : 0)) / steps) ** gamma;
    // Colour scaled to the stepped lightness; pale colours that would clip shift toward white.
    const gain = q / Math.max(l, 0.02);
    let nr = rr * gain;
    let ng = gg * gain;
    let nb = bb * gain;
    const over = Math.max(nr, ng, nb) - 1;
    if (over > 0) {
      const m = over / Math.max(0.001, Math.max(nr, ng, nb));
      nr += (1 - nr) * m;
      ng += (1 - ng) * m;
      nb += (1 - nb) * m;
    }
    r[i] = clamp01(nr);
    g[i] = clamp01(ng);
    b[i] = clamp01(nb);
  }
}

/**
 * Ink-line coverage 0..1 where colour regions meet: edge strength (lightness and warmth) over
 * `threshold`, grown by `grow` px and rounded by a blur of `round` px, then re-sharpened so the
 * line has a clean edge of about a pixel.
 */
export function inkLines(
  p: Planes,
  unit: number,
  options: { smooth: number; threshold: number; grow: number; round: number; sharp?: Plane; thinCrowds?: boolean },
): Plane {
  const { width: w, height: h } = p;
  const n = w * h;
  const edge = edgeStrength(p, options.smooth * unit);
  const t0 = options.threshold;
  const sharp = options.sharp;
  for (let i = 0; i < n; i++) edge[i] = smoothstep(t0, t0 + 0.12, edge[i]!) * (sharp ? sharp[i]! : 1);
  // Busy texture (a meadow's flowers, grass) is no contour: with thick lines (`thinCrowds`), where
  // edges crowd a neighbourhood they thin out, so a field does not turn into a mass of ink.
  if (options.thinCrowds) {
    const crowd = boxBlur(edge, w, h, Math.max(3, Math.round(10 * unit)));
    for (let i = 0; i < n; i++) edge[i] = edge[i]! * (1 - smoothstep(0.35, 0.6, crowd[i]!));
  }
  const grow = Math.round(options.grow * unit);
  let line = grow >= 1 ? morph(edge, w, h, grow, "max") : edge;
  const round = options.round * unit;
  if (round >= 0.5) {
    line = gaussianBlur(line, w, h, round);
    for (let i = 0; i < n; i++) line[i] = smoothstep(0.3, 0.6, line[i]!);
  }
  return line;
}

/**
 * Pixels of a daylit sky: light, bluish, smooth, in the upper part of the picture. 0..1 per pixel,
 * soft at its edges so a gradient laid over it does not cut the clouds.
 */
export function skyMask(p: Planes, unit: number): Plane {
  const { width: w, height: h } = p;
  const n = w * h;
  const out = new Float32Array(n);
  for (let y = 0; y < h; y++) {
    const high = smoothstep(0.8, 0.45, y / h);
    if (high <= 0) continue;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const rr = p.r[i]!;
      const gg = p.g[i]!;
      const bb = p.b[i]!;
      const l = 0.2126 * rr + 0.7152 * gg + 0.0722 * bb;
      const blue = smoothstep(0.02, 0.12, bb - rr) * smoothstep(-0.05, 0.05, bb - gg + 0.05);
      out[i] = high * blue * smoothstep(0.35, 0.55, l);
    }
  }
  return gaussianBlur(out, w, h, 2 * unit);
}

/**
 * Sky and clouds: light pixels in the upper part of the picture that are bluish or nearly
 * colourless. Drawn styles keep their ink out of it (a cloud's soft rim is no contour). 0..1.
 */
export function skyAndClouds(full: Planes, unit: number): Plane {
  // Worked out at half size (the sky is large and its mask soft) and brought back up.
  const halve = full.width >= 128 && full.height >= 128;
  const p = halve ? resizePlanes(full, full.width >> 1, full.height >> 1) : full;
  const { width: w, height: h } = p;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const high = smoothstep(0.75, 0.4, y / h);
    if (high <= 0) continue;
    const row = y * w;
    // The row's sky colour (skies are vertical gradients): the mean of its bluish pixels. A blue
    // thing against the sky (a turret's roof, a balloon) differs from it and is kept.
    let sr = 0;
    let sg = 0;
    let sb = 0;
    let count = 0;
    for (let x = 0; x < w; x++) {
      const i = row + x;
      const k = bluish(p.r[i]!, p.g[i]!, p.b[i]!);
      sr += p.r[i]! * k;
      sg += p.g[i]! * k;
      sb += p.b[i]! * k;
      count += k;
    }
    if (count > 0) {
      sr /= count;
      sg /= count;
      sb /= count;
    }
    for (let x = 0; x < w; x++) {
      const i = row + x;
      const rr = p.r[i]!;
      const gg = p.g[i]!;
      const bb = p.b[i]!;
      const max = Math.max(rr, gg, bb);
      const min = Math.min(rr, gg, bb);
      const l = 0.2126 * rr + 0.7152 * gg + 0.0722 * bb;
      const grey = smoothstep(0.22, 0.1, max > 0 ? (max - min) / max : 0) * smoothstep(0.4, 0.6, l);
      const near = count > 0 ? smoothstep(0.06, 0.02, colourDistance2(rr, gg, bb, sr, sg, sb)) : 0;
      out[i] = high * Math.max(grey, bluish(rr, gg, bb) * near);
    }
  }
  const soft = gaussianBlur(out, w, h, (halve ? 0.75 : 1.5) * unit);
  return halve ? resizePlane(soft, w, h, full.width, full.height) : soft;
}

function bluish(r: number, g: number, b: number): number {
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return smoothstep(0.02, 0.1, b - r) * smoothstep(-0.1, 0.02, b - g) * smoothstep(0.2, 0.35, l);
}

/** Ink kept out of the sky and clouds: lines × (1 − keep × sky), in place. */
export function clearSky(lines: Plane, sky: Plane, keep: number): void {
  for (let i = 0; i < lines.length; i++) lines[i] = lines[i]! * (1 - keep * sky[i]!);
}

/**
 * A clean drawn sky in place, where `sky` (skyAndClouds) holds: each row takes the sky's own
 * colour there (a dusk stays violet, an overcast sky grey), smoothed into a clean vertical
 * gradient and a little more saturated; a daytime blue leans toward the style's `top`→`low`
 * gradient; the clouds (parts lighter than their row's sky) become clean shapes of `cloud`
 * mixed with the sky's colour, with a crisp edge.
 */
export function flatSky(
  p: Planes,
  sky: Plane,
  unit: number,
  top: readonly [number, number, number],
  low: readonly [number, number, number],
  cloud: readonly [number, number, number],
): void {
  const { width: w, height: h, r, g, b } = p;
  // The sky's colour per row: the mean of the sky-weighted pixels that are not lighter clouds.
  const rows = new Float64Array(h * 4);
  for (let y = 0; y < h; y++) {
    let sr = 0;
    let sg = 0;
    let sb = 0;
    let count = 0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const k = sky[i]!;
      if (k <= 0.5) continue;
      sr += r[i]!;
      sg += g[i]!;
      sb += b[i]!;
      count++;
    }
    rows[y * 4] = sr;
    rows[y * 4 + 1] = sg;
    rows[y * 4 + 2] = sb;
    rows[y * 4 + 3] = count;
  }
  // Smoothed down the rows (a clean gradient), rows without sky borrowing their neighbours'.
  const reach = Math.max(2, Math.round(24 * unit));
  const colour = new Float32Array(h * 3);
  for (let y = 0; y < h; y++) {
    let sr = 0;
    let sg = 0;
    let sb = 0;
    let count = 0;
    for (let yy = Math.max(0, y - reach); yy <= Math.min(h - 1, y + reach); yy++) {
      sr += rows[yy * 4]!;
      sg += rows[yy * 4 + 1]!;
      sb += rows[yy * 4 + 2]!;
      count += rows[yy * 4 + 3]!;
    }
    if (count === 0) continue;
    let cr = sr / count;
    let cg = sg / count;
    let cb = sb / count;
    const l = 0.2126 * cr + 0.7152 * cg + 0.0722 * cb;
    cr = clamp01(l + (cr - l) * 1.25);
    cg = clamp01(l + (cg - l) * 1.25);
    cb = clamp01(l + (cb - l) * 1.25);
    // A daytime blue (not a violet dusk): toward the style's own gradient.
    const day = 0.6 * smoothstep(0, 0.06, cg - cr) * smoothstep(0.05, 0.15, cb - cr) * smoothstep(0.35, 0.5, l);
    const t = clamp01(y / (h * 0.6));
    colour[y * 3] = cr + (top[0] + (low[0] - top[0]) * t - cr) * day;
    colour[y * 3 + 1] = cg + (top[1] + (low[1] - top[1]) * t - cg) * day;
    colour[y * 3 + 2] = cb + (top[2] + (low[2] - top[2]) * t - cb) * day;
  }
  // Clouds: lighter than their row's sky and not strongly coloured.
  const lighter = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const count = rows[y * 4 + 3]!;
    const rowL =
      count > 0 ? (0.2126 * rows[y * 4]! + 0.7152 * rows[y * 4 + 1]! + 0.0722 * rows[y * 4 + 2]!) / count : 1;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (sky[i]! <= 0) continue;
      const max = Math.max(r[i]!, g[i]!, b[i]!);
      const min = Math.min(r[i]!, g[i]!, b[i]!);
      const l = 0.2126 * r[i]! + 0.7152 * g[i]! + 0.0722 * b[i]!;
      lighter[i] = smoothstep(0.03, 0.1, l - rowL) * smoothstep(0.35, 0.15, max > 0 ? (max - min) / max : 0);
    }
  }
  const soft = gaussianBlur(lighter, w, h, 2.5 * unit);
  for (let y = 0; y < h; y++) {
    const sr = colour[y * 3]!;
    const sg = colour[y * 3 + 1]!;
    const sb = colour[y * 3 + 2]!;
    if (sr + sg + sb === 0) continue;
    // Clouds take the sky's light: white by day, tinted at dusk or under a grey sky.
    const cr = cloud[0] * 0.75 + sr * 0.25;
    const cg = cloud[1] * 0.75 + sg * 0.25;
    const cb = cloud[2] * 0.75 + sb * 0.25;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const k = sky[i]!;
      if (k <= 0) continue;
      const c = smoothstep(0.4, 0.55, soft[i]!);
      const tr = sr + (cr - sr) * c;
      const tg = sg + (cg - sg) * c;
      const tb = sb + (cb - sb) * c;
      r[i] = r[i]! + (tr - r[i]!) * k;
      g[i] = g[i]! + (tg - g[i]!) * k;
      b[i] = b[i]! + (tb - b[i]!) * k;
    }
  }
}

/**
 * Where the picture (before any flattening) has crisp edges: the contours of drawn things are a
 * pixel or two wide, while a cloud's rim, mist or a sunset's glow change over many pixels. 0..1,
 * spread a few pixels so it covers the flattened picture's edge wherever it moved to.
 */
export function crispEdges(p: Planes, unit: number): Plane {
  const { width: w, height: h } = p;
  const mag = sobel(lumaOf(p), w, h).mag;
  for (let i = 0; i < mag.length; i++) mag[i] = smoothstep(0.05, 0.12, mag[i]!);
  // A box spread (cheaper than a max filter): any crisp pixel near lifts the whole window.
  const radius = Math.max(1, Math.round(2.5 * unit));
  const spread = boxBlur(mag, w, h, radius);
  const k = (2 * radius + 1) / 1.5;
  for (let i = 0; i < spread.length; i++) spread[i] = Math.min(1, spread[i]! * k);
  return spread;
}

/**
 * Support for "ink" sources (doodle to art): a drawing of dark strokes on light paper has no
 * colour to stylise, so styles ask this module for (1) the ink coverage and (2) a coloured
 * fill: the paper areas enclosed by strokes become regions filled from the style's palette,
 * open areas touching the top or bottom edge become sky or ground, the rest stays paper. Fills
 * extend under the strokes (nearest region), so a style can paint washes that meet or bleed
 * beneath the lines and then lay the lines back on top.
 */
import type { Random } from "../random";
import type { Raster } from "../raster";
import { createPlanes, lumaOf, morph, percentile, smoothstep, toPlanes, type Plane, type Planes } from "./filters";
import type { StyleContext } from "./types";

export interface InkPalette {
  /** Open areas. */
  paper: [number, number, number];
  /** Open area touching the top edge but not the bottom (above a horizon line). */
  sky: [number, number, number];
  /** Open area touching the bottom edge but not the top. */
  ground: [number, number, number];
  /** Enclosed shapes, assigned in a seeded order. */
  fills: [number, number, number][];
}

export interface InkLayout {
  width: number;
  height: number;
  /** Stroke coverage 0..1 (1 = full ink), antialiased. */
  ink: Plane;
  /** Region id per pixel, every pixel assigned (strokes take the nearest region). */
  labels: Int32Array;
  regionCount: number;
  /** Per region: 0 enclosed, 1 paper, 2 sky, 3 ground. */
  kind: Uint8Array;
  /** Per region area in pixels (before strokes were assigned). */
  area: Int32Array;
}

/** Stroke coverage from luma, relative to the paper's own tone (scanned paper is not white). */
export function inkCoverage(p: Planes): Plane {
  const lum = lumaOf(p);
  const paper = percentile(lum, 0.75);
  const dark = Math.min(paper - 0.2, percentile(lum, 0.005));
  const out = new Float32Array(lum.length);
  const span = Math.max(0.05, paper - dark);
  for (let i = 0; i < lum.length; i++) out[i] = smoothstep(0.08, 0.75, (paper - lum[i]!) / span);
  return out;
}

export function analyseInk(p: Planes, unit: number): InkLayout {
  const { width: w, height: h } = p;
  const n = w * h;
  const ink = inkCoverage(p);
  // Close small gaps in hand-drawn outlines before deciding what is enclosed.
  const closed = morph(ink, w, h, Math.max(1, Math.round(1.5 * unit)), "max");
  const labels = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  const areas: number[] = [];
  const touches: number[] = []; // bit 1 top, 2 bottom, 4 left/right
  let count = 0;
  for (let start = 0; start < n; start++) {
    if (labels[start] !== -1 || closed[start]! >= 0.5) continue;
    const id = count++;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    labels[start] = id;
    let area = 0;
    let touch = 0;
    while (head < tail) {
      const i = queue[head++]!;
      area++;
      const x = i % w;
      const y = (i - x) / w;
      if (y === 0) touch |= 1;
      if (y === h - 1) touch |= 2;
      if (x === 0 || x === w - 1) touch |= 4;
      if (x > 0 && labels[i - 1] === -1 && closed[i - 1]! < 0.5) {
        labels[i - 1] = id;
        queue[tail++] = i - 1;
      }
      if (x < w - 1 && labels[i + 1] === -1 && closed[i + 1]! < 0.5) {
        labels[i + 1] = id;
        queue[tail++] = i + 1;
      }
      if (y > 0 && labels[i - w] === -1 && closed[i - w]! < 0.5) {
        labels[i - w] = id;
        queue[tail++] = i - w;
      }
      if (y < h - 1 && labels[i + w] === -1 && closed[i + w]! < 0.5) {
        labels[i + w] = id;
        queue[tail++] = i + w;
      }
    }
    areas.push(area);
    touches.push(touch);
  }
  // Strokes (and specks too small to matter) take the region of the nearest paper pixel:
  // a multi-source breadth-first search from every labelled pixel.
  const minArea = Math.max(12, Math.round(40 * unit * unit));
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) {
    const l = labels[i]!;
    if (l >= 0 && areas[l]! < minArea) labels[i] = -1;
    else if (l >= 0) queue[tail++] = i;
  }
  if (tail === 0) {
    // No paper at all (solid ink): one paper region.
    labels.fill(0);
    return { width: w, height: h, ink, labels, regionCount: 1, kind: Uint8Array.of(1), area: Int32Array.of(n) };
  }
  while (head < tail) {
    const i = queue[head++]!;
    const l = labels[i]!;
    const x = i % w;
    if (x > 0 && labels[i - 1] === -1) {
      labels[i - 1] = l;
      queue[tail++] = i - 1;
    }
    if (x < w - 1 && labels[i + 1] === -1) {
      labels[i + 1] = l;
      queue[tail++] = i + 1;
    }
    if (i >= w && labels[i - w] === -1) {
      labels[i - w] = l;
      queue[tail++] = i - w;
    }
    if (i + w < n && labels[i + w] === -1) {
      labels[i + w] = l;
      queue[tail++] = i + w;
    }
  }
  const kind = new Uint8Array(count);
  for (let l = 0; l < count; l++) {
    const t = touches[l]!;
    if (t === 0) kind[l] = 0;
    else if (t & 1 && !(t & 2)) kind[l] = 2;
    else if (t & 2 && !(t & 1)) kind[l] = 3;
    else kind[l] = 1;
  }
  // A lone sky or ground region (no horizon: e.g. a shape cut by the top edge) is just paper.
  let skies = 0;
  let grounds = 0;
  for (let l = 0; l < count; l++) {
    if (kind[l] === 2) skies++;
    if (kind[l] === 3) grounds++;
  }
  if (skies === 0 || grounds === 0) for (let l = 0; l < count; l++) if (kind[l] === 2 || kind[l] === 3) kind[l] = 1;
  return { width: w, height: h, ink, labels, regionCount: count, kind, area: Int32Array.from(areas) };
}

/** Per-region colours from a palette: enclosed shapes get shuffled fills, open areas their role. */
export function regionColours(layout: InkLayout, palette: InkPalette, random: Random): Float32Array {
  const colours = new Float32Array(layout.regionCount * 3);
  const order = palette.fills.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  let next = 0;
  for (let l = 0; l < layout.regionCount; l++) {
    const k = layout.kind[l]!;
    const c =
      k === 1
        ? palette.paper
        : k === 2
          ? palette.sky
          : k === 3
            ? palette.ground
            : palette.fills[order[next++ % order.length]!]!;
    colours[l * 3] = c[0];
    colours[l * 3 + 1] = c[1];
    colours[l * 3 + 2] = c[2];
  }
  return colours;
}

/** Flat fill planes (no strokes) from region colours. */
export function fillRegions(layout: InkLayout, colours: Float32Array): Planes {
  const out = createPlanes(layout.width, layout.height);
  const { labels } = layout;
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i]! * 3;
    out.r[i] = colours[l]!;
    out.g[i] = colours[l + 1]!;
    out.b[i] = colours[l + 2]!;
  }
  return out;
}

/** Lay strokes of a colour over planes in place, coverage scaled by `opacity`. */
export function drawInk(p: Planes, ink: Plane, colour: [number, number, number], opacity = 1): void {
  const { r, g, b } = p;
  for (let i = 0; i < ink.length; i++) {
    const a = ink[i]! * opacity;
    if (a <= 0) continue;
    r[i] = r[i]! + (colour[0] - r[i]!) * a;
    g[i] = g[i]! + (colour[1] - g[i]!) * a;
    b[i] = b[i]! + (colour[2] - b[i]!) * a;
  }
}

/** Convenience: analyse, colour and fill in one call, returning the fills with strokes on top. */
export function colouriseInk(
  p: Planes,
  palette: InkPalette,
  random: Random,
  unit: number,
  lineColour: [number, number, number] | null = [0.08, 0.07, 0.07],
): { fills: Planes; layout: InkLayout; coloured: Planes } {
  const layout = analyseInk(p, unit);
  const fills = fillRegions(layout, regionColours(layout, palette, random));
  const coloured = {
    width: fills.width,
    height: fills.height,
    r: new Float32Array(fills.r),
    g: new Float32Array(fills.g),
    b: new Float32Array(fills.b),
  };
  if (lineColour) drawInk(coloured, layout.ink, lineColour);
  return { fills, layout, coloured };
}

/**
 * The starting planes of a style that draws its own lines: an ink drawing becomes flat fills from
 * `palette` and hands back its strokes for the style to redraw; any other source comes back as
 * it is, with no strokes.
 */
export function inkFillsAndStrokes(
  input: Raster,
  ctx: StyleContext,
  palette: InkPalette,
): { planes: Planes; strokes: Plane | null } {
  const planes = toPlanes(input);
  if (ctx.source !== "ink") return { planes, strokes: null };
  const { fills, layout } = colouriseInk(planes, palette, ctx.random.fork("ink"), ctx.unit, null);
  return { planes: fills, strokes: layout.ink };
}

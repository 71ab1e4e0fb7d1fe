/**
 * Scattered sites whose spacing follows the picture's detail, shared by the cell styles
 * (stained glass, low poly): big cells over flat sky or wall, small ones where a subject's
 * outline is, so a horse or a duck keeps its silhouette instead of melting into one pane.
 * Also what styles need to keep subjects readable: edge strength, the design's crisp outlines
 * (designOutlines), cells cut along them (cutPanes) and small figures on calm ground
 * (findFigures).
 */
import type { Random } from "../random";
import {
  boxBlur,
  gaussianBlur,
  lumaOf,
  percentile,
  type Plane,
  type Planes,
  resizePlanes,
  smoothstep,
} from "./filters";

/**
 * Edge strength 0..1 from luma and warmth (red minus blue: an orange fox on green grass has
 * almost no luma edge), each slightly smoothed first, scaled so the picture's strongest few
 * percent of edges reach 1 (a max would let one bright sun set the scale for everything else).
 */
export function edgeStrength(p: Planes, smooth: number): Plane {
  const { width: w, height: h } = p;
  const n = w * h;
  const warmth = new Float32Array(n);
  for (let i = 0; i < n; i++) warmth[i] = p.r[i]! - p.b[i]!;
  // One box pass is smoothing enough here and a third of a Gaussian's cost.
  const radius = Math.max(1, Math.round(smooth));
  const lum = boxBlur(lumaOf(p), w, h, radius);
  const warm = boxBlur(warmth, w, h, radius, warmth);
  const out = new Float32Array(n);
  for (let y = 0; y < h; y++) {
    const up = (y > 0 ? y - 1 : 0) * w;
    const row = y * w;
    const down = (y < h - 1 ? y + 1 : y) * w;
    for (let x = 0; x < w; x++) {
      const l = x > 0 ? x - 1 : 0;
      const r = x < w - 1 ? x + 1 : x;
      out[row + x] = Math.max(sobelAt(lum, up, row, down, l, x, r), 0.6 * sobelAt(warm, up, row, down, l, x, r));
    }
  }
  return normaliseTop(out);
}

/** Sobel gradient magnitude at one pixel from its three rows and columns (a 0→1 step gives about 1). */
function sobelAt(src: Plane, up: number, row: number, down: number, l: number, x: number, r: number): number {
  const gx = src[up + r]! + 2 * src[row + r]! + src[down + r]! - src[up + l]! - 2 * src[row + l]! - src[down + l]!;
  const gy = src[down + l]! + 2 * src[down + x]! + src[down + r]! - src[up + l]! - 2 * src[up + x]! - src[up + r]!;
  return 0.25 * Math.sqrt(gx * gx + gy * gy);
}

/** Edge strength blurred into a neighbourhood measure of detail, 0..1. */
export function spreadDetail(edge: Plane, width: number, height: number, spread: number): Plane {
  return normaliseTop(gaussianBlur(edge, width, height, spread));
}

function normaliseTop(plane: Plane): Plane {
  const k = 1 / Math.max(0.02, percentile(plane, 0.97));
  for (let i = 0; i < plane.length; i++) plane[i] = Math.min(1, plane[i]! * k);
  return plane;
}

export interface Sites {
  xs: number[];
  ys: number[];
}

export interface ScatterOptions {
  /** Spacing over flat areas and over the strongest detail, px. */
  flat: number;
  fine: number;
  /** Candidates thrown per finely spaced site the picture could hold; more fill it more evenly. */
  tries: number;
  random: Random;
  /** Sites placed first whatever their spacing (e.g. a frame). */
  fixed?: Sites;
  /** 0..1 per pixel: how likely a candidate there is tried at all (e.g. only on edges). */
  weight?: Plane;
}

/**
 * Dart throwing with a spacing that varies over the picture: a candidate at spacing r(x, y)
 * is kept unless an earlier site lies closer than the mean of the two sites' spacings. Sites
 * are bucketed in a grid fine enough for the smallest spacing (linked per cell), so each test
 * looks at a small neighbourhood.
 */
export function scatterSites(detail: Plane, width: number, height: number, options: ScatterOptions): Sites {
  const { flat, fine, random, weight } = options;
  const spacingAt = (x: number, y: number) => {
    const e = detail[Math.min(height - 1, y | 0) * width + Math.min(width - 1, x | 0)]!;
    return flat + (fine - flat) * smoothstep(0.15, 0.75, e);
  };
  const cell = Math.max(1, fine * 0.7);
  const gw = Math.ceil(width / cell) + 1;
  const gh = Math.ceil(height / cell) + 1;
  const head = new Int32Array(gw * gh).fill(-1);
  const next: number[] = [];
  const radius: number[] = [];
  const xs: number[] = [];
  const ys: number[] = [];
  const put = (x: number, y: number, r: number) => {
    const b = Math.min(gh - 1, (y / cell) | 0) * gw + Math.min(gw - 1, (x / cell) | 0);
    next.push(head[b]!);
    head[b] = xs.length;
    xs.push(x);
    ys.push(y);
    radius.push(r);
  };
  const fixed = options.fixed;
  if (fixed) for (let k = 0; k < fixed.xs.length; k++) put(fixed.xs[k]!, fixed.ys[k]!, fine);
  const candidates = Math.round((options.tries * width * height) / (fine * fine));
  for (let t = 0; t < candidates; t++) {
    const x = random.next() * width;
    const y = random.next() * height;
    if (weight && random.next() >= weight[Math.min(height - 1, y | 0) * width + Math.min(width - 1, x | 0)]!) continue;
    const r = spacingAt(x, y);
    // Candidates thin out where spacing is wide: flat areas still get a few times more tries
    // per site than detailed ones (they fill evenly), not ten times more than they can take.
    if (random.next() * r > fine) continue;
    const reach = Math.ceil((r + flat) / 2 / cell);
    const cx = (x / cell) | 0;
    const cy = (y / cell) | 0;
    let free = true;
    for (let gy = Math.max(0, cy - reach); free && gy <= Math.min(gh - 1, cy + reach); gy++) {
      for (let gx = Math.max(0, cx - reach); free && gx <= Math.min(gw - 1, cx + reach); gx++) {
        for (let q = head[gy * gw + gx]!; q >= 0; q = next[q]!) {
          const need = (r + radius[q]!) / 2;
          if ((xs[q]! - x) ** 2 + (ys[q]! - y) ** 2 < need * need) {
            free = false;
            break;
          }
        }
      }
    }
    if (free) put(x, y, r);
  }
  return { xs, ys };
}

/**
 * How different two colours look, about 0..1: lightness plus the two opponent hues (red–green,
 * yellow–blue), so a brown duck on a grey-blue pond of the same lightness still counts.
 */
export function colourGap(p: Planes, i: number, r: number, g: number, b: number): number {
  return Math.sqrt(differenceSquared(p.r[i]! - r, p.g[i]! - g, p.b[i]! - b));
}

/** colourGap squared, from the differences of the three channels. */
export function differenceSquared(dr: number, dg: number, db: number): number {
  const dl = 0.2126 * dr + 0.7152 * dg + 0.0722 * db;
  const rg = dr - dg;
  const yb = 0.5 * (dr + dg) - db;
  return dl * dl + 0.5 * (rg * rg + yb * yb);
}

/** colourGap squared between two pixels (no root: for comparisons in hot loops). */
function gap2(p: Planes, i: number, j: number): number {
  return differenceSquared(p.r[i]! - p.r[j]!, p.g[i]! - p.g[j]!, p.b[i]! - p.b[j]!);
}

/** The picture halved (2 × 2 means) until its longer side is at most `maxSide`. */
export function shrinkPlanes(p: Planes, maxSide: number): Planes {
  let out = p;
  while (Math.max(out.width, out.height) > maxSide && Math.min(out.width, out.height) >= 2)
    out = resizePlanes(out, out.width >> 1, out.height >> 1);
  return out;
}

export interface Figures {
  /** 1 where a pixel belongs to a figure: a clump that stands apart from what surrounds it. */
  mask: Uint8Array;
  /** The colour around each pixel: the median of a window about twice a small subject's size. */
  around: Planes;
}

export interface FigureOptions {
  /** The median's window radius, px of `p`. */
  radius: number;
  /** How far from its surroundings' colour a pixel must be (colourGap units). */
  contrast: number;
  minPixels: number;
  /** Drop clumps the picture's sides cut (a tree at the frame's side is no small thing). */
  whole?: boolean;
  /** Whether the step from figure pixel i to ground pixel j is a crisp edge; by default a big step. */
  sharp?: (i: number, j: number) => boolean;
}

/**
 * Figure and ground on a small picture (a style's coarse grid, ~80 px across): a pixel is figure
 * when its colour is more than `contrast` from the median colour of its window. The median sees
 * a duck on a pond, a lamp in a street, a child on snow as clumps unlike their surroundings,
 * while a straight horizon or a mountain's flank is no figure (more than half of any window
 * centred on either side lies on that side). A clump counts only when it is a thing with an
 * outline: at least `minPixels` and more than a line thick (not a star, a petal or a post), sharp along a good part of its edge
 * (not a soft cloud or mist), well apart from a fairly even ring of ground around it, and no
 * long thin band across the picture (a far shore).
 */
export function findFigures(p: Planes, options: FigureOptions): Figures {
  const { radius, contrast, minPixels } = options;
  const sharp = options.sharp ?? ((i: number, j: number) => colourGap(p, i, p.r[j]!, p.g[j]!, p.b[j]!) > contrast);
  const { width: w, height: h } = p;
  const n = w * h;
  const around: Planes = {
    width: w,
    height: h,
    r: medianOf(p.r, w, h, radius),
    g: medianOf(p.g, w, h, radius),
    b: medianOf(p.b, w, h, radius),
  };
  const mask = new Uint8Array(n);
  for (let i = 0; i < n; i++) mask[i] = colourGap(p, i, around.r[i]!, around.g[i]!, around.b[i]!) > contrast ? 1 : 0;
  const ring: number[] = [];
  eachClump(mask, w, h, false, (clump) => {
    ring.length = 0;
    let crisp = 0;
    let interior = 0;
    for (const i of clump) {
      const x = i % w;
      const y = (i / w) | 0;
      let inside = true;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
        if (j < 0 || mask[j]) continue;
        inside = false;
        ring.push(j);
        if (sharp(i, j)) crisp++;
      }
      if (inside) interior++;
    }
    const { x0, x1, y0, y1 } = boxOf(clump, w);
    const band = x1 - x0 > 0.45 * w && y1 - y0 < 0.12 * (x1 - x0);
    const cut = options.whole === true && (x0 === 0 || x1 === w - 1);
    // Apart from a ring that is itself fairly even: a duck on a pond, not a patch of a textured
    // slope whose ring is half sky, half rock.
    const { apart, spread } = ringContrast(p, clump, ring);
    const thing =
      clump.length >= minPixels &&
      interior >= 2 &&
      crisp >= 0.45 * ring.length &&
      apart >= contrast &&
      apart >= 1.8 * spread;
    if (!thing || band || cut) for (const i of clump) mask[i] = 0;
  });
  return { mask, around };
}

/**
 * Calls `visit` with each connected clump of marked pixels (4-connected, or 8 with `diagonal`)
 * as a list of pixel indices, valid until the call returns; `visit` may unmark pixels.
 */
function eachClump(mark: Uint8Array, w: number, h: number, diagonal: boolean, visit: (clump: number[]) => void): void {
  const seen = new Uint8Array(w * h);
  const clump: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!mark[start] || seen[start]) continue;
    clump.length = 0;
    clump.push(start);
    seen[start] = 1;
    for (let q = 0; q < clump.length; q++) {
      const i = clump[q]!;
      const x = i % w;
      for (let dy = i >= w ? -w : 0; dy <= (i + w < w * h ? w : 0); dy += w) {
        for (let dx = x > 0 ? -1 : 0; dx <= (x < w - 1 ? 1 : 0); dx++) {
          if (!diagonal && dx !== 0 && dy !== 0) continue;
          const j = i + dy + dx;
          if (!mark[j] || seen[j]) continue;
          seen[j] = 1;
          clump.push(j);
        }
      }
    }
    visit(clump);
  }
}

/** The bounding box of a list of pixel indices. */
function boxOf(pixels: number[], w: number): { x0: number; x1: number; y0: number; y1: number } {
  let x0 = w;
  let x1 = 0;
  let y0 = Infinity;
  let y1 = 0;
  for (const i of pixels) {
    const x = i % w;
    const y = (i / w) | 0;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  return { x0, x1, y0, y1 };
}

/** How far a clump's mean colour is from its ring's, and how much the ring itself varies. */
function ringContrast(p: Planes, clump: number[], ring: number[]): { apart: number; spread: number } {
  const mean = (at: number[]) => {
    let r = 0;
    let g = 0;
    let b = 0;
    for (const i of at) {
      r += p.r[i]!;
      g += p.g[i]!;
      b += p.b[i]!;
    }
    const k = 1 / Math.max(1, at.length);
    return [r * k, g * k, b * k] as const;
  };
  const [r, g, b] = mean(ring);
  let spread = 0;
  for (const i of ring) spread += colourGap(p, i, r, g, b);
  let apart = 0;
  for (const i of clump) apart += colourGap(p, i, r, g, b);
  return { apart: apart / Math.max(1, clump.length), spread: spread / Math.max(1, ring.length) };
}

/**
 * Median of each (2·radius + 1)² window, clipped at the borders. Windows are sampled every
 * second pixel and centred on every second pixel (their neighbours share it): the ground's
 * colour does not need more, and it is sixteen times less work.
 */
function medianOf(src: Plane, w: number, h: number, radius: number): Plane {
  const out = new Float32Array(w * h);
  const window = new Float32Array((radius + 1) ** 2);
  for (let y = 0; y < h; y += 2) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(h - 1, y + radius);
    for (let x = 0; x < w; x += 2) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(w - 1, x + radius);
      let m = 0;
      for (let yy = y0; yy <= y1; yy += 2) for (let xx = x0; xx <= x1; xx += 2) window[m++] = src[yy * w + xx]!;
      const v = select(window, m, m >> 1);
      for (let yy = y; yy < Math.min(h, y + 2); yy++)
        for (let xx = x; xx < Math.min(w, x + 2); xx++) out[yy * w + xx] = v;
    }
  }
  return out;
}

/** The k-th smallest of the first m values (Hoare's quickselect; reorders them). */
function select(a: Float32Array, m: number, k: number): number {
  let lo = 0;
  let hi = m - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k]!;
}

/**
 * The design's outlines in a scene: pixels where the colour steps by more than `step` within
 * two pixels, and that step is most of the change over six (a crisp edge, even white on white
 * like an airplane on a cloud; not a sky's gradient or a cloud's soft rim), in connected runs
 * of at least `minPixels` (a unicorn's outline or a ridge, not a grass blade or a petal).
 * Without `bands`, long flat runs across the picture (a horizon, a meadow's fold) are dropped.
 */
export function designOutlines(p: Planes, step: number, minPixels: number, bands = true): Uint8Array {
  const { width: w, height: h } = p;
  const mark = new Uint8Array(w * h);
  const floor = step * step;
  for (let y = 3; y < h - 3; y++) {
    for (let x = 3; x < w - 3; x++) {
      const i = y * w + x;
      const across = gap2(p, i - 1, i + 1);
      const down = gap2(p, i - w, i + w);
      const crisp =
        across >= down
          ? across > floor && across > 0.5 * gap2(p, i - 3, i + 3)
          : down > floor && down > 0.5 * gap2(p, i - 3 * w, i + 3 * w);
      if (crisp) mark[i] = 1;
    }
  }
  eachClump(mark, w, h, true, (run) => {
    const { x0, x1, y0, y1 } = boxOf(run, w);
    const band = !bands && x1 - x0 > 0.3 * w && y1 - y0 < 0.15 * (x1 - x0);
    if (run.length < minPixels || band) for (const i of run) mark[i] = 0;
  });
  return mark;
}

/**
 * Pieces of cells (a stained-glass pane, a low-poly facet): each cell cut along the outlines
 * that cross it into as many pieces as they make (4-connected pixels of one cell off the
 * outlines), so a thing keeps its silhouette even where a cell spans it and its ground.
 * `label` is each pixel's cell (-1 for none); outline pixels join a neighbouring piece. Cells
 * no outline crosses stay whole and are not searched.
 */
export function cutPanes(p: Planes, label: Int32Array, outlines: Uint8Array): { pane: Int32Array; mean: Float32Array } {
  const { width: w, height: h } = p;
  const n = w * h;
  let cells = 0;
  for (let i = 0; i < n; i++) cells = Math.max(cells, label[i]! + 2);
  const crossed = new Uint8Array(cells);
  const band: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!outlines[i]) continue;
    crossed[label[i]! + 1] = 1;
    band.push(i);
  }
  const pane = new Int32Array(n);
  for (let i = 0; i < n; i++) pane[i] = crossed[label[i]! + 1] ? -1 : label[i]! + 1;
  let count = cells;
  const stack: number[] = [];
  for (let start = 0; start < n; start++) {
    if (pane[start] !== -1 || outlines[start]) continue;
    const cell = label[start]!;
    pane[start] = count;
    stack.push(start);
    const join = (j: number) => {
      if (pane[j] !== -1 || outlines[j] || label[j] !== cell) return;
      pane[j] = count;
      stack.push(j);
    };
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w;
      if (x > 0) join(i - 1);
      if (x < w - 1) join(i + 1);
      if (i >= w) join(i - w);
      if (i + w < n) join(i + w);
    }
    count++;
  }
  // Outline pixels take a neighbour's piece, the band filling in from its sides pass by pass.
  for (let pending = band; pending.length; ) {
    const left: number[] = [];
    for (const i of pending) {
      const x = i % w;
      const from =
        x > 0 && pane[i - 1]! >= 0
          ? i - 1
          : i >= w && pane[i - w]! >= 0
            ? i - w
            : x < w - 1 && pane[i + 1]! >= 0
              ? i + 1
              : i + w < n && pane[i + w]! >= 0
                ? i + w
                : -1;
      if (from >= 0) pane[i] = pane[from]!;
      else left.push(i);
    }
    if (left.length === pending.length) {
      for (const i of left) pane[i] = label[i]! + 1;
      break;
    }
    pending = left;
  }
  return { pane, mean: meansBy(p, pane, count).mean };
}

/**
 * How much lighter (or, negative, darker) each piece should be so that the two pieces either
 * side of an outline differ by at least `least` (colourGap) where they come out alike (a white
 * airplane on a white cloud): the lighter side up, the darker down, each by half the shortfall;
 * a piece takes the largest push any of its neighbours across an outline asks for.
 */
export function liftApart(
  pane: Int32Array,
  mean: Float32Array,
  outlines: Uint8Array,
  w: number,
  h: number,
  least: number,
): Float32Array {
  const lift = new Float32Array(mean.length / 3);
  const luma = (k: number) => 0.2126 * mean[k * 3]! + 0.7152 * mean[k * 3 + 1]! + 0.0722 * mean[k * 3 + 2]!;
  const reach = 2;
  const across = [reach, reach * w];
  for (let y = reach; y < h - reach; y++) {
    for (let x = reach; x < w - reach; x++) {
      const i = y * w + x;
      if (!outlines[i]) continue;
      for (const d of across) {
        const a = pane[i - d]!;
        const b = pane[i + d]!;
        if (a === b) continue;
        const apart = Math.sqrt(
          differenceSquared(
            mean[a * 3]! - mean[b * 3]!,
            mean[a * 3 + 1]! - mean[b * 3 + 1]!,
            mean[a * 3 + 2]! - mean[b * 3 + 2]!,
          ),
        );
        if (apart >= least) continue;
        const [up, down] = luma(a) >= luma(b) ? [a, b] : [b, a];
        const push = (least - apart) / 2;
        lift[up] = Math.max(lift[up]!, push);
        lift[down] = Math.min(lift[down]!, -push);
      }
    }
  }
  return lift;
}

/** Mean colour (and pixel count) per group, `group` holding each pixel's group. */
export function meansBy(p: Planes, group: Int32Array, groups: number): { mean: Float32Array; count: Float64Array } {
  const sums = new Float64Array(groups * 3);
  const count = new Float64Array(groups);
  const { r, g, b } = p;
  for (let i = 0; i < group.length; i++) {
    const k = group[i]!;
    const j = k * 3;
    sums[j] = sums[j]! + r[i]!;
    sums[j + 1] = sums[j + 1]! + g[i]!;
    sums[j + 2] = sums[j + 2]! + b[i]!;
    count[k] = count[k]! + 1;
  }
  const mean = new Float32Array(groups * 3);
  for (let k = 0; k < groups; k++) {
    const inv = 1 / (count[k]! || 1);
    for (let j = 0; j < 3; j++) mean[k * 3 + j] = sums[k * 3 + j]! * inv;
  }
  return { mean, count };
}

/**
 * Scattered sites whose spacing follows the picture's detail, shared by the cell styles
 * (stained glass, low poly): big cells over flat sky or wall, small ones where a subject's
 * outline is, so a horse or a duck keeps its silhouette instead of melting into one pane.
 */
import type { Random } from "../random";
import { boxBlur, gaussianBlur, lumaOf, percentile, type Plane, type Planes, smoothstep } from "./filters";

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

/**
 * Scattered sites whose spacing follows the picture's detail, shared by the cell styles
 * (stained glass, low poly): big cells over flat sky or wall, small ones where a subject's
 * outline is, so a horse or a duck keeps its silhouette instead of melting into one pane.
 */
import type { Random } from "../random";
import { gaussianBlur, percentile, type Plane, sobel } from "./filters";

/**
 * Edge strength 0..1: the Sobel magnitude of the slightly smoothed luma, blurred to a
 * neighbourhood measure and scaled so the picture's strongest few percent of edges reach 1
 * (a max would let one bright sun decide the scale for everything else).
 */
export function detailMap(lum: Plane, width: number, height: number, smooth: number, spread: number): Plane {
  const edge = gaussianBlur(sobel(gaussianBlur(lum, width, height, smooth), width, height).mag, width, height, spread);
  const top = Math.max(1e-3, percentile(edge, 0.97));
  const k = 1 / top;
  for (let i = 0; i < edge.length; i++) edge[i] = Math.min(1, edge[i]! * k);
  return edge;
}

export interface Sites {
  xs: number[];
  ys: number[];
}

export interface ScatterOptions {
  /** Spacing over flat areas and over the strongest detail, px. */
  flat: number;
  fine: number;
  /** Random candidates to throw; more fill the picture more evenly. */
  tries: number;
  random: Random;
  /** Sites placed first whatever their spacing (e.g. a frame). */
  fixed?: Sites;
}

/**
 * Dart throwing with a spacing that varies over the picture: a candidate at spacing r(x, y)
 * is kept unless an earlier site lies closer than the mean of the two sites' spacings. Sites
 * are bucketed in a grid fine enough for the smallest spacing (linked per cell), so each test
 * looks at a small neighbourhood.
 */
export function scatterSites(detail: Plane, width: number, height: number, options: ScatterOptions): Sites {
  const { flat, fine, random } = options;
  const spacingAt = (x: number, y: number) => {
    const e = detail[Math.min(height - 1, y | 0) * width + Math.min(width - 1, x | 0)]!;
    return flat + (fine - flat) * Math.sqrt(e);
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
  for (let t = 0; t < options.tries; t++) {
    const x = random.next() * width;
    const y = random.next() * height;
    const r = spacingAt(x, y);
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

/**
 * Making new paint belong to the picture: its colours moved toward those of the kept pixels
 * around it (per channel, mean and contrast, as Reinhard et al. 2001 move one picture's colours
 * to another's), the edge mended by a smooth offset field (the gradient-domain idea of Pérez et
 * al. 2003, solved approximately by pull–push), and the picture's grain added where the new paint
 * is cleaner than the picture.
 */
import type { Random } from "../random";
import type { Raster } from "../raster";
import { pullPush } from "./patch-fill";

/** A raster's RGB as floats, three per pixel. */
export function toRgb(raster: Raster): Float32Array {
  const n = raster.width * raster.height;
  const rgb = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    rgb[i * 3] = raster.data[i * 4]!;
    rgb[i * 3 + 1] = raster.data[i * 4 + 1]!;
    rgb[i * 3 + 2] = raster.data[i * 4 + 2]!;
  }
  return rgb;
}

export interface ColourStats {
  mean: [number, number, number];
  std: [number, number, number];
}

/** Weighted mean and standard deviation per channel of the pixels where `weight` > 0; undefined when there are none. */
export function colourStats(rgb: Float32Array, weight: (i: number) => number): ColourStats | undefined {
  const n = rgb.length / 3;
  const sum = [0, 0, 0];
  const squares = [0, 0, 0];
  let total = 0;
  for (let i = 0; i < n; i++) {
    const wt = weight(i);
    if (wt <= 0) continue;
    total += wt;
    for (let k = 0; k < 3; k++) {
      const v = rgb[i * 3 + k]!;
      sum[k]! += wt * v;
      squares[k]! += wt * v * v;
    }
  }
  if (total === 0) return undefined;
  const mean = sum.map((s) => s / total) as [number, number, number];
  const std = squares.map((s, k) => Math.sqrt(Math.max(0, s / total - mean[k]! ** 2))) as [number, number, number];
  return { mean, std };
}

/**
 * Moves the colours of the pixels where `weight` > 0 from the statistics `from` toward `to`:
 * `meanShare` of the way for the mean, `contrastShare` for the contrast (the ratio of deviations
 * held within ½…2, so a flat ring does not flatten the paint to nothing).
 */
export function matchColours(
  rgb: Float32Array,
  weight: (i: number) => number,
  from: ColourStats | undefined,
  to: ColourStats | undefined,
  meanShare: number,
  contrastShare: number,
): void {
  if (!from || !to) return;
  const n = rgb.length / 3;
  const gain = [0, 1, 2].map((k) => {
    const ratio = Math.min(2, Math.max(0.5, (to.std[k]! + 2) / (from.std[k]! + 2)));
    return 1 + (ratio - 1) * contrastShare;
  });
  const target = [0, 1, 2].map((k) => from.mean[k]! + (to.mean[k]! - from.mean[k]!) * meanShare);
  for (let i = 0; i < n; i++) {
    const wt = weight(i);
    if (wt <= 0) continue;
    for (let k = 0; k < 3; k++) {
      const v = rgb[i * 3 + k]!;
      const moved = target[k]! + (v - from.mean[k]!) * gain[k]!;
      rgb[i * 3 + k] = v + (moved - v) * Math.min(1, wt);
    }
  }
}

/**
 * The picture's grain: the spread of luma about the mean of its four neighbours, robustly (the
 * median absolute value, so edges do not count), over the pixels `select` picks.
 */
export function grainOf(rgb: Float32Array, width: number, height: number, select: (i: number) => boolean): number {
  const residuals: number[] = [];
  const lumaAt = (i: number) => 0.2126 * rgb[i * 3]! + 0.7152 * rgb[i * 3 + 1]! + 0.0722 * rgb[i * 3 + 2]!;
  const step = Math.max(1, Math.floor((width * height) / 60_000));
  for (let i = width + 1; i < width * (height - 1) - 1; i += step) {
    const x = i % width;
    if (x === 0 || x === width - 1 || !select(i)) continue;
    const r = lumaAt(i) - (lumaAt(i - 1) + lumaAt(i + 1) + lumaAt(i - width) + lumaAt(i + width)) / 4;
    residuals.push(Math.abs(r));
  }
  if (residuals.length < 16) return 0;
  residuals.sort((a, b) => a - b);
  // For Gaussian noise of deviation σ the residual's deviation is σ·√1.25; its median |r| is 0.674 of that.
  return residuals[Math.floor(residuals.length / 2)]! / 0.6745 / Math.sqrt(1.25);
}

/** Adds luminance grain of deviation `sigma` where `weight` > 0 (scaled by it). */
export function addGrain(rgb: Float32Array, weight: (i: number) => number, sigma: number, random: Random): void {
  if (sigma < 0.3) return;
  const n = rgb.length / 3;
  for (let i = 0; i < n; i++) {
    const wt = weight(i);
    if (wt <= 0) continue;
    const e = random.gaussian() * sigma * Math.min(1, wt);
    rgb[i * 3]! += e;
    rgb[i * 3 + 1]! += e;
    rgb[i * 3 + 2]! += e;
  }
}

/**
 * A smooth field that equals `target − paint` on the pixels where `known` is 1 and is spread
 * from them everywhere else: added to the paint, it meets the picture at the edge with no step.
 */
export function offsetField(
  paint: Float32Array,
  target: Float32Array,
  known: Uint8Array,
  width: number,
  height: number,
): Float32Array {
  const diff = new Float32Array(paint.length);
  const weights = new Float32Array(width * height);
  for (let i = 0; i < weights.length; i++) {
    if (!known[i]) continue;
    weights[i] = 1;
    diff[i * 3] = target[i * 3]! - paint[i * 3]!;
    diff[i * 3 + 1] = target[i * 3 + 1]! - paint[i * 3 + 1]!;
    diff[i * 3 + 2] = target[i * 3 + 2]! - paint[i * 3 + 2]!;
  }
  return pullPush(diff, weights, width, height, 3);
}

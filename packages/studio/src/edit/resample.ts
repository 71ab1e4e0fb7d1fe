/** Shrinking a raster by area averaging: each new pixel the mean of the old pixels it covers. */
import type { Raster } from "../raster";

/** Weights of the source samples each of `to` output samples covers, for `from` input samples (to ≤ from). */
function footprints(from: number, to: number): { start: Int32Array; weights: Float32Array[] } {
  const scale = from / to;
  const start = new Int32Array(to);
  const weights: Float32Array[] = [];
  for (let o = 0; o < to; o++) {
    const a = o * scale;
    const b = Math.min(from, (o + 1) * scale);
    const first = Math.floor(a);
    const last = Math.min(from - 1, Math.ceil(b) - 1);
    const w = new Float32Array(last - first + 1);
    for (let i = first; i <= last; i++) w[i - first] = Math.min(b, i + 1) - Math.max(a, i);
    const sum = w.reduce((s, v) => s + v, 0);
    for (let k = 0; k < w.length; k++) w[k]! /= sum;
    start[o] = first;
    weights.push(w);
  }
  return { start, weights };
}

/** The raster at `width` × `height` (no larger than it is), every channel averaged over each new pixel's area. */
export function shrinkRaster(source: Raster, width: number, height: number): Raster {
  if (width === source.width && height === source.height)
    return { width, height, data: new Uint8ClampedArray(source.data) };
  if (width > source.width || height > source.height) throw new Error("shrinkRaster: only shrinks");
  const across = footprints(source.width, width);
  const down = footprints(source.height, height);
  const rows = new Float32Array(width * source.height * 4);
  for (let y = 0; y < source.height; y++) {
    for (let x = 0; x < width; x++) {
      const w = across.weights[x]!;
      const from = across.start[x]!;
      for (let c = 0; c < 4; c++) {
        let v = 0;
        for (let k = 0; k < w.length; k++) v += w[k]! * source.data[(y * source.width + from + k) * 4 + c]!;
        rows[(y * width + x) * 4 + c] = v;
      }
    }
  }
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const w = down.weights[y]!;
    const from = down.start[y]!;
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 4; c++) {
        let v = 0;
        for (let k = 0; k < w.length; k++) v += w[k]! * rows[((from + k) * width + x) * 4 + c]!;
        data[(y * width + x) * 4 + c] = Math.round(v);
      }
    }
  }
  return { width, height, data };
}

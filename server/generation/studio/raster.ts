/**
 * Studio's pixel buffer: straight (not premultiplied) RGBA, row-major, the same layout as a
 * canvas ImageData and as sharp's raw output with 4 channels. Every Studio stage takes and
 * returns one, so stages compose in any order.
 */
export interface Raster {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export function createRaster(width: number, height: number, fill?: [number, number, number]): Raster {
  const data = new Uint8ClampedArray(width * height * 4);
  const [r, g, b] = fill ?? [0, 0, 0];
  for (let i = 0; i < data.length; i += 4) {
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = b;
    data[i + 3] = 255;
  }
  return { width, height, data };
}

export function cloneRaster(source: Raster): Raster {
  return { width: source.width, height: source.height, data: new Uint8ClampedArray(source.data) };
}

/** Linear blend of two rasters of the same size: t = 0 gives `a`, t = 1 gives `b`. */
export function mixRasters(a: Raster, b: Raster, t: number): Raster {
  if (a.width !== b.width || a.height !== b.height) throw new Error("mixRasters: sizes differ");
  const out = new Uint8ClampedArray(a.data.length);
  const k = Math.min(1, Math.max(0, t));
  for (let i = 0; i < out.length; i++) out[i] = a.data[i]! + (b.data[i]! - a.data[i]!) * k;
  return { width: a.width, height: a.height, data: out };
}

/** Bilinear sample of channel c (0..3) at a fractional position, clamped to the edges. */
export function sampleBilinear(r: Raster, x: number, y: number, c: number): number {
  const fx = Math.min(r.width - 1, Math.max(0, x));
  const fy = Math.min(r.height - 1, Math.max(0, y));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(r.width - 1, x0 + 1);
  const y1 = Math.min(r.height - 1, y0 + 1);
  const tx = fx - x0;
  const ty = fy - y0;
  const at = (xx: number, yy: number) => r.data[(yy * r.width + xx) * 4 + c]!;
  const top = at(x0, y0) + (at(x1, y0) - at(x0, y0)) * tx;
  const bottom = at(x0, y1) + (at(x1, y1) - at(x0, y1)) * tx;
  return top + (bottom - top) * ty;
}

/** Rec. 709 luma of a pixel, 0..255. */
export function luma(data: Uint8ClampedArray, i: number): number {
  return 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
}

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

/** Rec. 709 luma of a pixel, 0..255. */
export function luma(data: Uint8ClampedArray, i: number): number {
  return 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
}

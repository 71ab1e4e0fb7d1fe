/**
 * The edit's mask as numbers: how much each pixel changes (0 keeps it, 1 replaces it), distances
 * from the masked area, the ring of kept pixels around it whose colours the new paint matches,
 * and the box inside it where new things are drawn.
 */
import type { Raster } from "../raster";

/** A rectangle in pixels: left, top, width, height. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The mask's luma as 0..1 per pixel. A hard mask (only black and white) gets a feather of
 * `feather` pixels inward, so the new paint fades into the picture instead of ending at a cut;
 * a mask with greys keeps its own edge. Pixels the mask leaves black stay 0 either way.
 */
export function maskAlpha(mask: Raster, feather: number): Float32Array {
  const { width, height, data } = mask;
  const alpha = new Float32Array(width * height);
  let greys = 0;
  for (let i = 0; i < alpha.length; i++) {
    const y = 0.2126 * data[i * 4]! + 0.7152 * data[i * 4 + 1]! + 0.0722 * data[i * 4 + 2]!;
    const a = y <= 2 ? 0 : y >= 253 ? 1 : y / 255;
    alpha[i] = a;
    if (a > 0 && a < 1) greys++;
  }
  // Greys on a few stray pixels (a resized mask's rim) do not make a feathered mask.
  const masked = alpha.reduce((n, a) => n + (a > 0 ? 1 : 0), 0);
  if (feather <= 0 || greys > masked * 0.02) return alpha;
  const inside = distanceTo(alpha, width, height, (a) => a === 0);
  for (let i = 0; i < alpha.length; i++) {
    if (alpha[i] === 0) continue;
    const t = Math.min(1, inside[i]! / (feather + 1));
    alpha[i] = Math.min(alpha[i]!, t * t * (3 - 2 * t));
  }
  return alpha;
}

/**
 * Chamfer distance (3–4 weights, two passes, Borgefors 1986) from every pixel to the nearest
 * pixel where `isSeed` holds, in pixels; about 8 % off the true Euclidean distance at worst.
 */
export function distanceTo(
  values: Float32Array | Uint8Array,
  width: number,
  height: number,
  isSeed: (value: number) => boolean,
): Float32Array {
  const far = 1e9;
  const d = new Float32Array(width * height);
  for (let i = 0; i < d.length; i++) d[i] = isSeed(values[i]!) ? 0 : far;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let v = d[i]!;
      if (v === 0) continue;
      if (x > 0) v = Math.min(v, d[i - 1]! + 3);
      if (y > 0) {
        v = Math.min(v, d[i - width]! + 3);
        if (x > 0) v = Math.min(v, d[i - width - 1]! + 4);
        if (x < width - 1) v = Math.min(v, d[i - width + 1]! + 4);
      }
      d[i] = v;
    }
  }
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x;
      let v = d[i]!;
      if (v === 0) continue;
      if (x < width - 1) v = Math.min(v, d[i + 1]! + 3);
      if (y < height - 1) {
        v = Math.min(v, d[i + width]! + 3);
        if (x < width - 1) v = Math.min(v, d[i + width + 1]! + 4);
        if (x > 0) v = Math.min(v, d[i + width - 1]! + 4);
      }
      d[i] = v;
    }
  }
  for (let i = 0; i < d.length; i++) d[i] = d[i]! / 3;
  return d;
}

/** The kept pixels within `width` pixels of the masked area: 1 on the ring, 0 elsewhere. */
export function ringAround(alpha: Float32Array, w: number, h: number, width: number): Uint8Array {
  const outside = distanceTo(alpha, w, h, (a) => a > 0);
  const ring = new Uint8Array(w * h);
  for (let i = 0; i < ring.length; i++) ring[i] = alpha[i] === 0 && outside[i]! <= width ? 1 : 0;
  return ring;
}

/** The bounding box of the pixels where `alpha` ≥ `level`; undefined when there are none. */
export function boundsOf(alpha: Float32Array, w: number, h: number, level: number): Box | undefined {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (alpha[y * w + x]! < level) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? undefined : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/**
 * A box that lies almost wholly inside the masked area (where alpha ≥ ½): the mask's bounding
 * box, shrunk about the area's centre of mass until at least 96 % of it is masked. New things are
 * drawn in it, so they are not cut off by the mask's curved edge.
 */
export function innerBox(alpha: Float32Array, w: number, h: number): Box | undefined {
  const bounds = boundsOf(alpha, w, h, 0.5);
  if (!bounds) return undefined;
  const table = new Int32Array((w + 1) * (h + 1));
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      const inside = alpha[y * w + x]! >= 0.5 ? 1 : 0;
      row += inside;
      table[(y + 1) * (w + 1) + x + 1] = table[y * (w + 1) + x + 1]! + row;
      if (inside) {
        sx += x;
        sy += y;
        n++;
      }
    }
  }
  const cx = sx / n;
  const cy = sy / n;
  const count = (b: Box) => {
    const W = w + 1;
    return (
      table[(b.y + b.h) * W + b.x + b.w]! -
      table[b.y * W + b.x + b.w]! -
      table[(b.y + b.h) * W + b.x]! +
      table[b.y * W + b.x]!
    );
  };
  for (let k = 1; k >= 0.1; k -= 0.04) {
    const bw = Math.max(1, Math.round(bounds.w * k));
    const bh = Math.max(1, Math.round(bounds.h * k));
    // Centred on the centre of mass, kept inside the bounding box.
    const x = Math.round(Math.min(bounds.x + bounds.w - bw, Math.max(bounds.x, cx - bw / 2)));
    const y = Math.round(Math.min(bounds.y + bounds.h - bh, Math.max(bounds.y, cy - bh / 2)));
    const box = { x, y, w: bw, h: bh };
    if (count(box) >= 0.96 * bw * bh) return box;
  }
  return { x: Math.round(cx), y: Math.round(cy), w: 1, h: 1 };
}

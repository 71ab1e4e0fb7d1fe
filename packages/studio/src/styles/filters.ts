/**
 * Image-processing building blocks shared by the styles. Everything works on float planes
 * (one Float32Array per channel, values 0..1) because styles chain many filters and 8-bit
 * rounding between them would band. Hot loops use running sums and typed arrays only: every
 * filter here is O(pixels) whatever the radius.
 */
import type { Raster } from "../raster";

export type Plane = Float32Array;

export interface Planes {
  width: number;
  height: number;
  r: Plane;
  g: Plane;
  b: Plane;
}

export const clamp01 = (v: number): number => (v < 0 ? 0 : Math.min(v, 1));
export const smoothstep = (e0: number, e1: number, v: number): number => {
  const t = clamp01((v - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
};

/** Pixel scale: styles are tuned at 1024 px, so radii and sizes scale with this. */
export function unitOf(width: number, height: number): number {
  return Math.max(width, height) / 1024;
}

export function toPlanes(src: Raster): Planes {
  const n = src.width * src.height;
  const r = new Float32Array(n);
  const g = new Float32Array(n);
  const b = new Float32Array(n);
  const d = src.data;
  const k = 1 / 255;
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    r[i] = d[j]! * k;
    g[i] = d[j + 1]! * k;
    b[i] = d[j + 2]! * k;
  }
  return { width: src.width, height: src.height, r, g, b };
}

/** Back to 8-bit RGBA; alpha is copied from `alphaFrom` when given, else opaque. */
export function fromPlanes(p: Planes, alphaFrom?: Raster): Raster {
  const n = p.width * p.height;
  const data = new Uint8ClampedArray(n * 4);
  const { r, g, b } = p;
  const a = alphaFrom?.data;
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    // Uint8ClampedArray rounds and clamps on store.
    data[j] = r[i]! * 255;
    data[j + 1] = g[i]! * 255;
    data[j + 2] = b[i]! * 255;
    data[j + 3] = a ? a[j + 3]! : 255;
  }
  return { width: p.width, height: p.height, data };
}

export function createPlanes(width: number, height: number): Planes {
  const n = width * height;
  return { width, height, r: new Float32Array(n), g: new Float32Array(n), b: new Float32Array(n) };
}

/** Rec. 709 luma plane, 0..1. */
export function lumaOf(p: Planes): Plane {
  const n = p.width * p.height;
  const out = new Float32Array(n);
  const { r, g, b } = p;
  for (let i = 0; i < n; i++) out[i] = 0.2126 * r[i]! + 0.7152 * g[i]! + 0.0722 * b[i]!;
  return out;
}

/** Blend b over a in place on a: a = a + (b - a) * t, with t a number or a per-pixel plane. */
export function mixPlanesInto(a: Planes, b: Planes, t: number | Plane): void {
  const n = a.width * a.height;
  const { r, g, b: bb } = a;
  if (typeof t === "number") {
    for (let i = 0; i < n; i++) {
      r[i] = r[i]! + (b.r[i]! - r[i]!) * t;
      g[i] = g[i]! + (b.g[i]! - g[i]!) * t;
      bb[i] = bb[i]! + (b.b[i]! - bb[i]!) * t;
    }
  } else {
    for (let i = 0; i < n; i++) {
      const k = t[i]!;
      r[i] = r[i]! + (b.r[i]! - r[i]!) * k;
      g[i] = g[i]! + (b.g[i]! - g[i]!) * k;
      bb[i] = bb[i]! + (b.b[i]! - bb[i]!) * k;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Blurs

/** Horizontal then vertical box blur of radius r, edges clamped. O(n) for any radius. */
export function boxBlur(src: Plane, width: number, height: number, radius: number, out?: Plane): Plane {
  const r = Math.max(0, Math.round(radius));
  const dst = out ?? new Float32Array(src.length);
  if (r === 0) {
    if (dst !== src) dst.set(src);
    return dst;
  }
  const tmp = new Float32Array(src.length);
  boxH(src, tmp, width, height, r);
  boxV(tmp, dst, width, height, r);
  return dst;
}

function boxH(src: Plane, dst: Plane, w: number, h: number, r: number): void {
  const inv = 1 / (2 * r + 1);
  const last = w - 1;
  // Split into left edge, middle and right edge so the middle loop has no clamping.
  const midStart = Math.min(w, r);
  const midEnd = Math.max(midStart, w - r - 1);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const first = src[row]!;
    const lastV = src[row + last]!;
    let acc = first * (r + 1);
    for (let i = 1; i <= r; i++) acc += src[row + Math.min(i, last)]!;
    let x = 0;
    for (; x < midStart; x++) {
      dst[row + x] = acc * inv;
      const add = x + r + 1;
      acc += (add < last ? src[row + add]! : lastV) - first;
    }
    for (; x < midEnd; x++) {
      dst[row + x] = acc * inv;
      acc += src[row + x + r + 1]! - src[row + x - r]!;
    }
    for (; x < w; x++) {
      dst[row + x] = acc * inv;
      const sub = x - r;
      acc += lastV - src[row + Math.max(sub, 0)]!;
    }
  }
}

// Column sums kept in a row-sized accumulator so memory is walked row by row (cache friendly).
function boxV(src: Plane, dst: Plane, w: number, h: number, r: number): void {
  const inv = 1 / (2 * r + 1);
  const last = h - 1;
  const acc = new Float64Array(w);
  for (let x = 0; x < w; x++) acc[x] = src[x]! * (r + 1);
  for (let i = 1; i <= r; i++) {
    const row = Math.min(i, last) * w;
    for (let x = 0; x < w; x++) acc[x] = acc[x]! + src[row + x]!;
  }
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const add = y + r + 1;
    const sub = y - r;
    const addRow = Math.min(add, last) * w;
    const subRow = Math.max(sub, 0) * w;
    for (let x = 0; x < w; x++) {
      const a = acc[x]!;
      dst[row + x] = a * inv;
      acc[x] = a + src[addRow + x]! - src[subRow + x]!;
    }
  }
}

/** Box radii whose three passes approximate a Gaussian of deviation sigma (Kovesi). */
function boxRadiiForSigma(sigma: number): number[] {
  const n = 3;
  const wIdeal = Math.sqrt((12 * sigma * sigma) / n + 1);
  let wl = Math.floor(wIdeal);
  if (wl % 2 === 0) wl--;
  const wu = wl + 2;
  const m = Math.round((12 * sigma * sigma - n * wl * wl - 4 * n * wl - 3 * n) / (-4 * wl - 4));
  const radii: number[] = [];
  for (let i = 0; i < n; i++) radii.push(((i < m ? wl : wu) - 1) / 2);
  return radii;
}

/**
 * Approximate Gaussian blur: three box passes. Wide blurs run on a downsampled copy and are
 * upsampled bilinearly (the result is smooth at that scale anyway), which keeps them cheap.
 */
export function gaussianBlur(src: Plane, width: number, height: number, sigma: number): Plane {
  if (sigma < 0.3) return new Float32Array(src);
  if (sigma >= 4 && width >= 64 && height >= 64) {
    const f = Math.min(8, Math.floor(sigma / 2));
    const sw = Math.ceil(width / f);
    const sh = Math.ceil(height / f);
    const small = shrinkPlane(src, width, height, f, sw, sh);
    const blurred = gaussianBlur(small, sw, sh, Math.sqrt(Math.max(0.25, sigma * sigma - (f * f) / 4)) / f);
    return resizePlaneAligned(blurred, sw, sh, f, width, height);
  }
  let cur = src;
  for (const r of boxRadiiForSigma(sigma)) cur = boxBlur(cur, width, height, r);
  return cur === src ? new Float32Array(src) : cur;
}

/** Mean of f×f blocks (the last row/column of blocks may be partial). */
function shrinkPlane(src: Plane, w: number, h: number, f: number, sw: number, sh: number): Plane {
  const out = new Float32Array(sw * sh);
  const cnt = new Float32Array(sw * sh);
  const cols = new Int32Array(w);
  for (let x = 0; x < w; x++) cols[x] = (x / f) | 0;
  for (let y = 0; y < h; y++) {
    const row = ((y / f) | 0) * sw;
    for (let x = 0; x < w; x++) {
      const t = row + cols[x]!;
      out[t] = out[t]! + src[y * w + x]!;
      cnt[t] = cnt[t]! + 1;
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = out[i]! / cnt[i]!;
  return out;
}

/** Bilinear upsample of a block-mean plane back to full size (block centres aligned). */
function resizePlaneAligned(src: Plane, sw: number, sh: number, f: number, w: number, h: number): Plane {
  return resample(src, sw, sh, w, h, 1 / f, 1 / f);
}

export function gaussianBlurPlanes(p: Planes, sigma: number): Planes {
  return {
    width: p.width,
    height: p.height,
    r: gaussianBlur(p.r, p.width, p.height, sigma),
    g: gaussianBlur(p.g, p.width, p.height, sigma),
    b: gaussianBlur(p.b, p.width, p.height, sigma),
  };
}

/** Separable max (dilate) or min (erode) over a square of radius r. Small radii only. */
export function morph(src: Plane, width: number, height: number, radius: number, mode: "max" | "min"): Plane {
  const r = Math.max(0, Math.round(radius));
  if (r === 0) return new Float32Array(src);
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  const isMax = mode === "max";
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(x - r, 0);
      const x1 = x + r >= width ? width - 1 : x + r;
      let v = src[row + x0]!;
      for (let k = x0 + 1; k <= x1; k++) {
        const s = src[row + k]!;
        if (isMax ? s > v : s < v) v = s;
      }
      tmp[row + x] = v;
    }
  }
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(y - r, 0);
    const y1 = y + r >= height ? height - 1 : y + r;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let v = tmp[y0 * width + x]!;
      for (let k = y0 + 1; k <= y1; k++) {
        const s = tmp[k * width + x]!;
        if (isMax ? s > v : s < v) v = s;
      }
      out[row + x] = v;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Gradients and structure

export interface Gradient {
  gx: Plane;
  gy: Plane;
  mag: Plane;
}

/** Sobel gradient (edges clamped). Magnitude is normalised so a 0→1 step gives about 1. */
export function sobel(src: Plane, width: number, height: number): Gradient {
  const n = width * height;
  const gx = new Float32Array(n);
  const gy = new Float32Array(n);
  const mag = new Float32Array(n);
  for (let y = 0; y < height; y++) {
    const ym = (y > 0 ? y - 1 : 0) * width;
    const y0 = y * width;
    const yp = (y < height - 1 ? y + 1 : y) * width;
    for (let x = 0; x < width; x++) {
      const xm = x > 0 ? x - 1 : 0;
      const xp = x < width - 1 ? x + 1 : x;
      const a = src[ym + xm]!;
      const b = src[ym + x]!;
      const c = src[ym + xp]!;
      const d = src[y0 + xm]!;
      const f = src[y0 + xp]!;
      const g = src[yp + xm]!;
      const hh = src[yp + x]!;
      const k = src[yp + xp]!;
      const sx = (c + 2 * f + k - a - 2 * d - g) * 0.25;
      const sy = (g + 2 * hh + k - a - 2 * b - c) * 0.25;
      const i = y0 + x;
      gx[i] = sx;
      gy[i] = sy;
      mag[i] = Math.sqrt(sx * sx + sy * sy);
    }
  }
  return { gx, gy, mag };
}

/**
 * Local stroke direction from the smoothed structure tensor: a unit vector along edges
 * (perpendicular to the gradient), plus a coherence 0..1 (how strongly oriented the area is).
 */
export function flowField(
  lum: Plane,
  width: number,
  height: number,
  sigma: number,
): { tx: Plane; ty: Plane; coherence: Plane } {
  const { gx, gy } = sobel(lum, width, height);
  const n = width * height;
  const exx = new Float32Array(n);
  const eyy = new Float32Array(n);
  const exy = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const x = gx[i]!;
    const y = gy[i]!;
    exx[i] = x * x;
    eyy[i] = y * y;
    exy[i] = x * y;
  }
  const sxx = gaussianBlur(exx, width, height, sigma);
  const syy = gaussianBlur(eyy, width, height, sigma);
  const sxy = gaussianBlur(exy, width, height, sigma);
  const tx = new Float32Array(n);
  const ty = new Float32Array(n);
  const coherence = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const e = sxx[i]!;
    const f = sxy[i]!;
    const g = syy[i]!;
    const root = Math.sqrt((e - g) * (e - g) + 4 * f * f);
    const l1 = (e + g + root) * 0.5;
    const l2 = (e + g - root) * 0.5;
    // Minor eigenvector: the direction along which the image changes least.
    let vx = l1 - e;
    let vy = -f;
    let len = Math.sqrt(vx * vx + vy * vy);
    if (len < 1e-9) {
      vx = g >= e ? 1 : 0;
      vy = g >= e ? 0 : 1;
      len = 1;
    }
    tx[i] = vx / len;
    ty[i] = vy / len;
    coherence[i] = l1 + l2 > 1e-9 ? (l1 - l2) / (l1 + l2) : 0;
  }
  return { tx, ty, coherence };
}

// ---------------------------------------------------------------------------------------------
// Summed-area tables and Kuwahara

/** Summed-area table with a zero first row/column: size (w+1)*(h+1), Float64 for precision. */
export function summedArea(src: Plane, width: number, height: number): Float64Array {
  const W = width + 1;
  const sat = new Float64Array(W * (height + 1));
  for (let y = 0; y < height; y++) {
    let rowSum = 0;
    const srcRow = y * width;
    const above = y * W;
    const here = (y + 1) * W;
    for (let x = 0; x < width; x++) {
      rowSum += src[srcRow + x]!;
      sat[here + x + 1] = sat[above + x + 1]! + rowSum;
    }
  }
  return sat;
}

/**
 * Generalised Kuwahara with summed-area tables: four overlapping quadrants per pixel, each
 * weighted by 1/variance^4 so the flattest one dominates without the hard blocky switching
 * of the classic filter. O(1) per pixel for any radius.
 */
export function kuwahara(p: Planes, radius: number): Planes {
  const { width: w, height: h } = p;
  const r = Math.max(1, Math.round(radius));
  const lum = lumaOf(p);
  const lum2 = new Float32Array(lum.length);
  for (let i = 0; i < lum.length; i++) lum2[i] = lum[i]! * lum[i]!;
  const sr = summedArea(p.r, w, h);
  const sg = summedArea(p.g, w, h);
  const sb = summedArea(p.b, w, h);
  const sl = summedArea(lum, w, h);
  const sl2 = summedArea(lum2, w, h);
  const out = createPlanes(w, h);
  const W = w + 1;
  const eps = 1e-4;
  for (let y = 0; y < h; y++) {
    const ya0 = Math.max(y - r, 0);
    const yb1 = Math.min(y + r + 1, h);
    for (let x = 0; x < w; x++) {
      const xa0 = Math.max(x - r, 0);
      const xb1 = Math.min(x + r + 1, w);
      let wsum = 0;
      let accR = 0;
      let accG = 0;
      let accB = 0;
      // Quadrant q: x range [x0, x1), y range [y0, y1), each including the centre pixel.
      for (let q = 0; q < 4; q++) {
        const x0 = q & 1 ? x : xa0;
        const x1 = q & 1 ? xb1 : x + 1;
        const y0 = q & 2 ? y : ya0;
        const y1 = q & 2 ? yb1 : y + 1;
        const i00 = y0 * W + x0;
        const i01 = y0 * W + x1;
        const i10 = y1 * W + x0;
        const i11 = y1 * W + x1;
        const area = (x1 - x0) * (y1 - y0);
        const inv = 1 / area;
        const ml = (sl[i11]! - sl[i01]! - sl[i10]! + sl[i00]!) * inv;
        const ml2 = (sl2[i11]! - sl2[i01]! - sl2[i10]! + sl2[i00]!) * inv;
        let v = ml2 - ml * ml;
        v = Math.max(v, 0) + eps;
        const v2 = v * v;
        const wq = 1 / (v2 * v2);
        wsum += wq;
        accR += wq * (sr[i11]! - sr[i01]! - sr[i10]! + sr[i00]!) * inv;
        accG += wq * (sg[i11]! - sg[i01]! - sg[i10]! + sg[i00]!) * inv;
        accB += wq * (sb[i11]! - sb[i01]! - sb[i10]! + sb[i00]!) * inv;
      }
      const i = y * w + x;
      out.r[i] = accR / wsum;
      out.g[i] = accG / wsum;
      out.b[i] = accB / wsum;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Colour

/** Saturation scaling around luma (cheap, hue-preserving enough for grading). */
export function saturate(p: Planes, amount: number): void {
  const n = p.width * p.height;
  const { r, g, b } = p;
  for (let i = 0; i < n; i++) {
    const l = 0.2126 * r[i]! + 0.7152 * g[i]! + 0.0722 * b[i]!;
    r[i] = clamp01(l + (r[i]! - l) * amount);
    g[i] = clamp01(l + (g[i]! - l) * amount);
    b[i] = clamp01(l + (b[i]! - l) * amount);
  }
}

/**
 * Local contrast ("clarity"): each pixel's lightness pushed away from its neighbourhood's mean
 * by `amount`, in place (the same shift on all three channels, so hues stay). A grey cat against
 * a beige wall, or a white teapot on a cream counter, separates from its surroundings before a
 * style softens and lightens everything.
 */
export function localContrast(p: Planes, sigma: number, amount: number): void {
  const lum = lumaOf(p);
  const around = gaussianBlur(lum, p.width, p.height, sigma);
  for (let i = 0; i < lum.length; i++) {
    const shift = (lum[i]! - around[i]!) * amount;
    p.r[i] = clamp01(p.r[i]! + shift);
    p.g[i] = clamp01(p.g[i]! + shift);
    p.b[i] = clamp01(p.b[i]! + shift);
  }
}

/**
 * Stretch the tonal range so dark or flat pictures (night scenes) use the whole range before a
 * style posterises them: luma is mapped from its [low, high] percentiles to 0..1, then lifted
 * by a gamma that brings the median up to `targetMedian`; no pixel gets darker. Colours are scaled
 * by the luma ratio, so hues survive. Bright pictures are left almost as they are.
 */
export function normaliseTones(p: Planes, targetMedian = 0.42, low = 0.01, high = 0.995, maxGain = 6): void {
  const n = p.width * p.height;
  const { r, g, b } = p;
  const l = lumaOf(p);
  // One histogram for the three percentiles.
  const BINS = 1024;
  const bins = new Uint32Array(BINS);
  for (let i = 0; i < n; i++) {
    const v = l[i]!;
    bins[v <= 0 ? 0 : v >= 1 ? BINS - 1 : (v * (BINS - 1)) | 0]!++;
  }
  const at = (q: number) => {
    const target = q * n;
    let acc = 0;
    for (let k = 0; k < BINS; k++) {
      acc += bins[k]!;
      if (acc >= target) return k / (BINS - 1);
    }
    return 1;
  };
  const lo = Math.min(at(low), 0.25);
  const hi = Math.max(at(high), lo + 0.2);
  const med = clamp01((at(0.5) - lo) / (hi - lo));
  const gamma = med > 0.001 && med < targetMedian ? Math.max(0.3, Math.log(targetMedian) / Math.log(med)) : 1;
  // The tone curve as a table (finer than 8 bits, so no banding), then one pass over the pixels.
  const LUT = 4096;
  const curve = new Float32Array(LUT + 1);
  for (let k = 0; k <= LUT; k++) {
    const v = k / LUT;
    const t = clamp01((v - lo) / (hi - lo));
    // Lift only: a bright picture's lower mid-tones are not pushed down toward black.
    curve[k] = Math.max(v, gamma === 1 ? t : t ** gamma);
  }
  for (let i = 0; i < n; i++) {
    const v = l[i]!;
    const target = curve[v <= 0 ? 0 : v >= 1 ? LUT : Math.round(v * LUT)]!;
    const k = Math.min(maxGain, target / Math.max(v, 1e-3));
    // Chroma scales with the gain; a pixel too dark to carry colour takes some grey lift.
    const lift = Math.max(0, target - v * k);
    r[i] = clamp01(r[i]! * k + lift);
    g[i] = clamp01(g[i]! * k + lift);
    b[i] = clamp01(b[i]! * k + lift);
  }
}

/** "#rrggbb" → [r, g, b] in 0..1. */
export function hex(color: string): [number, number, number] {
  const v = parseInt(color.slice(1), 16);
  return [((v >> 16) & 255) / 255, ((v >> 8) & 255) / 255, (v & 255) / 255];
}

/** Squared perceptual-ish distance ("redmean" weighting) between two 0..1 colours. */
export function colourDistance2(r1: number, g1: number, b1: number, r2: number, g2: number, b2: number): number {
  const rm = (r1 + r2) * 0.5;
  const dr = r1 - r2;
  const dg = g1 - g2;
  const db = b1 - b2;
  return (2 + rm) * dr * dr + 4 * dg * dg + (3 - rm) * db * db;
}

/**
 * Each pixel's nearest palette entry (by colourDistance2), as an index into `palette` (at most 256
 * entries). `penalised` makes one entry harder to reach: its distance counts as d × scale + offset.
 */
export function nearestPaletteIndices(
  p: Planes,
  palette: readonly (readonly [number, number, number])[],
  penalised: { index: number; scale: number; offset: number } = { index: -1, scale: 1, offset: 0 },
): Uint8Array {
  const n = p.width * p.height;
  const index = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    let best = 0;
    let bestD = Infinity;
    for (let c = 0; c < palette.length; c++) {
      const q = palette[c]!;
      let d = colourDistance2(p.r[i]!, p.g[i]!, p.b[i]!, q[0], q[1], q[2]);
      if (c === penalised.index) d = d * penalised.scale + penalised.offset;
      if (d < bestD) {
        bestD = d;
        best = c;
      }
    }
    index[i] = best;
  }
  return index;
}

// ---------------------------------------------------------------------------------------------
// Resampling

/** Bilinear resize of a plane to (tw, th) (pixel centres aligned). */
export function resizePlane(src: Plane, w: number, h: number, tw: number, th: number): Plane {
  return resample(src, w, h, tw, th, w / tw, h / th);
}

/** Bilinear resampling of a (w × h) plane to (tw × th): target pixel x reads source x' = (x + ½)·sx − ½. */
function resample(src: Plane, w: number, h: number, tw: number, th: number, sx: number, sy: number): Plane {
  const out = new Float32Array(tw * th);
  const x0s = new Int32Array(tw);
  const x1s = new Int32Array(tw);
  const txs = new Float32Array(tw);
  for (let x = 0; x < tw; x++) {
    let fx = (x + 0.5) * sx - 0.5;
    if (fx < 0) fx = 0;
    if (fx > w - 1) fx = w - 1;
    const x0 = fx | 0;
    x0s[x] = x0;
    x1s[x] = x0 + 1 < w ? x0 + 1 : x0;
    txs[x] = fx - x0;
  }
  for (let y = 0; y < th; y++) {
    let fy = (y + 0.5) * sy - 0.5;
    if (fy < 0) fy = 0;
    if (fy > h - 1) fy = h - 1;
    const y0 = fy | 0;
    const r0 = y0 * w;
    const r1 = (y0 + 1 < h ? y0 + 1 : y0) * w;
    const ty = fy - y0;
    const row = y * tw;
    for (let x = 0; x < tw; x++) {
      const a = x0s[x]!;
      const b = x1s[x]!;
      const tx = txs[x]!;
      const top = src[r0 + a]! + (src[r0 + b]! - src[r0 + a]!) * tx;
      const bot = src[r1 + a]! + (src[r1 + b]! - src[r1 + a]!) * tx;
      out[row + x] = top + (bot - top) * ty;
    }
  }
  return out;
}

/** Planes resized (bilinear) to (tw, th). */
export function resizePlanes(p: Planes, tw: number, th: number): Planes {
  return {
    width: tw,
    height: th,
    r: resizePlane(p.r, p.width, p.height, tw, th),
    g: resizePlane(p.g, p.width, p.height, tw, th),
    b: resizePlane(p.b, p.width, p.height, tw, th),
  };
}

/** Bilinear sample of all three planes at a fractional position (clamped to the edges), written to `out` at `i`. */
export function samplePlanesInto(p: Planes, x: number, y: number, out: Planes, i: number): void {
  const { width: w, height: h } = p;
  if (x < 0) x = 0;
  else if (x > w - 1) x = w - 1;
  if (y < 0) y = 0;
  else if (y > h - 1) y = h - 1;
  const x0 = x | 0;
  const y0 = y | 0;
  const x1 = x0 + 1 < w ? x0 + 1 : x0;
  const y1 = y0 + 1 < h ? y0 + 1 : y0;
  const tx = x - x0;
  const ty = y - y0;
  const a = y0 * w + x0;
  const b = y0 * w + x1;
  const c = y1 * w + x0;
  const d = y1 * w + x1;
  const w00 = (1 - tx) * (1 - ty);
  const w10 = tx * (1 - ty);
  const w01 = (1 - tx) * ty;
  const w11 = tx * ty;
  out.r[i] = p.r[a]! * w00 + p.r[b]! * w10 + p.r[c]! * w01 + p.r[d]! * w11;
  out.g[i] = p.g[a]! * w00 + p.g[b]! * w10 + p.g[c]! * w01 + p.g[d]! * w11;
  out.b[i] = p.b[a]! * w00 + p.b[b]! * w10 + p.b[c]! * w01 + p.b[d]! * w11;
}

/** Value at a percentile (0..1) of a plane, via a 1024-bin histogram of 0..1 values. */
export function percentile(src: Plane, q: number): number {
  const bins = new Uint32Array(1024);
  for (let i = 0; i < src.length; i++) {
    const v = src[i]!;
    bins[v <= 0 ? 0 : v >= 1 ? 1023 : (v * 1023) | 0]!++;
  }
  const target = q * src.length;
  let acc = 0;
  for (let b = 0; b < 1024; b++) {
    acc += bins[b]!;
    if (acc >= target) return b / 1023;
  }
  return 1;
}

/** Resample planes at (x + dx, y + dy) per pixel (bilinear), e.g. to wobble edges by noise. */
export function displace(p: Planes, dx: Plane, dy: Plane, amount: number): Planes {
  const { width: w, height: h } = p;
  const out = createPlanes(w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      samplePlanesInto(p, x + dx[i]! * amount, y + dy[i]! * amount, out, i);
    }
  }
  return out;
}

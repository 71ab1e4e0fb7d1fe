/**
 * Procedural surfaces and noise fields for the styles: paper grain, canvas weave, smooth
 * fractal noise. Smooth noise is evaluated on a coarse grid and upsampled bilinearly (the
 * noise is smooth at that scale, so the error is invisible) — evaluating gradient noise per
 * pixel per octave at 1024² would cost more than a whole style's budget. Fine grain is
 * blurred white noise from an inline integer generator, for the same reason.
 */
import { createNoise2D, type Random } from "../random";
import { boxBlur, resizePlane, type Plane } from "./filters";

/** Uniform white noise in [-0.5, 0.5), seeded from `random` (mulberry32 inline: fast). */
export function whiteNoise(width: number, height: number, random: Random): Plane {
  const out = new Float32Array(width * height);
  let a = random.int(0, 0x7fffffff) >>> 0;
  for (let i = 0; i < out.length; i++) {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    out[i] = ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5;
  }
  return out;
}

/** Rescale a plane in place to mean 0 and standard deviation 1. */
export function normalise(p: Plane): Plane {
  let sum = 0;
  for (let i = 0; i < p.length; i++) sum += p[i]!;
  const mean = sum / p.length;
  let v = 0;
  for (let i = 0; i < p.length; i++) {
    const d = p[i]! - mean;
    v += d * d;
  }
  const inv = 1 / Math.sqrt(v / p.length || 1);
  for (let i = 0; i < p.length; i++) p[i] = (p[i]! - mean) * inv;
  return p;
}

/** Fine grain: white noise blurred to blobs about `feature` px wide. Mean 0, deviation 1. */
export function grainField(width: number, height: number, random: Random, feature: number): Plane {
  const white = whiteNoise(width, height, random);
  const r = Math.round(feature / 3);
  return normalise(r >= 1 ? boxBlur(boxBlur(white, width, height, r), width, height, r) : white);
}

/**
 * Fractal gradient noise with features about `feature` px wide (first octave), normalised to
 * mean 0 / deviation 1. `stretchX`/`stretchY` make it directional (woodgrain, strokes). All
 * octaves are summed on one coarse grid (a quarter of the finest feature) and upsampled once.
 */
export function noiseField(
  width: number,
  height: number,
  random: Random,
  feature: number,
  octaves = 3,
  gain = 0.5,
  stretchX = 1,
  stretchY = 1,
): Plane {
  const finest = Math.max(1, (feature / 2 ** (octaves - 1)) * Math.min(stretchX, stretchY));
  const step = Math.max(1, Math.min(finest / 4, 8));
  const gw = Math.ceil(width / step) + 1;
  const gh = Math.ceil(height / step) + 1;
  const grid = new Float32Array(gw * gh);
  let amp = 1;
  for (let o = 0; o < octaves; o++) {
    const noise = createNoise2D(random.fork(`octave${o}`));
    const f = Math.max(1, feature / 2 ** o);
    const kx = step / (f * stretchX);
    const ky = step / (f * stretchY);
    const ox = random.next() * 256;
    const oy = random.next() * 256;
    for (let gy = 0; gy < gh; gy++) {
      const ny = oy + gy * ky;
      const row = gy * gw;
      for (let gx = 0; gx < gw; gx++) grid[row + gx] = grid[row + gx]! + noise(ox + gx * kx, ny) * amp;
    }
    amp *= gain;
  }
  if (step === 1 && gw - 1 === width) return normalise(cropGrid(grid, gw, width, height));
  // Grid point k sits at pixel k·step; resize so that grid spans (gw-1)·step pixels, then crop.
  const fullW = Math.round(gw * step);
  const fullH = Math.round(gh * step);
  const up = resizePlane(grid, gw, gh, fullW, fullH);
  return normalise(cropGrid(up, fullW, width, height));
}

function cropGrid(src: Plane, srcW: number, width: number, height: number): Plane {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) out.set(src.subarray(y * srcW, y * srcW + width), y * width);
  return out;
}

/** Watercolour / drawing paper: fine tooth plus soft cloudy fibres. Mean 0, deviation 1. */
export function paperTexture(width: number, height: number, random: Random, unit: number): Plane {
  const grain = grainField(width, height, random.fork("grain"), 2.5 * unit);
  const cloud = noiseField(width, height, random.fork("cloud"), 48 * unit, 2);
  const fibre = noiseField(width, height, random.fork("fibre"), 14 * unit, 1, 0.5, 3, 0.6);
  const out = new Float32Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = 0.7 * grain[i]! + 0.35 * cloud[i]! + 0.3 * fibre[i]!;
  return normalise(out);
}

/** Linen canvas weave as a height field around 0 (roughly -1..1): alternating warp and weft. */
export function canvasWeave(width: number, height: number, random: Random, unit: number): Plane {
  const period = Math.max(3, 4.5 * unit);
  const jitter = noiseField(width, height, random.fork("weave"), 30 * unit, 2);
  const out = new Float32Array(width * height);
  const inv = 1 / period;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const j = jitter[i]! * 0.25;
      const u = x * inv + j;
      const v = y * inv - j;
      const cu = Math.floor(u);
      const cv = Math.floor(v);
      // Over/under: the thread on top alternates like a checkerboard of thread crossings.
      const warpOnTop = ((cu + cv) & 1) === 0;
      const t = warpOnTop ? u - cu : v - cv;
      // Thread profile: a rounded bump (parabola ≈ sine, without the transcendental call).
      out[i] = 8 * t * (1 - t) - 1;
    }
  }
  return out;
}

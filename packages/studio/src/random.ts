/**
 * Seeded randomness for Studio. Everything Studio draws comes from here, never Math.random,
 * so the same prompt, seed and parameters give byte-identical images.
 * `fork(label)` gives an independent stream per layer: adding a layer to one stage does not
 * shift the numbers another stage sees.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  range(min: number, max: number): number;
  /** Whole number in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Standard normal (mean 0, deviation 1). */
  gaussian(): number;
  fork(label: string): Random;
  readonly seed: number;
}

/** FNV-1a: a stable 32-bit hash of a string (prompts, labels). */
export function hashString(text: string, basis = 0x811c9dc5): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function createRandom(seed: number): Random {
  // sfc32 seeded through splitmix32: fast, good statistical quality, 32-bit integer state.
  let s = seed >>> 0;
  const splitmix = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const random: Random = {
    seed: seed >>> 0,
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)]!;
    },
    gaussian: () => {
      const u = Math.max(next(), 1e-12);
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    fork: (label) => createRandom(hashString(label, seed >>> 0)),
  };
  return random;
}

/** 2-D gradient noise in about [-1, 1], seeded; smooth, tileless, deterministic. */
export type Noise2D = (x: number, y: number) => number;

export function createNoise2D(random: Random): Noise2D {
  const perm = new Uint8Array(512);
  const base = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    [base[i], base[j]] = [base[j]!, base[i]!];
  }
  for (let i = 0; i < 512; i++) perm[i] = base[i & 255]!;
  const gradX = new Float64Array(256);
  const gradY = new Float64Array(256);
  for (let i = 0; i < 256; i++) {
    const angle = (i / 256) * Math.PI * 2;
    gradX[i] = Math.cos(angle);
    gradY[i] = Math.sin(angle);
  }
  const fade = (t: number) => t * t * t * (t * (t * 6 - 15) + 10);
  return (x, y) => {
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    const xf = x - xi;
    const yf = y - yi;
    const X = xi & 255;
    const Y = yi & 255;
    const dot = (hx: number, hy: number, dx: number, dy: number) => {
      const g = perm[perm[hx]! + hy]!;
      return gradX[g]! * dx + gradY[g]! * dy;
    };
    const n00 = dot(X, Y, xf, yf);
    const n10 = dot(X + 1, Y, xf - 1, yf);
    const n01 = dot(X, Y + 1, xf, yf - 1);
    const n11 = dot(X + 1, Y + 1, xf - 1, yf - 1);
    const u = fade(xf);
    const v = fade(yf);
    const nx0 = n00 + (n10 - n00) * u;
    const nx1 = n01 + (n11 - n01) * u;
    return (nx0 + (nx1 - nx0) * v) * 1.41;
  };
}

/** Fractal sum of octaves of a noise function, normalised to about [-1, 1]. */
export function fbm(noise: Noise2D, x: number, y: number, octaves = 5, lacunarity = 2, gain = 0.5): number {
  let sum = 0;
  let amplitude = 1;
  let frequency = 1;
  let norm = 0;
  for (let o = 0; o < octaves; o++) {
    sum += noise(x * frequency, y * frequency) * amplitude;
    norm += amplitude;
    amplitude *= gain;
    frequency *= lacunarity;
  }
  return sum / norm;
}

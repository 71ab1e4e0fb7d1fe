/** Colour words a prompt may use, and the small colour maths every layer shares. */
import type { RGB } from "./types";

export type { RGB } from "./types";

export const COLOR_WORDS: Readonly<Record<string, RGB>> = {
  red: [214, 40, 40],
  crimson: [180, 20, 50],
  scarlet: [230, 36, 20],
  maroon: [120, 24, 36],
  burgundy: [128, 20, 48],
  orange: [255, 140, 40],
  amber: [255, 176, 0],
  gold: [240, 190, 60],
  golden: [245, 190, 70],
  yellow: [250, 220, 60],
  lime: [160, 220, 60],
  green: [60, 160, 70],
  emerald: [20, 150, 100],
  olive: [120, 130, 50],
  mint: [150, 230, 190],
  teal: [20, 128, 128],
  turquoise: [64, 208, 200],
  cyan: [40, 210, 230],
  aqua: [60, 220, 220],
  blue: [40, 100, 220],
  azure: [60, 150, 250],
  navy: [20, 30, 90],
  cobalt: [0, 71, 171],
  sapphire: [20, 60, 160],
  indigo: [70, 40, 150],
  violet: [140, 80, 210],
  purple: [130, 60, 170],
  lavender: [180, 160, 230],
  lilac: [200, 162, 220],
  magenta: [220, 40, 160],
  fuchsia: [230, 50, 170],
  pink: [245, 130, 180],
  peach: [255, 190, 150],
  coral: [255, 120, 100],
  salmon: [250, 140, 120],
  brown: [120, 80, 45],
  chocolate: [90, 55, 30],
  beige: [225, 205, 170],
  tan: [210, 180, 140],
  cream: [250, 240, 210],
  ivory: [250, 248, 230],
  white: [245, 245, 245],
  silver: [192, 198, 208],
  gray: [128, 128, 132],
  grey: [128, 128, 132],
  black: [20, 20, 24],
  copper: [190, 110, 60],
  bronze: [170, 120, 60],
  rust: [170, 70, 30],
  // A cat's or a fox's ginger.
  ginger: [214, 112, 42],
  ruby: [200, 20, 60],
  jade: [0, 168, 107],
};

export function clamp01(t: number): number {
  return t < 0 ? 0 : Math.min(t, 1);
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = clamp01((x - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
}

export function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export function scale(c: RGB, k: number): RGB {
  return [c[0] * k, c[1] * k, c[2] * k];
}

export function multiply(a: RGB, b: RGB): RGB {
  return [(a[0] * b[0]) / 255, (a[1] * b[1]) / 255, (a[2] * b[2]) / 255];
}

export function hex(h: string): RGB {
  return [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
}

export function lum(c: RGB): number {
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/** Scales saturation around the colour's own luma (s < 1 greys it, s > 1 intensifies it). */
export function saturate(c: RGB, s: number): RGB {
  const l = lum(c);
  return [l + (c[0] - l) * s, l + (c[1] - l) * s, l + (c[2] - l) * s];
}

/** Hue of `tint` at the brightness of `base`: recolours while keeping light and shade. */
export function tintKeepingLuma(base: RGB, tint: RGB, amount: number): RGB {
  const lb = lum(base);
  const lt = Math.max(1, lum(tint));
  const k = Math.min(3, lb / lt);
  return mix(base, [tint[0] * k, tint[1] * k, tint[2] * k], amount);
}

export function css(c: RGB, alpha = 1): string {
  const r = Math.round(Math.min(255, Math.max(0, c[0])));
  const g = Math.round(Math.min(255, Math.max(0, c[1])));
  const b = Math.round(Math.min(255, Math.max(0, c[2])));
  return alpha >= 1 ? `rgb(${r},${g},${b})` : `rgba(${r},${g},${b},${alpha.toFixed(3)})`;
}

/** HSL (h in turns, s and l in 0..1) to RGB 0..255. */
export function hsl(h: number, s: number, l: number): RGB {
  const hue = ((h % 1) + 1) % 1;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = ((t % 1) + 1) % 1;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [channel(hue + 1 / 3) * 255, channel(hue) * 255, channel(hue - 1 / 3) * 255];
}

/** RGB 0..255 to HSL (h in turns, s and l in 0..1): the inverse of hsl. */
export function toHsl([r, g, b]: RGB): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h / 6, s, l];
}

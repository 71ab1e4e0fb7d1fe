/**
 * Water mirrors what is above the horizon: each water row samples the row at the same distance
 * above it, displaced by perspective-scaled ripple noise, then darkened toward the viewer
 * (Fresnel: far water reflects most). Sun glitter and wave highlights go on top.
 */
import { fbm } from "../random";
import { mix, type RGB } from "./colors";
import { noiseFor, type RenderContext } from "./context";

export interface WaterArea {
  /** Coverage 0..1 per pixel (anti-aliased edges); rows above `top` are never water. */
  mask: Float32Array;
  top: number;
  /** Mirror line: reflections are taken about this row. */
  mirror: number;
  /** 0..1 how rough the surface is. */
  roughness: number;
  tint: RGB;
}

export function paintWater(ctx: RenderContext, area: WaterArea): void {
  const { width, height, data, palette: p, span, unit, layout } = ctx;
  const noise = noiseFor(ctx, "water-ripples");
  const glitter = noiseFor(ctx, "water-glitter");
  const mirror = area.mirror;
  const inv = 1 / span;
  const light = layout.sun ?? layout.moon;
  const glitterColor: RGB = layout.sun ? mix(p.sun, p.glow, 0.3) : [230, 235, 255];
  const rough = area.roughness;
  const amp = (0.6 + rough * 5) * unit;
  const tint = area.tint;
  const source = data;
  const mask = area.mask;
  for (let y = Math.max(mirror, area.top); y < height; y++) {
    const t = (y - mirror) / Math.max(1, height - mirror);
    // Perspective: ripples are tiny and dense at the horizon, broad close by.
    const persp = 0.03 + t;
    const v = 1.2 / persp;
    const reflectivity = 0.9 - 0.55 * t ** 0.7;
    const darken = 0.92 - 0.4 * t;
    const glitterWidth = span * (0.025 + 0.2 * t);
    for (let x = 0; x < width; x++) {
      const coverage = mask[y * width + x]!;
      if (coverage <= 0) continue;
      const u = x * inv;
      const n = noise((u * 14) / persp, v * 2.2);
      const n2 = noise((u * 5) / persp + 30, v * 1.1);
      const ripple = (n * 0.7 + n2 * 0.3) * amp * (1 + 14 * t);
      const sx = Math.min(width - 1, Math.max(0, Math.round(x + ripple * 0.6)));
      const sy = Math.min(height - 1, Math.max(0, Math.round(2 * mirror - y - 1 + ripple * 0.8)));
      const j = (sy * width + sx) * 4;
      let cr = source[j]!;
      let cg = source[j + 1]!;
      let cb = source[j + 2]!;
      cr = (tint[0] + (cr - tint[0]) * reflectivity) * darken;
      cg = (tint[1] + (cg - tint[1]) * reflectivity) * darken;
      cb = (tint[2] + (cb - tint[2]) * reflectivity) * darken;
      // Thin bright crests catch the sky light.
      const crest = Math.max(0, n - 0.6) * (0.2 + rough) * 70 * (0.3 + t);
      cr += crest;
      cg += crest;
      cb += crest;
      if (light) {
        const gx = (x - light.x) / glitterWidth;
        const path = Math.exp(-gx * gx);
        if (path > 0.02) {
          const g = Math.max(0, glitter((u * 40) / persp, v * 6) + n * 0.4 - 0.5);
          const k = Math.min(1, path * g * g * 6 * (layout.sun ? 1 : 0.7));
          cr += (glitterColor[0] - cr) * k;
          cg += (glitterColor[1] - cg) * k;
          cb += (glitterColor[2] - cb) * k;
        }
      }
      const i = (y * width + x) * 4;
      data[i] = data[i]! + (cr - data[i]!) * coverage;
      data[i + 1] = data[i + 1]! + (cg - data[i + 1]!) * coverage;
      data[i + 2] = data[i + 2]! + (cb - data[i + 2]!) * coverage;
    }
  }
}

/** Sea or lake from the horizon to the shore. */
export function horizonWater(ctx: RenderContext): WaterArea {
  const { width, height, layout, scene, palette: p } = ctx;
  const mask = new Float32Array(width * height);
  for (let x = 0; x < width; x++) {
    const end = layout.shore[x]!;
    for (let y = layout.horizon; y < height; y++) {
      const c = Math.min(1, Math.max(0, end - y));
      if (c <= 0) break;
      mask[y * width + x] = c;
    }
  }
  const stormy = scene.weather === "storm" ? 1 : scene.weather === "rain" ? 0.6 : 0;
  const base = layout.water === "sea" ? 0.45 : 0.2;
  const roughness = scene.stillWater ? base * 0.25 : Math.max(base, stormy);
  return { mask, top: layout.horizon, mirror: layout.horizon, roughness, tint: p.water };
}

/** A river winding from the horizon toward the viewer, widening with perspective. */
export function riverArea(ctx: RenderContext): WaterArea {
  const { width, height, layout, palette: p, random } = ctx;
  const r = random.fork("river");
  const noise = noiseFor(ctx, "river-course");
  const mask = new Float32Array(width * height);
  const horizon = layout.horizon;
  const startX = width * r.range(0.3, 0.7);
  const endX = width * r.range(0.25, 0.75);
  const phase = r.range(0, 50);
  for (let y = horizon + 1; y < height; y++) {
    const t = (y - horizon) / Math.max(1, height - horizon);
    // Meanders swing wider as the river comes closer.
    const center = startX + (endX - startX) * t + fbm(noise, t * 2.2 + phase, 0.5, 2) * width * 0.5 * Math.sqrt(t);
    const half = width * (0.003 + 0.22 * t * t);
    const x0 = Math.max(0, Math.floor(center - half - 1));
    const x1 = Math.min(width - 1, Math.ceil(center + half + 1));
    for (let x = x0; x <= x1; x++) {
      const c = Math.min(1, Math.max(0, half + 0.5 - Math.abs(x + 0.5 - center)));
      if (y < layout.shore[x]!) mask[y * width + x] = c;
    }
  }
  return { mask, top: horizon, mirror: horizon, roughness: ctx.scene.stillWater ? 0.1 : 0.35, tint: p.water };
}

/**
 * Clouds from fractal noise, flattened into horizontal banks, lit on the side facing the sun
 * and shaded underneath. Computed on a coarse grid and enlarged: clouds are soft anyway.
 */
import { fbm } from "../random";
import { lowResField, noiseFor, type RenderContext } from "./context";

export function paintClouds(ctx: RenderContext, cover: number): void {
  const { width, data, layout, palette: p, span } = ctx;
  const noise = noiseFor(ctx, "clouds");
  const warp = noiseFor(ctx, "clouds-warp");
  const r = ctx.random.fork("clouds-place");
  const horizon = layout.horizon;
  const light = layout.sun ?? layout.moon;
  const inv = 1 / span;
  const ox = r.range(0, 100);
  const oy = r.range(0, 100);
  // Where the clouds gather vertically: a seeded band, thinner toward the horizon.
  const bandCenter = r.range(0.25, 0.55);
  const threshold = 0.42 - cover * 0.7;
  const toLightX = light ? Math.sign(light.x - width / 2) || 1 : ctx.layout.lightX;
  const toLightY = light ? -0.6 : -1;
  const stretch = 2;
  const density = (x: number, y: number) => {
    const u = x * inv * 2.2 + ox;
    const v = y * inv * 2.2 * stretch + oy;
    const wx = fbm(warp, u * 0.7, v * 0.5, 2) * 0.35;
    const n = fbm(noise, u + wx, v + wx * 0.5, 5);
    const t = y / horizon;
    const band =
      Math.exp(-((t - bandCenter) * (t - bandCenter)) / 0.09) * 0.35 - 0.12 + (t > 0.85 ? -(t - 0.85) * 2 : 0);
    return n + band * (1 - cover) - threshold * 0.5;
  };
  const step = Math.max(2, Math.round(4 * ctx.unit));
  const shift = 14 * ctx.unit;
  const field = lowResField(width, horizon, step, density, horizon);
  const lightField = lowResField(
    width,
    horizon,
    step,
    (x, y) => density(x + toLightX * shift, y + toLightY * shift),
    horizon,
  );
  const lit = p.cloudLit;
  const shadow = p.cloudShadow;
  const glow = p.glow;
  const opacity = 0.92;
  for (let y = 0; y < horizon; y++) {
    // Far clouds near the horizon fade into the haze.
    const far = Math.max(0, (y / horizon - 0.6) / 0.4);
    for (let x = 0; x < width; x++) {
      const k = y * width + x;
      const d = field[k]!;
      if (d <= 0) continue;
      const alpha = Math.min(1, d * 3.2) * opacity * (1 - far * 0.55);
      // Thinner toward the light than here: this side faces the sun.
      const facing = Math.min(1, Math.max(0, 0.55 + (d - lightField[k]!) * 5.5));
      const thick = Math.min(1, d * 2.2);
      const shade = facing * (1 - thick * 0.35) + 0.1;
      let cr = shadow[0] + (lit[0] - shadow[0]) * shade;
      let cg = shadow[1] + (lit[1] - shadow[1]) * shade;
      let cb = shadow[2] + (lit[2] - shadow[2]) * shade;
      if (light) {
        const dx = (x - light.x) * inv;
        const dy = (y - light.y) * inv;
        // Silver lining: thin cloud near the sun glows in its colour.
        const near = Math.exp(-Math.sqrt(dx * dx + dy * dy) * 6) * (1 - thick) * p.glowStrength;
        cr += (glow[0] + 40 - cr) * near;
        cg += (glow[1] + 40 - cg) * near;
        cb += (glow[2] + 40 - cb) * near;
      }
      const i = k * 4;
      data[i] = data[i]! + (cr - data[i]!) * alpha;
      data[i + 1] = data[i + 1]! + (cg - data[i + 1]!) * alpha;
      data[i + 2] = data[i + 2]! + (cb - data[i + 2]!) * alpha;
    }
  }
}

/** Last per-pixel passes: height fog with drifting wisps, then the mood's grade and a vignette. */
import { fbm } from "../random";
import { lowResField, noiseFor, type RenderContext } from "./context";

export function paintFog(ctx: RenderContext, amount: number): void {
  if (amount <= 0.01) return;
  const { width, height, data, layout, palette: p, span } = ctx;
  const noise = noiseFor(ctx, "fog");
  const inv = 1 / span;
  const horizon = layout.horizon;
  const step = Math.max(4, Math.round(8 * ctx.unit));
  const wisps = lowResField(width, height, step, (x, y) => 0.6 + 0.55 * fbm(noise, x * inv * 3, y * inv * 9, 4));
  const fog = p.haze;
  // Fog sits in a band on the horizon, thicker below it (valleys) than above.
  const above = horizon * 0.45;
  const below = (height - horizon) * 0.7;
  for (let y = 0; y < height; y++) {
    const d = y < horizon ? (horizon - y) / above : (y - horizon) / below;
    const band = Math.exp(-d * d) * amount + amount * 0.25;
    for (let x = 0; x < width; x++) {
      const k = y * width + x;
      const a = Math.min(0.95, band * wisps[k]!);
      if (a <= 0.004) continue;
      const i = k * 4;
      data[i] = data[i]! + (fog[0] - data[i]!) * a;
      data[i + 1] = data[i + 1]! + (fog[1] - data[i + 1]!) * a;
      data[i + 2] = data[i + 2]! + (fog[2] - data[i + 2]!) * a;
    }
  }
}

export function grade(ctx: RenderContext): void {
  const { width, height, data, palette: p } = ctx;
  const sat = p.saturation;
  const con = p.contrast;
  const vig = p.vignette;
  const cx = width / 2;
  const cy = height / 2;
  const invR = 1 / Math.sqrt(cx * cx + cy * cy);
  // A lookup table for contrast keeps the inner loop to arithmetic.
  const curve = new Float32Array(256);
  for (let v = 0; v < 256; v++) curve[v] = 128 + (v - 128) * con;
  for (let y = 0; y < height; y++) {
    const dy = (y - cy) * invR;
    for (let x = 0; x < width; x++) {
      const dx = (x - cx) * invR;
      const d2 = dx * dx + dy * dy;
      const v = 1 - vig * d2 * d2 * 1.6 - vig * d2 * 0.3;
      const i = (y * width + x) * 4;
      const r = curve[data[i]!]!;
      const g = curve[data[i + 1]!]!;
      const b = curve[data[i + 2]!]!;
      const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      data[i] = (l + (r - l) * sat) * v;
      data[i + 1] = (l + (g - l) * sat) * v;
      data[i + 2] = (l + (b - l) * sat) * v;
      data[i + 3] = 255;
    }
  }
}

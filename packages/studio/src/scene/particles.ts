/** Falling weather: snowflakes (small and sharp far away, big and soft up close), rain streaks, lightning. */
import { css, mix, type RGB } from "./colors";
import type { Graphics } from "./canvas";
import type { RenderContext } from "./context";

export function drawSnowfall(g: Graphics, ctx: RenderContext, density: number): void {
  const r = ctx.random.fork("snowfall");
  const { width, height, unit, palette: p } = ctx;
  const flake: RGB = p.night ? [215, 225, 245] : [250, 252, 255];
  const count = Math.round(width * height * 0.0009 * density);
  for (let k = 0; k < count; k++) {
    const near = r.next() ** 3;
    const size = (0.7 + near * 4.5) * unit;
    g.fillStyle = css(flake, 0.45 + 0.45 * (1 - near * 0.6));
    g.beginPath();
    g.arc(r.next() * width, r.next() * height, size, 0, Math.PI * 2);
    g.fill();
  }
}

export function drawRain(g: Graphics, ctx: RenderContext, heavy: boolean): void {
  const r = ctx.random.fork("rain");
  const { width, height, unit, palette: p } = ctx;
  const drop: RGB = mix(p.haze, [230, 235, 245], 0.6);
  const count = Math.round(width * height * (heavy ? 0.0011 : 0.0007));
  const slant = r.range(-0.25, 0.25);
  g.lineCap = "round";
  for (let k = 0; k < count; k++) {
    const near = r.next() ** 2;
    const len = (8 + near * 30) * unit;
    const x = r.next() * width;
    const y = r.next() * height;
    g.strokeStyle = css(drop, 0.12 + near * 0.25);
    g.lineWidth = Math.max(0.5, (0.5 + near * 1.2) * unit);
    g.beginPath();
    g.moveTo(x, y);
    g.lineTo(x + slant * len, y + len);
    g.stroke();
  }
}

/** A forked bolt from the clouds, with a glow, for storms. */
export function drawLightning(g: Graphics, ctx: RenderContext): void {
  const r = ctx.random.fork("lightning");
  const { width, unit, layout } = ctx;
  let x = width * r.range(0.2, 0.8);
  let y = layout.horizon * r.range(0.05, 0.2);
  const points: [number, number][] = [[x, y]];
  while (y < layout.horizon) {
    y += r.range(10, 30) * unit;
    x += r.range(-18, 18) * unit;
    points.push([x, Math.min(y, layout.horizon)]);
  }
  g.save();
  g.shadowColor = "rgba(190,200,255,0.9)";
  g.shadowBlur = 24 * unit;
  g.strokeStyle = "rgba(245,245,255,0.95)";
  g.lineWidth = 2.2 * unit;
  g.lineJoin = "round";
  g.beginPath();
  for (const [k, [px, py]] of points.entries()) {
    if (k === 0) g.moveTo(px, py);
    else g.lineTo(px, py);
  }
  g.stroke();
  g.restore();
}

/** Seeded snowfall drawn on a canvas layer: soft round flakes in depth layers plus a few crystals. */
import type { SKRSContext2D } from "@napi-rs/canvas";
import type { Random } from "../random";

export interface SnowOptions {
  count: number;
  unit: number;
  /** Restrict flakes to a circle (snow globe), else the whole canvas. */
  circle?: { x: number; y: number; r: number };
}

export function drawSnow(
  ctx: SKRSContext2D,
  width: number,
  height: number,
  random: Random,
  options: SnowOptions,
): void {
  const { count, unit, circle } = options;
  for (let k = 0; k < count; k++) {
    let x: number;
    let y: number;
    if (circle) {
      const a = random.next() * Math.PI * 2;
      const d = Math.sqrt(random.next()) * circle.r;
      x = circle.x + Math.cos(a) * d;
      y = circle.y + Math.sin(a) * d;
    } else {
      x = random.next() * width;
      y = random.next() * height;
    }
    // Depth: most flakes far (small, faint), a few near (big, soft).
    const depth = random.next() ** 2.2;
    const radius = (1.8 + depth * 7) * unit;
    const alpha = 0.55 + 0.4 * (1 - depth * 0.5);
    if (random.chance(0.06) && radius > 3 * unit) {
      drawCrystal(ctx, x, y, radius * 2.2, random.next() * Math.PI, alpha, unit);
      continue;
    }
    const g = ctx.createRadialGradient(x, y, 0, x, y, radius);
    g.addColorStop(0, `rgba(255,255,255,${alpha.toFixed(3)})`);
    g.addColorStop(0.55, `rgba(250,252,255,${(alpha * 0.8).toFixed(3)})`);
    g.addColorStop(1, "rgba(245,250,255,0)");
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(x, y, radius, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** A six-armed snow crystal with side branches. */
function drawCrystal(
  ctx: SKRSContext2D,
  x: number,
  y: number,
  size: number,
  rot: number,
  alpha: number,
  unit: number,
): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(rot);
  ctx.strokeStyle = `rgba(255,255,255,${alpha.toFixed(3)})`;
  ctx.lineWidth = Math.max(0.8, 1.3 * unit);
  ctx.lineCap = "round";
  ctx.beginPath();
  for (let a = 0; a < 6; a++) {
    const c = Math.cos((a * Math.PI) / 3);
    const s = Math.sin((a * Math.PI) / 3);
    ctx.moveTo(0, 0);
    ctx.lineTo(c * size, s * size);
    for (const t of [0.45, 0.7]) {
      const bx = c * size * t;
      const by = s * size * t;
      const bl = size * 0.28 * (1.1 - t);
      for (const side of [-1, 1]) {
        const ang = (a * Math.PI) / 3 + side * 0.8;
        ctx.moveTo(bx, by);
        ctx.lineTo(bx + Math.cos(ang) * bl, by + Math.sin(ang) * bl);
      }
    }
  }
  ctx.stroke();
  ctx.restore();
}

/**
 * Christmas card: a festive grade (reds richer, shadows toward pine green, highlights toward
 * candle gold), seeded falling snow, and a printed card frame — cream margin, red band, gold
 * rule — with holly sprigs in two corners. Ink drawings are coloured in festive colours first.
 */
import type { Raster } from "../raster";
import { finish, fadeIn } from "./common";
import { clamp01, hex, toPlanes, type Planes } from "./filters";
import { canvasToPlanes, planesToCanvas } from "./canvas";
import { colouriseInk, type InkPalette } from "./ink";
import { drawSnow } from "./snow";
import type { StyleContext } from "./types";
import type { SKRSContext2D } from "@napi-rs/canvas";

const INK_PALETTE: InkPalette = {
  paper: hex("#f6efe0"),
  sky: hex("#1d3557"),
  ground: hex("#f1f5f9"),
  fills: ["#b3001b", "#1f6f43", "#e0a526", "#c1121f", "#2d6a4f", "#f4d58d", "#8c1c13", "#457b9d"].map(hex),
};

export function festiveGrade(p: Planes, amount: number): void {
  const { r, g, b } = p;
  for (let i = 0; i < r.length; i++) {
    let rr = r[i]!;
    let gg = g[i]!;
    let bb = b[i]!;
    const l = 0.2126 * rr + 0.7152 * gg + 0.0722 * bb;
    // Reds and greens (the festive pair) gain saturation; blues lose a little.
    const sat = 1 + 0.3 * amount;
    rr = l + (rr - l) * sat;
    gg = l + (gg - l) * sat;
    bb = l + (bb - l) * (1 + 0.1 * amount);
    const sh = (1 - l) * (1 - l) * amount;
    const hi = l * l * amount;
    rr += -0.03 * sh + 0.07 * hi;
    gg += 0.035 * sh + 0.035 * hi;
    bb += 0.0 * sh - 0.06 * hi;
    r[i] = clamp01(rr);
    g[i] = clamp01(gg);
    b[i] = clamp01(bb);
  }
}

export function christmasCard(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s, random } = ctx;
  const { width: w, height: h } = input;
  let p = toPlanes(input);
  if (ctx.source === "ink") p = colouriseInk(p, INK_PALETTE, random.fork("ink"), unit, [0.12, 0.1, 0.08]).coloured;

  ctx.progress(0.2, "Festive colours");
  festiveGrade(p, s);

  ctx.progress(0.5, "Snow and frame");
  const { ctx: c2d } = planesToCanvas(p);
  const area = (w * h) / (1024 * 1024);
  if (!ctx.indoors) drawSnow(c2d, w, h, random.fork("snow"), { count: Math.round(320 * area * s), unit });
  drawFrame(c2d, w, h, unit, s);
  canvasToPlanes(c2d, w, h, p);
  return finish(input, p, fadeIn(s, 0.5));
}

function drawFrame(ctx: SKRSContext2D, w: number, h: number, unit: number, s: number): void {
  const m = Math.round(Math.min(w, h) * 0.045 * Math.max(0.3, s));
  ctx.save();
  // Cream card margin (even-odd fill: the outer rectangle minus the picture window).
  ctx.fillStyle = "#f6efe0";
  ctx.beginPath();
  ctx.rect(0, 0, w, h);
  ctx.rect(m, m, w - 2 * m, h - 2 * m);
  ctx.fill("evenodd");
  // Red band and gold rule just inside the margin.
  const band = Math.max(2, 6 * unit);
  ctx.strokeStyle = "#b3001b";
  ctx.lineWidth = band;
  ctx.strokeRect(m + band / 2, m + band / 2, w - 2 * m - band, h - 2 * m - band);
  ctx.strokeStyle = "#d9a441";
  ctx.lineWidth = Math.max(1, 2 * unit);
  ctx.strokeRect(
    m + band + 3 * unit,
    m + band + 3 * unit,
    w - 2 * (m + band + 3 * unit),
    h - 2 * (m + band + 3 * unit),
  );
  ctx.strokeStyle = "#d9a441";
  ctx.lineWidth = Math.max(1, 1.5 * unit);
  ctx.strokeRect(m * 0.4, m * 0.4, w - m * 0.8, h - m * 0.8);
  if (s > 0.3) {
    holly(ctx, m + 8 * unit, m + 8 * unit, 38 * unit, 0.6);
    holly(ctx, w - m - 8 * unit, h - m - 8 * unit, 38 * unit, 0.6 + Math.PI);
  }
  ctx.restore();
}

/** Three holly leaves and berries radiating from a corner. */
function holly(ctx: SKRSContext2D, x: number, y: number, size: number, rot: number): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(rot);
  for (const a of [-0.75, 0, 0.75]) {
    ctx.save();
    ctx.rotate(a);
    ctx.fillStyle = "#1f6f43";
    ctx.strokeStyle = "#0f3d25";
    ctx.lineWidth = Math.max(1, size * 0.04);
    ctx.beginPath();
    ctx.moveTo(0, 0);
    // Scalloped leaf edge: three bites per side.
    for (let k = 1; k <= 3; k++)
      ctx.quadraticCurveTo((size * (k - 0.5)) / 3, -size * 0.1, (size * k) / 3, -size * 0.28 * (k === 3 ? 0 : 1));
    for (let k = 3; k >= 1; k--)
      ctx.quadraticCurveTo((size * (k - 0.5)) / 3, size * 0.1, (size * (k - 1)) / 3, k === 1 ? 0 : size * 0.28);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.lineTo(size * 0.95, 0);
    ctx.stroke();
    ctx.restore();
  }
  for (const [bx, by] of [
    [0.05, 0.12],
    [0.16, 0.02],
    [0.08, -0.1],
  ] as const) {
    const g = ctx.createRadialGradient(
      bx * size - size * 0.02,
      by * size - size * 0.02,
      0,
      bx * size,
      by * size,
      size * 0.1,
    );
    g.addColorStop(0, "#ff6b6b");
    g.addColorStop(1, "#9b0d16");
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(bx * size, by * size, size * 0.1, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

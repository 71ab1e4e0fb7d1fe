/**
 * Warm lights: an evening grade (exposure down, amber tint, shadows lifted to warm brown),
 * seeded strings of fairy lights hanging in catenary-like sags across the top — each bulb a
 * hot core with an additive glow — and large out-of-focus bokeh discs. Ink drawings: the
 * lights are strung along the drawn strokes themselves.
 */
import type { Random } from "../random";
import type { Raster } from "../raster";
import { finish, fadeIn } from "./common";
import { clamp01, hex, toPlanes, type Planes } from "./filters";
import { canvasToPlanes, planesToCanvas } from "./canvas";
import { colouriseInk, type InkPalette, type InkLayout } from "./ink";
import type { StyleContext } from "./types";
import type { SKRSContext2D } from "@napi-rs/canvas";

const BULBS = ["#ffd27a", "#ffd27a", "#ffc65c", "#ffe2a8", "#ff8a5c", "#ff5f5f", "#7ee081", "#7fb8ff"];

const INK_PALETTE: InkPalette = {
  paper: hex("#3a2416"),
  sky: hex("#1b1633"),
  ground: hex("#4a2e1c"),
  fills: ["#8c2f1b", "#c47a2c", "#2f5d3a", "#7a4b2a", "#a33b2f", "#d9a441"].map(hex),
};

function eveningGrade(p: Planes, amount: number): void {
  const { r, g, b } = p;
  for (let i = 0; i < r.length; i++) {
    const rr = r[i]!;
    const gg = g[i]!;
    const bb = b[i]!;
    // Exposure down with a gamma so shadows sink more than highlights, then an amber cast.
    const er = rr ** 1.25 * 0.72 + 0.06;
    const eg = gg ** 1.3 * 0.6 + 0.035;
    const eb = bb ** 1.4 * 0.45 + 0.025;
    r[i] = clamp01(rr + (er - rr) * amount);
    g[i] = clamp01(gg + (eg - gg) * amount);
    b[i] = clamp01(bb + (eb - bb) * amount);
  }
}

export function christmasLights(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s, random } = ctx;
  const { width: w, height: h } = input;
  let p = toPlanes(input);
  let layout: InkLayout | null = null;
  if (ctx.source === "ink") {
    const result = colouriseInk(p, INK_PALETTE, random.fork("ink"), unit, [0.06, 0.04, 0.03]);
    p = result.coloured;
    layout = result.layout;
  }
  ctx.progress(0.2, "Evening light");
  eveningGrade(p, layout ? 0.4 : s);

  ctx.progress(0.5, "Hanging the lights");
  const { ctx: c2d } = planesToCanvas(p);
  c2d.globalCompositeOperation = "lighter";
  bokeh(c2d, w, h, unit, random.fork("bokeh"), Math.round(28 * s + 4));
  const bulbs = random.fork("bulbs");
  if (layout) {
    for (const [x, y] of pointsAlongInk(layout, 30 * unit, bulbs)) bulb(c2d, x, y, unit, bulbs.pick(BULBS), s);
  } else {
    const strings = bulbs.int(2, 3);
    for (let k = 0; k < strings; k++) {
      const y0 = h * (0.04 + 0.16 * k + bulbs.range(-0.02, 0.03));
      const y1 = h * (0.04 + 0.16 * k + bulbs.range(-0.02, 0.05));
      const sag = h * bulbs.range(0.08, 0.16);
      const pts: [number, number][] = [];
      const count = Math.round((w / (46 * unit)) * (0.5 + 0.5 * s));
      for (let j = 0; j <= count; j++) {
        const t = j / count;
        // Sagging string: straight line between the hooks plus a parabola (close to a catenary).
        pts.push([t * w, y0 + (y1 - y0) * t + sag * 4 * t * (1 - t)]);
      }
      c2d.globalCompositeOperation = "source-over";
      c2d.strokeStyle = "rgba(20,14,10,0.8)";
      c2d.lineWidth = Math.max(1, 1.6 * unit);
      c2d.beginPath();
      for (const [j, [x, y]] of pts.entries()) {
        if (j) c2d.lineTo(x, y);
        else c2d.moveTo(x, y);
      }
      c2d.stroke();
      c2d.globalCompositeOperation = "lighter";
      for (const [x, y] of pts) bulb(c2d, x + bulbs.range(-3, 3) * unit, y + 5 * unit, unit, bulbs.pick(BULBS), s);
    }
  }
  canvasToPlanes(c2d, w, h, p);
  return finish(input, p, fadeIn(s, 0.5));
}

function bulb(ctx: SKRSContext2D, x: number, y: number, unit: number, colour: string, s: number): void {
  const glowR = (20 + 10 * s) * unit;
  const g = ctx.createRadialGradient(x, y, 0, x, y, glowR);
  g.addColorStop(0, withAlpha(colour, 0.9));
  g.addColorStop(0.15, withAlpha(colour, 0.45));
  g.addColorStop(0.5, withAlpha(colour, 0.1));
  g.addColorStop(1, withAlpha(colour, 0));
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(x, y, glowR, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = "rgba(255,250,235,0.95)";
  ctx.beginPath();
  ctx.arc(x, y, Math.max(1, 2.6 * unit), 0, Math.PI * 2);
  ctx.fill();
}

function bokeh(ctx: SKRSContext2D, w: number, h: number, unit: number, random: Random, count: number): void {
  for (let k = 0; k < count; k++) {
    const x = random.next() * w;
    const y = random.next() ** 1.6 * h; // more toward the top
    const r = random.range(14, 46) * unit;
    const colour = random.pick(BULBS);
    const a = random.range(0.05, 0.14);
    // Out-of-focus disc: flat with a slightly brighter rim, like a real lens aperture.
    const g = ctx.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, withAlpha(colour, a * 0.8));
    g.addColorStop(0.85, withAlpha(colour, a));
    g.addColorStop(0.95, withAlpha(colour, a * 1.3));
    g.addColorStop(1, withAlpha(colour, 0));
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }
}

function withAlpha(colour: string, a: number): string {
  const [r, g, b] = hex(colour);
  return `rgba(${Math.round(r * 255)},${Math.round(g * 255)},${Math.round(b * 255)},${Math.max(0, Math.min(1, a)).toFixed(3)})`;
}

/** Points on the ink strokes at least `spacing` apart (seeded scan order), for bulbs. */
function pointsAlongInk(layout: InkLayout, spacing: number, random: Random): [number, number][] {
  const { width: w, height: h, ink } = layout;
  const cell = spacing;
  const gw = Math.ceil(w / cell);
  const gh = Math.ceil(h / cell);
  const taken: number[][] = Array.from({ length: gw * gh }, () => []);
  const out: [number, number][] = [];
  const tries = Math.round((w * h) / 16);
  for (let t = 0; t < tries; t++) {
    const x = random.int(0, w - 1);
    const y = random.int(0, h - 1);
    if (ink[y * w + x]! < 0.6) continue;
    const cx = (x / cell) | 0;
    const cy = (y / cell) | 0;
    let ok = true;
    for (let yy = Math.max(0, cy - 1); ok && yy <= Math.min(gh - 1, cy + 1); yy++) {
      for (let xx = Math.max(0, cx - 1); ok && xx <= Math.min(gw - 1, cx + 1); xx++) {
        for (const q of taken[yy * gw + xx]!) {
          const [px, py] = out[q]!;
          if ((px - x) ** 2 + (py - y) ** 2 < spacing * spacing) {
            ok = false;
            break;
          }
        }
      }
    }
    if (!ok) continue;
    taken[cy * gw + cx]!.push(out.length);
    out.push([x, y]);
  }
  return out;
}

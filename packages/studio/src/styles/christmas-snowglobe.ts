/**
 * Snow globe: a frosty grade (cooler, lighter, less saturated), the picture seen through a
 * glass sphere (magnified toward the centre like a real lens), snow swirling inside and settled
 * in a drift at the bottom, a dark wintry backdrop outside, a wooden base, and the glass itself:
 * a bright rim and a soft highlight crescent. In Studio's scenes the lens looks at the
 * scene's small things, closer and lifted clear of the drift.
 */
import type { Raster } from "../raster";
import { finish, fadeIn } from "./common";
import { clamp01, createPlanes, hex, samplePlanesInto, smoothstep, toPlanes, type Planes } from "./filters";
import { findFigures, shrinkPlanes } from "./sites";
import { canvasToPlanes, planesToCanvas } from "./canvas";
import { colouriseInk, type InkPalette } from "./ink";
import { drawSnow } from "./snow";
import type { StyleContext } from "./types";

const INK_PALETTE: InkPalette = {
  paper: hex("#eef4fb"),
  sky: hex("#b9d4ee"),
  ground: hex("#f8fbff"),
  fills: ["#60a5fa", "#c81e3a", "#2f7a55", "#f2c14e", "#93c5fd", "#a78bfa", "#e2e8f0", "#1e3a8a"].map(hex),
};

function frost(p: Planes, amount: number): void {
  const { r, g, b } = p;
  for (let i = 0; i < r.length; i++) {
    const l = 0.2126 * r[i]! + 0.7152 * g[i]! + 0.0722 * b[i]!;
    const d = 1 - 0.35 * amount;
    let rr = l + (r[i]! - l) * d;
    let gg = l + (g[i]! - l) * d;
    let bb = l + (b[i]! - l) * d;
    rr = rr * (1 - 0.06 * amount) + 0.1 * amount;
    gg = gg * (1 - 0.02 * amount) + 0.12 * amount;
    bb = bb + 0.16 * amount;
    r[i] = clamp01(rr);
    g[i] = clamp01(gg);
    b[i] = clamp01(bb);
  }
}

export function christmasSnowglobe(input: Raster, ctx: StyleContext): Raster {
  const { unit, strength: s, random } = ctx;
  const { width: w, height: h } = input;
  let p = toPlanes(input);
  if (ctx.source === "ink") p = colouriseInk(p, INK_PALETTE, random.fork("ink"), unit, [0.1, 0.12, 0.2]).coloured;
  ctx.progress(0.2, "Frost");
  frost(p, s);

  ctx.progress(0.4, "Glass");
  // Globe geometry: it shrinks in from the full frame as strength rises.
  const minSide = Math.min(w, h);
  const R = minSide * (0.5 + (1 - s) * 0.5) * 0.86;
  const cx = w / 2;
  const cy = h * 0.45 + (1 - s) * h * 0.05;
  // A scene's small things are seen closer and clear of the drift (sceneView).
  const view = ctx.source === "scene" ? sceneView(p, s) : null;
  const half = view?.half ?? w / 2;
  const vx = view?.x ?? cx;
  // With no small things to look at (none found, or a team spread wide), a scene is still seen
  // from a little lower: what stands on its ground, around 0.85 of the height, shows above the
  // drift instead of under it.
  const vy = view?.y ?? (ctx.source === "scene" ? cy + 0.11 * h * s : cy);
  const out = createPlanes(w, h);
  const mag = 0.22 * s;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const dx = x - cx;
      const dy = y - cy;
      const d = Math.sqrt(dx * dx + dy * dy) / R;
      if (d < 1) {
        // Lens: the source radius grows faster than the screen radius toward the rim, so the
        // middle looks magnified; the whole picture still fits in the sphere.
        const k = 1 - mag + mag * d * d;
        const sx = vx + dx * k * (half / R);
        const sy = vy + dy * k * ((half * h) / w / R);
        samplePlanesInto(p, sx, sy, out, i);
        // Glass darkens and cools slightly toward its edge.
        const edge = smoothstep(0.75, 1, d) * 0.25 * s;
        out.r[i] = out.r[i]! * (1 - edge);
        out.g[i] = out.g[i]! * (1 - edge * 0.8);
        out.b[i] = out.b[i]! * (1 - edge * 0.5);
      } else {
        // Night backdrop with a soft radial falloff, faded in with strength.
        const v = Math.max(0, 1 - (d - 1) * 0.8);
        const br = 0.05 + 0.1 * v;
        const bg = 0.09 + 0.14 * v;
        const bb = 0.18 + 0.22 * v;
        out.r[i] = p.r[i]! + (br - p.r[i]!) * s;
        out.g[i] = p.g[i]! + (bg - p.g[i]!) * s;
        out.b[i] = p.b[i]! + (bb - p.b[i]!) * s;
      }
    }
  }

  ctx.progress(0.7, "Snow");
  const { ctx: c2d } = planesToCanvas(out);
  c2d.save();
  c2d.beginPath();
  c2d.arc(cx, cy, R, 0, Math.PI * 2);
  c2d.clip();
  // Settled snow: a drift across the bottom of the sphere.
  const drift = c2d.createLinearGradient(0, cy + R * 0.7, 0, cy + R);
  drift.addColorStop(0, "rgba(248,251,255,0.0)");
  drift.addColorStop(0.25, "rgba(248,251,255,0.95)");
  drift.addColorStop(1, "rgba(225,235,248,1)");
  c2d.fillStyle = drift;
  c2d.beginPath();
  c2d.moveTo(cx - R, cy + R);
  const bumps = random.fork("drift");
  // A shallow drift: what stands at the bottom of the scene stays in view above it.
  const top = cy + R * (0.86 - 0.06 * s);
  c2d.lineTo(cx - R, top);
  for (let k = 1; k <= 6; k++)
    c2d.quadraticCurveTo(
      cx - R + (2 * R * (k - 0.5)) / 6,
      top - bumps.range(0, 0.05) * R,
      cx - R + (2 * R * k) / 6,
      top + bumps.range(-0.02, 0.03) * R,
    );
  c2d.lineTo(cx + R, cy + R);
  c2d.closePath();
  c2d.fill();
  const area = (w * h) / (1024 * 1024);
  drawSnow(c2d, w, h, random.fork("snow"), { count: Math.round(380 * area * s), unit, circle: { x: cx, y: cy, r: R } });
  c2d.restore();
  // Glass rim and highlights.
  c2d.lineWidth = Math.max(1, 3 * unit);
  c2d.strokeStyle = `rgba(230,242,255,${(0.65 * s).toFixed(3)})`;
  c2d.beginPath();
  c2d.arc(cx, cy, R - 1.5 * unit, 0, Math.PI * 2);
  c2d.stroke();
  const hl = c2d.createRadialGradient(cx - R * 0.42, cy - R * 0.45, 0, cx - R * 0.42, cy - R * 0.45, R * 0.5);
  hl.addColorStop(0, `rgba(255,255,255,${(0.42 * s).toFixed(3)})`);
  hl.addColorStop(1, "rgba(255,255,255,0)");
  c2d.fillStyle = hl;
  c2d.beginPath();
  c2d.ellipse(cx - R * 0.42, cy - R * 0.45, R * 0.36, R * 0.2, -0.7, 0, Math.PI * 2);
  c2d.fill();
  c2d.strokeStyle = `rgba(255,255,255,${(0.55 * s).toFixed(3)})`;
  c2d.lineWidth = Math.max(1, 5 * unit);
  c2d.lineCap = "round";
  c2d.beginPath();
  c2d.arc(cx, cy, R * 0.9, Math.PI * 1.08, Math.PI * 1.38);
  c2d.stroke();
  // Wooden base under the sphere.
  if (s > 0.2) {
    const bw = R * 1.25;
    const by = cy + R * 0.93;
    const bh = Math.min(h - by, R * 0.32);
    const wood = c2d.createLinearGradient(cx - bw / 2, 0, cx + bw / 2, 0);
    wood.addColorStop(0, "#3b2314");
    wood.addColorStop(0.45, "#7a4a2a");
    wood.addColorStop(1, "#2e1b10");
    c2d.globalAlpha = Math.min(1, (s - 0.2) / 0.3);
    c2d.fillStyle = wood;
    c2d.beginPath();
    c2d.moveTo(cx - bw * 0.42, by);
    c2d.lineTo(cx + bw * 0.42, by);
    c2d.lineTo(cx + bw * 0.5, by + bh);
    c2d.lineTo(cx - bw * 0.5, by + bh);
    c2d.closePath();
    c2d.fill();
    c2d.fillStyle = "#c9a646";
    c2d.fillRect(cx - bw * 0.44, by + bh * 0.18, bw * 0.88, Math.max(1, bh * 0.08));
    c2d.globalAlpha = 1;
  }
  canvasToPlanes(c2d, w, h, out);
  return finish(input, out, fadeIn(s, 0.3));
}

/**
 * Where the lens looks in a scene. A scene stands its things on the ground near the bottom of
 * the frame, where the drift would bury them and the globe would shrink them. Things found as
 * figures (clumps unlike the calm ground around them, below the sky's top quarter: children on
 * the snow, a penguin by its igloo, an owl in its tree; not the moon, nor a tree the frame
 * cuts) are brought up to about 1.4 times as close, their feet lifted clear of the drift.
 * Null without any, or when they spread right across the picture (a landscape's).
 */
function sceneView(p: Planes, s: number): { x: number; y: number; half: number } | null {
  const { width: w, height: h } = p;
  const small = shrinkPlanes(p, 160);
  const sw = small.width;
  const sh = small.height;
  const { mask } = findFigures(small, { radius: Math.round(sw / 13), contrast: 0.1, minPixels: 6, whole: true });
  let x0 = 1;
  let x1 = 0;
  let y0 = 1;
  let y1 = 0;
  for (let i = 0; i < mask.length; i++) {
    const y = Math.floor(i / sw);
    if (!mask[i] || y < 0.25 * sh) continue;
    const x = i % sw;
    x0 = Math.min(x0, x / sw);
    x1 = Math.max(x1, (x + 1) / sw);
    y0 = Math.min(y0, y / sh);
    y1 = Math.max(y1, (y + 1) / sh);
  }
  // Things spread right across the picture are a landscape's: it is seen whole.
  if (x1 <= x0 || x1 - x0 > 0.7) return null;
  const full = w / 2;
  const close = Math.min(full, Math.max(0.36 * w, 0.9 * Math.max((x1 - x0) * w, (y1 - y0) * h)));
  const half = full + (close - full) * s;
  const tall = (half * h) / w;
  const x = Math.min(w - half, Math.max(half, ((x0 + x1) / 2) * w));
  // Feet about 0.4 of the radius below the centre (clear of the drift's bumps; the lens shrinks things
  // there by ~0.86), the things' tops still well inside the rim.
  const y = Math.max(0.45 * h, Math.min(y1 * h - 0.4 * tall, y0 * h + 0.8 * tall));
  return { x: w / 2 + (x - w / 2) * s, y: 0.45 * h + (y - 0.45 * h) * s, half };
}

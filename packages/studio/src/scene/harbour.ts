/**
 * A harbour (issue 28): a row of tall, brightly painted houses along the far quay, mirrored in
 * the water, and a stone quay across the front with its bollards, the boats moored between. For
 * "fishing boats in a harbour at dawn", "a marina at sunset", "a pier in a little port".
 */
import type { Graphics } from "./canvas";
import { css, mix, type RGB, scale } from "./colors";
import type { RenderContext } from "./context";

const HOUSES: RGB[] = [
  [214, 92, 70],
  [236, 196, 96],
  [96, 150, 190],
  [240, 232, 214],
  [120, 170, 120],
  [200, 120, 150],
  [226, 150, 80],
];
const STONE: RGB = [150, 140, 126];

/** The far quay: a stone wall on the horizon with a row of houses on it, drawn before the water mirrors them. */
export function drawHarbourTown(g: Graphics, ctx: RenderContext): void {
  const { width, height, layout, palette: p, unit } = ctx;
  const r = ctx.random.fork("harbour-town");
  const base = layout.horizon + 1;
  const wall = height * 0.012;
  const lit = p.night || p.time === "dusk" ? 0.6 : 0;
  const tone = (c: RGB) => mix(mix(scale(c, 0.4 + 0.6 * p.exposure), p.light, 0.12), p.haze, 0.3);
  let x = r.range(-10, 0) * unit;
  while (x < width) {
    const w = r.range(22, 40) * unit;
    const h = r.range(0.05, 0.1) * height;
    const colour = tone(r.pick(HOUSES));
    g.fillStyle = css(colour);
    g.fillRect(x, base - wall - h, w, h);
    // A gable or a flat top with a cornice.
    g.fillStyle = css(scale(colour, 0.7));
    if (r.chance(0.6)) {
      g.beginPath();
      g.moveTo(x, base - wall - h);
      g.lineTo(x + w / 2, base - wall - h - w * 0.35);
      g.lineTo(x + w, base - wall - h);
      g.closePath();
      g.fill();
    } else g.fillRect(x, base - wall - h - 2 * unit, w, 3 * unit);
    // Windows, lit in the evening.
    const pane: RGB = lit > 0 ? [255, 214, 140] : mix(p.skyMid, colour, 0.4);
    for (let y = base - wall - h + 5 * unit; y < base - wall - 8 * unit; y += 9 * unit)
      for (let wx = x + 4 * unit; wx < x + w - 6 * unit; wx += 8 * unit) {
        if (lit > 0 && !r.chance(lit)) continue;
        g.fillStyle = css(scale(pane, lit > 0 ? 1 : 0.75));
        g.fillRect(wx, y, 3.5 * unit, 5 * unit);
      }
    x += w + (r.chance(0.15) ? r.range(4, 16) * unit : 0);
  }
  g.fillStyle = css(tone(STONE));
  g.fillRect(0, base - wall, width, wall + 1);
}

/** The near quay: a stone wall across the bottom of the picture, its top a walkway with bollards. */
export function drawQuay(g: Graphics, ctx: RenderContext): void {
  const { width, height, palette: p, unit } = ctx;
  const r = ctx.random.fork("quay");
  const top = height * r.range(0.86, 0.9);
  const face = height * 0.05;
  const stone = mix(scale(STONE, 0.45 + 0.55 * p.exposure), p.light, 0.15);
  // The walkway, seen from above, and the wall's face down to the water.
  g.fillStyle = css(scale(stone, 1.05));
  g.fillRect(0, top, width, face);
  g.fillStyle = css(scale(stone, 0.7));
  g.fillRect(0, top + face, width, height - top - face);
  g.strokeStyle = css(scale(stone, 0.5), 0.7);
  g.lineWidth = Math.max(1, unit);
  for (let row = 0; row < 3; row++) {
    const y = top + face + ((height - top - face) * row) / 3;
    g.beginPath();
    g.moveTo(0, y);
    g.lineTo(width, y);
    g.stroke();
    for (let x = (row % 2) * 20 * unit; x < width; x += 40 * unit) {
      g.beginPath();
      g.moveTo(x, y);
      g.lineTo(x, y + (height - top - face) / 3);
      g.stroke();
    }
  }
  // Bollards along the edge.
  g.fillStyle = css(mix([40, 40, 44], p.light, 0.1));
  for (let x = width * r.range(0.08, 0.16); x < width; x += width * 0.3) {
    g.fillRect(x - 5 * unit, top - 12 * unit, 10 * unit, 14 * unit);
    g.beginPath();
    g.ellipse(x, top - 12 * unit, 7 * unit, 3 * unit, 0, 0, Math.PI * 2);
    g.fill();
  }
}

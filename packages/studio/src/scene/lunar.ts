/**
 * "An astronaut on the moon": the moon is the ground, not a disc in the sky. Grey dust with
 * craters under a black, starry sky, and the Earth hanging above the horizon.
 */
import type { Graphics } from "./canvas";
import { css, mix, scale } from "./colors";
import type { RenderContext } from "./context";
import type { RGB, Scene } from "./types";

const DUST: RGB = [150, 148, 146];

/** The scene the parser's `lunar` flag asks for: night, stars, no weather; the ground takes the snow's place. */
export function lunarScene(scene: Scene): Scene {
  return {
    ...scene,
    subjects: ["stars"],
    weather: "clear",
    snowy: true,
    timeOfDay: "night",
    timeExplicit: true,
  };
}

/** Dust for the ground, no clouds or haze, no moon in the sky: the Earth is drawn instead. */
export function moonlit(ctx: RenderContext): void {
  const p = ctx.palette;
  p.snow = scale(DUST, 0.55);
  p.shadow = [20, 20, 26];
  p.light = [235, 235, 240];
  p.exposure = 0.75;
  p.cloudCover = 0;
  p.skyTop = [2, 2, 6];
  p.skyMid = [6, 6, 12];
  p.skyHorizon = [16, 16, 24];
  p.glowStrength = 0;
  p.hazeAmount = 0;
  p.stars = 1;
  ctx.layout.moon = null;
}

/** The Earth above the horizon, lit on one side, and a few craters in the dust. */
export function drawLunarDetails(g: Graphics, ctx: RenderContext): void {
  const { width, height, layout, palette: p } = ctx;
  const r = ctx.random.fork("lunar");
  const radius = Math.min(width, height) * 0.07;
  const x = width * (layout.lightX > 0 ? 0.78 : 0.22);
  const y = layout.horizon * 0.3;
  const earth = g.createRadialGradient(x + radius * 0.3, y - radius * 0.3, radius * 0.1, x, y, radius);
  earth.addColorStop(0, css([120, 180, 235]));
  earth.addColorStop(0.7, css([40, 90, 170]));
  earth.addColorStop(1, css([14, 30, 70]));
  g.fillStyle = earth;
  g.beginPath();
  g.arc(x, y, radius, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = css([90, 150, 80], 0.8);
  for (let k = 0; k < 4; k++) {
    g.beginPath();
    g.ellipse(
      x + r.range(-0.5, 0.5) * radius,
      y + r.range(-0.5, 0.5) * radius,
      radius * 0.25,
      radius * 0.15,
      r.range(0, 3),
      0,
      Math.PI * 2,
    );
    g.fill();
  }
  g.fillStyle = css([245, 248, 255], 0.55);
  for (let k = 0; k < 3; k++) {
    g.beginPath();
    g.ellipse(
      x + r.range(-0.6, 0.6) * radius,
      y + r.range(-0.6, 0.6) * radius,
      radius * 0.3,
      radius * 0.07,
      0.2,
      0,
      Math.PI * 2,
    );
    g.fill();
  }
  // Craters: a shadowed bowl with a lit far rim, flatter toward the horizon.
  for (let k = 0; k < 9; k++) {
    const t = r.next();
    const cy = layout.horizon + (height - layout.horizon) * (0.08 + 0.85 * t);
    const cx = r.next() * width;
    const rx = width * (0.02 + 0.08 * t);
    const ry = rx * (0.18 + 0.2 * t);
    g.fillStyle = css(mix(p.snow, p.shadow, 0.45));
    g.beginPath();
    g.ellipse(cx, cy, rx, ry, 0, 0, Math.PI * 2);
    g.fill();
    g.strokeStyle = css(mix(p.snow, p.light, 0.4), 0.8);
    g.lineWidth = Math.max(1, ry * 0.25);
    g.beginPath();
    g.ellipse(cx, cy + ry * 0.1, rx, ry, 0, 0, Math.PI);
    g.stroke();
  }
}

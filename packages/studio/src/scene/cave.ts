/**
 * Inside a cave (issue 28): rock walls and a ceiling hung with stalactites around the cave's
 * mouth, through which the day (or the night) outside shows; a rocky floor the prompt's things
 * stand on, lit by the mouth's light or, where there is one, a fire's warm glow. For "a bear
 * sleeping in a cave", "inside a dark cave with a campfire", "a dragon guarding treasure in a cavern".
 */
import type { Random } from "../random";
import { createRaster, type Raster } from "../raster";
import { drawThings } from "../subjects/draw-things";
import { subjectIs } from "../subjects/library";
import { drawWithCanvas, type Graphics } from "./canvas";
import { css, mix, type RGB, scale } from "./colors";
import { createContext, type RenderContext } from "./context";
import { grade } from "./finish";
import type { RenderOptions } from "./render-scene";
import type { Scene } from "./types";

const ROCK: RGB = [92, 82, 74];
const DEEP_ROCK: RGB = [34, 30, 30];
const FIRE_LIGHT: RGB = [255, 170, 90];

export function renderCave(prompted: Scene, options: RenderOptions): Raster {
  const { width, height, random } = options;
  const progress = options.onProgress ?? (() => {});
  const raster = createRaster(width, height);
  // The cave is all around: its things stand on its floor, no longer "in" or "by" it.
  const scene: Scene = {
    ...prompted,
    things: prompted.things
      .filter((t) => t.id !== "cave")
      .map((t) => {
        if (t.relation?.target !== "cave") return t;
        const { relation: _cave, ...rest } = t;
        return rest;
      }),
  };
  const outdoor = createContext(scene, width, height, random, raster.data);
  const r = random.fork("cave");
  const floor = Math.round(height * r.range(0.6, 0.66));
  // A fire, a torch or a lantern lights the cave from within.
  const lightsCave = (id: string) => id === "campfire" || subjectIs(id, "lightsRoom");
  const fire = scene.things.some((t) => lightsCave(t.id));
  const p = outdoor.palette;
  const ctx: RenderContext = {
    ...outdoor,
    palette: {
      ...p,
      light: fire ? FIRE_LIGHT : mix(p.light, p.skyHorizon, 0.3),
      shadow: [20, 16, 16],
      exposure: fire ? 0.6 : Math.max(0.3, p.exposure * 0.55),
      haze: [30, 26, 24],
      hazeAmount: 0,
    },
    layout: { ...outdoor.layout, horizon: floor, water: null, shore: new Float32Array(width).fill(height) },
  };
  const mouth = {
    x: width * (0.5 + r.range(-0.12, 0.12)),
    top: height * r.range(0.16, 0.24),
    half: width * r.range(0.2, 0.26),
  };

  progress(0.2, "Hollowing out the cave");
  drawWithCanvas(ctx, (g) => {
    paintOutside(g, ctx, outdoor.palette, mouth, floor);
    paintRock(g, ctx, mouth, floor, r.fork("rock"));
    paintFloor(g, ctx, mouth, floor, r.fork("floor"));
    paintStalactites(g, ctx, mouth, r.fork("stalactites"));
    progress(0.6, "Setting out what is inside");
    const placed = drawThings(g, ctx);
    for (const item of placed)
      if (item.definition.lightsRoom) fireGlow(g, ctx, item.box.x, item.box.y - item.box.h * 0.5);
  });
  progress(0.9, "Letting the light settle");
  grade(ctx);
  progress(1, "Done");
  return raster;
}

interface Mouth {
  x: number;
  top: number;
  half: number;
}

/** The cave mouth's outline: an uneven arch from the floor up to its top. */
function mouthPath(g: Graphics, m: Mouth, floor: number, wobble: (k: number) => number, begin = true): void {
  if (begin) g.beginPath();
  g.moveTo(m.x - m.half, floor);
  const steps = 24;
  for (let k = 0; k <= steps; k++) {
    const a = Math.PI - (k / steps) * Math.PI;
    const x = m.x + Math.cos(a) * m.half * (1 + wobble(k));
    const y = floor - Math.sin(a) * (floor - m.top) * (1 + wobble(k + 7) * 0.6);
    g.lineTo(x, y);
  }
  g.closePath();
}

/** What shows through the mouth: the sky of the time of day and the land beyond. */
function paintOutside(g: Graphics, ctx: RenderContext, sky: RenderContext["palette"], m: Mouth, floor: number): void {
  const { width } = ctx;
  const land = floor - (floor - m.top) * 0.25;
  const gradient = g.createLinearGradient(0, m.top, 0, land);
  gradient.addColorStop(0, css(sky.skyTop));
  gradient.addColorStop(0.6, css(sky.skyMid));
  gradient.addColorStop(1, css(sky.skyHorizon));
  g.fillStyle = gradient;
  g.fillRect(0, 0, width, land);
  g.fillStyle = css(mix(ctx.scene.snowy ? sky.snow : sky.grass, sky.haze, 0.35));
  g.fillRect(0, land, width, floor - land + 2);
}

/** The rock all round the mouth, darker away from its light, with cracks and ledges. */
function paintRock(g: Graphics, ctx: RenderContext, m: Mouth, floor: number, r: Random): void {
  const { width, height, palette: p } = ctx;
  const wobble = (k: number) => Math.sin(k * 2.3 + 1) * 0.06 + Math.sin(k * 5.1) * 0.03;
  g.save();
  // The rock is everything outside the mouth: the whole picture with the mouth cut out.
  g.beginPath();
  g.rect(0, 0, width, height);
  mouthPath(g, m, floor, wobble, false);
  g.clip("evenodd");
  const light = g.createRadialGradient(m.x, floor - (floor - m.top) * 0.4, m.half * 0.6, m.x, floor, width * 0.75);
  light.addColorStop(0, css(mix(scale(ROCK, 0.35 + 0.5 * p.exposure), p.light, 0.2)));
  light.addColorStop(1, css(DEEP_ROCK));
  g.fillStyle = light;
  g.fillRect(0, 0, width, height);
  // Ledges and cracks: darker and lighter strokes following the rock.
  for (let k = 0; k < 26; k++) {
    const x = r.next() * width;
    const y = r.next() * floor;
    const len = r.range(0.06, 0.18) * width;
    g.strokeStyle = css(r.chance(0.5) ? scale(DEEP_ROCK, 0.7) : mix(ROCK, p.light, 0.2), r.range(0.25, 0.5));
    g.lineWidth = Math.max(1, r.range(1.5, 4) * ctx.unit);
    g.beginPath();
    g.moveTo(x, y);
    g.quadraticCurveTo(x + len * 0.5, y + r.range(-0.04, 0.04) * height, x + len, y + r.range(-0.05, 0.05) * height);
    g.stroke();
  }
  g.restore();
  // The mouth's rim catches the light.
  g.strokeStyle = css(mix(ROCK, p.light, 0.45), 0.7);
  g.lineWidth = Math.max(1.5, 4 * ctx.unit);
  mouthPath(g, m, floor, wobble);
  g.stroke();
}

/** The floor: rock and grit, brightest toward the mouth, with stalagmites and stones. */
function paintFloor(g: Graphics, ctx: RenderContext, m: Mouth, floor: number, r: Random): void {
  const { width, height, palette: p, unit } = ctx;
  const gradient = g.createRadialGradient(m.x, floor, 0, m.x, floor, width);
  gradient.addColorStop(0, css(mix(scale(ROCK, 0.45 + 0.5 * p.exposure), p.light, 0.25)));
  gradient.addColorStop(1, css(scale(DEEP_ROCK, 0.9)));
  g.fillStyle = gradient;
  g.fillRect(0, floor, width, height - floor);
  for (let k = 0; k < 18; k++) {
    const x = r.next() * width;
    const y = floor + r.next() ** 0.7 * (height - floor);
    const size = (4 + 22 * ((y - floor) / (height - floor))) * unit;
    g.fillStyle = css(mix(scale(ROCK, r.range(0.4, 0.8)), p.light, 0.15));
    g.beginPath();
    g.ellipse(x, y, size * 1.4, size * 0.6, 0, 0, Math.PI * 2);
    g.fill();
  }
  // Stalagmites rising from the floor at the sides.
  for (const side of [-1, 1]) {
    const n = r.int(1, 3);
    for (let k = 0; k < n; k++) {
      const x = m.x + side * (m.half * r.range(1.15, 1.9));
      const base = floor + r.range(0.02, 0.2) * (height - floor);
      const h = r.range(0.08, 0.2) * height;
      const w = h * r.range(0.18, 0.3);
      g.fillStyle = css(mix(scale(ROCK, 0.7), p.light, 0.12));
      g.beginPath();
      g.moveTo(x - w, base);
      g.quadraticCurveTo(x - w * 0.3, base - h * 0.6, x, base - h);
      g.quadraticCurveTo(x + w * 0.3, base - h * 0.6, x + w, base);
      g.closePath();
      g.fill();
    }
  }
}

/** Stalactites hanging from the ceiling, over the mouth and the walls. */
function paintStalactites(g: Graphics, ctx: RenderContext, m: Mouth, r: Random): void {
  const { width, height, palette: p } = ctx;
  let x = r.range(0, 0.04) * width;
  while (x < width) {
    const w = r.range(0.015, 0.045) * width;
    const overMouth = Math.abs(x - m.x) < m.half;
    const top = overMouth ? m.top - height * 0.04 : 0;
    const h = r.range(0.04, overMouth ? 0.1 : 0.22) * height;
    g.fillStyle = css(mix(scale(ROCK, 0.55), p.light, overMouth ? 0.15 : 0.05));
    g.beginPath();
    g.moveTo(x - w / 2, top);
    g.quadraticCurveTo(x - w * 0.15, top + h * 0.6, x, top + h);
    g.quadraticCurveTo(x + w * 0.15, top + h * 0.6, x + w / 2, top);
    g.closePath();
    g.fill();
    x += w * r.range(0.9, 2.2);
  }
}

/** A fire's warm light on the rock around it. */
function fireGlow(g: Graphics, ctx: RenderContext, x: number, y: number): void {
  const radius = Math.max(ctx.width, ctx.height) * 0.6;
  const glow = g.createRadialGradient(x, y, 0, x, y, radius);
  glow.addColorStop(0, css(FIRE_LIGHT, 0.5));
  glow.addColorStop(0.3, css(FIRE_LIGHT, 0.2));
  glow.addColorStop(1, css(FIRE_LIGHT, 0));
  const before = g.globalCompositeOperation;
  g.globalCompositeOperation = "screen";
  g.fillStyle = glow;
  g.fillRect(0, 0, ctx.width, ctx.height);
  g.globalCompositeOperation = before;
}

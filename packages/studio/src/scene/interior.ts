/**
 * Indoor pictures (issue 19): a room — a wall with a window, a wooden floor — or a still life —
 * a wall and a table top — instead of sky and land, for prompts such as "a bowl of lemons", "a cat
 * by a window" or "a fox reading by candlelight". The window shows the sky of the time of day;
 * daylight falls from it, and at night a candle or lantern lights the room around it.
 */
import type { Random } from "../random";
import { createRaster, type Raster } from "../raster";
import { drawThings, type PlacedThing } from "../subjects/draw-things";
import { subjectById, subjectIs } from "../subjects/library";
import { drawWithCanvas, type Graphics } from "./canvas";
import { css, mix, scale } from "./colors";
import { createContext, type Layout, type RenderContext } from "./context";
import { grade } from "./finish";
import type { Palette } from "./palette";
import type { RenderOptions } from "./render-scene";
import { hasSubject, type RGB, type Scene } from "./types";

const PLASTER: RGB = [214, 198, 174];
const WOOD: RGB = [146, 96, 58];
const LINEN: RGB = [228, 218, 198];
const FRAME: RGB = [238, 234, 226];
const CANDLE_LIGHT: RGB = [255, 178, 96];
/** A still life is seen from close by: its things are this much larger than in a landscape. */
export const STILL_LIFE_ZOOM = 1.7;
/** Cut flowers belong on a table like the objects of a still life. */
const FLOWERS = new Set(["bouquet", "vaseofflowers"]);
/** Furniture: with it the room has a floor; without it small things stand on a table top (a still life). */
const FURNITURE = new Set(["table", "chair", "fireplace"]);

/** A room's render context: the outdoor palette for the window, the room's own light and layout. */
export function roomContext(scene: Scene, width: number, height: number, random: Random, data: Uint8ClampedArray) {
  const outdoor = createContext(scene, width, height, random, data);
  const r = random.fork("room");
  const stillLife = scene.things.every(
    (t) => (subjectById(t.id)?.category === "object" || FLOWERS.has(t.id)) && !FURNITURE.has(t.id),
  );
  const lamp = scene.things.some((t) => subjectIs(t.id, "lightsRoom"));
  // The window stands to one side; the main subject keeps the middle.
  const windowSide: 1 | -1 = r.chance(0.5) ? 1 : -1;
  const ctx: RenderContext = {
    ...outdoor,
    palette: roomPalette(outdoor.palette, lamp),
    layout: roomLayout(width, height, stillLife ? 0.56 : 0.64, windowSide),
  };
  return { ctx, sky: outdoor.palette, stillLife, windowSide, cloth: r.chance(0.5) ? WOOD : LINEN };
}

export function renderInterior(scene: Scene, options: RenderOptions): Raster {
  const { width, height, random } = options;
  const progress = options.onProgress ?? (() => {});
  const raster = createRaster(width, height);
  const { ctx, sky, stillLife, windowSide, cloth } = roomContext(scene, width, height, random, raster.data);

  progress(0.2, stillLife ? "Laying the table" : "Furnishing the room");
  let placed: PlacedThing[] = [];
  drawWithCanvas(ctx, (g) => {
    paintWall(g, ctx);
    paintWindow(g, ctx, sky, windowSide);
    if (stillLife) paintTableTop(g, ctx, cloth);
    else paintFloor(g, ctx);
    if (!ctx.palette.night) paintWindowLight(g, ctx, windowSide);
    progress(0.6, "Setting out the things");
    placed = drawThings(g, ctx, stillLife ? STILL_LIFE_ZOOM : 1);
    if (ctx.palette.night) for (const item of placed) if (item.definition.lightsRoom) lightAround(g, ctx, item);
  });
  progress(0.9, "Letting the light settle");
  grade(ctx);
  progress(1, "Done");
  return raster;
}

/** Indoor light: daylight from the window, or the warm light of a flame at night. */
function roomPalette(p: Palette, lamp: boolean): Palette {
  if (p.night && lamp)
    return { ...p, light: CANDLE_LIGHT, shadow: [36, 22, 18], exposure: 0.6, haze: [40, 28, 22], hazeAmount: 0 };
  if (p.night) return { ...p, exposure: 0.45, hazeAmount: 0 };
  return {
    ...p,
    light: mix(p.light, [255, 244, 226], 0.5),
    shadow: mix(p.shadow, [74, 62, 56], 0.5),
    exposure: Math.min(1, p.exposure * 0.95),
    hazeAmount: 0,
  };
}

/** The floor (or table top) starts at `horizon`; nothing is water; light comes from the window's side. */
function roomLayout(width: number, height: number, horizonShare: number, windowSide: 1 | -1): Layout {
  return {
    horizon: Math.round(height * horizonShare),
    water: null,
    shore: new Float32Array(width).fill(height),
    ground: "meadow",
    mountainHeight: 0,
    sun: null,
    moon: null,
    lightX: windowSide,
  };
}

/** How bright the room's surfaces are: the palette's exposure, dimmer still at night (the flame's glow adds light later). */
const surface = (ctx: RenderContext, colour: RGB, k = 1): RGB =>
  scale(mix(colour, ctx.palette.light, 0.18), (ctx.palette.night ? 0.42 : ctx.palette.exposure) * k);

function paintWall(g: Graphics, ctx: RenderContext): void {
  const { width, layout } = ctx;
  const gradient = g.createLinearGradient(0, 0, 0, layout.horizon);
  gradient.addColorStop(0, css(surface(ctx, PLASTER, 0.78)));
  gradient.addColorStop(1, css(surface(ctx, PLASTER, 0.98)));
  g.fillStyle = gradient;
  g.fillRect(0, 0, width, layout.horizon);
  // A skirting board where the wall meets the floor.
  g.fillStyle = css(surface(ctx, mix(PLASTER, WOOD, 0.6), 0.7));
  g.fillRect(0, layout.horizon - ctx.height * 0.025, width, ctx.height * 0.025);
}

/** The window: the outdoor sky of the time of day (with its moon and stars at night) framed in wood. */
function paintWindow(g: Graphics, ctx: RenderContext, sky: Palette, side: 1 | -1): void {
  const { width, height, layout, scene, unit } = ctx;
  const w = width * 0.28;
  const left = side > 0 ? width * 0.94 - w : width * 0.06;
  const top = height * 0.1;
  const bottom = layout.horizon - height * 0.12;
  const h = bottom - top;
  const gradient = g.createLinearGradient(0, top, 0, bottom);
  gradient.addColorStop(0, css(sky.skyTop));
  gradient.addColorStop(0.6, css(sky.skyMid));
  gradient.addColorStop(1, css(sky.skyHorizon));
  g.fillStyle = gradient;
  g.fillRect(left, top, w, h);
  const r = ctx.random.fork("window");
  if (sky.night) {
    g.fillStyle = css([255, 250, 235], 0.85);
    for (let k = 0; k < 14; k++) g.fillRect(left + r.next() * w, top + r.next() * h * 0.7, 1.5 * unit, 1.5 * unit);
    const moon = { x: left + w * r.range(0.3, 0.7), y: top + h * 0.3, radius: w * 0.09 };
    g.fillStyle = css(sky.sun);
    g.beginPath();
    g.arc(moon.x, moon.y, moon.radius, 0, Math.PI * 2);
    g.fill();
  } else if (sky.cloudCover > 0.1) {
    g.fillStyle = css(sky.cloudLit, 0.8);
    for (let k = 0; k < 3; k++) {
      g.beginPath();
      g.ellipse(left + w * r.range(0.2, 0.8), top + h * r.range(0.2, 0.5), w * 0.16, h * 0.05, 0, 0, Math.PI * 2);
      g.fill();
    }
  }
  // What the prompt names outside shows as a far silhouette: hills, mountains or the sea.
  const outside = hasSubject(scene, "mountains")
    ? 0.3
    : hasSubject(scene, "hills", "forest", "trees", "meadow")
      ? 0.15
      : 0;
  if (hasSubject(scene, "sea", "lake")) {
    g.fillStyle = css(mix(sky.water, sky.skyHorizon, 0.3));
    g.fillRect(left, bottom - h * 0.22, w, h * 0.22);
  } else if (outside > 0) {
    g.fillStyle = css(mix(sky.mountain, sky.skyHorizon, 0.35));
    g.beginPath();
    g.moveTo(left, bottom);
    for (let k = 0; k <= 6; k++) g.lineTo(left + (w * k) / 6, bottom - h * outside * (0.5 + 0.5 * r.next()));
    g.lineTo(left + w, bottom);
    g.closePath();
    g.fill();
  }
  // The frame, a cross of glazing bars and the sill.
  const bar = Math.max(2, w * 0.035);
  const frame = surface(ctx, FRAME, 0.95);
  g.strokeStyle = css(frame);
  g.lineWidth = bar * 1.6;
  g.strokeRect(left, top, w, h);
  g.fillStyle = css(frame);
  g.fillRect(left + w / 2 - bar / 2, top, bar, h);
  g.fillRect(left, top + h * 0.45 - bar / 2, w, bar);
  g.fillStyle = css(surface(ctx, FRAME, 0.8));
  g.fillRect(left - w * 0.06, bottom + bar * 0.8, w * 1.12, Math.max(3, h * 0.05));
}

/** Wooden boards running away from the viewer toward a point above the middle of the wall. */
function paintFloor(g: Graphics, ctx: RenderContext): void {
  const { width, height, layout, unit } = ctx;
  const top = layout.horizon;
  const gradient = g.createLinearGradient(0, top, 0, height);
  gradient.addColorStop(0, css(surface(ctx, WOOD, 0.7)));
  gradient.addColorStop(1, css(surface(ctx, WOOD, 1.05)));
  g.fillStyle = gradient;
  g.fillRect(0, top, width, height - top);
  const vanishing = { x: width / 2, y: top - height * 0.9 };
  g.strokeStyle = css(surface(ctx, WOOD, 0.45), 0.7);
  g.lineWidth = Math.max(1, 1.6 * unit);
  for (let k = -8; k <= 8; k++) {
    const bottomX = width / 2 + (k * width) / 6;
    const t = (top - vanishing.y) / (height - vanishing.y);
    g.beginPath();
    g.moveTo(vanishing.x + (bottomX - vanishing.x) * t, top);
    g.lineTo(bottomX, height);
    g.stroke();
  }
}

/** A table top seen from a little above, running out of the picture, its front edge near the bottom. */
function paintTableTop(g: Graphics, ctx: RenderContext, cloth: RGB): void {
  const { width, height, layout } = ctx;
  const top = layout.horizon;
  const edge = height * 0.95;
  const gradient = g.createLinearGradient(0, top, 0, edge);
  gradient.addColorStop(0, css(surface(ctx, cloth, 0.72)));
  gradient.addColorStop(1, css(surface(ctx, cloth, 1.02)));
  g.fillStyle = gradient;
  g.fillRect(0, top, width, edge - top);
  // The edge's shade, and a soft shadow where the table meets the wall.
  g.fillStyle = css(surface(ctx, mix(cloth, ctx.palette.shadow, 0.5), 0.6));
  g.fillRect(0, edge, width, height - edge);
  const contact = g.createLinearGradient(0, top, 0, top + height * 0.03);
  contact.addColorStop(0, css(ctx.palette.shadow, 0.35));
  contact.addColorStop(1, css(ctx.palette.shadow, 0));
  g.fillStyle = contact;
  g.fillRect(0, top, width, height * 0.03);
}

/** By day the window's light falls across the floor or the table in a pale slanting patch. */
function paintWindowLight(g: Graphics, ctx: RenderContext, side: 1 | -1): void {
  const { width, height, layout } = ctx;
  const near = side > 0 ? width * 0.94 : width * 0.06;
  const far = side > 0 ? width * 0.66 : width * 0.34;
  const shift = -side * width * 0.22;
  g.fillStyle = css(ctx.palette.light, 0.14);
  g.beginPath();
  g.moveTo(near, layout.horizon);
  g.lineTo(far, layout.horizon);
  g.lineTo(far + shift, height);
  g.lineTo(near + shift, height);
  g.closePath();
  g.fill();
}

/** A flame's warm light: the room brightens around it and falls off with distance. */
function lightAround(g: Graphics, ctx: RenderContext, item: PlacedThing): void {
  const { box } = item;
  const x = box.x;
  const y = box.y - box.h * 0.9;
  const radius = Math.max(ctx.width, ctx.height) * 0.55;
  const glow = g.createRadialGradient(x, y, 0, x, y, radius);
  glow.addColorStop(0, css(CANDLE_LIGHT, 0.55));
  glow.addColorStop(0.25, css(CANDLE_LIGHT, 0.22));
  glow.addColorStop(1, css(CANDLE_LIGHT, 0));
  const before = g.globalCompositeOperation;
  g.globalCompositeOperation = "screen";
  g.fillStyle = glow;
  g.fillRect(0, 0, ctx.width, ctx.height);
  g.globalCompositeOperation = before;
}

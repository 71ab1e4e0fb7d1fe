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
import { hasSubject, type RGB, type RoomKind, type Scene } from "./types";

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
  // Furniture of the art set (a bed, a couch) has a top things stand on, as the library's table has.
  const furniture = (id: string) =>
    FURNITURE.has(id) || (subjectIs(id, "indoor") && subjectById(id)?.surface !== undefined);
  const stillLife =
    scene.room === null &&
    scene.things.every((t) => (subjectById(t.id)?.category === "object" || FLOWERS.has(t.id)) && !furniture(t.id));
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
  const r = random.fork("room-kind");

  progress(0.2, stillLife ? "Laying the table" : "Furnishing the room");
  let placed: PlacedThing[] = [];
  drawWithCanvas(ctx, (g) => {
    paintWall(g, ctx);
    if (scene.room !== "library") paintWindow(g, ctx, sky, windowSide);
    if (scene.room) paintRoomWalls(g, ctx, scene.room, windowSide, r);
    if (stillLife) paintTableTop(g, ctx, cloth);
    else paintFloor(g, ctx);
    if (scene.room === "kitchen" || scene.room === "cafe" || scene.room === "shop")
      paintCounter(g, ctx, scene.room, windowSide);
    const rug =
      scene.room === "bedroom" || scene.room === "livingroom" || /\b(rugs?|carpet|mats?)\b/.test(scene.prompt);
    if (rug && !stillLife) paintRug(g, ctx, r.fork("rug"));
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
  // The weather outside: rain running down the glass, snow falling past it.
  if (scene.weather === "rain" || scene.weather === "storm") {
    g.fillStyle = css(mix(sky.skyMid, [40, 50, 70], 0.5), 0.35);
    g.fillRect(left, top, w, h);
    g.strokeStyle = css(mix(sky.cloudLit, [255, 255, 255], 0.4), 0.55);
    g.lineWidth = Math.max(1, 1.1 * unit);
    for (let k = 0; k < 40; k++) {
      const x = left + r.next() * w;
      const y = top + r.next() * h;
      g.beginPath();
      g.moveTo(x, y);
      g.lineTo(x - w * 0.015, y + h * r.range(0.04, 0.09));
      g.stroke();
    }
  } else if (scene.weather === "snow" || scene.snowy) {
    g.fillStyle = css([248, 250, 255], 0.9);
    for (let k = 0; k < 45; k++) {
      g.beginPath();
      g.arc(left + r.next() * w, top + r.next() * h, r.range(1.6, 3.6) * unit, 0, Math.PI * 2);
      g.fill();
    }
    g.fillStyle = css(mix(sky.snow, [255, 255, 255], 0.3));
    g.fillRect(left, bottom - h * 0.12, w, h * 0.12);
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

const CHALKBOARD: RGB = [44, 70, 58];
const SLATE: RGB = [46, 46, 48];
const CHALK: RGB = [236, 236, 226];
/** What a shop's shelves hold: jars, tins and boxes of many colours. */
const GOODS: RGB[] = [
  [200, 70, 60],
  [230, 170, 60],
  [80, 140, 90],
  [70, 110, 170],
  [170, 90, 150],
  [240, 230, 210],
  [120, 80, 50],
];
const BOOKS: RGB[] = [
  [150, 40, 36],
  [40, 70, 120],
  [50, 100, 60],
  [180, 140, 60],
  [110, 60, 90],
  [200, 190, 170],
  [70, 50, 40],
];
const CABINET: RGB = [226, 220, 204];
const TILE: RGB = [214, 226, 230];

/** The walls of a room the prompt names: a classroom's blackboard, a library's shelves, a kitchen's cupboards. */
function paintRoomWalls(g: Graphics, ctx: RenderContext, room: RoomKind, windowSide: 1 | -1, r: Random): void {
  const { width, height, layout, unit } = ctx;
  const wallBottom = layout.horizon - height * 0.025;
  // The part of the wall away from the window.
  const left = windowSide > 0 ? width * 0.04 : width * 0.4;
  const right = windowSide > 0 ? width * 0.6 : width * 0.96;
  if (room === "classroom" || room === "cafe") {
    // A blackboard with a wooden frame, chalk writing and a tray; a cafe's is a smaller menu board.
    const cafe = room === "cafe";
    const x0 = cafe ? left + (right - left) * 0.25 : left;
    const x1 = cafe ? right - (right - left) * 0.25 : right;
    const y0 = height * (cafe ? 0.12 : 0.14);
    const y1 = cafe ? height * 0.36 : layout.horizon - height * 0.2;
    g.fillStyle = css(surface(ctx, WOOD, 0.8));
    g.fillRect(x0 - 6 * unit, y0 - 6 * unit, x1 - x0 + 12 * unit, y1 - y0 + 12 * unit);
    g.fillStyle = css(surface(ctx, cafe ? SLATE : CHALKBOARD, 1));
    g.fillRect(x0, y0, x1 - x0, y1 - y0);
    g.strokeStyle = css(surface(ctx, CHALK, 1.1), 0.8);
    g.lineWidth = Math.max(1, 2.2 * unit);
    const lines = cafe ? 5 : 3;
    for (let k = 0; k < lines; k++) {
      const y = y0 + ((y1 - y0) * (k + 0.8)) / (lines + 0.6);
      let x = x0 + (x1 - x0) * 0.08;
      const end = x0 + (x1 - x0) * r.range(0.55, 0.9);
      g.beginPath();
      g.moveTo(x, y);
      // Handwriting: small loops along the line.
      while (x < end) {
        const step = r.range(5, 11) * unit;
        g.quadraticCurveTo(x + step / 2, y - r.range(3, 9) * unit, x + step, y);
        x += step;
      }
      g.stroke();
    }
    if (!cafe) {
      g.fillStyle = css(surface(ctx, WOOD, 0.7));
      g.fillRect(x0 - 8 * unit, y1 + 6 * unit, x1 - x0 + 16 * unit, 6 * unit);
    }
  }
  if (room === "cafe") paintPendantLamps(g, ctx, r);
  if (room === "library") {
    // Shelves of books from wall to wall.
    const shelf = height * 0.13;
    for (let top = height * 0.04; top + shelf <= wallBottom + 1; top += shelf) {
      g.fillStyle = css(surface(ctx, WOOD, 0.45));
      g.fillRect(0, top, width, shelf);
      let x = width * 0.01;
      while (x < width) {
        const w = r.range(7, 16) * unit;
        const h = shelf * r.range(0.62, 0.86);
        g.fillStyle = css(surface(ctx, r.pick(BOOKS), 0.9));
        g.fillRect(x, top + shelf - h - 3 * unit, w - unit, h);
        x += w + (r.chance(0.08) ? r.range(6, 20) * unit : 0);
      }
      g.fillStyle = css(surface(ctx, WOOD, 0.85));
      g.fillRect(0, top + shelf - 3 * unit, width, 4 * unit);
    }
  }
  if (room === "shop") {
    // Shelves on the wall away from the window, stocked with jars, boxes and bottles in many colours.
    const shelf = height * 0.1;
    for (let top = height * 0.06; top + shelf <= wallBottom - height * 0.18; top += shelf) {
      let x = left;
      while (x < right - 8 * unit) {
        const w = r.range(20, 36) * unit;
        const h = shelf * r.range(0.35, 0.7);
        const colour = surface(ctx, r.pick(GOODS), 0.95);
        g.fillStyle = css(colour);
        if (r.chance(0.6)) {
          // A jar: rounded, with a lid.
          g.beginPath();
          g.roundRect(x, top + shelf - h - 3 * unit, w - 2 * unit, h, 3 * unit);
          g.fill();
          g.fillStyle = css(surface(ctx, [90, 80, 70], 0.9));
          g.fillRect(x + unit, top + shelf - h - 6 * unit, w - 4 * unit, 3 * unit);
        } else g.fillRect(x, top + shelf - h - 3 * unit, w - 2 * unit, h);
        x += w + r.range(3, 10) * unit;
      }
      g.fillStyle = css(surface(ctx, WOOD, 0.85));
      g.fillRect(left - 4 * unit, top + shelf - 3 * unit, right - left + 8 * unit, 4 * unit);
    }
  }
  if (room === "kitchen") {
    // Wall cupboards above a tiled splashback.
    const top = height * 0.08;
    const bottom = height * 0.3;
    const door = width * 0.1;
    g.fillStyle = css(surface(ctx, TILE, 0.95));
    g.fillRect(left, bottom, right - left, wallBottom - bottom);
    g.strokeStyle = css(surface(ctx, TILE, 0.75), 0.8);
    g.lineWidth = Math.max(1, unit);
    for (let y = bottom; y < wallBottom; y += 14 * unit) g.strokeRect(left, y, right - left, 14 * unit);
    for (let x = left; x < right; x += door) {
      g.fillStyle = css(surface(ctx, CABINET, 0.95));
      g.fillRect(x + unit, top, door - 2 * unit, bottom - top);
      g.strokeStyle = css(surface(ctx, CABINET, 0.7));
      g.strokeRect(x + 4 * unit, top + 4 * unit, door - 8 * unit, bottom - top - 8 * unit);
      g.fillStyle = css(surface(ctx, [120, 120, 120], 0.9));
      g.fillRect(x + door * 0.45, bottom - 16 * unit, door * 0.1, 3 * unit);
    }
  }
  if (room === "bathroom") {
    // Tiles to shoulder height.
    const top = height * 0.28;
    g.fillStyle = css(surface(ctx, TILE, 1));
    g.fillRect(0, top, width, wallBottom - top);
    g.strokeStyle = css(surface(ctx, TILE, 0.78), 0.9);
    g.lineWidth = Math.max(1, unit);
    const size = 22 * unit;
    for (let y = top; y < wallBottom; y += size) {
      g.beginPath();
      g.moveTo(0, y);
      g.lineTo(width, y);
      g.stroke();
    }
    for (let x = 0; x < width; x += size) {
      g.beginPath();
      g.moveTo(x, top);
      g.lineTo(x, wallBottom);
      g.stroke();
    }
  }
}

const RUGS: RGB[] = [
  [150, 60, 56],
  [60, 90, 120],
  [170, 140, 90],
];

/** A rug on the floor in front of the wall, under what stands there. */
function paintRug(g: Graphics, ctx: RenderContext, r: Random): void {
  const { width, height, layout } = ctx;
  const cx = width / 2;
  const cy = layout.horizon + (height - layout.horizon) * 0.62;
  g.fillStyle = css(surface(ctx, r.pick(RUGS), 0.9), 0.9);
  g.beginPath();
  g.ellipse(cx, cy, width * 0.36, (height - layout.horizon) * 0.26, 0, 0, Math.PI * 2);
  g.fill();
}

/** A kitchen's worktop on cupboards (with an oven door) or a cafe's or shop's wooden counter along the back wall. */
function paintCounter(g: Graphics, ctx: RenderContext, room: "kitchen" | "cafe" | "shop", windowSide: 1 | -1): void {
  const { width, height, layout, unit } = ctx;
  const left = windowSide > 0 ? 0 : width * 0.38;
  const right = windowSide > 0 ? width * 0.62 : width;
  const top = layout.horizon - height * 0.2;
  const bottom = layout.horizon + height * 0.04;
  const body = room === "kitchen" ? CABINET : WOOD;
  g.fillStyle = css(surface(ctx, body, 0.85));
  g.fillRect(left, top, right - left, bottom - top);
  g.fillStyle = css(surface(ctx, room === "kitchen" ? [90, 90, 96] : mix(WOOD, [255, 255, 255], 0.2), 1));
  g.fillRect(left - 4 * unit, top - 6 * unit, right - left + 8 * unit, 8 * unit);
  if (room === "kitchen") {
    // The oven: a dark door with a window and a row of knobs.
    const ox = left + (right - left) * 0.35;
    const ow = (right - left) * 0.3;
    g.fillStyle = css(surface(ctx, [60, 60, 64], 1));
    g.fillRect(ox, top + 4 * unit, ow, bottom - top - 8 * unit);
    g.fillStyle = css(surface(ctx, [30, 30, 34], 1));
    g.fillRect(ox + ow * 0.12, top + (bottom - top) * 0.35, ow * 0.76, (bottom - top) * 0.45);
    g.fillStyle = css(surface(ctx, [200, 200, 200], 1));
    for (let k = 0; k < 4; k++) {
      g.beginPath();
      g.arc(ox + ow * (0.2 + 0.2 * k), top + (bottom - top) * 0.18, 3.5 * unit, 0, Math.PI * 2);
      g.fill();
    }
  } else {
    // Panels along the cafe's counter.
    g.strokeStyle = css(surface(ctx, WOOD, 0.6));
    g.lineWidth = Math.max(1, 1.5 * unit);
    for (let x = left + 30 * unit; x < right; x += 60 * unit)
      g.strokeRect(x - 24 * unit, top + 10 * unit, 48 * unit, bottom - top - 20 * unit);
  }
}

/** A cafe's lamps hanging from the ceiling on their cords, glowing warm. */
function paintPendantLamps(g: Graphics, ctx: RenderContext, r: Random): void {
  const { width, height, unit } = ctx;
  const n = 3;
  for (let k = 0; k < n; k++) {
    const x = width * ((k + 0.5) / n) + r.range(-0.04, 0.04) * width;
    const y = height * r.range(0.14, 0.2);
    g.strokeStyle = css([40, 36, 34]);
    g.lineWidth = Math.max(1, 1.4 * unit);
    g.beginPath();
    g.moveTo(x, 0);
    g.lineTo(x, y);
    g.stroke();
    const glow = g.createRadialGradient(x, y + 10 * unit, 0, x, y + 10 * unit, 70 * unit);
    glow.addColorStop(0, css(CANDLE_LIGHT, 0.45));
    glow.addColorStop(1, css(CANDLE_LIGHT, 0));
    g.fillStyle = glow;
    g.fillRect(x - 70 * unit, y - 60 * unit, 140 * unit, 140 * unit);
    g.fillStyle = css(surface(ctx, [40, 70, 64], 1));
    g.beginPath();
    g.moveTo(x - 7 * unit, y);
    g.lineTo(x + 7 * unit, y);
    g.lineTo(x + 20 * unit, y + 18 * unit);
    g.lineTo(x - 20 * unit, y + 18 * unit);
    g.closePath();
    g.fill();
    g.fillStyle = css([255, 236, 190]);
    g.beginPath();
    g.ellipse(x, y + 18 * unit, 12 * unit, 3 * unit, 0, 0, Math.PI * 2);
    g.fill();
  }
}

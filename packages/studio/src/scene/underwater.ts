/**
 * Under the sea (issue 28): seen from below the surface — the water column from the bright,
 * rippled surface to the deep, rays of light slanting down, a sandy floor with rocks and swaying
 * weed, bubbles — for prompts such as "an octopus on the sea floor among rocks", "a shipwreck
 * covered in seaweed" or "a jellyfish, underwater". What swims is placed in the water; what is
 * "on" the floor, and everything else, stands on the sand. Distance fades into the water's blue.
 */
import type { Random } from "../random";
import { createRaster, type Raster } from "../raster";
import { drawThings } from "../subjects/draw-things";
import { drawWithCanvas, type Graphics } from "./canvas";
import { css, mix, scale } from "./colors";
import { createContext, type RenderContext } from "./context";
import { grade } from "./finish";
import type { Palette } from "./palette";
import type { RenderOptions } from "./render-scene";
import type { RGB, Scene } from "./types";

const SHALLOW: RGB = [64, 170, 190];
const DEEP: RGB = [8, 42, 84];
const SAND: RGB = [196, 178, 130];
const STONE: RGB = [92, 104, 112];
const WEED: RGB = [46, 120, 70];
/** The sea floor begins this far down the picture. */
const FLOOR = 0.72;

/**
 * Library subjects drawn at the surface — the fish leaps from it, the whale breaks it, the reef is
 * seen through it — and the art set's drawings that are below it instead.
 */
const BELOW_THE_SURFACE: Record<string, string> = { fish: "art:1f41f", whale: "art:1f40b", coralreef: "art:1fab8" };
const TROPICAL_FISH = "art:1f420";

function belowTheSurface(scene: Scene): Scene {
  const tropical = /\btropical\b/i.test(scene.prompt);
  const swap = (id: string) => (id === "fish" && tropical ? TROPICAL_FISH : (BELOW_THE_SURFACE[id] ?? id));
  return {
    ...scene,
    things: scene.things.map((t) => ({
      ...t,
      id: swap(t.id),
      ...(t.relation ? { relation: { ...t.relation, target: swap(t.relation.target) } } : {}),
    })),
  };
}

export function renderUnderwater(prompted: Scene, options: RenderOptions): Raster {
  const scene = belowTheSurface(prompted);
  const { width, height, random } = options;
  const progress = options.onProgress ?? (() => {});
  const raster = createRaster(width, height);
  const outdoor = createContext(scene, width, height, random, raster.data);
  const floor = Math.round(height * (FLOOR + random.fork("floor").range(-0.03, 0.03)));
  const ctx: RenderContext = {
    ...outdoor,
    palette: underwaterPalette(outdoor.palette, scene),
    layout: {
      horizon: floor,
      water: null,
      shore: new Float32Array(width).fill(height),
      ground: "sand",
      mountainHeight: 0,
      sun: null,
      moon: null,
      lightX: outdoor.layout.lightX,
      underwater: true,
    },
  };
  const r = random.fork("underwater");
  progress(0.2, "Filling the sea");
  drawWithCanvas(ctx, (g) => {
    paintWaterColumn(g, ctx);
    paintLightRays(g, ctx, r.fork("rays"));
    paintFloor(g, ctx, r.fork("floor"));
    paintWeed(g, ctx, r.fork("weed-back"), 0.6);
    progress(0.6, "Setting out what lives there");
    drawThings(g, ctx);
    paintWeed(g, ctx, r.fork("weed-front"), 1);
    paintBubbles(g, ctx, r.fork("bubbles"));
  });
  progress(0.9, "Letting the light settle");
  grade(ctx);
  progress(1, "Done");
  return raster;
}

/** Light under water: blue-green, dimmer, and the deep's colour in the shadows. */
function underwaterPalette(p: Palette, scene: Scene): Palette {
  const dark = p.night || scene.mood === "dark" || scene.mood === "mysterious";
  return {
    ...p,
    light: [170, 232, 236],
    shadow: scale(DEEP, 0.8),
    haze: mix(SHALLOW, DEEP, 0.5),
    hazeAmount: 0.3,
    exposure: dark ? 0.45 : 0.78,
    night: false,
    vignette: Math.max(p.vignette, 0.35),
  };
}

function paintWaterColumn(g: Graphics, ctx: RenderContext): void {
  const { width, height, palette: p } = ctx;
  const shallow = scale(SHALLOW, p.exposure * 1.15);
  const gradient = g.createLinearGradient(0, 0, 0, height);
  gradient.addColorStop(0, css(mix(shallow, [210, 245, 240], 0.35)));
  gradient.addColorStop(0.12, css(shallow));
  gradient.addColorStop(0.75, css(mix(shallow, DEEP, 0.7)));
  gradient.addColorStop(1, css(DEEP));
  g.fillStyle = gradient;
  g.fillRect(0, 0, width, height);
  // The surface seen from below: a bright, rippled band.
  g.strokeStyle = css([225, 250, 245], 0.35);
  g.lineWidth = Math.max(1, 3 * ctx.unit);
  for (let row = 0; row < 4; row++) {
    const y = height * (0.015 + row * 0.022);
    g.beginPath();
    for (let x = 0; x <= width; x += 8) {
      const wave = Math.sin(x / (width * 0.045) + row * 1.7) * height * 0.006;
      if (x === 0) g.moveTo(x, y + wave);
      else g.lineTo(x, y + wave);
    }
    g.stroke();
  }
}

/** Shafts of sunlight from the surface, slanting with the light. */
function paintLightRays(g: Graphics, ctx: RenderContext, r: Random): void {
  const { width, height, layout } = ctx;
  const slant = layout.lightX * width * 0.18;
  const count = r.int(4, 7);
  for (let k = 0; k < count; k++) {
    const x = r.range(-0.1, 1.1) * width;
    const spread = r.range(0.03, 0.08) * width;
    const gradient = g.createLinearGradient(0, 0, 0, height * 0.85);
    gradient.addColorStop(0, css([235, 255, 250], r.range(0.16, 0.28)));
    gradient.addColorStop(1, css([235, 255, 250], 0));
    g.fillStyle = gradient;
    g.beginPath();
    g.moveTo(x - spread * 0.3, 0);
    g.lineTo(x + spread * 0.3, 0);
    g.lineTo(x - slant + spread, height * 0.85);
    g.lineTo(x - slant - spread, height * 0.85);
    g.closePath();
    g.fill();
  }
}

/** A sandy floor, darker toward the front, with rocks half sunk in it. */
function paintFloor(g: Graphics, ctx: RenderContext, r: Random): void {
  const { width, height, layout, palette: p } = ctx;
  const top = layout.horizon;
  const sand = mix(scale(SAND, p.exposure), SHALLOW, 0.35);
  const gradient = g.createLinearGradient(0, top - height * 0.03, 0, height);
  gradient.addColorStop(0, css(mix(sand, DEEP, 0.45)));
  gradient.addColorStop(1, css(mix(sand, DEEP, 0.15)));
  g.fillStyle = gradient;
  g.beginPath();
  g.moveTo(0, height);
  for (let x = 0; x <= width; x += 8) g.lineTo(x, top + Math.sin(x / (width * 0.13) + r.next()) * height * 0.012);
  g.lineTo(width, height);
  g.closePath();
  g.fill();
  // Ripples in the sand.
  g.strokeStyle = css(mix(sand, DEEP, 0.35), 0.35);
  g.lineWidth = Math.max(1, 2 * ctx.unit);
  for (let k = 0; k < 14; k++) {
    const y = top + (height - top) * r.range(0.1, 0.95);
    const x = r.range(0, width);
    g.beginPath();
    g.ellipse(x, y, width * r.range(0.04, 0.1), height * 0.006, 0, Math.PI, Math.PI * 2);
    g.stroke();
  }
  const rocks = r.int(3, 6);
  for (let k = 0; k < rocks; k++) {
    const x = r.range(0, width);
    const y = top + (height - top) * r.range(0.05, 0.9);
    const size = height * r.range(0.03, 0.07) * (0.6 + (y - top) / (height - top));
    const stone = mix(scale(STONE, p.exposure), DEEP, 0.35 - (0.25 * (y - top)) / (height - top));
    g.fillStyle = css(stone);
    g.beginPath();
    g.ellipse(x, y, size * 1.4, size, 0, Math.PI, Math.PI * 2);
    g.fill();
    g.fillStyle = css(mix(stone, [220, 250, 245], 0.25));
    g.beginPath();
    g.ellipse(x - size * 0.3 * ctx.layout.lightX * -1, y - size * 0.7, size * 0.6, size * 0.22, 0, 0, Math.PI * 2);
    g.fill();
  }
}

/** Weed swaying up from the floor: `near` 1 in front, less behind (smaller, fainter). */
function paintWeed(g: Graphics, ctx: RenderContext, r: Random, near: number): void {
  const { width, height, layout, palette: p } = ctx;
  const count = r.int(3, 6);
  for (let k = 0; k < count; k++) {
    // At the sides, so the middle stays for what the prompt names.
    const x = (r.chance(0.5) ? r.range(0, 0.25) : r.range(0.75, 1)) * width;
    const base = near < 1 ? layout.horizon + height * 0.02 : height + 2;
    const tall = height * r.range(0.18, 0.4) * near;
    const colour = mix(scale(WEED, p.exposure), DEEP, near < 1 ? 0.45 : 0.1);
    g.strokeStyle = css(colour, 0.9);
    g.lineCap = "round";
    for (let blade = 0; blade < 4; blade++) {
      g.lineWidth = Math.max(1.5, (6 - blade) * ctx.unit * 2 * near);
      const sway = r.range(-1, 1);
      g.beginPath();
      g.moveTo(x + blade * 6 * ctx.unit, base);
      for (let s = 1; s <= 12; s++) {
        const t = s / 12;
        g.lineTo(
          x + blade * 6 * ctx.unit + Math.sin(t * 5 + sway * 3) * width * 0.015 * t + sway * t * width * 0.03,
          base - tall * t * r.range(0.95, 1.05),
        );
      }
      g.stroke();
    }
  }
}

function paintBubbles(g: Graphics, ctx: RenderContext, r: Random): void {
  const { width, height } = ctx;
  g.strokeStyle = css([230, 250, 250], 0.55);
  g.lineWidth = Math.max(1, 1.5 * ctx.unit);
  const columns = r.int(2, 4);
  for (let c = 0; c < columns; c++) {
    let x = r.range(0.1, 0.9) * width;
    let y = height * r.range(0.5, 0.8);
    for (let k = 0; k < 9 && y > 0; k++) {
      const radius = Math.max(1.5, height * r.range(0.004, 0.011));
      g.beginPath();
      g.arc(x, y, radius, 0, Math.PI * 2);
      g.stroke();
      x += r.range(-0.012, 0.012) * width;
      y -= height * r.range(0.04, 0.08);
    }
  }
}

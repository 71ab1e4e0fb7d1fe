/**
 * What every scene layer shares while one image renders: the pixels, the palette, the layout
 * (where the horizon, water and sun are) and size-independent units.
 */
import { subjectById } from "../subjects/library";
import { createNoise2D, type Noise2D, type Random } from "../random";
import { buildPalette, type Palette } from "./palette";
import { hasSubject, type Scene, type TimeOfDay } from "./types";

export interface Layout {
  /** Row where the sky meets land or water. */
  horizon: number;
  /** Sea or lake between the horizon and the shore. */
  water: "sea" | "lake" | null;
  /** Per column: the row where foreground land starts in front of the water (height when none). */
  shore: Float32Array;
  /** What covers the ground in front when there is no water, or in front of it. */
  ground: "meadow" | "snow" | "sand" | "street";
  /** Highest mountain rise above the horizon in pixels (0 without mountains). */
  mountainHeight: number;
  sun: { x: number; y: number; r: number } | null;
  moon: { x: number; y: number; r: number } | null;
  /** -1 when the light comes from the left, 1 from the right. */
  lightX: number;
  /** Seen from under the sea (underwater.ts): what swims is placed in the water, above the floor. */
  underwater?: boolean;
}

export interface RenderContext {
  scene: Scene;
  width: number;
  height: number;
  /** Pixel size of a 1024×1024 unit: sizes are written for 1024 and multiplied by this. */
  unit: number;
  /** Length (px) that noise coordinates are divided by, so features scale with the image. */
  span: number;
  data: Uint8ClampedArray;
  random: Random;
  palette: Palette;
  layout: Layout;
}

/** Subjects that put land or water under the sky: without any, a scene is only sky. */
export const LAND_SUBJECTS: Parameters<typeof hasSubject>[1][] = [
  "mountains",
  "sea",
  "lake",
  "river",
  "forest",
  "trees",
  "city",
  "village",
  "castle",
  "desert",
  "flowers",
  "meadow",
  "hills",
  "island",
  "beach",
];

export function createContext(
  scene: Scene,
  width: number,
  height: number,
  random: Random,
  data: Uint8ClampedArray,
): RenderContext {
  const unit = Math.sqrt(width * height) / 1024;
  const span = Math.sqrt(width * height);
  const r = random.fork("layout");
  const time = chooseTime(scene, r);
  const palette = buildPalette(scene, time);
  const layout = chooseLayout(scene, width, height, r, palette.sunHeight, time);
  return { scene, width, height, unit, span, data, random, palette, layout };
}

function chooseTime(scene: Scene, r: Random): TimeOfDay {
  if (scene.timeExplicit) return scene.timeOfDay;
  if (scene.timeOfDay !== "day") return scene.timeOfDay;
  // Christmas scenes glow best in the evening: warm windows against a blue sky.
  if (scene.christmas) return r.pick(["dusk", "night", "night"] as const);
  if (scene.weather !== "clear") return r.pick(["day", "day", "morning"] as const);
  return r.pick(["day", "day", "day", "morning", "golden"] as const);
}

/** The art set's globes: the earth seen from space. */
const EARTH_DRAWINGS = new Set(["art:1f30d", "art:1f30e", "art:1f30f"]);

function chooseLayout(
  scene: Scene,
  width: number,
  height: number,
  r: Random,
  sunHeight: number,
  time: TimeOfDay,
): Layout {
  const s = (...k: Parameters<typeof hasSubject>[1][]) => hasSubject(scene, ...k);
  const onlySky = !LAND_SUBJECTS.some((k) => s(k));
  const water = s("sea", "island", "beach") ? "sea" : s("lake") ? "lake" : null;
  // Tall images get a lower horizon fraction so the sky does not swallow the land.
  const portrait = height > width * 1.2;
  let horizonFraction: number;
  // Out in space ("an astronaut floating in space"): what is named floats or flies, so no ground at all.
  const inSpace =
    onlySky &&
    s("galaxy") &&
    scene.things.length > 0 &&
    scene.things.every(
      (t) => t.pose === "flying" || subjectById(t.id)?.placement === "sky" || EARTH_DRAWINGS.has(t.id),
    );
  if (inSpace) horizonFraction = 1;
  else if (onlySky) horizonFraction = s("galaxy", "aurora", "stars") ? 0.8 : 0.74;
  else if (water && s("mountains")) horizonFraction = 0.56;
  else if (water) horizonFraction = s("city") ? 0.6 : 0.58;
  else if (s("mountains")) horizonFraction = 0.64;
  else if (s("city")) horizonFraction = 0.66;
  else if (s("desert")) horizonFraction = 0.5;
  else horizonFraction = 0.56;
  if (portrait) horizonFraction += 0.04;
  if (!inSpace) horizonFraction += r.range(-0.03, 0.03);
  const horizon = Math.round(height * horizonFraction);

  const ground: Layout["ground"] = s("desert")
    ? "sand"
    : scene.snowy
      ? "snow"
      : s("city") && !s("flowers", "meadow", "village")
        ? "street"
        : s("beach")
          ? "sand"
          : "meadow";

  // Water gives way to a shore when something should stand in the foreground.
  const shore = new Float32Array(width).fill(height);
  if (water) {
    // (A deer by a lake, zebras at a waterhole stand on its near shore, not on a rock in the water.)
    const standsByWater = scene.things.some((t) => {
      const definition = subjectById(t.id);
      return (
        definition?.placement === "ground" &&
        (definition.category === "animal" || definition.category === "figure") &&
        t.pose !== "flying" &&
        t.pose !== "swimming" &&
        t.relation?.kind !== "on"
      );
    });
    const foreground =
      s("flowers", "meadow", "forest", "trees", "village", "beach") ||
      (scene.snowy && !s("mountains")) ||
      standsByWater;
    if (foreground) {
      const base = horizon + (height - horizon) * r.range(0.62, 0.76);
      const phase = r.range(0, 10);
      const tilt = r.range(-0.06, 0.06) * height;
      for (let x = 0; x < width; x++) {
        const u = x / width;
        shore[x] =
          base +
          tilt * (u - 0.5) +
          Math.sin(u * 5 + phase) * height * 0.025 +
          Math.sin(u * 13 + phase * 2) * height * 0.008;
      }
    }
  }

  const mountainHeight = s("mountains") ? horizon * (s("lake", "sea") ? 0.55 : 0.5) * r.range(0.85, 1.1) : 0;
  const sunSide = r.chance(0.5) ? -1 : 1;
  const sunX = width * (0.5 + sunSide * r.range(0.08, 0.3));
  const span = Math.sqrt(width * height);
  let sun: Layout["sun"] = null;
  let moon: Layout["moon"] = null;
  const lowSun = time === "dawn" || time === "sunset" || time === "golden";
  if (time !== "night" && time !== "dusk" && scene.weather !== "rain" && scene.weather !== "storm") {
    const visible = s("sun") || lowSun || (scene.weather === "clear" && r.chance(0.5));
    if (visible) {
      const rSun = span * (lowSun ? 0.045 : 0.035);
      // A low sun rests just over the ridges so the peaks do not hide it completely.
      const y = lowSun
        ? horizon - Math.max(sunHeight * horizon, mountainHeight * 0.7) - rSun * 0.2
        : horizon * (1 - sunHeight) + rSun;
      sun = { x: sunX, y: Math.max(rSun * 1.5, y), r: rSun };
    }
  }
  // A crescent named in the prompt is the only moon in its sky.
  const crescent = scene.things.some((t) => t.id === "crescentmoon");
  if ((time === "night" || time === "dusk") && !crescent && (s("moon") || (!s("galaxy") && r.chance(0.6)))) {
    const rMoon = span * (s("moon") ? 0.05 : 0.035);
    moon = { x: sunX, y: Math.max(rMoon * 2, horizon * r.range(0.2, 0.42)), r: rMoon };
  }
  const light = sun ?? moon;
  const lightX = light ? (light.x < width / 2 ? -1 : 1) : sunSide;
  return { horizon, water, shore, ground, mountainHeight, sun, moon, lightX };
}

/** A smooth field computed every `step` pixels and bilinearly enlarged: soft noise at a fraction of the cost. */
export function lowResField(
  width: number,
  height: number,
  step: number,
  sample: (x: number, y: number) => number,
  rows = height,
): Float32Array {
  const cols = Math.ceil(width / step) + 1;
  const lines = Math.ceil(rows / step) + 1;
  const small = new Float32Array(cols * lines);
  for (let j = 0; j < lines; j++) for (let i = 0; i < cols; i++) small[j * cols + i] = sample(i * step, j * step);
  const out = new Float32Array(width * rows);
  const inv = 1 / step;
  for (let y = 0; y < rows; y++) {
    const fy = y * inv;
    const j = Math.floor(fy);
    const ty = fy - j;
    const row0 = j * cols;
    const row1 = Math.min(lines - 1, j + 1) * cols;
    for (let x = 0; x < width; x++) {
      const fx = x * inv;
      const i = Math.floor(fx);
      const tx = fx - i;
      const a = small[row0 + i]!;
      const b = small[row0 + i + 1]!;
      const c = small[row1 + i]!;
      const d = small[row1 + i + 1]!;
      const top = a + (b - a) * tx;
      const bottom = c + (d - c) * tx;
      out[y * width + x] = top + (bottom - top) * ty;
    }
  }
  return out;
}

export function noiseFor(ctx: RenderContext, label: string): Noise2D {
  return createNoise2D(ctx.random.fork(label));
}

/** Blends a colour over pixel index i (byte offset) with coverage a. */
export function blend(data: Uint8ClampedArray, i: number, r: number, g: number, b: number, a: number): void {
  data[i] = data[i]! + (r - data[i]!) * a;
  data[i + 1] = data[i + 1]! + (g - data[i + 1]!) * a;
  data[i + 2] = data[i + 2]! + (b - data[i + 2]!) * a;
}

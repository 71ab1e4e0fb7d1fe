/**
 * A sun or a moon named by an inpaint's prompt ("a full moon", "the sun"), painted into the mask:
 * the landscape's own discs (see scene/sky.ts: a pale moon with faint maria and a darker limb, a
 * bright sun), as large as the mask allows with room for their glow, lit to match the picture —
 * at dusk and at night a moon glows softly, by day it is pale and thin; a sun glows strongly,
 * warm in a warm light. Stars named with them are scattered around in a dark sky.
 */
import { createNoise2D, fbm, type Random } from "../random";
import type { Raster } from "../raster";
import { mix } from "../scene/colors";
import type { RGB, Scene } from "../scene/types";
import type { Box } from "./mask";
import type { PictureLight } from "./paint";

export type SkyBody = "moon" | "sun";

/** What a prompt names only in the sky. */
const SKY_ONLY = new Set(["moon", "sun", "stars", "clouds"]);

/**
 * The sun or moon a prompt of the sky alone names ("a full moon", "a moon and stars", "the
 * sun"), or undefined: a prompt with things or other landscape ("a moonlit lake") is painted as
 * a scene. A moon wins when both are named.
 */
export function skyBodyOf(scene: Scene): SkyBody | undefined {
  if (scene.things.length > 0 || scene.lunar) return undefined;
  if (!scene.subjects.every((s) => SKY_ONLY.has(s))) return undefined;
  if (scene.subjects.includes("moon")) return "moon";
  if (scene.subjects.includes("sun")) return "sun";
  return undefined;
}

/** The body (and its glow, and stars) on a clear layer of the box's size. */
export function paintSkyBody(scene: Scene, body: SkyBody, box: Box, light: PictureLight, random: Random): Raster {
  const width = Math.max(8, box.w);
  const height = Math.max(8, box.h);
  const data = new Uint8ClampedArray(width * height * 4);
  const cx = width / 2;
  const cy = height / 2;
  // The glow reaches the box's edge; the disc is a third of its short side across, or more by day.
  const dark = light.luma < 100;
  const radius = Math.max(3, Math.min(width, height) * (dark ? 0.27 : 0.32));
  const reach = Math.min(width, height) / 2 / radius;
  /** Puts colour c over the layer's pixel with coverage a (premultiplied "over"). */
  const over = (i: number, c: RGB, a: number) => {
    if (a <= 0) return;
    const below = data[i + 3]! / 255;
    const out = a + below * (1 - a);
    for (let k = 0; k < 3; k++) data[i + k] = (c[k]! * a + data[i + k]! * below * (1 - a)) / out;
    data[i + 3] = out * 255;
  };

  if (scene.subjects.includes("stars") && dark) {
    const r = random.fork("stars");
    const count = Math.round((width * height) / 700);
    for (let k = 0; k < count; k++) {
      const x = r.range(0, width);
      const y = r.range(0, height);
      if (Math.hypot(x - cx, y - cy) < radius * 1.8) continue;
      const size = r.range(0.6, 1.5);
      const b = r.range(0.5, 1);
      for (let yy = Math.floor(y - size); yy <= Math.ceil(y + size); yy++)
        for (let xx = Math.floor(x - size); xx <= Math.ceil(x + size); xx++) {
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          const a = Math.max(0, 1 - Math.hypot(xx + 0.5 - x, yy + 0.5 - y) / size) * b;
          over((yy * width + xx) * 4, [255, 250, 236], a);
        }
    }
  }

  const warm = light.light[0] > light.light[2] + 45;
  let core: RGB;
  let shade: RGB;
  let glow: RGB;
  let glowStrength: number;
  let opacity: number;
  const maria = createNoise2D(random.fork("maria"));
  if (body === "moon") {
    const named = scene.colors.moon;
    core = named ? mix(named, [255, 250, 235], 0.15) : mix([250, 247, 232], light.light, 0.12);
    shade = mix(core, [150, 160, 185], 0.45);
    glow = mix(core, [200, 215, 255], named ? 0 : 0.3);
    // A moon by day is pale and lets the sky through; at dusk and night it shines and glows.
    glowStrength = dark ? (light.luma < 60 ? 0.5 : 0.4) : 0;
    opacity = dark ? 1 : 0.6;
  } else {
    core = warm ? mix([255, 246, 214], light.light, 0.35) : [255, 252, 240];
    shade = core;
    glow = warm ? mix([255, 214, 150], light.light, 0.4) : [255, 248, 225];
    glowStrength = dark ? 0.75 : 0.6;
    opacity = 1;
  }
  const x0 = 0;
  const y0 = 0;
  for (let y = y0; y < height; y++) {
    for (let x = x0; x < width; x++) {
      const dx = (x + 0.5 - cx) / radius;
      const dy = (y + 0.5 - cy) / radius;
      const d = Math.sqrt(dx * dx + dy * dy);
      const i = (y * width + x) * 4;
      if (glowStrength > 0 && d > 0.9) {
        // A soft glow falling off from the rim, gone at the box's edge.
        const t = Math.max(0, d - 1);
        const fade = Math.max(0, 1 - ((d - 1) / Math.max(0.5, reach - 1)) ** 2);
        const k = glowStrength * (0.6 * Math.exp(-t * 2.6) + 0.4 * Math.exp(-t * 0.8)) * fade;
        over(i, glow, Math.min(1, k));
      }
      const a = Math.min(1, Math.max(0, (1 - d) * radius * 0.9 + 0.5)) * opacity;
      if (a <= 0) continue;
      let c: RGB;
      if (body === "moon") {
        const n = fbm(maria, dx * 2.2 + 3, dy * 2.2, 3);
        const limb = Math.sqrt(Math.max(0, 1 - dx * dx - dy * dy));
        c = mix(mix(core, shade, Math.max(0, n * 1.6)), shade, (1 - limb) * 0.35);
      } else {
        // A sun's disc is brightest in its middle.
        c = mix(core, [255, 255, 255], Math.max(0, 1 - d) * 0.5);
      }
      over(i, c, a);
    }
  }
  return { width, height, data };
}

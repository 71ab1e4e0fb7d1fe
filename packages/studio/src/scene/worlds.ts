/**
 * Standing on another planet (issue 28): "a rover on mars" is red dust and rocks under Mars's
 * butterscotch sky; "an astronaut on an alien planet" a world of strange colours — teal ground,
 * magenta trees, a violet sky with a ringed planet and a moon in it (in daylight, unless the prompt
 * says otherwise). Like the moon (lunar.ts), the
 * planet the prompt names becomes the ground instead of a disc in the sky; the rest of the scene
 * (what stands there, mountains, a jungle, the light) is painted as on Earth, in the world's colours.
 */
import type { Graphics } from "./canvas";
import { css, mix, scale } from "./colors";
import type { RenderContext } from "./context";
import type { Palette } from "./palette";
import type { ColorTarget, RGB, Scene, SubjectKind, World } from "./types";

const MARS_DUST: RGB = [192, 98, 54];
const MARS_ROCK: RGB = [128, 64, 42];

/** What an alien world is painted in, unless the prompt gives a colour of its own. */
const ALIEN_COLOURS: Partial<Record<ColorTarget, RGB>> = {
  meadow: [52, 150, 140],
  hills: [60, 128, 150],
  forest: [176, 60, 168],
  trees: [190, 70, 150],
  lake: [90, 50, 170],
  sea: [80, 44, 160],
  river: [96, 60, 180],
  mountains: [112, 84, 156],
  desert: [226, 120, 96],
  flowers: [120, 240, 220],
};

/** Mars has no water, grass or trees. */
const NOT_ON_MARS = new Set<SubjectKind>([
  "meadow",
  "flowers",
  "forest",
  "trees",
  "lake",
  "sea",
  "river",
  "beach",
  "island",
  "rainbow",
]);

/** The scene the parser's `world` asks for: the world's ground and colours, and its sky's planet and moon. */
export function worldScene(scene: Scene): Scene {
  const weather = scene.weather === "fog" || scene.weather === "storm" ? scene.weather : "clear";
  if (scene.world === "mars") {
    const subjects = scene.subjects.filter((k) => !NOT_ON_MARS.has(k));
    return {
      ...scene,
      subjects: subjects.includes("desert") ? subjects : [...subjects, "desert"],
      colors: { desert: MARS_DUST, mountains: mix(MARS_DUST, MARS_ROCK, 0.6), hills: MARS_DUST, ...scene.colors },
      weather,
      snowy: false,
      season: null,
      road: null,
    };
  }
  const land = scene.subjects.some((k) => !["sun", "moon", "stars", "galaxy", "aurora", "clouds"].includes(k));
  const skyThing = scene.things.some((t) => t.id === "planet" || t.id === "jupiter" || t.id === "crescentmoon");
  return {
    ...scene,
    subjects: [...scene.subjects, ...(land ? [] : (["hills"] as const)), ...(skyThing ? [] : (["moon"] as const))],
    things: skyThing ? scene.things : [...scene.things, { id: "planet", count: 1 }],
    colors: { ...ALIEN_COLOURS, ...scene.colors },
    weather,
    snowy: false,
    season: null,
  };
}

/** Each world's sky and light by day, over the time of day's; by night only its horizon's tint. */
const SKIES: Record<World, { day: Partial<Palette>; nightHorizon: RGB; nightTint: number }> = {
  // Fine dust in a thin air: a butterscotch sky, a small pale sun, shadows of rust.
  mars: {
    day: {
      skyTop: [150, 102, 80],
      skyMid: [196, 142, 104],
      skyHorizon: [222, 180, 140],
      haze: [212, 164, 124],
      sun: [246, 240, 226],
      glow: [236, 214, 184],
      glowStrength: 0.5,
      light: [255, 234, 210],
      shadow: [92, 48, 36],
      stars: 0,
    },
    nightHorizon: [60, 36, 30],
    nightTint: 0.5,
  },
  // An alien day: violet overhead, a pink glow low down, stars showing through, a pale sun.
  alien: {
    day: {
      skyTop: [40, 22, 96],
      skyMid: [116, 62, 166],
      skyHorizon: [240, 150, 166],
      haze: [186, 126, 190],
      sun: [255, 236, 246],
      glow: [255, 176, 190],
      light: [240, 214, 255],
      shadow: [46, 22, 80],
    },
    nightHorizon: [120, 60, 130],
    nightTint: 0.6,
  },
};

/** The world's sky and light, over the time of day's. */
export function worldLight(ctx: RenderContext): void {
  const p = ctx.palette;
  const world = ctx.scene.world;
  if (!world) return;
  const sky = SKIES[world];
  if (p.night) {
    p.skyHorizon = mix(p.skyHorizon, sky.nightHorizon, sky.nightTint);
    return;
  }
  const { cloudCover, stars, hazeAmount } = p;
  Object.assign(p, sky.day);
  // Mars's dust hazes the distance and clears the clouds; an alien sky keeps some stars and clouds.
  if (world === "mars") {
    p.hazeAmount = Math.max(hazeAmount, 0.45);
    p.cloudCover = Math.min(cloudCover, 0.08);
  } else {
    p.stars = Math.max(stars, 0.5);
    p.cloudCover = Math.min(cloudCover, 0.25);
  }
}

/** Rocks scattered over Mars's dust, smaller toward the horizon, lit on the sun's side; an alien world's pale moon by day. */
export function drawWorldDetails(g: Graphics, ctx: RenderContext): void {
  const { width, height, layout, palette: p } = ctx;
  if (ctx.scene.world === "alien") {
    if (p.night || !ctx.scene.subjects.includes("moon")) return;
    const radius = Math.min(width, height) * 0.045;
    const x = width * (layout.lightX > 0 ? 0.2 : 0.8);
    const y = layout.horizon * 0.22;
    g.fillStyle = css(mix(p.skyMid, [255, 244, 250], 0.75), 0.85);
    g.beginPath();
    g.arc(x, y, radius, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = css(p.skyMid, 0.35);
    g.beginPath();
    g.arc(x - radius * 0.35 * layout.lightX, y, radius * 0.8, 0, Math.PI * 2);
    g.fill();
    return;
  }
  const r = ctx.random.fork("mars");
  const rock = scale(mix(MARS_ROCK, p.light, 0.1), 0.45 + 0.55 * p.exposure);
  for (let k = 0; k < 16; k++) {
    const t = r.next();
    const y = layout.horizon + (height - layout.horizon) * (0.06 + 0.9 * t * t);
    const x = r.next() * width;
    const rx = width * (0.006 + 0.03 * t) * r.range(0.6, 1.4);
    const ry = rx * r.range(0.45, 0.7);
    g.fillStyle = css(mix(p.sand, p.shadow, 0.35), 0.6);
    g.beginPath();
    g.ellipse(x + rx * 0.3 * layout.lightX * -1, y + ry * 0.35, rx * 1.1, ry * 0.45, 0, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = css(rock);
    g.beginPath();
    g.ellipse(x, y, rx, ry, 0, Math.PI, Math.PI * 2);
    g.lineTo(x + rx, y + ry * 0.25);
    g.lineTo(x - rx, y + ry * 0.25);
    g.fill();
    g.fillStyle = css(mix(rock, p.light, 0.35), 0.7);
    g.beginPath();
    g.ellipse(x + rx * 0.35 * layout.lightX, y - ry * 0.45, rx * 0.45, ry * 0.3, 0, 0, Math.PI * 2);
    g.fill();
  }
}

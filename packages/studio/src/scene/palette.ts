/**
 * The colours of a scene: a hand-tuned base per time of day, then weather, prompt colours and
 * mood on top. Every layer reads its colours from here so the picture stays in one key.
 */
import { clamp01, hex, lum, mix, saturate, scale, tintKeepingLuma } from "./colors";
import type { RGB, Scene, TimeOfDay, Weather } from "./types";

export interface Palette {
  time: TimeOfDay;
  night: boolean;
  skyTop: RGB;
  skyMid: RGB;
  skyHorizon: RGB;
  /** Colour of the sun or moon disc, and of the glow around it. */
  sun: RGB;
  glow: RGB;
  glowStrength: number;
  /** Direct light on lit faces, and the ambient colour of shadows. */
  light: RGB;
  shadow: RGB;
  /** Atmospheric colour distant things fade toward. */
  haze: RGB;
  /** 0..1: how much distance fades things (fog raises it). */
  hazeAmount: number;
  cloudLit: RGB;
  cloudShadow: RGB;
  /** 0..1 sky coverage by clouds. */
  cloudCover: number;
  mountain: RGB;
  snow: RGB;
  grass: RGB;
  tree: RGB;
  water: RGB;
  sand: RGB;
  rock: RGB;
  building: RGB;
  window: RGB;
  flowers: RGB[];
  /** 0..1 how many stars show. */
  stars: number;
  /** Height of the sun (or moon) above the horizon, 0..1 of the sky. */
  sunHeight: number;
  /** Overall brightness of lit surfaces (night is dim). */
  exposure: number;
  saturation: number;
  contrast: number;
  vignette: number;
}

interface Base {
  skyTop: string;
  skyMid: string;
  skyHorizon: string;
  sun: string;
  glow: string;
  glowStrength: number;
  light: string;
  shadow: string;
  haze: string;
  cloudLit: string;
  cloudShadow: string;
  stars: number;
  sunHeight: number;
  exposure: number;
}

const BASES: Record<TimeOfDay, Base> = {
  dawn: {
    skyTop: "#34477a",
    skyMid: "#a98bb8",
    skyHorizon: "#ffc9a0",
    sun: "#fff3da",
    glow: "#ffb58e",
    glowStrength: 0.8,
    light: "#ffd6b8",
    shadow: "#5d5a8e",
    haze: "#e8bdb8",
    cloudLit: "#ffd2b8",
    cloudShadow: "#8a7aa6",
    stars: 0.15,
    sunHeight: 0.08,
    exposure: 0.9,
  },
  morning: {
    skyTop: "#3f82d0",
    skyMid: "#86bce9",
    skyHorizon: "#e4eef2",
    sun: "#fffbea",
    glow: "#fff1cf",
    glowStrength: 0.45,
    light: "#fff1dc",
    shadow: "#53698f",
    haze: "#c9dcea",
    cloudLit: "#ffffff",
    cloudShadow: "#9fb0c8",
    stars: 0,
    sunHeight: 0.35,
    exposure: 1,
  },
  day: {
    skyTop: "#2a6cc4",
    skyMid: "#62a2e2",
    skyHorizon: "#cfe5f5",
    sun: "#ffffff",
    glow: "#fffbe8",
    glowStrength: 0.35,
    light: "#fffaf0",
    shadow: "#4a6490",
    haze: "#bcd5ea",
    cloudLit: "#ffffff",
    cloudShadow: "#a3b4cc",
    stars: 0,
    sunHeight: 0.75,
    exposure: 1.05,
  },
  golden: {
    skyTop: "#4a70aa",
    skyMid: "#d8b486",
    skyHorizon: "#ffd484",
    sun: "#fff4c8",
    glow: "#ffc466",
    glowStrength: 0.75,
    light: "#ffd898",
    shadow: "#5e4d70",
    haze: "#ecc698",
    cloudLit: "#ffe2a8",
    cloudShadow: "#9a8096",
    stars: 0,
    sunHeight: 0.16,
    exposure: 1,
  },
  sunset: {
    skyTop: "#262d62",
    skyMid: "#c0587a",
    skyHorizon: "#ff9848",
    sun: "#fff2b8",
    glow: "#ff7e3e",
    glowStrength: 1,
    light: "#ffab6c",
    shadow: "#4a2f58",
    haze: "#d98a80",
    cloudLit: "#ffb070",
    cloudShadow: "#6a3f68",
    stars: 0.05,
    sunHeight: 0.05,
    exposure: 0.9,
  },
  dusk: {
    skyTop: "#151c4a",
    skyMid: "#4f4486",
    skyHorizon: "#dd8a7c",
    sun: "#ffd8b0",
    glow: "#c86678",
    glowStrength: 0.55,
    light: "#a883a8",
    shadow: "#25284a",
    haze: "#77699a",
    cloudLit: "#c88aa0",
    cloudShadow: "#3a335e",
    stars: 0.45,
    sunHeight: -0.05,
    exposure: 0.7,
  },
  night: {
    skyTop: "#040918",
    skyMid: "#0c1838",
    skyHorizon: "#213a66",
    sun: "#f4f1e0",
    glow: "#6f8cc8",
    glowStrength: 0.45,
    light: "#9db2dc",
    shadow: "#070d1e",
    haze: "#22365e",
    cloudLit: "#7d8fb8",
    cloudShadow: "#1a2440",
    stars: 1,
    sunHeight: 0.55,
    exposure: 0.55,
  },
};

/**
 * Aerial perspective by weather, 0..1 (see hazeAt): clear air fades only the farthest things a
 * little; rain, snow and fog swallow distance. Moods below may raise it.
 */
const HAZE_BY_WEATHER: Record<Weather, number> = { clear: 0.25, rain: 0.7, storm: 0.7, snow: 0.65, fog: 0.85 };

export function buildPalette(scene: Scene, time: TimeOfDay): Palette {
  const b = BASES[time];
  const night = time === "night";
  let skyTop = hex(b.skyTop);
  let skyMid = hex(b.skyMid);
  let skyHorizon = hex(b.skyHorizon);
  let glow = hex(b.glow);
  let light = hex(b.light);
  let haze = hex(b.haze);
  let cloudLit = hex(b.cloudLit);
  let cloudShadow = hex(b.cloudShadow);
  const shadow = hex(b.shadow);
  let glowStrength = b.glowStrength;
  let stars = b.stars;
  let exposure = b.exposure;
  let hazeAmount = HAZE_BY_WEATHER[scene.weather];
  let cloudCover = 0.28;
  let saturation = 1;
  let contrast = 1;
  let vignette = 0.22;

  // Weather first: it changes the light itself, and prompt colours should still show through.
  if (scene.weather === "rain" || scene.weather === "storm") {
    const grey: RGB = night ? [28, 32, 44] : scene.weather === "storm" ? [78, 84, 98] : [120, 128, 140];
    skyTop = mix(skyTop, scale(grey, 0.8), 0.75);
    skyMid = mix(skyMid, grey, 0.7);
    skyHorizon = mix(skyHorizon, mix(grey, [200, 205, 212], night ? 0.1 : 0.45), 0.7);
    haze = mix(haze, grey, 0.6);
    cloudLit = mix(cloudLit, mix(grey, [230, 232, 236], 0.5), 0.6);
    cloudShadow = mix(cloudShadow, scale(grey, 0.6), 0.7);
    light = mix(light, [170, 176, 190], 0.5);
    glowStrength *= 0.35;
    stars = 0;
    cloudCover = scene.weather === "storm" ? 0.85 : 0.7;
    exposure *= 0.85;
    saturation = 0.8;
  } else if (scene.weather === "snow") {
    const pale: RGB = night ? [40, 48, 70] : [196, 204, 218];
    skyTop = mix(skyTop, scale(pale, 0.85), 0.55);
    skyMid = mix(skyMid, pale, 0.55);
    skyHorizon = mix(skyHorizon, mix(pale, [240, 242, 248], 0.5), 0.55);
    haze = mix(haze, pale, 0.5);
    cloudCover = 0.55;
    stars *= 0.3;
    glowStrength *= 0.6;
  } else if (scene.weather === "fog") {
    const mist = mix(haze, [220, 222, 226], night ? 0.15 : 0.45);
    skyMid = mix(skyMid, mist, 0.45);
    skyHorizon = mix(skyHorizon, mist, 0.55);
    haze = mist;
    stars *= 0.3;
    contrast = 0.88;
    cloudCover = 0.2;
  }

  // Prompt colours: "red sunset" turns the sky red, strongest at the horizon where sunsets glow.
  const skyColor = scene.colors.sky;
  if (skyColor) {
    skyHorizon = tintKeepingLuma(mix(skyHorizon, skyColor, 0.35), skyColor, 0.65);
    skyMid = tintKeepingLuma(skyMid, skyColor, 0.55);
    skyTop = tintKeepingLuma(skyTop, skyColor, 0.25);
    glow = mix(glow, skyColor, 0.55);
    haze = tintKeepingLuma(haze, skyColor, 0.4);
    cloudLit = tintKeepingLuma(cloudLit, skyColor, 0.45);
    light = mix(light, mix(skyColor, [255, 255, 255], 0.45), 0.35);
  }
  const [first, second, third] = scene.palette;
  if (first) {
    skyMid = tintKeepingLuma(skyMid, first, 0.5);
    haze = tintKeepingLuma(haze, first, 0.3);
    cloudShadow = tintKeepingLuma(cloudShadow, first, 0.3);
  }
  if (second) {
    skyHorizon = tintKeepingLuma(skyHorizon, second, 0.5);
    glow = mix(glow, second, 0.4);
  }
  if (third) skyTop = tintKeepingLuma(skyTop, third, 0.4);

  switch (scene.mood) {
    case "dramatic":
      contrast *= 1.15;
      saturation *= 1.1;
      vignette = 0.4;
      cloudCover = Math.max(cloudCover, 0.45);
      glowStrength *= 1.15;
      break;
    case "dark":
      exposure *= 0.7;
      saturation *= 0.8;
      vignette = 0.5;
      contrast *= 1.05;
      break;
    case "gloomy":
      saturation *= 0.6;
      exposure *= 0.85;
      vignette = 0.38;
      cloudCover = Math.max(cloudCover, 0.55);
      break;
    case "cheerful":
      saturation *= 1.2;
      exposure *= 1.05;
      vignette = 0.1;
      break;
    case "dreamy":
      saturation *= 0.92;
      contrast *= 0.85;
      glowStrength *= 1.3;
      skyMid = mix(skyMid, [236, 186, 222], 0.25);
      haze = mix(haze, [238, 210, 236], 0.3);
      hazeAmount = Math.max(hazeAmount, 0.6);
      break;
    case "mysterious":
      exposure *= 0.85;
      saturation *= 0.85;
      skyMid = mix(skyMid, [60, 90, 110], 0.3);
      haze = mix(haze, [70, 100, 120], 0.3);
      hazeAmount = Math.max(hazeAmount, 0.7);
      vignette = 0.42;
      break;
    case "calm":
    case "serene":
      contrast *= 0.95;
      vignette = 0.18;
      break;
    default:
      break;
  }
  if (scene.subjects.includes("clouds")) cloudCover = Math.max(cloudCover, 0.5);

  // Materials, lit by this sky. Prompt colours replace the defaults, keeping the time of day's light.
  const lit = (c: RGB, k = 1) => scale(mix(c, multiplyLight(c, light), 0.6), exposure * k);
  const c = scene.colors;
  const snowBase: RGB = night ? [120, 140, 185] : mix([246, 248, 252], light, 0.35);
  const defaultGrass: RGB = scene.snowy
    ? [230, 234, 242]
    : time === "golden" || time === "sunset"
      ? [110, 140, 60]
      : [88, 150, 70];
  const flowers: RGB[] = c.flowers
    ? [c.flowers, mix(c.flowers, [255, 255, 255], 0.35), mix(c.flowers, [0, 0, 0], 0.2)]
    : [hex("#f2c14e"), hex("#e8688a"), hex("#f7f4ee"), hex("#c45ab3"), hex("#ef7d3c")];
  const waterColor = c.lake ?? c.sea ?? c.river;

  return {
    time,
    night,
    skyTop,
    skyMid,
    skyHorizon,
    sun: hex(b.sun),
    glow,
    glowStrength,
    light,
    shadow,
    haze,
    hazeAmount,
    cloudLit,
    cloudShadow,
    cloudCover,
    mountain: lit(c.mountains ?? (night ? [70, 76, 100] : [112, 104, 112])),
    snow: lit(snowBase, 1 / Math.max(0.6, exposure)),
    grass: lit(
      c.meadow ??
        c.hills ??
        (scene.bareEarth
          ? BARE_EARTH
          : scene.savanna
            ? SAVANNA_GRASS
            : scene.season === "autumn"
              ? AUTUMN_GRASS
              : defaultGrass),
    ),
    tree: lit(
      c.forest ??
        c.trees ??
        (scene.season === "autumn" ? AUTUMN_LEAVES[0]! : scene.snowy ? [38, 78, 60] : [42, 92, 52]),
    ),
    water: scale(waterColor ?? mix([18, 52, 96], skyTop, 0.35), night ? 0.5 : 0.9),
    // (A frozen desert's dunes are snow.)
    sand: lit(c.desert ?? c.beach ?? (scene.snowy ? snowBase : [226, 180, 116])),
    rock: lit(c.mountains ?? [120, 110, 102]),
    building: lit(c.city ?? c.village ?? c.castle ?? (night ? [40, 46, 66] : [150, 150, 160])),
    window: scene.christmas ? [255, 196, 110] : [255, 208, 128],
    flowers: flowers.map((f) => scale(f, Math.max(0.55, exposure))),
    stars,
    sunHeight: b.sunHeight,
    exposure,
    saturation,
    contrast,
    vignette,
  };
}

/** Autumn's leaves, one per tree (vegetation.ts), and its grass, gone golden. */
export const AUTUMN_LEAVES: readonly RGB[] = [
  [214, 96, 30],
  [236, 160, 40],
  [186, 52, 32],
  [222, 128, 36],
  [160, 120, 40],
];
const AUTUMN_GRASS: RGB = [150, 140, 64];
/** Mud, dirt and dust: bare brown earth. */
const BARE_EARTH: RGB = [122, 90, 62];

/** The savanna's dry grass. */
const SAVANNA_GRASS: RGB = [196, 164, 84];

function multiplyLight(c: RGB, light: RGB): RGB {
  return [(c[0] * light[0]) / 255, (c[1] * light[1]) / 255, (c[2] * light[2]) / 255];
}

/**
 * How far toward the haze colour something at `depth` (0 near, 1 horizon) fades: on a clear day
 * (hazeAmount 0.25) the horizon fades by about a third, in fog by nearly nine tenths.
 */
export function hazeAt(p: Palette, depth: number): number {
  return clamp01(depth * (0.15 + 0.85 * p.hazeAmount));
}

export { lum, saturate };

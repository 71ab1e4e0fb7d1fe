/**
 * Things in the sky of the subject library: moon phases, planets, comets, lightning, fireworks,
 * kites. Lights of the sky (moon, comets, lightning, fireworks) shine by themselves and glow at
 * night; a kite is lit like anything else.
 */
import type { Graphics } from "../scene/canvas";
import { css, hex, mix, scale } from "../scene/colors";
import type { RGB } from "../scene/types";
import { boxPoint, curve, discs, ellipse, fill, glow, lit, type Point, shape, strokeLine } from "./paint";
import type { SubjectBox, SubjectDefinition, SubjectLook } from "./types";

const WHITE: RGB = [255, 255, 255];
const DARK: RGB = [24, 22, 30];
const SPACE: RGB = [10, 12, 24];

/** How strongly a light of the sky shows: full at night, paler against a bright sky. */
const shine = (look: SubjectLook) => (look.night ? 1 : 0.55 + 0.3 * (1 - look.exposure));

/**
 * A crescent: the disc of radius R at (x, y) less a disc shifted by `offset` (pixels, toward the
 * dark side) of radius `inner` — the path runs round the lit rim and back along the terminator.
 */
function crescentPath(g: Graphics, x: number, y: number, radius: number, inner: number, offset: [number, number]) {
  const [dx, dy] = offset;
  const d = Math.hypot(dx, dy);
  const along = (radius * radius - inner * inner + d * d) / (2 * d);
  const half = Math.acos(Math.max(-1, Math.min(1, along / radius)));
  const toward = Math.atan2(dy, dx);
  const bx = x + dx;
  const by = y + dy;
  const start = [x + Math.cos(toward - half) * radius, y + Math.sin(toward - half) * radius];
  const end = [x + Math.cos(toward + half) * radius, y + Math.sin(toward + half) * radius];
  g.beginPath();
  // The outer rim the long way round, away from the shifted disc, then the shifted disc's near edge back.
  g.arc(x, y, radius, toward + half, toward - half + Math.PI * 2, false);
  g.arc(bx, by, inner, Math.atan2(start[1]! - by, start[0]! - bx), Math.atan2(end[1]! - by, end[0]! - bx), true);
  g.closePath();
}

function drawCrescent(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const [x, y] = [box.x, box.y - box.h / 2];
  const radius = Math.min(box.w, box.h) * 0.4;
  const strength = shine(look);
  const light = look.color;
  glow(g, x, y, Math.min(box.w, box.h) * 0.5, light, 0.35 * strength);
  // The dark part faintly lit by earthshine, then the lit sliver toward the light.
  if (look.night) {
    fill(g, mix(light, SPACE, 0.8), 0.25);
    ellipse(g, x, y, radius, radius);
  }
  const away = -look.lightFrom;
  const tilt = 0.35;
  crescentPath(g, x, y, radius, radius * 0.9, [away * radius * 0.62, -radius * tilt * 0.62]);
  const gradient = g.createRadialGradient(x - away * radius * 0.6, y, radius * 0.1, x, y, radius * 1.1);
  gradient.addColorStop(0, css(mix(light, WHITE, 0.5)));
  gradient.addColorStop(1, css(mix(light, [200, 190, 160], 0.35)));
  g.fillStyle = gradient;
  g.globalAlpha = Math.min(1, 0.45 + strength * 0.6);
  g.fill();
  g.globalAlpha = 1;
}

/** A lit ball: bright toward the light, falling into shadow on the far side, with a thin haze rim. */
function sphere(g: Graphics, look: SubjectLook, colour: RGB, x: number, y: number, radius: number): void {
  const lx = x + look.lightFrom * radius * 0.45;
  const ly = y - radius * 0.35;
  const gradient = g.createRadialGradient(lx, ly, radius * 0.05, lx, ly, radius * 1.55);
  gradient.addColorStop(0, css(mix(colour, WHITE, 0.35)));
  gradient.addColorStop(0.45, css(colour));
  gradient.addColorStop(0.8, css(scale(colour, 0.3)));
  gradient.addColorStop(1, css(mix(scale(colour, 0.1), SPACE, 0.5)));
  g.fillStyle = gradient;
  ellipse(g, x, y, radius, radius);
}

/** Bands across a planet, clipped to its disc: `bands` as [v from the top 0 … 1, thickness, colour] rows. */
function planetBands(
  g: Graphics,
  x: number,
  y: number,
  radius: number,
  tilt: number,
  bands: readonly (readonly [number, number, RGB, number])[],
) {
  g.save();
  g.beginPath();
  g.arc(x, y, radius, 0, Math.PI * 2);
  g.clip();
  g.translate(x, y);
  g.rotate(tilt);
  for (const [v, thickness, colour, alpha] of bands) {
    fill(g, colour, alpha);
    g.beginPath();
    g.ellipse(0, -radius + v * 2 * radius, radius * 1.2, thickness * radius, 0, 0, Math.PI * 2);
    g.fill();
  }
  g.restore();
}

type PlanetKind = "ringed" | "banded" | "rocky";

function drawPlanet(g: Graphics, box: SubjectBox, look: SubjectLook, kind: PlanetKind): void {
  const x = box.x;
  const y = box.y - box.h / 2;
  const radius = box.h * (kind === "ringed" ? 0.3 : 0.44);
  const colour = look.color;
  const tilt = -0.32 * look.facing;
  glow(g, x, y, radius * (kind === "ringed" ? 1.5 : 1.12), mix(colour, WHITE, 0.3), look.night ? 0.3 : 0.15);
  // Rings: the far half behind the ball, the near half in front of it.
  const rings = (near: boolean) => {
    g.save();
    g.translate(x, y);
    g.rotate(tilt);
    for (const [spread, width, shade] of [
      [2.05, 0.16, 0.75],
      [1.8, 0.2, 1],
      [1.52, 0.18, 0.8],
    ] as const) {
      g.strokeStyle = css(scale(mix(colour, [236, 222, 190], 0.5), shade), 0.9);
      g.lineWidth = Math.max(1, radius * width);
      g.beginPath();
      g.ellipse(0, 0, radius * spread, radius * spread * 0.24, 0, near ? 0 : Math.PI, near ? Math.PI : Math.PI * 2);
      g.stroke();
    }
    g.restore();
  };
  if (kind === "ringed") rings(false);
  sphere(g, look, colour, x, y, radius);
  if (kind === "ringed") {
    planetBands(g, x, y, radius, tilt, [
      [0.3, 0.06, mix(colour, WHITE, 0.3), 0.25],
      [0.62, 0.05, scale(colour, 0.7), 0.3],
      [0.75, 0.04, mix(colour, WHITE, 0.3), 0.2],
    ]);
    rings(true);
  } else if (kind === "banded") {
    planetBands(g, x, y, radius, tilt * 0.3, [
      [0.2, 0.07, scale(colour, 0.65), 0.45],
      [0.38, 0.09, mix(colour, WHITE, 0.45), 0.4],
      [0.55, 0.08, scale(mix(colour, [170, 80, 40], 0.5), 0.8), 0.5],
      [0.72, 0.06, mix(colour, WHITE, 0.4), 0.4],
      [0.86, 0.05, scale(colour, 0.6), 0.4],
    ]);
    // The great storm, an oval spot below the middle.
    fill(g, mix(colour, [190, 70, 40], 0.7), 0.85);
    ellipse(g, x - look.lightFrom * radius * 0.05, y + radius * 0.26, radius * 0.2, radius * 0.11, tilt * 0.3);
  } else {
    // Dark lowlands and a white polar cap.
    fill(g, scale(colour, 0.55), 0.45);
    for (const [u, v, r] of [
      [-0.3, -0.1, 0.25],
      [0.2, 0.2, 0.2],
      [0.05, -0.35, 0.14],
    ] as const)
      ellipse(g, x + u * radius, y + v * radius, r * radius * 1.4, r * radius);
    fill(g, [250, 246, 240], 0.85);
    ellipse(g, x + radius * 0.05, y - radius * 0.9, radius * 0.3, radius * 0.09);
  }
  // The side away from the light in the planet's own shadow.
  g.save();
  g.beginPath();
  g.arc(x, y, radius, 0, Math.PI * 2);
  g.clip();
  fill(g, SPACE, 0.55);
  ellipse(g, x - look.lightFrom * radius * 0.95, y + radius * 0.2, radius * 0.9, radius * 1.3);
  g.restore();
}

function drawComet(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  const strength = shine(look);
  const head = p(0.36, 0.28);
  const back = p(-0.5, 0.94);
  const ice = look.color;
  // Two tails streaming back from the head: a straight bright one and a broader, curved, dusty one.
  const tail = (colour: RGB, spread: number, bend: number, alpha: number) => {
    const gradient = g.createLinearGradient(...head, ...back);
    gradient.addColorStop(0, css(colour, alpha * strength));
    gradient.addColorStop(1, css(colour, 0));
    g.fillStyle = gradient;
    g.beginPath();
    g.moveTo(...p(0.36, 0.28 + 0.03));
    g.quadraticCurveTo(...p(-0.1, 0.62 + bend + spread), ...p(-0.5, 0.94 + spread * 0.3));
    g.lineTo(...p(-0.5, 0.94 - spread));
    g.quadraticCurveTo(...p(-0.1, 0.6 + bend - spread), ...p(0.36, 0.28 - 0.03));
    g.closePath();
    g.fill();
  };
  tail(mix(ice, [255, 226, 170], 0.7), 0.16, -0.1, 0.4);
  tail(ice, 0.07, 0, 0.8);
  tail(WHITE, 0.02, 0, 0.7);
  glow(g, ...head, box.h * 0.4, ice, 0.55 * strength);
  fill(g, mix(ice, WHITE, 0.6));
  ellipse(g, ...head, box.h * 0.05, box.h * 0.05);
  fill(g, WHITE);
  ellipse(g, ...head, box.h * 0.028, box.h * 0.028);
  fill(g, mix(ice, WHITE, 0.5), 0.7 * strength);
  discs(g, p, box, [0.1, 0.5, 0.006, -0.06, 0.62, 0.005, -0.22, 0.72, 0.005, 0.2, 0.38, 0.005]);
}

/**
 * A jagged line from (u, v) down through `steps` kinks to `reach` box heights lower, heading
 * `lean` box widths sideways per box height: the points in pixels.
 */
function jag(
  box: SubjectBox,
  look: SubjectLook,
  p: Point,
  from: [number, number],
  lean: number,
  steps: number,
  reach: number,
) {
  const r = look.random;
  const points: [number, number][] = [p(...from)];
  const step = reach / steps;
  const [u0, v0] = from;
  for (let k = 1; k <= steps; k++) {
    const v = Math.max(0, v0 - step * k + (k < steps ? r.range(-0.3, 0.3) * step : 0));
    const u = u0 + lean * (v0 - v) + (r.range(-0.9, 0.9) * step * box.h) / box.w;
    points.push(p(Math.max(-0.46, Math.min(0.46, u)), v));
  }
  return points;
}

function drawLightning(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  const r = look.random;
  const bolt = look.color;
  // The cloud base lit from inside where the bolt leaves it, and a flash where it strikes.
  glow(g, ...p(0, 0.96), box.w * 0.5, bolt, look.night ? 0.55 : 0.35);
  const top = r.range(-0.1, 0.1);
  const main = jag(box, look, p, [top, 1], r.range(-0.15, 0.15), 14, 1);
  // Forks split off the upper half and die out on the way down.
  const forks: [number, number][][] = [];
  for (let k = 0; k < 3; k++) {
    const [x, y] = main[2 + k * 3]!;
    const at: [number, number] = [((x - box.x) / box.w) * look.facing, (box.y - y) / box.h];
    const lean = (k % 2 === 0 ? 0.5 : -0.5) * (r.chance(0.5) ? 1 : -1);
    forks.push(jag(box, look, p, at, lean, 5, 0.3 - k * 0.05));
  }
  glow(g, ...main[main.length - 1]!, box.w * 0.35, bolt, look.night ? 0.5 : 0.3);
  // Each stroke three times: a wide faint halo, a coloured body and a white-hot core.
  for (const [width, colour, alpha] of [
    [0.09, bolt, 0.18],
    [0.035, bolt, 0.6],
    [0.012, WHITE, 1],
  ] as const) {
    strokeLine(g, colour, box.w * width, main, alpha);
    for (const fork of forks) strokeLine(g, colour, box.w * width * 0.55, fork, alpha * 0.85);
  }
}

/** Colours of a display when the prompt names none; a colour word makes every burst that colour. */
const FIREWORK_COLOURS: RGB[] = ["#ff506e", "#ffd25a", "#6ec8ff", "#96ff8c", "#d278ff"].map(hex);
const FIREWORK_DEFAULT: RGB = FIREWORK_COLOURS[0]!;

/** One burst: sparks flung out from (x, y) on drooping trails, each with a bright tip. */
function burst(g: Graphics, look: SubjectLook, x: number, y: number, radius: number, colour: RGB, willow: boolean) {
  const r = look.random;
  const rays = willow ? 22 : 30;
  const hot = mix(colour, WHITE, 0.55);
  glow(g, x, y, radius * 0.9, colour, look.night ? 0.45 : 0.2);
  g.lineCap = "round";
  for (let k = 0; k < rays; k++) {
    const a = (k / rays) * Math.PI * 2 + r.range(-0.08, 0.08);
    const reach = radius * r.range(0.75, 1);
    const droop = radius * (willow ? 0.45 : 0.14);
    const ex = x + Math.cos(a) * reach;
    const ey = y + Math.sin(a) * reach * 0.92 + droop;
    g.strokeStyle = css(colour, look.night ? 0.75 : 0.6);
    g.lineWidth = Math.max(1, radius * 0.025);
    g.beginPath();
    g.moveTo(x + Math.cos(a) * radius * 0.15, y + Math.sin(a) * radius * 0.15);
    g.quadraticCurveTo(x + Math.cos(a) * reach * 0.8, y + Math.sin(a) * reach * 0.75, ex, ey);
    g.stroke();
    fill(g, hot);
    ellipse(g, ex, ey, radius * 0.035, radius * 0.035);
  }
  fill(g, hot, 0.9);
  ellipse(g, x, y, radius * 0.06, radius * 0.06);
}

function drawFireworks(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  const given = look.color.some((c, i) => c !== FIREWORK_DEFAULT[i]);
  const saved = g.globalCompositeOperation;
  // At night the sparks add up into light; by day they are only pale coloured traces.
  if (look.night) g.globalCompositeOperation = "lighter";
  for (const [k, [u, v, size]] of (
    [
      [-0.2, 0.74, 0.2],
      [0.22, 0.8, 0.17],
      [0.3, 0.56, 0.1],
      [-0.34, 0.55, 0.08],
      [0.02, 0.6, 0.07],
    ] as const
  ).entries()) {
    const colour = given ? look.color : FIREWORK_COLOURS[k % FIREWORK_COLOURS.length]!;
    const [x, y] = p(u, v);
    // The rocket's trail up to where it burst, fading out toward the ground it rose from.
    const [tx, ty] = p(u * 0.8, v - 0.3);
    const trail = g.createLinearGradient(x, y, tx, ty);
    trail.addColorStop(0, css(mix(colour, WHITE, 0.4), 0.35));
    trail.addColorStop(1, css(colour, 0));
    g.strokeStyle = trail;
    g.lineWidth = Math.max(1, box.h * 0.004);
    g.beginPath();
    g.moveTo(tx, ty);
    g.quadraticCurveTo(...p(u * 0.9 + 0.02, v - 0.15), ...p(u, v - size));
    g.stroke();
    burst(g, look, x, y, size * box.h, colour, k === 1);
  }
  g.globalCompositeOperation = saved;
}

function drawKite(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  const cloth = look.color;
  const second = mix(cloth, [250, 214, 70], 0.8);
  const cross: [number, number] = [0.06, 0.8];
  // The string down to whoever flies it, sagging a little.
  curve(g, p, css(lit(look, [240, 236, 226], 0), 0.8), Math.max(1, box.h * 0.005), [
    cross[0],
    cross[1],
    0.4,
    0.3,
    0.5,
    0,
  ]);
  // The tail, with bows along it.
  const tail = [0.02, 0.42, -0.2, 0.3, 0.05, 0.16, -0.14, 0.02];
  curve(g, p, css(lit(look, DARK, 0.2)), Math.max(1, box.h * 0.006), tail);
  for (const [k, [u, v]] of (
    [
      [-0.06, 0.33],
      [-0.04, 0.2],
      [-0.06, 0.08],
    ] as const
  ).entries()) {
    fill(g, lit(look, k % 2 === 0 ? second : cloth, 0.3));
    shape(g, p, [u, v, u - 0.08, v + 0.03, u - 0.08, v - 0.03]);
    shape(g, p, [u, v, u + 0.08, v + 0.03, u + 0.08, v - 0.03]);
  }
  // Four panels of the diamond in two colours, shaded as the sail bellies in the wind.
  const [top, right, bottom, left] = [
    [0.1, 1],
    [0.44, 0.76],
    [0.02, 0.42],
    [-0.3, 0.82],
  ] as const;
  const panels = [
    [top, right, second, 0.6],
    [right, bottom, cloth, -0.1],
    [bottom, left, second, -0.4],
    [left, top, cloth, 0.3],
  ] as const;
  for (const [a, b, colour, facing] of panels) {
    fill(g, lit(look, colour, facing * look.lightFrom * look.facing));
    shape(g, p, [...cross, ...a, ...b]);
  }
  const spar = lit(look, [110, 80, 50], 0);
  strokeLine(g, spar, box.h * 0.012, [p(...top), p(...bottom)]);
  strokeLine(g, spar, box.h * 0.012, [p(...left), p(...right)]);
}

type Planet = { id: string; kind: PlanetKind; color: RGB; words: string[]; plurals: string[] };
const planet = ({ id, kind, color, words, plurals }: Planet): SubjectDefinition => ({
  id,
  category: "sky",
  words,
  plurals,
  color,
  aspect: kind === "ringed" ? 1.6 : 1,
  size: 0.32,
  placement: "sky",
  // A planet big in the sky is a night-time sight; the prompt need not say so.
  nightSky: true,
  draw: (g, box, look) => drawPlanet(g, box, look, kind),
});

export const SKY_THINGS: SubjectDefinition[] = [
  {
    id: "crescentmoon",
    category: "sky",
    // "moon" and "full moon" are the landscape's moon; a crescent is a thing of its own.
    words: ["crescent", "crescent moon", "half moon", "quarter moon", "sickle moon", "waxing moon", "waning moon"],
    plurals: ["crescents"],
    color: [252, 242, 206],
    aspect: 1,
    size: 0.28,
    placement: "sky",
    nightSky: true,
    draw: drawCrescent,
  },
  planet({
    id: "planet",
    kind: "ringed",
    color: [226, 192, 136],
    words: ["planet", "saturn", "ringed planet"],
    plurals: ["planets", "ringed planets"],
  }),
  planet({
    id: "jupiter",
    kind: "banded",
    color: [214, 172, 130],
    words: ["jupiter", "gas giant"],
    plurals: ["gas giants"],
  }),
  planet({ id: "mars", kind: "rocky", color: [206, 96, 56], words: ["mars", "red planet"], plurals: [] }),
  {
    id: "comet",
    category: "sky",
    words: ["comet", "meteor", "shooting star", "falling star"],
    plurals: ["comets", "meteors", "shooting stars", "falling stars", "meteor shower"],
    color: [206, 232, 255],
    aspect: 2.2,
    size: 0.3,
    placement: "sky",
    nightSky: true,
    draw: drawComet,
  },
  {
    id: "lightning",
    category: "sky",
    words: ["lightning bolt", "lightning", "thunderbolt", "bolt of lightning", "lightning strike"],
    plurals: ["lightning bolts", "thunderbolts", "lightning strikes"],
    color: [200, 196, 255],
    aspect: 0.5,
    size: 0.9,
    // It reaches down to the land or the water, so it is placed by its foot like them.
    placement: "water",
    draw: drawLightning,
  },
  {
    id: "fireworks",
    category: "sky",
    words: ["fireworks", "firework", "firework display", "fireworks display"],
    plurals: [],
    color: FIREWORK_DEFAULT,
    aspect: 1.2,
    size: 0.85,
    // Launched from the land or the water: the box stands there and the bursts fill the sky above.
    placement: "water",
    nightSky: true,
    draw: drawFireworks,
  },
  {
    id: "kite",
    category: "sky",
    words: ["kite"],
    plurals: ["kites"],
    color: [214, 48, 52],
    aspect: 0.8,
    size: 0.32,
    placement: "sky",
    draw: drawKite,
  },
];

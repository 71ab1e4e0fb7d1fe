/**
 * Winter and christmas things of the subject library: a snowman, a sleigh, wrapped presents, a
 * decorated christmas tree, a campfire and a fireplace. Fires and fairy lights give their own
 * light, so they read at night when everything around them is dark.
 */
import { hashString } from "../random";
import type { Graphics } from "../scene/canvas";
import { css, mix, scale } from "../scene/colors";
import type { RGB } from "../scene/types";
import {
  boxPoint,
  curve,
  discs,
  ellipse,
  fill,
  glow,
  groundShadow,
  LAMP,
  lit,
  type Outline,
  outlinePoints,
  oval,
  type Point,
  polygon,
  rounded,
  shadowSide,
  shape,
  smoothShape,
  strokeLine,
} from "./paint";
import type { SubjectBox, SubjectCategory, SubjectDefinition, SubjectLook } from "./types";

/** Fire from its cool edge to its white-hot heart, the light it throws and its embers. */
const FLAME_LAYERS: readonly RGB[] = [
  [226, 64, 28],
  [255, 144, 40],
  [255, 208, 96],
];
const FLAME_CORE: RGB = [255, 246, 214];
const FIRELIGHT: RGB = [255, 150, 60];
const EMBER: RGB = [255, 110, 40];
/** Snow in light and in shade, and a snowman's coal and carrot. */
const SNOW: RGB = [246, 248, 252];
const SNOW_SHADE: RGB = [150, 172, 206];
const COAL: RGB = [28, 28, 32];
const CARROT: RGB = [240, 122, 32];
/** Logs (bark and cut ends), gilt trim and hearth stones. */
const BARK: RGB = [104, 68, 42];
const END_GRAIN: RGB = [208, 168, 116];
const GOLD: RGB = [232, 188, 72];
const STONE: RGB = [128, 122, 116];

/** A round thing in pixels, bright toward the light and shaded away from it: snowballs and baubles. */
function ball(g: Graphics, look: SubjectLook, colour: RGB, shade: RGB, [x, y]: [number, number], r: number): void {
  const bright = g.createRadialGradient(x + look.lightFrom * r * 0.35, y - r * 0.35, r * 0.08, x, y, r * 1.04);
  bright.addColorStop(0, css(lit(look, mix(colour, SNOW, 0.3), 0.8)));
  bright.addColorStop(0.6, css(lit(look, colour, 0)));
  bright.addColorStop(1, css(lit(look, shade, -0.5)));
  g.fillStyle = bright;
  ellipse(g, x, y, r, r * 0.96);
}

/** A five-pointed star centred at a pixel point. */
function star(g: Graphics, [x, y]: [number, number], r: number): void {
  const points: [number, number][] = [];
  for (let k = 0; k < 10; k++) {
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    const reach = k % 2 === 0 ? r : r * 0.42;
    points.push([x + Math.cos(a) * reach, y + Math.sin(a) * reach]);
  }
  polygon(g, points);
}

/** A soft pool of light lying on the ground: a glow squashed to an ellipse, added to what is under it. */
function groundGlow(g: Graphics, [x, y]: [number, number], rx: number, ry: number, strength: number): void {
  g.save();
  g.globalCompositeOperation = "screen";
  g.translate(x, y);
  g.scale(1, ry / rx);
  glow(g, 0, 0, rx, FIRELIGHT, strength);
  g.restore();
}

/** A log lying from one box point to another: bark, a lit top edge and a pale cut end facing us. */
function log(g: Graphics, p: Point, box: SubjectBox, look: SubjectLook, ends: Outline, thickness: number): void {
  const [from, to] = outlinePoints(p, ends) as [[number, number], [number, number]];
  const width = thickness * box.h;
  strokeLine(g, lit(look, BARK, -0.3), width, [from, to]);
  strokeLine(g, lit(look, mix(BARK, END_GRAIN, 0.3), 0.5), width * 0.3, [
    [from[0], from[1] - width * 0.25],
    [to[0], to[1] - width * 0.25],
  ]);
  fill(g, lit(look, END_GRAIN, 0.3));
  ellipse(g, ...to, width * 0.36, width * 0.48);
  fill(g, lit(look, mix(END_GRAIN, BARK, 0.5), 0), 0.8);
  ellipse(g, ...to, width * 0.14, width * 0.2);
}

/** One tongue of flame rising from (u, v) box units: round at its foot, flickering to a leaning tip. */
function tongue(g: Graphics, p: Point, u: number, v: number, half: number, height: number, lean: number): void {
  g.beginPath();
  g.moveTo(...p(u - half, v));
  g.bezierCurveTo(
    ...p(u - half * 1.2, v + height * 0.45),
    ...p(u + lean * 0.4, v + height * 0.7),
    ...p(u + lean, v + height),
  );
  g.bezierCurveTo(
    ...p(u + lean * 0.3 + half * 0.4, v + height * 0.6),
    ...p(u + half * 1.2, v + height * 0.4),
    ...p(u + half, v),
  );
  g.quadraticCurveTo(...p(u, v - height * 0.12), ...p(u - half, v));
  g.fill();
}

/**
 * A fire burning up from `[u, v, spread, reach]` (box units: its foot, how wide either side, how
 * high): tongues of flame in layers from red to white-hot, in a halo that is strong at night.
 */
function fire(
  g: Graphics,
  p: Point,
  box: SubjectBox,
  look: SubjectLook,
  at: readonly [number, number, number, number],
) {
  const [u, v, spread, reach] = at;
  const r = look.random;
  glow(g, ...p(u, v + reach * 0.35), box.h * reach * (look.night ? 1.3 : 0.7), FIRELIGHT, look.night ? 0.6 : 0.3);
  for (const [layer, colour] of FLAME_LAYERS.entries()) {
    const shrink = 1 - layer * 0.28;
    const tongues = 5 - layer;
    fill(g, colour);
    for (let k = 0; k < tongues; k++) {
      const across = tongues === 1 ? 0 : (k / (tongues - 1) - 0.5) * 2;
      const tall = (1 - Math.abs(across) * 0.45) * r.range(0.75, 1);
      tongue(
        g,
        p,
        u + across * spread * 0.6 * shrink,
        v,
        spread * 0.42 * shrink,
        reach * tall * shrink,
        across * spread * 0.25 + r.range(-0.04, 0.04),
      );
    }
  }
  fill(g, FLAME_CORE, 0.85);
  oval(g, p, box, look, u, v + reach * 0.08, spread * 0.28, reach * 0.06);
}

/** Sparks: bright specks drifting up from (u, v) into the dark. */
function sparks(g: Graphics, p: Point, box: SubjectBox, look: SubjectLook, u: number, v: number, spread: number) {
  const r = look.random;
  for (let k = 0; k < 9; k++) {
    const height = r.range(0, 1 - v);
    const at = p(u + r.range(-spread, spread) * (0.4 + height), v + height);
    fill(g, k % 3 === 0 ? FLAME_CORE : [255, 186, 90], 1 - height * 0.6);
    ellipse(g, ...at, box.h * 0.007 + 0.6, box.h * 0.007 + 0.6);
  }
}

function drawSnowman(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  const scarf = look.color;
  groundShadow(g, box, look, 0.45);
  // Stick arms reaching out of the middle ball, each forked at the end.
  const twig = css(lit(look, BARK, 0));
  for (const arm of [
    [-0.16, 0.53, -0.46, 0.72],
    [-0.4, 0.68, -0.44, 0.8],
    [0.16, 0.53, 0.47, 0.64],
    [0.41, 0.62, 0.46, 0.54],
  ])
    curve(g, p, twig, box.h * 0.018, arm);
  // Three balls of snow, the head turned a little toward the way it faces.
  ball(g, look, SNOW, SNOW_SHADE, p(0, 0.2), box.h * 0.2);
  ball(g, look, SNOW, SNOW_SHADE, p(0, 0.495), box.h * 0.148);
  ball(g, look, SNOW, SNOW_SHADE, p(0.02, 0.73), box.h * 0.108);
  fill(g, COAL);
  for (const v of [0.56, 0.495, 0.43]) oval(g, p, box, look, 0.03, v, 0.022, 0.016);
  for (const u of [-0.035, 0.095]) oval(g, p, box, look, u, 0.765, 0.02, 0.015);
  discs(
    g,
    p,
    box,
    [-0.05, 0.69, 0.007, -0.015, 0.678, 0.007, 0.025, 0.672, 0.007, 0.065, 0.675, 0.007, 0.1, 0.685, 0.007],
  );
  // The carrot nose pointing the way it faces.
  fill(g, lit(look, CARROT, 0.4));
  shape(g, p, [0.04, 0.745, 0.045, 0.712, 0.25, 0.722]);
  // A scarf round its neck with one end hanging down, striped and fringed.
  fill(g, lit(look, scarf, 0.1));
  smoothShape(g, outlinePoints(p, [-0.17, 0.64, -0.12, 0.605, 0.12, 0.605, 0.18, 0.64, 0.12, 0.67, -0.12, 0.67]));
  shape(g, p, [-0.1, 0.63, -0.01, 0.63, -0.03, 0.45, -0.12, 0.46]);
  const stripe = lit(look, mix(scarf, SNOW, 0.55), 0.2);
  strokeLine(g, stripe, box.h * 0.012, [p(-0.1, 0.52), p(-0.025, 0.515)]);
  strokeLine(g, stripe, box.h * 0.012, [p(-0.11, 0.49), p(-0.028, 0.485)]);
  for (const u of [-0.11, -0.08, -0.05])
    strokeLine(g, lit(look, scarf, -0.2), box.h * 0.008, [p(u, 0.46), p(u - 0.005, 0.43)]);
  fill(g, lit(look, scarf, -0.5), 0.5);
  shape(g, p, [-0.15, 0.625, 0.16, 0.625, 0.12, 0.607, -0.12, 0.607]);
  // A black top hat with a band in the scarf's colour.
  const hat = mix(COAL, [60, 58, 70], 0.5);
  fill(g, lit(look, hat, 0.3));
  shape(g, p, [-0.12, 0.82, 0.15, 0.82, 0.14, 0.99, -0.11, 0.99]);
  fill(g, lit(look, scarf, 0));
  shape(g, p, [-0.12, 0.825, 0.15, 0.825, 0.148, 0.86, -0.118, 0.86]);
  fill(g, lit(look, hat, -0.2));
  oval(g, p, box, look, 0.015, 0.818, 0.24, 0.024);
  fill(g, lit(look, hat, 0.6));
  oval(g, p, box, look, 0.015, 0.99, 0.13, 0.012);
}

/** The outline of a sleigh's body: a tall curled back, low sides and a dash curling up in front. */
function sleighBody(g: Graphics, p: Point): void {
  g.beginPath();
  g.moveTo(...p(-0.42, 0.2));
  g.lineTo(...p(-0.43, 0.64));
  g.bezierCurveTo(...p(-0.46, 0.82), ...p(-0.4, 0.92), ...p(-0.31, 0.88));
  g.quadraticCurveTo(...p(-0.27, 0.7), ...p(-0.2, 0.62));
  g.lineTo(...p(0.06, 0.6));
  g.quadraticCurveTo(...p(0.22, 0.6), ...p(0.28, 0.72));
  g.bezierCurveTo(...p(0.31, 0.8), ...p(0.42, 0.8), ...p(0.41, 0.7));
  g.bezierCurveTo(...p(0.4, 0.42), ...p(0.32, 0.22), ...p(0.14, 0.2));
  g.closePath();
}

/** A sleigh's runner, from its back along the snow to a curl rising in front, `dv` higher for the far one. */
function runner(g: Graphics, p: Point, colour: string, width: number, du: number, dv: number): void {
  curve(g, p, colour, width, [-0.46 + du, 0.05 + dv, 0.28 + du, 0.04 + dv]);
  curve(g, p, colour, width, [0.28 + du, 0.04 + dv, 0.44 + du, 0.04 + dv, 0.5 + du, 0.2 + dv, 0.45 + du, 0.3 + dv]);
  curve(g, p, colour, width, [0.45 + du, 0.3 + dv, 0.4 + du, 0.35 + dv, 0.38 + du, 0.28 + dv]);
  for (const u of [-0.34, -0.06, 0.2]) curve(g, p, colour, width * 0.8, [u + du, 0.05 + dv, u + du, 0.22 + dv]);
}

function drawSleigh(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  const body = look.color;
  const width = box.h * 0.032;
  groundShadow(g, box, look, 0.5);
  runner(g, p, css(lit(look, mix(GOLD, COAL, 0.45), -0.6)), width, 0.035, 0.035);
  // The body, lit on top and shaded underneath, with gold trim along its rim and a scroll on its side.
  rounded(g, box, look, body, 0.9, 0.2);
  sleighBody(g, p);
  g.fill();
  fill(g, lit(look, mix(body, COAL, 0.55), -0.6), 0.55);
  shape(g, p, [-0.42, 0.2, 0.14, 0.2, 0.32, 0.26, 0.3, 0.3, -0.42, 0.3]);
  const trim = css(lit(look, GOLD, 0.6));
  curve(g, p, trim, width * 0.55, [-0.2, 0.62, 0.06, 0.6, 0.22, 0.6, 0.28, 0.72]);
  curve(g, p, trim, width * 0.55, [-0.43, 0.64, -0.46, 0.82, -0.4, 0.92, -0.31, 0.88]);
  curve(g, p, trim, width * 0.45, [-0.3, 0.4, -0.12, 0.52, 0.04, 0.32, 0.2, 0.44]);
  curve(g, p, trim, width * 0.45, [0.2, 0.44, 0.27, 0.48, 0.25, 0.38, 0.21, 0.4]);
  curve(g, p, trim, width * 0.45, [-0.3, 0.4, -0.36, 0.36, -0.33, 0.31, -0.3, 0.34]);
  runner(g, p, css(lit(look, GOLD, 0.3)), width, 0, 0);
  // A lantern hanging from the dash, lit at night.
  const [lx, ly] = p(0.41, 0.66);
  strokeLine(g, lit(look, COAL, 0.2), width * 0.4, [p(0.41, 0.72), [lx, ly]]);
  if (look.night) glow(g, lx, ly + box.h * 0.06, box.h * 0.35, LAMP, 0.6);
  fill(g, look.night ? LAMP : lit(look, [236, 206, 150], 0.4));
  ellipse(g, lx, ly + box.h * 0.06, box.h * 0.03, box.h * 0.045);
  fill(g, lit(look, COAL, 0.2));
  shape(g, p, [0.385, 0.66, 0.435, 0.66, 0.425, 0.68, 0.395, 0.68]);
}

/** Wrapping paper and its ribbon, two colours a row, that presents without a colour word take in turn. */
const PAPERS: readonly (readonly number[])[] = [
  [196, 34, 44, 240, 206, 96],
  [34, 116, 70, 236, 58, 56],
  [40, 86, 170, 246, 244, 236],
  [236, 206, 96, 190, 36, 48],
  [246, 244, 236, 200, 40, 50],
];
const GIFT_COLOUR: RGB = [196, 34, 44];

function drawGift(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  // Presents in a row share one random stream but not a place: where each stands picks its
  // paper and its pattern, so neighbours seldom match.
  const pick = hashString(`${Math.round(box.x)},${Math.round(box.y)}`);
  const row = PAPERS[pick % PAPERS.length]!;
  const [paper, ribbon] =
    look.color === GIFT_COLOUR
      ? [row.slice(0, 3) as RGB, row.slice(3) as RGB]
      : [look.color, mix(look.color, SNOW, 0.75)];
  const side = look.lightFrom * look.facing;
  groundShadow(g, box, look, 0.5);
  // A box seen from a little above: the front, one side receding and the top.
  fill(g, lit(look, paper, 0.1));
  shape(g, p, [-0.44, 0, 0.16, 0, 0.16, 0.62, -0.44, 0.62]);
  fill(g, lit(look, paper, 0.55 * side - 0.2));
  shape(g, p, [0.16, 0, 0.44, 0.15, 0.44, 0.77, 0.16, 0.62]);
  fill(g, lit(look, mix(paper, SNOW, 0.12), 0.7));
  shape(g, p, [-0.44, 0.62, 0.16, 0.62, 0.44, 0.77, -0.16, 0.77]);
  // Spots or stripes on the front (or plain paper), then the ribbon tied round it both ways.
  const pattern = lit(look, mix(paper, SNOW, 0.45), 0.2);
  if ((pick >>> 5) % 3 === 0) {
    fill(g, pattern, 0.7);
    discs(
      g,
      p,
      box,
      [-0.36, 0.14, 0.02, -0.33, 0.46, 0.02, 0.06, 0.1, 0.02, 0.08, 0.42, 0.02, -0.28, 0.3, 0.02, 0.02, 0.26, 0.02],
    );
  } else if ((pick >>> 5) % 3 === 1)
    for (const u of [-0.44, -0.32, -0.2, -0.08, 0.04])
      strokeLine(g, pattern, box.w * 0.025, [p(u + 0.03, 0.02), p(Math.min(0.14, u + 0.16), 0.6)], 0.7);
  fill(g, lit(look, ribbon, 0.1));
  shape(g, p, [-0.19, 0, -0.09, 0, -0.09, 0.62, -0.19, 0.62]);
  fill(g, lit(look, ribbon, 0.55 * side - 0.2));
  shape(g, p, [0.27, 0.06, 0.33, 0.09, 0.33, 0.71, 0.27, 0.68]);
  fill(g, lit(look, ribbon, 0.7));
  shape(g, p, [-0.19, 0.62, -0.09, 0.62, 0.19, 0.77, 0.09, 0.77]);
  shape(g, p, [-0.33, 0.68, 0.27, 0.68, 0.33, 0.71, -0.27, 0.71]);
  // The bow: two loops and two tails round a knot.
  const bow = lit(look, ribbon, 0.4);
  fill(g, lit(look, ribbon, -0.3));
  shape(g, p, [-0.02, 0.69, -0.14, 0.6, -0.1, 0.58]);
  shape(g, p, [0.02, 0.69, 0.1, 0.58, 0.15, 0.61]);
  fill(g, bow);
  oval(g, p, box, look, -0.11, 0.79, 0.12, 0.075, -0.45);
  oval(g, p, box, look, 0.11, 0.79, 0.12, 0.075, 0.45);
  fill(g, lit(look, mix(ribbon, COAL, 0.4), -0.3));
  oval(g, p, box, look, -0.11, 0.79, 0.05, 0.03, -0.45);
  oval(g, p, box, look, 0.11, 0.79, 0.05, 0.03, 0.45);
  fill(g, bow);
  oval(g, p, box, look, 0, 0.72, 0.04, 0.035);
}

/** Bauble colours, hung in turn. */
const BAUBLES: readonly RGB[] = [
  [206, 30, 40],
  [236, 188, 60],
  [50, 96, 196],
  [214, 214, 226],
  [176, 40, 140],
];
const BULBS: readonly RGB[] = [
  [255, 226, 140],
  [255, 120, 100],
  [140, 200, 255],
  [255, 236, 190],
];

/** One tier of a fir's boughs: a wide skirt from its tip down to a scalloped hem, in box units. */
function tier(g: Graphics, p: Point, top: number, hem: number, half: number, scallops: number): void {
  g.beginPath();
  g.moveTo(...p(0, top));
  g.quadraticCurveTo(...p(half * 0.45, hem + (top - hem) * 0.35), ...p(half, hem));
  for (let k = scallops - 1; k >= 0; k--) {
    const u = -half + (2 * half * k) / scallops;
    const mid = u + half / scallops;
    g.quadraticCurveTo(...p(mid, hem - 0.05), ...p(u, hem + (k === 0 ? 0 : 0.012)));
  }
  g.quadraticCurveTo(...p(-half * 0.45, hem + (top - hem) * 0.35), ...p(0, top));
  g.closePath();
  g.fill();
}

function drawChristmasTree(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  const needles = look.color;
  const r = look.random;
  if (look.night) glow(g, ...p(0, 0.45), box.h * 0.62, FIRELIGHT, 0.22);
  groundShadow(g, box, look, 0.45);
  fill(g, lit(look, BARK, -0.2));
  shape(g, p, [-0.06, 0, 0.06, 0, 0.05, 0.14, -0.05, 0.14]);
  // Tiers from the bottom up, each over the one below: a dark underside, then the lit boughs.
  const tiers = 5;
  const lights: [number, number][] = [];
  for (let k = 0; k < tiers; k++) {
    const hem = 0.1 + k * 0.14;
    const top = hem + (k === tiers - 1 ? 0.26 : 0.3);
    const half = 0.48 * (1 - k * 0.19);
    const scallops = 5 - Math.floor(k / 2);
    fill(g, lit(look, mix(needles, COAL, 0.35), -0.8));
    tier(g, p, top, hem, half, scallops);
    const left = box.x - half * box.w;
    const across = g.createLinearGradient(left, 0, left + 2 * half * box.w, 0);
    const lightSide = shadowSide(look) < 0 ? 1 : 0;
    across.addColorStop(lightSide, css(lit(look, mix(needles, [150, 200, 120], 0.15), 0.7)));
    across.addColorStop(0.5, css(lit(look, needles, 0)));
    across.addColorStop(1 - lightSide, css(lit(look, needles, -0.6)));
    g.fillStyle = across;
    tier(g, p, top, hem + 0.03, half * 0.94, scallops);
    // A garland swagging across the tier, strung with lights.
    const garland: Outline = [-half * 0.86, hem + 0.13, -0.05, hem + 0.02, half * 0.88, hem + 0.08];
    curve(g, p, css(lit(look, GOLD, 0.4), 0.9), box.h * 0.012, garland);
    for (let t = 0.08; t < 1; t += 0.17) {
      const u = (1 - t) ** 2 * garland[0]! + 2 * t * (1 - t) * garland[2]! + t * t * garland[4]!;
      const v = (1 - t) ** 2 * garland[1]! + 2 * t * (1 - t) * garland[3]! + t * t * garland[5]!;
      lights.push([u, v]);
    }
    // Baubles hanging from the hem, where the boughs dip.
    for (let s = 0; s < scallops; s++) {
      if (r.chance(0.35)) continue;
      const u = -half + (2 * half * (s + 0.5)) / scallops + r.range(-0.03, 0.03);
      const radius = box.h * (0.024 - k * 0.002);
      ball(g, look, BAUBLES[(s + k * 2) % BAUBLES.length]!, COAL, p(u * 0.92, hem + 0.005), radius);
    }
  }
  // Fairy lights: coloured beads by day, glowing points at night.
  for (const [i, [u, v]] of lights.entries()) {
    const bulb = BULBS[i % BULBS.length]!;
    const at = p(u, v);
    if (look.night) glow(g, ...at, box.h * 0.04, bulb, 0.7);
    fill(g, look.night ? mix(bulb, SNOW, 0.5) : lit(look, bulb, 0.4));
    ellipse(g, ...at, box.h * 0.008 + 0.5, box.h * 0.008 + 0.5);
  }
  // The star on top.
  const tip = p(0, 0.92);
  glow(g, ...tip, box.h * (look.night ? 0.16 : 0.08), LAMP, look.night ? 0.8 : 0.4);
  fill(g, look.night ? mix(GOLD, SNOW, 0.4) : lit(look, GOLD, 0.6));
  star(g, tip, box.h * 0.07);
}

/** Stones round a fire pit as triples `[u, v, r]`, back ones first; r a share of the box's height. */
const FIRE_PIT: Outline = [
  -0.3, 0.12, 0.05, -0.12, 0.15, 0.045, 0.08, 0.15, 0.045, 0.28, 0.12, 0.05, -0.4, 0.07, 0.055, 0.39, 0.07, 0.055,
  -0.26, 0.03, 0.06, 0, 0.02, 0.06, 0.25, 0.03, 0.06,
];

function drawCampfire(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  const firelit = (colour: RGB, u: number) =>
    look.night ? mix(lit(look, colour, -0.2), FIRELIGHT, 0.35 - Math.abs(u) * 0.3) : lit(look, colour, 0.2);
  // Firelight pools on the ground round it, far and bright at night; by day smoke drifts up.
  const reach = look.night ? 1 : 0.5;
  groundGlow(g, p(0, 0.06), box.w * 1.1 * reach, box.h * 0.32 * reach, look.night ? 0.55 : 0.2);
  if (!look.night) {
    fill(g, [170, 168, 166], 0.22);
    discs(g, p, box, [0.02, 0.85, 0.07, 0.07, 0.92, 0.08, 0.13, 0.97, 0.03]);
  }
  const stones = (from: number, to: number) => {
    for (let i = from; i < to; i += 3) {
      const [u, v, radius] = [FIRE_PIT[i]!, FIRE_PIT[i + 1]!, FIRE_PIT[i + 2]!];
      fill(g, firelit(STONE, u));
      ellipse(g, ...p(u, v), radius * box.h * 1.3, radius * box.h * 0.8);
      fill(g, lit(look, STONE, -0.6), 0.5);
      ellipse(g, ...p(u, v - radius * 0.35), radius * box.h * 1.1, radius * box.h * 0.35);
    }
  };
  stones(0, 12);
  // Logs leaning together behind the flames, two crossed logs in front of them.
  log(g, p, box, look, [0.2, 0.06, -0.04, 0.42], 0.06);
  log(g, p, box, look, [-0.2, 0.06, 0.04, 0.42], 0.06);
  fire(g, p, box, look, [0, 0.12, 0.16, 0.66]);
  sparks(g, p, box, look, 0, 0.6, 0.12);
  fill(g, EMBER);
  for (const u of [-0.12, -0.04, 0.05, 0.13]) oval(g, p, box, look, u, 0.09, 0.035, 0.025);
  log(g, p, box, look, [0.3, 0.05, -0.24, 0.16], 0.075);
  log(g, p, box, look, [-0.3, 0.05, 0.24, 0.16], 0.075);
  stones(12, FIRE_PIT.length);
}

/** Bricks in rows across u0 … u1 × v0 … v1, each a slightly different shade, the mortar showing between. */
function brickwork(g: Graphics, p: Point, box: SubjectBox, look: SubjectLook, area: Outline, brick: RGB): void {
  const [u0, v0, u1, v1] = area as [number, number, number, number];
  const r = look.random;
  fill(g, lit(look, mix(brick, [210, 200, 186], 0.6), -0.1));
  shape(g, p, [u0, v0, u1, v0, u1, v1, u0, v1]);
  const rows = Math.round((v1 - v0) / 0.055);
  const rowHeight = (v1 - v0) / rows;
  const long = (rowHeight * 2.2 * box.h) / box.w;
  const joint = 0.012;
  for (let row = 0; row < rows; row++) {
    const v = v0 + row * rowHeight;
    for (let u = u0 - (row % 2) * long * 0.5; u < u1; u += long) {
      fill(g, lit(look, scale(brick, r.range(0.82, 1.1)), r.range(-0.2, 0.3)));
      const left = Math.max(u0, u + joint);
      const right = Math.min(u1, u + long - joint);
      shape(g, p, [left, v + joint, right, v + joint, right, v + rowHeight - joint, left, v + rowHeight - joint]);
    }
  }
}

/** The firebox's arched opening, in box units. */
function archway(g: Graphics, p: Point): void {
  g.beginPath();
  g.moveTo(...p(-0.27, 0.06));
  g.lineTo(...p(-0.27, 0.44));
  g.quadraticCurveTo(...p(0, 0.62), ...p(0.27, 0.44));
  g.lineTo(...p(0.27, 0.06));
  g.closePath();
}

/** The front edge of the mantel shelf, in box heights: what is put on the fireplace stands just behind it. */
const MANTEL = 0.92;

function drawFireplace(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  const wood: RGB = [112, 70, 42];
  groundShadow(g, box, look, 0.55);
  brickwork(g, p, box, look, [-0.44, 0.06, 0.44, MANTEL - 0.05], look.color);
  // The opening: soot-dark inside, warm where the fire lights its back.
  const [ax, ay] = p(0, 0.2);
  const inside = g.createRadialGradient(ax, ay, 0, ax, ay, box.h * 0.42);
  inside.addColorStop(0, css(mix(COAL, FIRELIGHT, look.night ? 0.55 : 0.35)));
  inside.addColorStop(1, css(COAL));
  g.fillStyle = inside;
  archway(g, p);
  g.fill();
  g.strokeStyle = css(lit(look, mix(STONE, SNOW, 0.35), 0.3));
  g.lineWidth = box.h * 0.035;
  archway(g, p);
  g.stroke();
  // Firedogs, the logs and the fire.
  for (const u of [-0.17, 0.17]) strokeLine(g, lit(look, COAL, 0.3), box.h * 0.018, [p(u, 0.07), p(u, 0.14)]);
  log(g, p, box, look, [-0.2, 0.1, 0.16, 0.12], 0.06);
  fire(g, p, box, look, [0, 0.12, 0.15, 0.32]);
  log(g, p, box, look, [0.2, 0.09, -0.14, 0.1], 0.065);
  fill(g, EMBER);
  oval(g, p, box, look, 0, 0.085, 0.12, 0.018);
  // The hearth stone in front and the wooden mantel shelf on its brackets.
  fill(g, lit(look, STONE, 0.5));
  shape(g, p, [-0.48, 0.04, 0.48, 0.04, 0.5, 0.07, -0.5, 0.07]);
  fill(g, lit(look, STONE, -0.3));
  shape(g, p, [-0.5, 0, 0.5, 0, 0.5, 0.04, -0.5, 0.04]);
  fill(g, lit(look, wood, -0.5));
  for (const u of [-0.4, 0.34])
    shape(g, p, [u, MANTEL - 0.05, u + 0.06, MANTEL - 0.05, u + 0.045, MANTEL - 0.11, u + 0.015, MANTEL - 0.11]);
  fill(g, lit(look, wood, -0.2));
  shape(g, p, [-0.5, MANTEL - 0.05, 0.5, MANTEL - 0.05, 0.5, MANTEL, -0.5, MANTEL]);
  fill(g, lit(look, wood, 0.6));
  shape(g, p, [-0.5, MANTEL, 0.5, MANTEL, 0.47, MANTEL + 0.035, -0.47, MANTEL + 0.035]);
  if (look.night) groundGlow(g, p(0, 0.02), box.w * 0.7, box.h * 0.12, 0.45);
}

/** What every thing here shares: it stands on the ground, with its own colour and proportions. */
const standing = (category: SubjectCategory, color: RGB, aspect: number, size: number) =>
  ({ category, color, aspect, size, placement: "ground" }) as const;

export const SEASONAL: SubjectDefinition[] = [
  {
    id: "snowman",
    // A colour word colours its scarf: the snow stays white.
    ...standing("figure", [200, 36, 44], 0.74, 0.34),
    // Names are matched with their spaces taken out, so "snow man" also reads "snowman".
    words: ["snow man", "snow woman"],
    plurals: ["snow men", "snow women"],
    draw: drawSnowman,
  },
  {
    id: "sleigh",
    ...standing("vehicle", [184, 30, 38], 1.7, 0.26),
    words: ["sleigh", "sled", "sledge", "toboggan"],
    plurals: ["sleighs", "sleds", "sledges", "toboggans"],
    // "a sleigh full of presents": they ride in it.
    container: true,
    draw: drawSleigh,
  },
  {
    id: "gift",
    ...standing("object", GIFT_COLOUR, 1.05, 0.16),
    words: ["gift", "present", "parcel", "christmas present", "christmas gift"],
    plurals: ["gifts", "presents", "parcels", "christmas presents", "christmas gifts"],
    carried: true,
    draw: drawGift,
  },
  {
    id: "christmastree",
    ...standing("nature", [30, 98, 58], 0.66, 0.6),
    words: ["christmas tree", "xmas tree", "yule tree"],
    plurals: ["christmas trees", "xmas trees"],
    // Its fairy lights light a room at evening ("a christmas tree in the living room").
    lightsRoom: true,
    draw: drawChristmasTree,
  },
  {
    id: "campfire",
    ...standing("nature", FIRELIGHT, 1.25, 0.3),
    words: ["camp fire", "bonfire", "fire", "fire pit"],
    plurals: ["campfires", "bonfires", "fires"],
    draw: drawCampfire,
  },
  {
    id: "fireplace",
    // A colour word colours its bricks.
    ...standing("object", [150, 74, 56], 1.12, 0.5),
    words: ["fire place", "hearth", "fireside", "chimney piece", "mantelpiece", "mantel"],
    plurals: ["fireplaces", "hearths"],
    // "a candle on the mantelpiece" stands on the shelf.
    surface: MANTEL + 0.03,
    indoor: true,
    lightsRoom: true,
    draw: drawFireplace,
  },
];

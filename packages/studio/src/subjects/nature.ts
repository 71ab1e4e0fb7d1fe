/**
 * Nature features of the subject library: volcanoes, waterfalls, caves, reefs, waves, lone trees
 * and plants. Each is one recognisable feature drawn large, shaded by the scene's light; the
 * landscape around it (mountains, sea, forest) comes from the scene.
 */
import type { Graphics } from "../scene/canvas";
import { css, mix, scale } from "../scene/colors";
import type { RGB } from "../scene/types";
import { OBJECTS } from "./objects";
import {
  blob,
  boxPoint,
  curve,
  discs,
  ellipse,
  fill,
  glow,
  groundShadow,
  lit,
  type Outline,
  outlinePoints,
  oval,
  type Point,
  rounded,
  shadowSide,
  shape,
  strokeLine,
} from "./paint";
import type { SubjectBox, SubjectDefinition, SubjectLook } from "./types";

const WHITE: RGB = [246, 244, 238];
const DARK: RGB = [30, 26, 24];
const LEAF: RGB = [70, 132, 52];
const BARK: RGB = [98, 72, 50];
const ROCK: RGB = [124, 116, 106];
const LAVA: RGB = [255, 92, 22];
const LAVA_HOT: RGB = [255, 218, 120];
const SMOKE: RGB = [126, 122, 120];
const FIRE: RGB = [255, 170, 70];
const SEA_DEEP: RGB = [18, 70, 110];

/** A horizontal fill across pixels left … right, lit on the light's side: a round trunk, stem or column. */
function cylinder(g: Graphics, look: SubjectLook, colour: RGB, left: number, right: number): void {
  const gradient = g.createLinearGradient(left, 0, right, 0);
  const towardsLight = (t: number) => (look.lightFrom > 0 ? t : 1 - t);
  gradient.addColorStop(towardsLight(0), css(lit(look, colour, -0.8)));
  gradient.addColorStop(towardsLight(0.6), css(lit(look, colour, 0.4)));
  gradient.addColorStop(towardsLight(0.8), css(lit(look, mix(colour, WHITE, 0.2), 0.7)));
  gradient.addColorStop(towardsLight(1), css(lit(look, colour, 0)));
  g.fillStyle = gradient;
  g.strokeStyle = gradient;
}

/** A vertical fill from `top` to `bottom` (box heights) through the given colours. */
function layered(g: Graphics, box: SubjectBox, top: number, bottom: number, colours: RGB[], alpha = 1): void {
  const gradient = g.createLinearGradient(0, box.y - top * box.h, 0, box.y - bottom * box.h);
  for (const [i, colour] of colours.entries()) gradient.addColorStop(i / (colours.length - 1), css(colour, alpha));
  g.fillStyle = gradient;
}

/**
 * Soft puffs (smoke, foam, spray, leaves) as triples `[u, v, r, …]`: each a shaded round with a lit
 * round toward the light on it. `under` is how dark the shaded round is (−1 … 0; foam stays pale).
 */
function puffs(
  g: Graphics,
  p: Point,
  box: SubjectBox,
  look: SubjectLook,
  colour: RGB,
  circles: Outline,
  alpha = 1,
  under = -0.5,
) {
  fill(g, lit(look, colour, under), alpha);
  discs(g, p, box, circles);
  const toLight = (shadowSide(look) * -0.25 * box.h) / box.w;
  fill(g, lit(look, colour, 0.6), alpha);
  discs(
    g,
    p,
    box,
    circles.map((n, i) =>
      i % 3 === 0 ? n + toLight * circles[i + 2]! : i % 3 === 1 ? n + circles[i + 1]! * 0.2 : n * 0.72,
    ),
  );
}

/** `count` random puffs `[u, v, r, …]` in the area u0…u1 × v0…v1 with radii r0…r1 (box heights). */
function scatter(
  look: SubjectLook,
  count: number,
  area: readonly [number, number, number, number],
  r0: number,
  r1: number,
) {
  const [u0, u1, v0, v1] = area;
  const circles: number[] = [];
  for (let k = 0; k < count; k++)
    circles.push(look.random.range(u0, u1), look.random.range(v0, v1), look.random.range(r0, r1));
  return circles;
}

/** White water: crowded pale puffs that merge into one frothy mass, shaded only along its underside. */
function foam(g: Graphics, p: Point, box: SubjectBox, look: SubjectLook, circles: Outline) {
  fill(g, lit(look, mix(WHITE, [150, 190, 210], 0.4), -0.2));
  discs(g, p, box, circles);
  fill(g, lit(look, WHITE, 0.8));
  discs(
    g,
    p,
    box,
    circles.map((n, i) => (i % 3 === 2 ? n * 0.85 : i % 3 === 1 ? n + circles[i + 1]! * 0.2 : n)),
  );
}

function drawVolcano(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  const rock = look.color;
  const heat = look.night ? 1 : 0.55;
  groundShadow(g, box, look, 0.55);
  // The plume billowing up from the crater and leaning downwind, lit from below by the lava at night.
  const drift = look.random.range(0.05, 0.14) * (look.random.chance(0.5) ? 1 : -1);
  const plume: number[] = [];
  for (let k = 0; k <= 9; k++) {
    const t = k / 9;
    const r = 0.045 + t * 0.1;
    for (const side of [-1, 0, 1])
      plume.push(
        drift * t * 2 + side * r * 0.45 + look.random.range(-0.02, 0.02),
        0.56 + t * 0.3 + Math.abs(side) * r * -0.2,
        r * (side === 0 ? 1 : 0.8),
      );
  }
  const smoke = look.night ? mix(scale(SMOKE, 0.5), LAVA, 0.1) : SMOKE;
  puffs(g, p, box, look, smoke, plume, 0.95, -0.35);
  if (look.night) glow(g, ...p(0, 0.6), box.h * 0.25, LAVA, 0.45);
  // The cone with slightly hollow flanks and a ragged crater rim.
  const cone = () => {
    g.beginPath();
    g.moveTo(...p(-0.5, 0));
    g.quadraticCurveTo(...p(-0.22, 0.08), ...p(-0.11, 0.52));
    for (const [u, v] of [
      [-0.05, 0.548],
      [0, 0.53],
      [0.05, 0.55],
      [0.11, 0.52],
    ] as const)
      g.lineTo(...p(u, v));
    g.quadraticCurveTo(...p(0.22, 0.08), ...p(0.5, 0));
    g.closePath();
  };
  rounded(g, box, look, rock, 0.55, 0);
  cone();
  g.fill();
  g.save();
  cone();
  g.clip();
  const side = shadowSide(look);
  fill(g, lit(look, rock, -0.9), 0.55);
  shape(g, p, [0.01 * side, 0.56, 0.6 * side, 0.56, 0.6 * side, 0, 0.16 * side, 0]);
  // Gullies down the flanks, then the lava running down two of them.
  for (const u of [-0.085, -0.03, 0.03, 0.085])
    curve(g, p, css(lit(look, mix(rock, DARK, 0.5), -0.4), 0.4), box.w * 0.01, [u, 0.52, u * 2.4, 0.26, u * 5, 0]);
  const flows: Outline[] = [
    [-0.03, 0.53, -0.12, 0.38, -0.02, 0.26, -0.16, 0.02],
    [0.06, 0.53, 0.11, 0.42, 0.05, 0.3, 0.2, 0.12],
  ];
  for (const flow of flows) {
    curve(g, p, css(mix(LAVA, DARK, 0.45)), box.h * 0.045, flow);
    curve(g, p, css(LAVA), box.h * 0.026, flow);
    curve(g, p, css(LAVA_HOT, heat), box.h * 0.009, flow);
  }
  g.restore();
  if (look.night)
    for (const [u, v] of [
      [-0.07, 0.36],
      [-0.12, 0.1],
      [0.09, 0.38],
      [0.15, 0.18],
    ] as const)
      glow(g, ...p(u, v), box.h * 0.12, LAVA, 0.45);
  // The glowing crater and lava thrown up out of it in arcs.
  glow(g, ...p(0, 0.56), box.h * (look.night ? 0.22 : 0.12), LAVA_HOT, 0.5 + 0.3 * heat);
  fill(g, LAVA);
  oval(g, p, box, look, 0, 0.534, 0.09, 0.02);
  fill(g, LAVA_HOT);
  oval(g, p, box, look, 0, 0.536, 0.055, 0.011);
  for (const [u, v] of [
    [-0.1, 0.62],
    [-0.04, 0.7],
    [0.05, 0.68],
    [0.11, 0.6],
  ] as const) {
    curve(g, p, css(LAVA, 0.9), box.h * 0.012, [0, 0.54, u * 0.6, v + 0.04, u, v]);
    fill(g, LAVA_HOT);
    discs(g, p, box, [u, v, 0.009]);
  }
}

/** A closed path through an outline in box units, to fill and to clip to. */
function trace(g: Graphics, p: Point, outline: Outline): void {
  g.beginPath();
  for (const [i, point] of outlinePoints(p, outline).entries()) {
    if (i === 0) g.moveTo(...point);
    else g.lineTo(...point);
  }
  g.closePath();
}

/** The cliff the water falls from: two shoulders with the river's notch between them. */
const CLIFF: Outline = [
  -0.5, 0, -0.5, 0.6, -0.46, 0.84, -0.38, 0.9, -0.3, 1, -0.2, 0.98, -0.16, 0.9, 0.16, 0.9, 0.2, 0.97, 0.3, 1, 0.4, 0.9,
  0.47, 0.74, 0.5, 0.55, 0.5, 0,
];

function drawWaterfall(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  const water = look.color;
  const rock = ROCK;
  groundShadow(g, box, look, 0.55);
  // The cliff in flat faces: lit, one turned from the light, the shoulders catching it; ledges across.
  fill(g, lit(look, rock, 0.1));
  trace(g, p, CLIFF);
  g.fill();
  g.save();
  g.clip();
  const side = shadowSide(look);
  fill(g, lit(look, mix(rock, DARK, 0.3), -0.8), 0.5);
  shape(g, p, [0.22 * side, 1, 0.34 * side, 0.86, 0.5 * side, 0.7, 0.5 * side, 0, 0.26 * side, 0]);
  fill(g, lit(look, mix(rock, WHITE, 0.25), 0.9), 0.5);
  shape(g, p, [-0.5, 0.84, -0.3, 1, 0.3, 1, 0.5, 0.84, 0.5, 0.8, 0.3, 0.92, -0.3, 0.92, -0.5, 0.8]);
  for (const [u0, u1, v] of [
    [-0.48, -0.22, 0.76],
    [0.24, 0.48, 0.7],
    [-0.46, -0.24, 0.46],
    [0.22, 0.46, 0.38],
    [-0.44, -0.22, 0.22],
  ] as const) {
    strokeLine(g, lit(look, mix(rock, DARK, 0.5), -0.5), box.h * 0.018, [p(u0, v), p(u1, v - 0.03)], 0.7);
    strokeLine(g, lit(look, rock, 0.8), box.h * 0.008, [p(u0, v + 0.015), p(u1, v - 0.015)], 0.6);
  }
  g.restore();
  // Wet dark rock behind the falling water, and greenery on the shoulders with creepers hanging down.
  fill(g, lit(look, mix(rock, DARK, 0.45), -0.4));
  shape(g, p, [-0.17, 0.9, 0.17, 0.9, 0.21, 0.1, -0.21, 0.1]);
  const creeper = css(lit(look, mix(LEAF, DARK, 0.3), -0.2));
  for (const [u, v, drop] of [
    [-0.34, 0.96, 0.26],
    [-0.42, 0.88, 0.14],
    [0.26, 0.97, 0.2],
    [0.44, 0.84, 0.3],
  ] as const)
    curve(g, p, creeper, box.w * 0.008, [u, v, u + 0.02, v - drop * 0.5, u - 0.01, v - drop]);
  for (const [u, v] of [
    [-0.4, 0.88],
    [-0.28, 0.97],
    [0.27, 0.97],
    [0.41, 0.88],
    [-0.47, 0.62],
    [0.47, 0.58],
  ] as const)
    puffs(g, p, box, look, LEAF, scatter(look, 5, [u - 0.04, u + 0.04, v - 0.03, v], 0.018, 0.03));
  // The pool at its foot.
  layered(g, box, 0.14, 0, [lit(look, mix(water, SEA_DEEP, 0.55), 0.2), lit(look, mix(water, SEA_DEEP, 0.3), 0.4)]);
  oval(g, p, box, look, 0, 0.07, 0.5, 0.07);
  // The falling sheet: the river's lip bright where it tips over, streaked, widening as it falls.
  layered(g, box, 0.92, 0.1, [
    lit(look, mix(water, [90, 160, 190], 0.3), 0.6),
    lit(look, water, 0.8),
    lit(look, WHITE, 0.6),
  ]);
  shape(g, p, [-0.16, 0.92, 0.16, 0.92, 0.19, 0.12, -0.19, 0.12]);
  fill(g, lit(look, mix(water, WHITE, 0.5), 0.9));
  oval(g, p, box, look, 0, 0.91, 0.16, 0.012);
  for (let k = 0; k < 9; k++) {
    const u = -0.13 + (k / 8) * 0.26 + look.random.range(-0.012, 0.012);
    const blue = k % 2 === 0;
    strokeLine(
      g,
      blue ? lit(look, mix(water, [80, 150, 190], 0.5), 0) : lit(look, WHITE, 0.8),
      box.w * (blue ? 0.012 : 0.008),
      [p(u, look.random.range(0.82, 0.9)), p(u * 1.25, look.random.range(0.16, 0.4))],
      0.55,
    );
  }
  // Foam and spray where it lands, ripples spreading on the pool.
  g.strokeStyle = css(lit(look, WHITE, 0.5), 0.5);
  g.lineWidth = Math.max(1, box.h * 0.008);
  for (const k of [0.6, 0.85]) {
    g.beginPath();
    g.ellipse(...p(0, 0.07), box.w * 0.44 * k, box.h * 0.05 * k, 0, 0, Math.PI * 2);
    g.stroke();
  }
  foam(g, p, box, look, scatter(look, 40, [-0.22, 0.22, 0.07, 0.15], 0.03, 0.055));
  for (const u of [-0.16, 0, 0.16]) glow(g, ...p(u, 0.2), box.h * 0.12, lit(look, WHITE, 0.5), 0.35);
}

function drawCave(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  const rock = look.color;
  groundShadow(g, box, look, 0.55);
  rounded(g, box, look, rock, 1, 0);
  blob(g, p, [-0.5, 0, -0.47, 0.42, -0.32, 0.84, -0.06, 1, 0.24, 0.93, 0.44, 0.64, 0.5, 0.22, 0.5, 0]);
  // Facets and cracks: the side away from the light darker, a few lit faces.
  const side = shadowSide(look);
  fill(g, lit(look, rock, -0.9), 0.45);
  shape(g, p, [0.28 * side, 0.88, 0.47 * side, 0.55, 0.5 * side, 0.05, 0.26 * side, 0.04, 0.3 * side, 0.5]);
  fill(g, lit(look, mix(rock, WHITE, 0.2), 0.9), 0.35);
  shape(g, p, [-0.24 * side, 0.86, -0.05 * side, 0.96, -0.1 * side, 0.7]);
  shape(g, p, [-0.44 * side, 0.4, -0.3 * side, 0.7, -0.3 * side, 0.42]);
  for (const crack of [
    [-0.3, 0.8, -0.22, 0.62, -0.26, 0.5],
    [0.12, 0.9, 0.2, 0.7, 0.3, 0.66],
  ])
    curve(g, p, css(lit(look, mix(rock, DARK, 0.6), -0.5), 0.6), box.h * 0.012, crack);
  // The mouth: a shadowed rim, then the dark inside, deepest at its heart.
  const mouth = [-0.25, 0, -0.23, 0.3, -0.13, 0.5, 0.03, 0.55, 0.17, 0.43, 0.24, 0.2, 0.23, 0];
  fill(g, lit(look, mix(rock, DARK, 0.5), -0.6));
  blob(g, p, [-0.27, 0, -0.25, 0.32, -0.14, 0.54, 0.03, 0.59, 0.19, 0.46, 0.26, 0.2, 0.25, 0]);
  const [mx, my] = p(0, 0.2);
  const depth = g.createRadialGradient(mx, my, 0, mx, my, box.h * 0.5);
  const inside = look.night ? mix(DARK, FIRE, 0.35) : mix(DARK, rock, 0.25);
  depth.addColorStop(0, css(look.night ? mix(inside, FIRE, 0.4) : scale(DARK, 0.5)));
  depth.addColorStop(1, css(inside));
  g.fillStyle = depth;
  blob(g, p, mouth);
  // At night a fire inside lights the mouth and spills out onto the ground.
  if (look.night) {
    glow(g, ...p(0, 0.1), box.h * 0.32, FIRE, 0.55);
    fill(g, FIRE);
    shape(g, p, [-0.04, 0.02, 0.04, 0.02, 0.01, 0.14, -0.005, 0.08, -0.02, 0.12]);
    fill(g, LAVA_HOT);
    shape(g, p, [-0.02, 0.02, 0.02, 0.02, 0, 0.08]);
  }
  // Boulders at its foot and grass on its crown.
  puffs(g, p, box, look, rock, [-0.4, 0.05, 0.07, 0.36, 0.04, 0.05, 0.44, 0.06, 0.04]);
  puffs(g, p, box, look, LEAF, [-0.12, 0.92, 0.035, 0.04, 0.94, 0.03, 0.2, 0.89, 0.03]);
}

/** The reef's corals besides the main colour (which a colour word changes). */
const REEF_COLOURS: RGB[] = [
  [150, 84, 196],
  [250, 196, 56],
  [250, 132, 48],
  [40, 186, 170],
];

/** A branching coral: strokes forking upward from (u, v), each branch thinner. */
function branches(g: Graphics, p: Point, box: SubjectBox, colour: string, u: number, v: number, spread: number) {
  const grow = (bu: number, bv: number, angle: number, length: number, width: number, depth: number): void => {
    const eu = bu + (Math.sin(angle) * length) / (box.w / box.h);
    const ev = bv + Math.cos(angle) * length;
    curve(g, p, colour, width, [bu, bv, eu, ev]);
    if (depth === 0) return;
    for (const turn of [-spread, spread]) grow(eu, ev, angle + turn, length * 0.72, width * 0.7, depth - 1);
  };
  grow(u, v, 0, 0.16, box.h * 0.035, 3);
}

/** A horizontal fill in one colour that fades out toward the box's left and right edges. */
function edgeFade(g: Graphics, box: SubjectBox, colour: RGB, alpha: number) {
  const gradient = g.createLinearGradient(box.x - box.w / 2, 0, box.x + box.w / 2, 0);
  for (const [t, a] of [
    [0, 0],
    [0.16, alpha],
    [0.84, alpha],
    [1, 0],
  ] as const)
    gradient.addColorStop(t, css(colour, a));
  return gradient;
}

function drawReef(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  const r = look.random;
  const colours = [look.color, ...REEF_COLOURS];
  // Clear shallow water seen from the side, in bands from the bright surface down to the deep,
  // fading out at its ends so it sits in the scene without a frame.
  const surface = 0.86;
  const water = [lit(look, [90, 206, 218], 0.4), lit(look, [26, 124, 172], 0), lit(look, SEA_DEEP, -0.2)];
  const bands = 24;
  for (let k = 0; k < bands; k++) {
    const t = k / (bands - 1);
    const colour = t < 0.5 ? mix(water[0]!, water[1]!, t * 2) : mix(water[1]!, water[2]!, t * 2 - 1);
    const top = Math.round(box.y - box.h * surface * (1 - k / bands));
    const bottom = Math.round(box.y - box.h * surface * (1 - (k + 1) / bands));
    g.fillStyle = edgeFade(g, box, colour, 0.95);
    g.fillRect(box.x - box.w / 2, top, box.w, bottom - top);
  }
  // Sunbeams slanting down through the water, and the sandy floor.
  fill(g, lit(look, WHITE, 0.8), look.night ? 0.04 : 0.1);
  for (const u of [-0.22, 0.02, 0.24]) shape(g, p, [u, surface, u + 0.07, surface, u - 0.05, 0.05, u - 0.14, 0.05]);
  g.fillStyle = edgeFade(g, box, lit(look, [222, 204, 160], 0.3), 1);
  blob(g, p, [-0.55, 0, -0.5, 0.14, -0.2, 0.09, 0.1, 0.14, 0.4, 0.09, 0.55, 0.14, 0.55, 0]);
  // Sea fans behind, then branching corals, round brain corals and tube sponges in front.
  for (const [u, c] of [
    [-0.24, 1],
    [0.24, 4],
  ] as const) {
    const base = p(u, 0.1);
    const colour = lit(look, colours[c]!, 0.2);
    fill(g, colour, 0.35);
    blob(g, p, [u, 0.1, u - 0.11, 0.45, u - 0.05, 0.72, u + 0.05, 0.72, u + 0.11, 0.45]);
    for (let k = 0; k < 7; k++) {
      const a = -0.9 + (k / 6) * 1.8;
      strokeLine(g, colour, box.h * 0.01, [base, p(u + Math.sin(a) * 0.1, 0.1 + Math.cos(a) * 0.55)]);
    }
  }
  branches(g, p, box, css(lit(look, colours[0]!, 0.2)), -0.06, 0.1, 0.42);
  branches(g, p, box, css(lit(look, colours[2]!, 0)), 0.33, 0.08, 0.5);
  for (const [u, v, ru, rv, c] of [
    [-0.34, 0.1, 0.06, 0.1, 3],
    [0.1, 0.09, 0.07, 0.12, 2],
    [-0.16, 0.07, 0.05, 0.08, 0],
  ] as const) {
    fill(g, lit(look, colours[c]!, 0));
    oval(g, p, box, look, u, v, ru, rv);
    curve(g, p, css(lit(look, mix(colours[c]!, DARK, 0.35), 0), 0.6), box.h * 0.008, [
      u - ru * 0.7,
      v + rv * 0.3,
      u - ru * 0.2,
      v + rv * 0.8,
      u + ru * 0.3,
      v + rv * 0.2,
      u + ru * 0.7,
      v + rv * 0.5,
    ]);
  }
  for (const [u, h, c] of [
    [0.19, 0.3, 1],
    [0.23, 0.22, 1],
    [-0.27, 0.24, 2],
  ] as const) {
    fill(g, lit(look, colours[c]!, 0.1));
    shape(g, p, [u - 0.018, 0.08, u + 0.018, 0.08, u + 0.022, 0.08 + h, u - 0.022, 0.08 + h]);
    fill(g, lit(look, mix(colours[c]!, DARK, 0.6), -0.5));
    oval(g, p, box, look, u, 0.08 + h, 0.018, 0.012);
  }
  // Small striped fish, and bubbles rising to the surface.
  for (let k = 0; k < 4; k++) {
    const u = r.range(-0.32, 0.32);
    const v = r.range(0.42, 0.72);
    const dir = r.chance(0.5) ? 1 : -1;
    fill(g, lit(look, k % 2 === 0 ? [250, 150, 40] : [250, 220, 60], 0.3));
    oval(g, p, box, look, u, v, 0.03, 0.045);
    shape(g, p, [u - dir * 0.026, v, u - dir * 0.05, v + 0.05, u - dir * 0.05, v - 0.05]);
    fill(g, lit(look, WHITE, 0.3));
    shape(g, p, [u - 0.004, v + 0.04, u + 0.005, v + 0.04, u + 0.005, v - 0.04, u - 0.004, v - 0.04]);
    fill(g, DARK);
    oval(g, p, box, look, u + dir * 0.017, v + 0.01, 0.004, 0.01);
  }
  g.strokeStyle = css(lit(look, WHITE, 0.6), 0.5);
  g.lineWidth = Math.max(1, box.h * 0.006);
  for (let k = 0; k < 6; k++) {
    g.beginPath();
    g.arc(...p(r.range(-0.3, 0.3), r.range(0.3, 0.8)), box.h * r.range(0.008, 0.018), 0, Math.PI * 2);
    g.stroke();
  }
  // The rippling surface line, fading out at its ends like the water.
  g.strokeStyle = edgeFade(g, box, lit(look, WHITE, 0.8), 0.9);
  g.lineWidth = Math.max(1, box.h * 0.014);
  g.beginPath();
  for (let k = 0; k <= 16; k++) {
    const [x, y] = p(-0.5 + k / 16, surface + (k % 2 === 0 ? 0.012 : -0.012));
    if (k === 0) g.moveTo(x, y);
    else g.lineTo(x, y);
  }
  g.stroke();
}

function drawWave(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  const sea = look.color;
  // The body: a long back slope rising to the crest, the lip thrown forward over a hollow.
  const body = () => {
    g.beginPath();
    g.moveTo(...p(-0.5, 0));
    g.bezierCurveTo(...p(-0.26, 0.06), ...p(-0.1, 0.8), ...p(0.13, 0.95));
    g.bezierCurveTo(...p(0.3, 1.01), ...p(0.47, 0.88), ...p(0.45, 0.6));
    g.bezierCurveTo(...p(0.42, 0.42), ...p(0.3, 0.2), ...p(0.5, 0.04));
    g.lineTo(...p(0.5, 0));
    g.closePath();
  };
  layered(g, box, 0.95, 0, [
    lit(look, mix(sea, [130, 230, 220], 0.55), 0.6),
    lit(look, sea, 0.1),
    lit(look, mix(sea, SEA_DEEP, 0.6), -0.3),
  ]);
  body();
  g.fill();
  // The hollow under the lip, in deep shadow, and the lip's bright underside.
  layered(g, box, 0.78, 0.1, [lit(look, mix(sea, SEA_DEEP, 0.7), -0.7), lit(look, mix(sea, SEA_DEEP, 0.3), -0.2)]);
  blob(g, p, [0.43, 0.62, 0.36, 0.74, 0.24, 0.74, 0.16, 0.6, 0.18, 0.36, 0.3, 0.16, 0.42, 0.2, 0.44, 0.42]);
  curve(
    g,
    p,
    css(lit(look, mix(sea, [150, 240, 225], 0.6), 0.6), 0.8),
    box.h * 0.035,
    [0.12, 0.9, 0.3, 0.97, 0.44, 0.86, 0.43, 0.64],
  );
  // Streaks along the face follow its rise.
  for (const k of [0, 1, 2, 3]) {
    const s = k * 0.09;
    curve(g, p, css(lit(look, mix(sea, WHITE, 0.45), 0.4), 0.5), box.h * 0.008, [
      -0.42 + s,
      0.04,
      -0.2 + s,
      0.12 + s * 0.6,
      -0.12 + s * 0.5,
      0.5 + s,
      0.02 + s * 0.4,
      0.78 + s * 0.3,
    ]);
  }
  // Foam along the crest and clawing off the lip, spray thrown ahead, foam boiling at its foot.
  const crest: number[] = [];
  const ridge = [0, 0.87, 0.12, 0.92, 0.26, 0.93, 0.37, 0.88, 0.43, 0.79, 0.45, 0.68];
  for (let k = 0; k < 40; k++) {
    const t = (k / 40) * (ridge.length / 2 - 1);
    const i = Math.floor(t) * 2;
    const f = t - Math.floor(t);
    const along = k / 40;
    crest.push(
      ridge[i]! + (ridge[i + 2]! - ridge[i]!) * f + look.random.range(-0.01, 0.01),
      ridge[i + 1]! + (ridge[i + 3]! - ridge[i + 1]!) * f + look.random.range(-0.01, 0.01),
      look.random.range(0.025, 0.045) * (1 - along * 0.5),
    );
  }
  foam(g, p, box, look, crest);
  fill(g, lit(look, WHITE, 0.5), 0.8);
  discs(g, p, box, scatter(look, 14, [0.3, 0.48, 0.55, 0.97], 0.004, 0.01));
  foam(g, p, box, look, scatter(look, 40, [0.14, 0.44, 0.06, 0.15], 0.03, 0.055));
  foam(g, p, box, look, scatter(look, 16, [-0.45, 0.1, 0.02, 0.04], 0.012, 0.022));
}

type TreeKind = "broadleaf" | "apple" | "blossom" | "willow";

/** The crown's lobes (u, v, radius in box heights): a round, slightly uneven dome. */
const CROWN: Outline = [
  -0.33, 0.52, 0.13, 0.33, 0.52, 0.13, -0.24, 0.68, 0.17, 0.24, 0.68, 0.17, -0.1, 0.56, 0.15, 0.1, 0.56, 0.15, 0, 0.76,
  0.2, -0.14, 0.86, 0.13, 0.14, 0.86, 0.13, 0, 0.88, 0.11,
];

function drawTree(g: Graphics, box: SubjectBox, look: SubjectLook, kind: TreeKind): void {
  const p = boxPoint(box, look);
  const leaves = look.color;
  const r = look.random;
  groundShadow(g, box, look, 0.5);
  // The trunk flaring into roots, and the main boughs reaching into the crown.
  cylinder(g, look, BARK, box.x - box.w * 0.07, box.x + box.w * 0.07);
  shape(g, p, [-0.1, 0, -0.05, 0.06, -0.04, 0.46, 0.04, 0.46, 0.05, 0.06, 0.1, 0]);
  const bark = css(lit(look, BARK, -0.1));
  for (const bough of [
    [-0.02, 0.4, -0.12, 0.52, -0.26, 0.62],
    [0.02, 0.42, 0.14, 0.54, 0.24, 0.66],
    [0, 0.44, 0.03, 0.6, -0.02, 0.74],
  ])
    curve(g, p, bark, box.h * 0.035, bough);
  // Tree shape: a willow's crown is a high dome whose twigs hang almost to the ground.
  const crown =
    kind === "willow"
      ? CROWN.map((n, i) => (i % 3 === 1 ? 0.34 + n * 0.62 : i % 3 === 2 ? n * 0.9 : n))
      : CROWN.map((n, i) => (i % 3 === 0 ? n + r.range(-0.02, 0.02) : n));
  puffs(g, p, box, look, leaves, crown);
  if (kind === "willow") {
    for (let k = 0; k < 26; k++) {
      const u = -0.44 + (k / 25) * 0.88;
      const v = 0.5 + (1 - Math.abs(u) * 1.6) * 0.3;
      const sway = look.facing * r.range(0.01, 0.04);
      curve(g, p, css(lit(look, leaves, (k % 3) - 1)), box.h * 0.018, [
        u,
        v,
        u * 1.08 + sway,
        v - 0.2,
        u * 1.1 + sway,
        r.range(0.08, 0.2) + Math.abs(u) * 0.2,
      ]);
    }
  }
  // Dapples of light over the crown's lit side; fruit or blossom on top.
  const toLight = -shadowSide(look);
  fill(g, lit(look, mix(leaves, WHITE, 0.15), 0.9), 0.5);
  for (let k = 0; k < 12; k++) {
    const u = toLight * r.range(0, 0.36);
    oval(g, p, box, look, u, r.range(0.6, 0.92), 0.03, 0.025);
  }
  if (kind === "apple" || kind === "blossom") {
    const colour: RGB = kind === "apple" ? [206, 36, 36] : [252, 238, 244];
    fill(g, lit(look, colour, 0.3));
    for (let k = 0; k < (kind === "apple" ? 16 : 40); k++) {
      const a = r.range(0, Math.PI * 2);
      const d = Math.sqrt(r.next());
      const size = kind === "apple" ? 0.02 : 0.012;
      oval(g, p, box, look, Math.cos(a) * d * 0.38, 0.7 + Math.sin(a) * d * 0.22, size, size);
    }
  }
  if (kind === "blossom") {
    // Petals fallen on the ground under it.
    fill(g, lit(look, leaves, 0.4), 0.9);
    for (let k = 0; k < 14; k++) oval(g, p, box, look, r.range(-0.42, 0.42), r.range(0.005, 0.04), 0.012, 0.006);
  }
}

/** One saguaro arm: out from the trunk at height v, then up to `top`. */
function cactusArm(g: Graphics, p: Point, box: SubjectBox, out: number, v: number, top: number, half: number) {
  const width = half * 2 * box.w;
  g.lineWidth = width;
  g.lineCap = "round";
  g.lineJoin = "round";
  g.beginPath();
  g.moveTo(...p(0, v));
  g.lineTo(...p(out, v));
  g.lineTo(...p(out, top - half * (box.w / box.h)));
  g.stroke();
}

function drawCactus(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  const skin = look.color;
  groundShadow(g, box, look, 0.45);
  const half = 0.13;
  const armHalf = 0.085;
  const arms = [
    [-0.34, 0.36, 0.74],
    [0.33, 0.48, 0.86],
  ] as const;
  for (const [out, v, top] of arms) {
    const [x] = p(out, 0);
    cylinder(g, look, skin, x - armHalf * box.w, x + armHalf * box.w);
    cactusArm(g, p, box, out, v, top, armHalf);
  }
  // The trunk: a column with a round top.
  cylinder(g, look, skin, box.x - half * box.w, box.x + half * box.w);
  g.beginPath();
  g.moveTo(...p(-half, 0));
  g.lineTo(...p(-half, 0.98 - (half * box.w) / box.h));
  g.arc(...p(0, 0.98 - (half * box.w) / box.h), half * box.w, Math.PI, 0);
  g.lineTo(...p(half, 0));
  g.closePath();
  g.fill();
  // Ribs down every column, with pale spines along them.
  const rib = css(lit(look, mix(skin, DARK, 0.45), -0.3), 0.55);
  const spines = css(lit(look, [250, 240, 200], 0.5), 0.9);
  const ribs = (u: number, from: number, to: number, spread: number) => {
    for (const k of [-1, 0, 1]) {
      curve(g, p, rib, box.w * 0.012, [u + k * spread, from, u + k * spread, to]);
      for (let v = from + 0.04; v < to; v += 0.07)
        curve(g, p, spines, Math.max(1, box.w * 0.006), [u + k * spread + 0.015, v, u + k * spread + 0.04, v + 0.01]);
    }
  };
  ribs(0, 0.02, 0.9, half * 0.55);
  for (const [out, v, top] of arms) ribs(out, v + 0.02, top - 0.06, armHalf * 0.5);
  // A flower on its crown.
  fill(g, lit(look, [250, 244, 226], 0.5));
  oval(g, p, box, look, 0.02, 0.975, 0.045, 0.02);
  fill(g, lit(look, [250, 210, 80], 0.5));
  oval(g, p, box, look, 0.02, 0.978, 0.015, 0.008);
}

/** A toadstool in its own box: white stem with a ring, spotted domed cap. */
function toadstool(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  const cap = look.color;
  const stem: RGB = [240, 232, 214];
  groundShadow(g, box, look, 0.4);
  cylinder(g, look, stem, box.x - box.w * 0.12, box.x + box.w * 0.12);
  shape(g, p, [-0.13, 0, -0.1, 0.1, -0.08, 0.55, 0.08, 0.55, 0.1, 0.1, 0.13, 0]);
  fill(g, lit(look, stem, 0.2));
  shape(g, p, [-0.09, 0.42, 0.09, 0.42, 0.14, 0.33, -0.14, 0.33]);
  // Gills seen under the rim, then the cap.
  fill(g, lit(look, [214, 196, 160], -0.4));
  oval(g, p, box, look, 0, 0.52, 0.42, 0.07);
  rounded(g, box, look, cap, 0.86, 0.48);
  g.beginPath();
  g.moveTo(...p(-0.48, 0.5));
  g.bezierCurveTo(...p(-0.48, 0.98), ...p(0.48, 0.98), ...p(0.48, 0.5));
  g.quadraticCurveTo(...p(0, 0.58), ...p(-0.48, 0.5));
  g.fill();
  fill(g, lit(look, mix(cap, WHITE, 0.5), 0.9), 0.35);
  oval(g, p, box, look, -0.15 * shadowSide(look), 0.76, 0.12, 0.05);
  fill(g, lit(look, WHITE, 0.3));
  for (const [u, v, ru, rv] of [
    [-0.28, 0.6, 0.05, 0.03],
    [-0.1, 0.72, 0.06, 0.04],
    [0.14, 0.78, 0.05, 0.035],
    [0.3, 0.62, 0.045, 0.03],
    [0.04, 0.6, 0.04, 0.025],
    [-0.22, 0.77, 0.035, 0.025],
  ] as const)
    oval(g, p, box, look, u, v, ru, rv);
}

function drawMushrooms(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  // A big one with a small one beside it, and grass at their feet.
  const sub = (u: number, share: number, width: number): SubjectBox => ({
    x: box.x + u * box.w * look.facing,
    y: box.y,
    w: box.w * width,
    h: box.h * share,
  });
  toadstool(g, sub(0.31, 0.42, 0.32), look);
  toadstool(g, sub(-0.12, 1, 0.76), look);
  const p = boxPoint(box, look);
  const grass = css(lit(look, LEAF, 0.2));
  for (const u of [-0.46, -0.4, 0.12, 0.18, 0.44])
    curve(g, p, grass, box.w * 0.012, [u, 0, u + 0.01, 0.06, u + 0.04, 0.1]);
}

function drawSunflower(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  groundShadow(g, box, look, 0.35);
  curve(g, p, css(lit(look, [80, 130, 50], 0.1)), box.w * 0.07, [0, 0, -0.06, 0.35, 0.02, 0.72]);
  // Broad leaves on the stem, veined.
  for (const [side, v] of [
    [1, 0.24],
    [-1, 0.4],
    [1, 0.52],
  ] as const) {
    const leaf = [0, v, side * 0.18, v + 0.08, side * 0.44, v + 0.05, side * 0.5, v - 0.02, side * 0.3, v - 0.05];
    fill(g, lit(look, LEAF, side * -shadowSide(look) * 0.5));
    blob(g, p, leaf);
    curve(g, p, css(lit(look, mix(LEAF, DARK, 0.4), 0), 0.6), box.w * 0.012, [
      0,
      v,
      side * 0.25,
      v + 0.03,
      side * 0.46,
      v,
    ]);
  }
  // The head: two rings of petals round a brown seed disc, seeds set in a spiral.
  const [cx, cy] = p(0.02, 0.74);
  const radius = box.w * 0.44;
  const ring = (count: number, length: number, offset: number, facing: number) => {
    fill(g, lit(look, look.color, facing));
    for (let k = 0; k < count; k++) {
      const a = (k / count) * Math.PI * 2 + offset;
      const d = radius * (1 - length * 0.5);
      ellipse(g, cx + Math.cos(a) * d, cy + Math.sin(a) * d * 0.94, radius * length * 0.5, radius * 0.11, a);
    }
  };
  ring(16, 0.56, 0.2, -0.4);
  ring(16, 0.5, 0.2 + Math.PI / 16, 0.5);
  fill(g, lit(look, [96, 58, 26], 0));
  ellipse(g, cx, cy, radius * 0.48, radius * 0.45);
  fill(g, lit(look, [60, 34, 16], -0.3));
  ellipse(g, cx + radius * 0.04, cy + radius * 0.04, radius * 0.36, radius * 0.33);
  fill(g, lit(look, [150, 100, 40], 0.3), 0.8);
  for (let k = 0; k < 60; k++) {
    const a = k * 2.39996;
    const d = Math.sqrt(k / 60) * radius * 0.42;
    ellipse(g, cx + Math.cos(a) * d, cy + Math.sin(a) * d, radius * 0.025, radius * 0.025);
  }
}

/** Blooms in a round cluster: (u, v, radius as a share of the box width). */
const BLOOMS: Outline = [
  -0.3, 0.62, 0.13, 0.3, 0.64, 0.13, -0.17, 0.8, 0.14, 0.16, 0.82, 0.14, 0, 0.66, 0.15, -0.02, 0.9, 0.11, 0.34, 0.84,
  0.1, -0.36, 0.82, 0.1,
];

/** A bunch of flowers in the top part of its box, leaves spilling out under the blooms. */
function drawBlooms(g: Graphics, p: Point, box: SubjectBox, look: SubjectLook, main: RGB): void {
  const colours: RGB[] = [main, [250, 246, 236], [250, 200, 60], mix(main, [255, 255, 255], 0.45)];
  fill(g, lit(look, LEAF, -0.2));
  for (const [u, v, tilt] of [
    [-0.36, 0.52, 0.8],
    [0.38, 0.54, -0.8],
    [-0.1, 0.5, 0.3],
    [0.4, 0.7, -1.2],
  ] as const)
    ellipse(g, ...p(u, v), box.w * 0.14, box.w * 0.05, tilt * look.facing);
  for (let i = 0; i + 2 < BLOOMS.length; i += 3) {
    const [x, y] = p(BLOOMS[i]!, BLOOMS[i + 1]!);
    const radius = BLOOMS[i + 2]! * box.w;
    const colour = colours[(i / 3) % colours.length]!;
    // Five petals round a darker heart.
    fill(g, lit(look, colour, -0.3));
    ellipse(g, x, y, radius, radius * 0.92);
    fill(g, lit(look, colour, 0.4));
    for (let k = 0; k < 5; k++) {
      const a = (k / 5) * Math.PI * 2 + i;
      ellipse(g, x + Math.cos(a) * radius * 0.45, y + Math.sin(a) * radius * 0.45, radius * 0.5, radius * 0.42, a);
    }
    fill(g, lit(look, mix(colour, [250, 190, 40], 0.6), 0));
    ellipse(g, x, y, radius * 0.28, radius * 0.26);
  }
}

function drawBouquet(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  groundShadow(g, box, look, 0.3);
  drawBlooms(g, p, box, look, look.color);
  // The paper cone wrapped round the stems, tied with a ribbon.
  const paper: RGB = [226, 200, 156];
  cylinder(g, look, paper, box.x - box.w * 0.42, box.x + box.w * 0.42);
  shape(g, p, [-0.12, 0, 0.12, 0, 0.44, 0.56, 0.1, 0.5, -0.16, 0.58, -0.44, 0.52]);
  fill(g, lit(look, mix(paper, WHITE, 0.4), 0.5));
  shape(g, p, [0.1, 0.5, 0.44, 0.56, 0.3, 0.42]);
  fill(g, lit(look, mix(look.color, DARK, 0.2), 0.2));
  shape(g, p, [-0.1, 0.22, 0.1, 0.22, 0.09, 0.17, -0.09, 0.17]);
  shape(g, p, [0, 0.2, -0.14, 0.28, -0.12, 0.12]);
  shape(g, p, [0, 0.2, 0.14, 0.28, 0.12, 0.12]);
}

const VASE = OBJECTS.find((s) => s.id === "vase")!;
/** The main colour of a bunch of flowers. */
const BOUQUET_COLOUR: RGB = [226, 60, 96];

/**
 * A vase holding a bunch of flowers: the stems go into its neck and the blooms stand over it.
 * A colour word is the vase's ("a white vase of flowers"); the flowers keep a bouquet's colours.
 */
function drawVaseOfFlowers(g: Graphics, box: SubjectBox, look: SubjectLook): void {
  const p = boxPoint(box, look);
  const vase: SubjectBox = { x: box.x, y: box.y, w: box.h * 0.56 * VASE.aspect, h: box.h * 0.56 };
  for (const u of [-0.16, -0.05, 0.06, 0.17])
    curve(g, p, css(lit(look, [80, 130, 50], 0)), box.w * 0.02, [u * 0.3, 0.5, u, 0.62, u * 1.6, 0.75]);
  VASE.draw(g, vase, look);
  drawBlooms(g, p, box, look, BOUQUET_COLOUR);
}

const PLANT: Pick<SubjectDefinition, "category" | "placement"> = { category: "nature", placement: "ground" };

const tree = (id: string, kind: TreeKind, color: RGB, words: string[], plurals: string[]): SubjectDefinition => ({
  id,
  ...PLANT,
  words,
  plurals,
  color,
  aspect: 1,
  size: 0.62,
  // Birds, owls and squirrels sit in the crown.
  perch: 0.72,
  draw: (g, box, look) => drawTree(g, box, look, kind),
});

export const NATURE: SubjectDefinition[] = [
  {
    id: "volcano",
    ...PLANT,
    words: ["volcano", "volcanic eruption", "erupting volcano"],
    plurals: ["volcanoes", "volcanos"],
    color: [92, 80, 74],
    aspect: 1.6,
    size: 0.55,
    draw: drawVolcano,
  },
  {
    id: "waterfall",
    ...PLANT,
    // Not "falls": "as night falls" should not paint one.
    words: ["waterfall", "cascade"],
    plurals: ["waterfalls", "cascades"],
    color: [222, 240, 246],
    aspect: 0.95,
    size: 0.6,
    draw: drawWaterfall,
  },
  {
    id: "cave",
    ...PLANT,
    words: ["cave", "cavern", "grotto", "cave entrance"],
    plurals: ["caves", "caverns", "grottos", "grottoes"],
    color: ROCK,
    aspect: 1.5,
    size: 0.42,
    draw: drawCave,
  },
  {
    id: "coralreef",
    category: "nature",
    // "coral" alone is a colour word, so the reef is named with "reef".
    words: ["coral reef", "reef", "corals"],
    plurals: ["coral reefs", "reefs"],
    color: [248, 104, 112],
    aspect: 2.2,
    size: 0.32,
    placement: "water",
    draw: drawReef,
  },
  {
    id: "bigwave",
    category: "nature",
    // Plain "wave" and "waves" are the landscape's sea.
    words: [
      "big wave",
      "giant wave",
      "huge wave",
      "great wave",
      "breaking wave",
      "tidal wave",
      "rogue wave",
      "tsunami",
    ],
    plurals: ["giant waves", "huge waves", "tidal waves", "tsunamis"],
    color: [26, 112, 150],
    aspect: 1.5,
    size: 0.5,
    placement: "water",
    draw: drawWave,
  },
  tree(
    "lonetree",
    "broadleaf",
    [72, 128, 52],
    ["lone tree", "old tree", "oak tree", "big tree", "great tree", "ancient tree", "giant tree", "solitary tree"],
    ["oak trees", "old trees"],
  ),
  tree("appletree", "apple", [76, 136, 52], ["apple tree"], ["apple trees"]),
  tree(
    "cherrytree",
    "blossom",
    [244, 178, 204],
    ["cherry tree", "blossom tree", "sakura", "sakura tree"],
    ["cherry trees", "blossom trees", "sakura trees"],
  ),
  tree("willowtree", "willow", [136, 168, 68], ["willow tree", "weeping willow"], ["willow trees", "weeping willows"]),
  {
    id: "cactus",
    ...PLANT,
    words: ["cactus", "saguaro"],
    plurals: ["cacti", "cactuses", "saguaros"],
    color: [78, 136, 76],
    aspect: 0.72,
    size: 0.45,
    draw: drawCactus,
  },
  {
    id: "mushroom",
    ...PLANT,
    words: ["mushroom", "toadstool", "fly agaric"],
    plurals: ["mushrooms", "toadstools"],
    color: [206, 38, 34],
    aspect: 1.3,
    size: 0.28,
    draw: drawMushrooms,
  },
  {
    id: "sunflower",
    ...PLANT,
    // Not "sunflowers": "a field of sunflowers" stays a landscape of them.
    words: ["sunflower"],
    plurals: [],
    color: [250, 196, 30],
    aspect: 0.55,
    size: 0.62,
    draw: drawSunflower,
  },
  {
    id: "bouquet",
    ...PLANT,
    words: ["bouquet", "bunch of flowers", "bouquet of flowers", "posy"],
    plurals: ["bouquets", "bunches of flowers"],
    color: BOUQUET_COLOUR,
    aspect: 0.8,
    size: 0.3,
    tall: true,
    indoor: true,
    carried: true,
    draw: drawBouquet,
  },
  {
    id: "vaseofflowers",
    ...PLANT,
    // "flowers" is the landscape's flower field, so a vase of them is named as a whole.
    words: ["vase of flowers", "flowers in a vase", "vase with flowers", "flower vase", "vase of roses"],
    plurals: ["vases of flowers"],
    color: VASE.color,
    aspect: 0.8,
    size: 0.42,
    indoor: true,
    draw: drawVaseOfFlowers,
  },
];

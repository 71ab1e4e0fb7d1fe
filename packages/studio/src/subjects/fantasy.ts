/** Creatures and machines of fantasy and science fiction in the subject library: dragons, unicorns, robots. */
import type { Graphics } from "../scene/canvas";
import { css, mix } from "../scene/colors";
import type { RGB } from "../scene/types";
import {
  blob,
  boxPoint,
  curve,
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
  shape,
  smoothShape,
  strokeLine,
} from "./paint";
import type { SubjectBox, SubjectDefinition, SubjectLook } from "./types";

const DARK: RGB = [34, 28, 26];
const GOLD: RGB = [232, 186, 80];
const IVORY: RGB = [240, 230, 204];
const FLAME: RGB[] = [
  [250, 110, 30],
  [255, 196, 60],
  [255, 246, 210],
];
/** The unicorn's mane and tail: pastel strands of the rainbow. */
const PASTELS: RGB[] = [
  [246, 160, 200],
  [196, 164, 242],
  [150, 200, 246],
  [160, 228, 200],
];
const EYE_LIGHT: RGB = [110, 230, 255];

/**
 * A limb, neck or tail along a centre line given in box units, `from` wide at its start and `to`
 * at its end (shares of the box's height), with rounded sides.
 */
function taper(g: Graphics, p: Point, box: SubjectBox, centre: Outline, from: number, to: number): void {
  const points = outlinePoints(p, centre);
  const left: [number, number][] = [];
  const right: [number, number][] = [];
  for (const [i, [x, y]] of points.entries()) {
    const [ax, ay] = points[Math.max(0, i - 1)]!;
    const [bx, by] = points[Math.min(points.length - 1, i + 1)]!;
    const length = Math.hypot(bx - ax, by - ay) || 1;
    const half = ((from + ((to - from) * i) / (points.length - 1)) * box.h) / 2;
    const [nx, ny] = [(-(by - ay) / length) * half, ((bx - ax) / length) * half];
    left.push([x + nx, y + ny]);
    right.push([x - nx, y - ny]);
  }
  smoothShape(g, [...left, ...right.reverse()]);
}

/** A round eye with a glint, `at` [u, v, radius]; a slit pupil unless the iris is dark. */
function eye(g: Graphics, p: Point, box: SubjectBox, look: SubjectLook, at: [number, number, number], iris: RGB): void {
  const [u, v, r] = at;
  const [x, y] = p(u, v);
  fill(g, look.night ? iris : lit(look, iris, 0.3));
  ellipse(g, x, y, r * box.h, r * box.h);
  fill(g, DARK);
  ellipse(g, x, y, r * box.h * (iris === DARK ? 1 : 0.35), r * box.h * 0.9);
  fill(g, [255, 255, 255], 0.5 + 0.4 * look.exposure);
  ellipse(g, x + r * box.h * 0.35 * look.facing, y - r * box.h * 0.35, r * box.h * 0.32, r * box.h * 0.32);
}

/**
 * A bat-like wing from its shoulder: the arm up to the wrist, fingers fanning back from it, and
 * the membrane between them scalloped along its trailing edge.
 */
function wing(g: Graphics, p: Point, box: SubjectBox, look: SubjectLook, skin: RGB, bone: RGB, shift: number): void {
  const at = (u: number, v: number) => p(u + shift, v - Math.abs(shift) * 0.3);
  const [shoulder, elbow, wrist] = [at(0, 0.5), at(0.08, 0.74), at(-0.02, 0.97)];
  const tips = [at(-0.17, 0.99), at(-0.31, 0.9), at(-0.4, 0.74), at(-0.36, 0.56)];
  const root = at(-0.16, 0.46);
  fill(g, skin, 0.95);
  g.beginPath();
  g.moveTo(...shoulder);
  g.lineTo(...elbow);
  g.lineTo(...wrist);
  g.lineTo(...tips[0]!);
  for (const [i, tip] of [...tips.slice(1), root].entries()) {
    const from = tips[i]!;
    // The membrane sags in towards the wrist between two fingers.
    const sag: [number, number] = [
      (from[0] + tip[0]) / 2 + (wrist[0] - (from[0] + tip[0]) / 2) * 0.3,
      (from[1] + tip[1]) / 2 + (wrist[1] - (from[1] + tip[1]) / 2) * 0.3,
    ];
    g.quadraticCurveTo(...sag, ...tip);
  }
  g.closePath();
  g.fill();
  for (const tip of tips) strokeLine(g, bone, box.h * 0.012, [wrist, tip]);
  strokeLine(g, bone, box.h * 0.03, [shoulder, elbow, wrist]);
  fill(g, lit(look, IVORY, 0));
  shape(g, p, [-0.02 + shift, 0.96, 0.01 + shift, 1, 0.01 + shift, 0.96]);
}

/**
 * The fire a dragon breathes from its mouth at (u, v), scorching down and forward: tongues of
 * flame fanning out, hottest at the core, lighting the air around them.
 */
function fire(g: Graphics, p: Point, box: SubjectBox, u: number, v: number): void {
  glow(g, ...p(0.44, v - 0.16), box.h * 0.3, FLAME[1]!, 0.5);
  const tips: [number, number][] = [
    [0.47, v - 0.02],
    [0.5, v - 0.12],
    [0.5, v - 0.24],
    [0.46, v - 0.33],
    [0.41, v - 0.28],
  ];
  for (const [i, reach] of [1, 0.74, 0.45].entries()) {
    const toward = ([a, b]: [number, number], k: number) => p(u + (a - u) * k, v + (b - v) * k);
    const last = tips[tips.length - 1]!;
    fill(g, FLAME[i]!, 0.92);
    g.beginPath();
    g.moveTo(...p(u, v));
    g.quadraticCurveTo(...toward([tips[0]![0], tips[0]![1] + 0.04], reach * 0.5), ...toward(tips[0]!, reach));
    // Each tongue ends in a point: the curve between two tips is pulled in towards the mouth.
    for (let k = 1; k < tips.length; k++) {
      const [a, b] = [tips[k - 1]!, tips[k]!];
      g.quadraticCurveTo(...toward([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], reach * 0.72), ...toward(b, reach));
    }
    g.quadraticCurveTo(...toward([last[0] - 0.09, last[1] + 0.06], reach * 0.5), ...p(u, v));
    g.fill();
  }
}

const dragon: SubjectDefinition = {
  id: "dragon",
  category: "animal",
  words: ["dragon", "wyvern"],
  plurals: ["dragons", "wyverns"],
  color: [164, 42, 38],
  aspect: 1.5,
  size: 0.5,
  placement: "ground",
  // A rider sits at the foot of its neck, in front of the wings.
  saddle: { u: 0.08, v: 0.52, rider: 0.5 },
  flies: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const hide = look.color;
    const belly = mix(hide, GOLD, 0.65);
    const bone = lit(look, mix(hide, DARK, 0.5), -0.2);
    const membrane = mix(hide, [255, 214, 150], 0.22);
    const frontLit = look.lightFrom === look.facing;
    groundShadow(g, box, look, 0.45);
    // The far wing and the far legs, in shadow behind the body.
    wing(g, p, box, look, lit(look, membrane, -0.75), lit(look, mix(hide, DARK, 0.6), -0.6), 0.09);
    fill(g, lit(look, hide, -0.75));
    taper(g, p, box, [-0.1, 0.3, -0.08, 0.15, -0.06, 0.03], 0.09, 0.05);
    taper(g, p, box, [0.13, 0.36, 0.18, 0.22, 0.15, 0.1, 0.16, 0.03], 0.1, 0.05);
    // The tail sweeping back along the ground and curling up to its spade.
    fill(g, lit(look, hide, -0.15));
    taper(g, p, box, [-0.18, 0.36, -0.3, 0.26, -0.38, 0.13, -0.45, 0.08, -0.48, 0.16, -0.46, 0.24], 0.13, 0.02);
    shape(g, p, [-0.47, 0.22, -0.5, 0.27, -0.46, 0.33, -0.43, 0.27]);
    // Body, the pale plated belly, and the near hind leg with its heavy thigh.
    rounded(g, box, look, hide, 0.52, 0.24);
    blob(g, p, [-0.27, 0.42, -0.12, 0.53, 0.08, 0.52, 0.17, 0.43, 0.13, 0.28, -0.08, 0.23, -0.25, 0.28]);
    fill(g, lit(look, belly, -0.1));
    blob(g, p, [-0.18, 0.3, 0.1, 0.31, 0.14, 0.36, 0.12, 0.27, -0.06, 0.235, -0.2, 0.27]);
    rounded(g, box, look, hide, 0.42, 0.05);
    blob(g, p, [-0.27, 0.36, -0.13, 0.43, -0.04, 0.33, -0.1, 0.17, -0.2, 0.2]);
    fill(g, lit(look, hide, 0));
    taper(g, p, box, [-0.14, 0.22, -0.16, 0.1, -0.12, 0.03], 0.09, 0.055);
    // The long neck rising to the head, pale in front.
    fill(g, lit(look, hide, frontLit ? 0.35 : -0.05));
    taper(g, p, box, [0.08, 0.42, 0.16, 0.52, 0.18, 0.62, 0.22, 0.72], 0.16, 0.1);
    fill(g, lit(look, belly, 0));
    taper(g, p, box, [0.15, 0.4, 0.21, 0.5, 0.22, 0.6, 0.25, 0.66], 0.05, 0.03);
    // Spines along the back, the neck and the tail.
    fill(g, lit(look, IVORY, -0.3));
    for (const [u, v] of [
      [0.16, 0.72],
      [0.13, 0.65],
      [0.11, 0.57],
      [0.06, 0.52],
      [-0.06, 0.53],
      [-0.17, 0.5],
      [-0.26, 0.42],
      [-0.33, 0.31],
    ] as const)
      shape(g, p, [u + 0.02, v - 0.01, u - 0.02, v + 0.045, u - 0.025, v - 0.015]);
    // The head: horns sweeping back, the jaws open on the fire, a slit-pupilled eye.
    fill(g, lit(look, IVORY, -0.5));
    taper(g, p, box, [0.25, 0.79, 0.21, 0.88, 0.13, 0.94], 0.04, 0.004);
    fill(g, lit(look, IVORY, 0.1));
    taper(g, p, box, [0.21, 0.78, 0.15, 0.85, 0.06, 0.87], 0.045, 0.004);
    fire(g, p, box, 0.37, 0.69);
    rounded(g, box, look, hide, 0.84, 0.62);
    blob(g, p, [0.17, 0.71, 0.35, 0.675, 0.38, 0.64, 0.24, 0.61, 0.16, 0.65]);
    blob(g, p, [0.15, 0.75, 0.2, 0.83, 0.29, 0.82, 0.38, 0.76, 0.39, 0.71, 0.28, 0.695, 0.17, 0.67]);
    fill(g, lit(look, IVORY, 0.2));
    for (const u of [0.31, 0.35]) shape(g, p, [u - 0.012, 0.703, u + 0.012, 0.703, u, 0.68]);
    fill(g, DARK);
    oval(g, p, box, look, 0.37, 0.745, 0.007, 0.011);
    eye(g, p, box, look, [0.275, 0.77, 0.024], [250, 200, 50]);
    // The near foreleg and the near wing over the back.
    fill(g, lit(look, hide, frontLit ? 0.3 : -0.1));
    taper(g, p, box, [0.07, 0.38, 0.13, 0.22, 0.1, 0.1, 0.11, 0.03], 0.12, 0.055);
    fill(g, lit(look, IVORY, -0.2));
    for (const [u, v] of [
      [-0.12, 0.02],
      [0.1, 0.02],
    ] as const)
      for (const k of [0, 1, 2])
        shape(g, p, [u + k * 0.02, v + 0.02, u + 0.045 + k * 0.02, v - 0.015, u + k * 0.02, v]);
    wing(g, p, box, look, lit(look, membrane, frontLit ? 0.1 : -0.35), bone, 0);
  },
};

const unicorn: SubjectDefinition = {
  id: "unicorn",
  category: "animal",
  words: ["unicorn"],
  plurals: ["unicorns"],
  color: [246, 242, 250],
  aspect: 1.15,
  size: 0.38,
  placement: "ground",
  saddle: { u: -0.08, v: 0.715, rider: 0.72, bit: [0.43, 0.63] },
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const coat = look.color;
    const hoof = mix(GOLD, coat, 0.3);
    const frontLit = look.lightFrom === look.facing;
    const strand = (i: number, shade: number) => css(lit(look, PASTELS[i % PASTELS.length]!, shade));
    // A leg from the body down through its knee to the hoof, muscled at the top.
    const leg = (centre: Outline, shade: number) => {
      fill(g, lit(look, coat, shade));
      taper(g, p, box, centre, 0.11, 0.045);
      const [u, v] = [centre[centre.length - 2]!, centre[centre.length - 1]!];
      fill(g, lit(look, hoof, shade));
      oval(g, p, box, look, u, v - 0.015, 0.028, 0.03);
    };
    groundShadow(g, box, look, 0.45);
    // The tail: pastel strands falling and flicking out from the rump.
    for (let i = 0; i < 4; i++)
      curve(g, p, strand(i, 0), box.h * 0.045, [
        -0.33,
        0.66,
        -0.47,
        0.62 - i * 0.02,
        -0.44 + i * 0.02,
        0.34,
        -0.49 + i * 0.03,
        0.16 + i * 0.04,
      ]);
    leg([-0.2, 0.52, -0.21, 0.28, -0.19, 0.05], -0.6);
    leg([0.15, 0.52, 0.16, 0.27, 0.18, 0.05], -0.6);
    rounded(g, box, look, coat, 0.74, 0.4);
    blob(g, p, [-0.36, 0.66, -0.18, 0.73, 0.1, 0.7, 0.23, 0.66, 0.25, 0.5, 0.09, 0.42, -0.2, 0.43, -0.36, 0.5]);
    // Near hind leg standing, near foreleg raised in a prance.
    leg([-0.28, 0.56, -0.29, 0.28, -0.26, 0.05], frontLit ? 0.3 : -0.1);
    leg([0.18, 0.54, 0.27, 0.38, 0.23, 0.25], frontLit ? 0.3 : -0.1);
    // The arched neck and the long head, then a horn of spiralled gold.
    rounded(g, box, look, coat, 0.92, 0.55);
    blob(g, p, [0.08, 0.62, 0.2, 0.86, 0.3, 0.9, 0.34, 0.8, 0.28, 0.6, 0.24, 0.48]);
    blob(g, p, [0.26, 0.86, 0.33, 0.92, 0.48, 0.68, 0.46, 0.61, 0.39, 0.62, 0.3, 0.75]);
    const [hu, hv] = [0.335, 0.89];
    fill(g, lit(look, GOLD, 0.4));
    shape(g, p, [hu - 0.03, hv - 0.005, hu + 0.02, hv - 0.025, 0.47, 1]);
    for (let k = 1; k <= 4; k++) {
      const t = k / 5;
      const [u, v] = [hu + (0.47 - hu) * t, hv + (1 - hv) * t];
      strokeLine(g, lit(look, GOLD, -0.6), box.h * 0.006, [
        p(u - 0.024 * (1 - t), v),
        p(u + 0.02 * (1 - t), v - 0.022),
      ]);
    }
    if (look.night) glow(g, ...p(0.41, 0.95), box.h * 0.14, GOLD, 0.35);
    // The mane: pastel locks falling from the crest of the neck, and a forelock.
    for (let i = 5; i >= 0; i--) {
      const [u, v] = [0.3 - i * 0.04, 0.9 - i * 0.055];
      curve(g, p, strand(i, 0.15), box.h * 0.05, [u, v, u - 0.09, v - 0.02, u - 0.1, v - 0.14]);
    }
    curve(g, p, strand(0, 0.25), box.h * 0.04, [0.32, 0.9, 0.37, 0.88, 0.37, 0.8]);
    fill(g, lit(look, mix(coat, [120, 100, 110], 0.5), 0));
    oval(g, p, box, look, 0.455, 0.655, 0.012, 0.012);
    eye(g, p, box, look, [0.36, 0.8, 0.026], DARK);
  },
};

const robot: SubjectDefinition = {
  id: "robot",
  category: "figure",
  words: ["robot", "android", "droid", "automaton", "mech"],
  plurals: ["robots", "androids", "droids", "automatons", "automata", "mechs"],
  color: [150, 168, 188],
  aspect: 0.62,
  size: 0.44,
  placement: "ground",
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const metal = look.color;
    const joint = mix(metal, DARK, 0.55);
    const eyes = look.night ? EYE_LIGHT : lit(look, EYE_LIGHT, 0.2);
    const block = (colour: RGB, u0: number, v0: number, u1: number, v1: number, radius: number) => {
      rounded(g, box, look, colour, v1, v0);
      const [x0, y0] = p(u0, v1);
      const [x1, y1] = p(u1, v0);
      g.beginPath();
      g.roundRect(Math.min(x0, x1), y0, Math.abs(x1 - x0), y1 - y0, radius * box.h);
      g.fill();
    };
    groundShadow(g, box, look, 0.42);
    // Legs on broad feet, with knee joints.
    for (const u of [-0.1, 0.1]) {
      block(joint, u - 0.05, 0.06, u + 0.05, 0.32, 0.01);
      block(metal, u - 0.1, 0, u + 0.1, 0.07, 0.025);
      fill(g, lit(look, joint, 0.3));
      oval(g, p, box, look, u, 0.2, 0.06, 0.03);
    }
    // Arms: one hanging, one raised in a wave, each ending in a pincer.
    const arm = lit(look, joint, 0.1);
    for (const [points, hand] of [
      [
        [-0.24, 0.6, -0.34, 0.48, -0.36, 0.36],
        [-0.36, 0.33],
      ],
      [
        [0.24, 0.6, 0.36, 0.66, 0.4, 0.8],
        [0.4, 0.83],
      ],
    ] as const) {
      strokeLine(g, arm, box.h * 0.05, outlinePoints(p, points));
      fill(g, lit(look, metal, 0.3));
      oval(g, p, box, look, points[2], points[3], 0.05, 0.03);
      curve(g, p, css(lit(look, metal, 0)), box.h * 0.02, [
        hand[0] - 0.04,
        hand[1],
        hand[0],
        hand[1] + 0.045,
        hand[0] + 0.04,
        hand[1],
      ]);
    }
    // The boxy torso with a chest panel of lights and a dial.
    block(metal, -0.24, 0.3, 0.24, 0.64, 0.04);
    fill(g, lit(look, metal, 0.8), 0.35);
    shape(g, p, [-0.2, 0.6, -0.12, 0.6, -0.19, 0.36, -0.21, 0.36]);
    block(DARK, -0.14, 0.38, 0.14, 0.56, 0.015);
    for (const [i, colour] of (
      [
        [230, 70, 60],
        [250, 200, 60],
        [90, 210, 120],
      ] as RGB[]
    ).entries()) {
      fill(g, look.night ? colour : lit(look, colour, 0.3));
      oval(g, p, box, look, -0.09 + i * 0.06, 0.51, 0.02, 0.015);
      if (look.night) glow(g, ...p(-0.09 + i * 0.06, 0.51), box.h * 0.04, colour, 0.5);
    }
    strokeLine(
      g,
      eyes,
      box.h * 0.008,
      outlinePoints(p, [-0.11, 0.43, -0.06, 0.45, -0.02, 0.41, 0.02, 0.45, 0.06, 0.43, 0.11, 0.44]),
    );
    fill(g, lit(look, joint, 0.2));
    for (const [u, v] of [
      [-0.21, 0.34],
      [0.21, 0.34],
      [-0.21, 0.6],
      [0.21, 0.6],
    ] as const)
      oval(g, p, box, look, u, v, 0.012, 0.008);
    // Neck, then the head with round glowing eyes, a grille mouth, ear bolts and an antenna.
    block(joint, -0.05, 0.63, 0.05, 0.68, 0.005);
    fill(g, lit(look, joint, 0.2));
    for (const u of [-0.19, 0.19]) oval(g, p, box, look, u, 0.79, 0.035, 0.04);
    block(metal, -0.17, 0.67, 0.17, 0.9, 0.04);
    strokeLine(g, lit(look, joint, 0), box.h * 0.01, [p(0, 0.9), p(0, 0.95)]);
    fill(g, look.night ? [255, 90, 80] : lit(look, [230, 60, 50], 0.4));
    oval(g, p, box, look, 0, 0.96, 0.03, 0.025);
    if (look.night) glow(g, ...p(0, 0.96), box.h * 0.06, [255, 90, 80], 0.5);
    for (const u of [-0.07, 0.07]) {
      fill(g, lit(look, DARK, 0));
      oval(g, p, box, look, u, 0.8, 0.05, 0.042);
      fill(g, eyes);
      oval(g, p, box, look, u, 0.8, 0.033, 0.028);
      fill(g, [255, 255, 255], 0.7);
      oval(g, p, box, look, u + 0.012, 0.81, 0.01, 0.008);
      if (look.night) glow(g, ...p(u, 0.8), box.h * 0.08, EYE_LIGHT, 0.4);
    }
    block(DARK, -0.08, 0.7, 0.08, 0.74, 0.01);
    for (let k = -2; k <= 2; k++)
      strokeLine(g, lit(look, metal, 0.2), box.h * 0.006, [p(k * 0.03, 0.705), p(k * 0.03, 0.735)]);
  },
};

export const FANTASY: SubjectDefinition[] = [dragon, unicorn, robot];

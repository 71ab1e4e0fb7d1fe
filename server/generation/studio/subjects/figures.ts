/**
 * Figures of the subject library: people and characters as elegant side-on silhouettes, limbs
 * drawn as round-capped strokes, shaded on the side away from the light.
 */
import { css, mix } from "../scene/colors";
import type { Graphics } from "../scene/canvas";
import type { RGB } from "../scene/types";
import { ellipse, fill, groundShadow, lit, polygon, smoothShape, strokeLine } from "./paint";
import type { SubjectBox, SubjectDefinition, SubjectLook } from "./types";

type Point = [number, number];

const SKIN_TONES: RGB[] = [
  [236, 196, 164],
  [214, 164, 124],
  [176, 118, 80],
  [120, 78, 52],
];
const HAIR_COLOURS: RGB[] = [
  [40, 30, 26],
  [92, 58, 34],
  [170, 120, 60],
  [60, 44, 36],
];
const TROUSERS: RGB = [58, 58, 70];
const SHOES: RGB = [36, 30, 28];
const STEEL: RGB = [172, 178, 190];
const DARK: RGB = [30, 28, 32];

/**
 * Points in the box's height units — x across (centre 0), v up from the base (0 … 1) — mirrored
 * when facing left. Figures are drawn this way so a body keeps its proportions whatever the box's width.
 */
function figurePoint(box: SubjectBox, look: SubjectLook) {
  return (x: number, v: number): Point => [box.x + x * box.h * look.facing, box.y - v * box.h];
}

/** Which way the lit side lies in the figure's own (possibly mirrored) x: 1 its front, −1 its back. */
const litSide = (look: SubjectLook) => look.lightFrom * look.facing;

/** Shades a shape already drawn on the side away from the light: `outline` is filled again (in the current fill) clipped to that half. */
function shadeAwayFromLight(g: Graphics, box: SubjectBox, look: SubjectLook, outline: () => void): void {
  g.save();
  g.beginPath();
  g.rect(look.lightFrom > 0 ? box.x - box.w : box.x, box.y - box.h * 1.1, box.w, box.h * 1.2);
  g.clip();
  outline();
  g.restore();
}

interface HumanBuild {
  /** The head's centre height and vertical radius. */
  headV: number;
  headR: number;
  shoulderV: number;
  hipV: number;
  /** Half the shoulders' width. */
  shoulder: number;
  limbWidth: number;
  garment: "coat" | "dress" | "tee";
  longHair: boolean;
}

const MAN: HumanBuild = {
  headV: 0.905,
  headR: 0.062,
  shoulderV: 0.815,
  hipV: 0.5,
  shoulder: 0.075,
  limbWidth: 0.05,
  garment: "coat",
  longHair: false,
};
const WOMAN: HumanBuild = { ...MAN, headR: 0.058, shoulder: 0.064, limbWidth: 0.042, garment: "dress", longHair: true };
const CHILD: HumanBuild = {
  headV: 0.855,
  headR: 0.1,
  shoulderV: 0.7,
  hipV: 0.41,
  shoulder: 0.08,
  limbWidth: 0.062,
  garment: "tee",
  longHair: false,
};

/** A person standing in a relaxed stride, seen from the side, clothes in `look.color`. */
function drawHuman(g: Graphics, box: SubjectBox, look: SubjectLook, build: HumanBuild): void {
  const f = figurePoint(box, look);
  const skin = look.random.pick(SKIN_TONES);
  const hair = look.random.pick(HAIR_COLOURS);
  const cloth = look.color;
  const { headV, headR, shoulderV, hipV, shoulder, limbWidth: lw } = build;
  const px = box.h;
  const kneeV = hipV * 0.52;
  const side = litSide(look);
  groundShadow(g, box, look, 0.5);

  // Legs: the far one darker. Under a dress they show from the knee; shorts show bare knees.
  const legColour = build.garment === "coat" ? TROUSERS : build.garment === "tee" ? skin : mix(skin, TROUSERS, 0.25);
  const legs: [number, boolean][] = [
    [-1, true],
    [1, false],
  ];
  for (const [step, far] of legs) {
    const stride = step * 0.035;
    const legWidth = build.garment === "dress" ? lw * 0.8 : lw;
    strokeLine(g, lit(look, legColour, far ? -0.6 : 0.1), legWidth * px, [
      f(step * 0.012, hipV),
      f(stride * 1.1, kneeV),
      f(stride * 1.4, 0.045),
    ]);
    if (build.garment === "tee") {
      // Shorts over the thighs.
      strokeLine(g, lit(look, TROUSERS, far ? -0.5 : 0), lw * 1.15 * px, [
        f(step * 0.012, hipV),
        f(stride * 0.8, hipV * 0.68),
      ]);
    }
    fill(g, lit(look, SHOES, far ? -0.4 : 0));
    ellipse(g, ...f(stride * 1.4 + 0.022, 0.024), lw * 0.8 * px, lw * 0.45 * px);
  }

  // The far arm, swinging forward, behind the body.
  const armLength = shoulderV - hipV + 0.03;
  const farShoulder = f(-0.02, shoulderV - 0.02);
  const farElbow = f(0.03, shoulderV - armLength * 0.5);
  const farHand = f(0.07, shoulderV - armLength);
  strokeLine(g, lit(look, cloth, -0.7), lw * 0.9 * px, [farShoulder, farElbow, farHand]);
  fill(g, lit(look, skin, -0.5));
  ellipse(g, ...farHand, lw * 0.45 * px, lw * 0.55 * px);

  // The body: a coat to mid-thigh, a dress flaring to the calves, or a shirt to the hips.
  const hemV = build.garment === "coat" ? hipV - 0.08 : build.garment === "dress" ? hipV * 0.45 : hipV + 0.02;
  const hemHalf =
    build.garment === "dress" ? shoulder * 1.7 : build.garment === "coat" ? shoulder * 1.05 : shoulder * 0.95;
  const waistV = build.garment === "dress" ? hipV + 0.1 : hipV;
  const waistHalf = build.garment === "dress" ? shoulder * 0.62 : shoulder * 0.9;
  const bodyOutline = () =>
    smoothShape(g, [
      f(-0.02, shoulderV + 0.025),
      f(-shoulder, shoulderV - 0.005),
      f(-shoulder * 0.95, shoulderV - 0.08),
      f(-waistHalf, waistV),
      f(-hemHalf, hemV),
      f(hemHalf * 0.95, hemV),
      f(waistHalf, waistV),
      f(shoulder * 0.95, shoulderV - 0.1),
      f(shoulder * 0.85, shoulderV - 0.005),
      f(0.02, shoulderV + 0.025),
    ]);
  fill(g, lit(look, cloth, 0.2));
  bodyOutline();
  fill(g, lit(look, cloth, -0.9), 0.45);
  shadeAwayFromLight(g, box, look, bodyOutline);
  if (build.garment === "coat") {
    // A belt line and the coat's opening, so it reads as clothing rather than a block.
    fill(g, lit(look, mix(cloth, DARK, 0.5), 0));
    polygon(g, [
      f(shoulder * 0.55, shoulderV - 0.02),
      f(shoulder * 0.7, shoulderV - 0.02),
      f(hemHalf * 0.8, hemV),
      f(hemHalf * 0.62, hemV),
    ]);
  }

  // Neck and head, the face turned the way the figure faces.
  fill(g, lit(look, skin, side * 0.3));
  polygon(g, [
    f(-0.012, shoulderV),
    f(0.018, shoulderV),
    f(0.018, headV - headR * 0.7),
    f(-0.012, headV - headR * 0.7),
  ]);
  if (build.longHair) {
    fill(g, lit(look, hair, -0.2));
    smoothShape(g, [
      f(-headR * 0.9, headV + headR * 0.6),
      f(-headR * 1.15, headV - headR * 1.6),
      f(headR * 0.1, headV - headR * 1.4),
      f(headR * 0.2, headV + headR * 0.7),
    ]);
  }
  const head = () => ellipse(g, ...f(0.008, headV), headR * 0.82 * px, headR * px);
  fill(g, lit(look, skin, side * 0.4));
  head();
  // The nose, a small point on the face's side.
  polygon(g, [
    f(headR * 0.85, headV + headR * 0.15),
    f(headR * 1.12, headV - headR * 0.25),
    f(headR * 0.8, headV - headR * 0.3),
  ]);
  fill(g, lit(look, skin, -0.6), 0.5);
  ellipse(g, ...f(-headR * 0.05, headV - headR * 0.05), headR * 0.18 * px, headR * 0.26 * px);
  // Hair: a cap over the crown and the back of the head, clipped to the head's outline.
  g.save();
  g.beginPath();
  g.ellipse(...f(0.008, headV), headR * 0.86 * px, headR * 1.04 * px, 0, 0, Math.PI * 2);
  g.clip();
  fill(g, lit(look, hair, 0.1));
  ellipse(g, ...f(-headR * 0.45, headV + headR * 0.45), headR * 1.05 * px, headR * 0.95 * px, -0.5 * look.facing);
  g.restore();
  if (build.longHair) {
    // A bun at the back of the head.
    fill(g, lit(look, hair, 0));
    ellipse(g, ...f(-headR * 0.85, headV + headR * 0.35), headR * 0.4 * px, headR * 0.4 * px);
  }

  // The near arm, swinging back, in front of the body.
  const nearElbow = f(-0.025, shoulderV - armLength * 0.5);
  const nearHand = f(-0.04, shoulderV - armLength);
  strokeLine(g, lit(look, cloth, 0.35 * side), lw * 0.95 * px, [f(0.0, shoulderV - 0.025), nearElbow, nearHand]);
  fill(g, lit(look, skin, 0.2 * side));
  ellipse(g, ...nearHand, lw * 0.48 * px, lw * 0.58 * px);
}

const astronaut: SubjectDefinition = {
  id: "astronaut",
  category: "figure",
  words: ["astronaut", "cosmonaut", "spaceman", "spacewoman"],
  plurals: ["astronauts", "cosmonauts", "spacemen", "spacewomen"],
  color: [236, 236, 240],
  aspect: 0.5,
  size: 0.42,
  placement: "ground",
  draw(g, box, look) {
    const f = figurePoint(box, look);
    const px = box.h;
    const suit = look.color;
    const side = litSide(look);
    const seam = mix(suit, DARK, 0.25);
    groundShadow(g, box, look, 0.5);
    // The life-support pack on the back, seen past the shoulders.
    fill(g, lit(look, mix(suit, [150, 150, 160], 0.4), -0.3));
    roundedRect(g, f(-0.21, 0.86), 0.15 * px, 0.36 * px, 0.03 * px, look.facing);
    // Bulky legs, knees bent a little, and heavy boots.
    for (const [step, far] of [
      [-1, true],
      [1, false],
    ] as const) {
      const x = step * 0.045;
      strokeLine(g, lit(look, suit, far ? -0.6 : 0.15 * side), 0.1 * px, [
        f(x, 0.46),
        f(x + 0.035, 0.27),
        f(x + 0.01, 0.09),
      ]);
      fill(g, lit(look, [120, 120, 128], far ? -0.5 : 0));
      roundedRect(g, f(x - 0.05, 0.1), 0.13 * px, 0.1 * px, 0.03 * px, look.facing);
    }
    // The far arm behind the torso.
    strokeLine(g, lit(look, suit, -0.7), 0.08 * px, [f(-0.05, 0.74), f(-0.1, 0.6), f(-0.07, 0.47)]);
    // The torso, with seams and a chest panel whose lights glow in the dark.
    const torso = () => roundedRect(g, f(-0.125, 0.8), 0.25 * px, 0.37 * px, 0.07 * px, look.facing);
    fill(g, lit(look, suit, 0.25));
    torso();
    fill(g, lit(look, suit, -0.9), 0.35);
    shadeAwayFromLight(g, box, look, torso);
    strokeLine(g, lit(look, seam, 0), 0.012 * px, [f(-0.11, 0.5), f(0.11, 0.5)]);
    fill(g, lit(look, [96, 100, 112], 0));
    roundedRect(g, f(-0.02, 0.71), 0.1 * px, 0.08 * px, 0.012 * px, look.facing);
    for (const [i, colour] of (
      [
        [220, 60, 50],
        [80, 200, 110],
        [70, 150, 240],
      ] as RGB[]
    ).entries()) {
      fill(g, look.night ? colour : lit(look, colour, 0));
      ellipse(g, ...f(0.0 + i * 0.028, 0.67), 0.009 * px, 0.009 * px);
    }
    // A flag patch on the shoulder.
    fill(g, lit(look, [200, 50, 50], 0));
    roundedRect(g, f(-0.1, 0.76), 0.045 * px, 0.03 * px, 0.004 * px, look.facing);
    // The near arm reaching a little forward, gloved.
    strokeLine(g, lit(look, suit, 0.3 * side), 0.085 * px, [f(0.07, 0.75), f(0.14, 0.62), f(0.15, 0.49)]);
    fill(g, lit(look, [130, 130, 138], 0));
    ellipse(g, ...f(0.15, 0.48), 0.04 * px, 0.042 * px);
    // Neck ring, helmet and the gold visor with the light's reflection.
    fill(g, lit(look, [140, 144, 156], 0));
    ellipse(g, ...f(0.0, 0.79), 0.09 * px, 0.025 * px);
    fill(g, lit(look, suit, 0.2 * side));
    ellipse(g, ...f(0.0, 0.885), 0.105 * px, 0.108 * px);
    const [vx, vy] = f(0.035, 0.885);
    const visor = g.createLinearGradient(vx, vy - 0.07 * px, vx, vy + 0.07 * px);
    const gold: RGB = look.night ? [70, 90, 140] : [226, 168, 60];
    visor.addColorStop(0, css(lit(look, gold, 0.4)));
    visor.addColorStop(1, css(lit(look, mix(gold, DARK, 0.6), -0.2)));
    g.fillStyle = visor;
    ellipse(g, vx, vy, 0.072 * px, 0.068 * px);
    fill(g, [255, 255, 255], look.night ? 0.35 : 0.55);
    ellipse(g, ...f(0.06, 0.91), 0.022 * px, 0.01 * px, -0.5 * look.facing);
  },
};

const knight: SubjectDefinition = {
  id: "knight",
  category: "figure",
  words: ["knight", "paladin", "crusader", "armored knight", "armoured knight"],
  plurals: ["knights", "paladins", "crusaders"],
  color: STEEL,
  aspect: 0.5,
  size: 0.46,
  placement: "ground",
  draw(g, box, look) {
    const f = figurePoint(box, look);
    const px = box.h;
    const steel = look.color;
    const side = litSide(look);
    const heraldic: RGB = [168, 30, 40];
    const gold: RGB = [222, 180, 70];
    groundShadow(g, box, look, 0.5);
    // The upright sword in the far hand, behind the body.
    strokeLine(g, lit(look, [214, 218, 226], 0.3), 0.022 * px, [f(-0.16, 0.5), f(-0.16, 0.94)]);
    strokeLine(g, lit(look, gold, 0), 0.02 * px, [f(-0.21, 0.5), f(-0.11, 0.5)]);
    strokeLine(g, lit(look, [70, 50, 40], 0), 0.022 * px, [f(-0.16, 0.48), f(-0.16, 0.42)]);
    // Armoured legs with knee plates and pointed sabatons.
    for (const [step, far] of [
      [-1, true],
      [1, false],
    ] as const) {
      const x = step * 0.035;
      const tone = lit(look, steel, far ? -0.6 : 0.2 * side);
      strokeLine(g, tone, 0.058 * px, [f(x, 0.48), f(x + 0.02, 0.26), f(x + 0.01, 0.05)]);
      fill(g, lit(look, steel, far ? -0.3 : 0.5));
      ellipse(g, ...f(x + 0.025, 0.26), 0.032 * px, 0.026 * px);
      fill(g, tone);
      polygon(g, [f(x - 0.03, 0.0), f(x - 0.02, 0.06), f(x + 0.04, 0.05), f(x + 0.08, 0.0)]);
    }
    // The far arm holding the sword.
    strokeLine(g, lit(look, steel, -0.7), 0.05 * px, [f(-0.05, 0.76), f(-0.12, 0.62), f(-0.16, 0.5)]);
    // The surcoat over the breastplate, in the shield's colours.
    const body = () =>
      smoothShape(g, [f(-0.08, 0.8), f(0.075, 0.8), f(0.065, 0.58), f(0.09, 0.4), f(-0.09, 0.4), f(-0.07, 0.58)]);
    fill(g, lit(look, steel, 0.3));
    body();
    fill(g, lit(look, heraldic, 0.1));
    polygon(g, [f(-0.055, 0.74), f(0.05, 0.74), f(0.075, 0.41), f(-0.075, 0.41)]);
    fill(g, lit(look, steel, -0.9), 0.4);
    shadeAwayFromLight(g, box, look, body);
    strokeLine(g, lit(look, gold, 0), 0.018 * px, [f(-0.07, 0.57), f(0.065, 0.57)]);
    // Pauldrons and the great helm with its eye slit, crowned by a plume sweeping back.
    fill(g, lit(look, steel, 0.4 * side));
    ellipse(g, ...f(-0.045, 0.79), 0.05 * px, 0.03 * px);
    const helm = () => roundedRect(g, f(-0.055, 0.97), 0.115 * px, 0.16 * px, 0.04 * px, look.facing);
    fill(g, lit(look, steel, 0.35));
    helm();
    fill(g, lit(look, steel, -0.9), 0.4);
    shadeAwayFromLight(g, box, look, helm);
    fill(g, DARK);
    polygon(g, [f(0.0, 0.895), f(0.06, 0.895), f(0.06, 0.88), f(0.0, 0.88)]);
    strokeLine(g, lit(look, mix(steel, DARK, 0.4), 0), 0.008 * px, [f(0.005, 0.97), f(0.005, 0.82)]);
    fill(g, lit(look, heraldic, 0.2));
    g.beginPath();
    g.moveTo(...f(-0.01, 0.96));
    g.quadraticCurveTo(...f(-0.03, 1.0), ...f(-0.1, 0.99));
    g.quadraticCurveTo(...f(-0.17, 0.97), ...f(-0.17, 0.88));
    g.quadraticCurveTo(...f(-0.11, 0.94), ...f(-0.03, 0.935));
    g.closePath();
    g.fill();
    // The heater shield on the near arm, with a gold cross and a bright rim.
    const shieldOutline = (inset: number) => {
      g.beginPath();
      g.moveTo(...f(0.02 + inset, 0.77 - inset));
      g.lineTo(...f(0.24 - inset, 0.77 - inset));
      g.lineTo(...f(0.24 - inset, 0.62));
      g.quadraticCurveTo(...f(0.23 - inset, 0.46), ...f(0.13, 0.36 + inset * 1.5));
      g.quadraticCurveTo(...f(0.03 + inset, 0.46), ...f(0.02 + inset, 0.62));
      g.closePath();
      g.fill();
    };
    fill(g, lit(look, steel, 0.3));
    shieldOutline(0);
    fill(g, lit(look, heraldic, 0.25 * side));
    shieldOutline(0.012);
    fill(g, lit(look, gold, 0.2));
    polygon(g, [f(0.115, 0.75), f(0.145, 0.75), f(0.145, 0.4), f(0.115, 0.4)]);
    polygon(g, [f(0.04, 0.65), f(0.22, 0.65), f(0.22, 0.62), f(0.04, 0.62)]);
  },
};

const dancer: SubjectDefinition = {
  id: "dancer",
  category: "figure",
  words: ["dancer", "ballerina", "ballet dancer"],
  plurals: ["dancers", "ballerinas", "ballet dancers"],
  color: [238, 150, 178],
  aspect: 0.72,
  size: 0.42,
  placement: "ground",
  draw(g, box, look) {
    const f = figurePoint(box, look);
    const px = box.h;
    const skin = look.random.pick(SKIN_TONES);
    const hair = look.random.pick(HAIR_COLOURS);
    const costume = look.color;
    const tights = mix(costume, [250, 236, 236], 0.55);
    const side = litSide(look);
    groundShadow(g, box, look, 0.3);
    // An arabesque: on pointe on one leg, the other stretched back at hip height.
    strokeLine(g, lit(look, tights, -0.2), 0.034 * px, [f(-0.01, 0.5), f(-0.18, 0.56), f(-0.33, 0.61)]);
    strokeLine(g, lit(look, tights, -0.2), 0.02 * px, [f(-0.33, 0.61), f(-0.35, 0.615)]);
    strokeLine(g, lit(look, tights, 0.2 * side), 0.038 * px, [f(0.0, 0.5), f(0.008, 0.26)]);
    strokeLine(g, lit(look, tights, 0.2 * side), 0.028 * px, [f(0.008, 0.26), f(0.012, 0.04), f(0.014, 0.01)]);
    // The far arm stretched back.
    strokeLine(g, lit(look, skin, -0.4), 0.022 * px, [f(0.03, 0.74), f(-0.09, 0.79), f(-0.21, 0.81)]);
    // Bodice leaning forward over the hips.
    fill(g, lit(look, costume, 0.2));
    smoothShape(g, [f(0.02, 0.78), f(0.085, 0.76), f(0.04, 0.56), f(-0.03, 0.54), f(-0.01, 0.7)]);
    // The tutu: a flat disc of layered tulle around the hips.
    for (const [layer, offset] of [0.018, 0].entries()) {
      fill(g, lit(look, mix(costume, [255, 255, 255], 0.25 - layer * 0.15), layer === 0 ? -0.2 : 0.3), 0.92);
      ellipse(g, ...f(0.005, 0.53 + offset), (0.18 - layer * 0.02) * px, 0.032 * px, -0.12 * look.facing);
    }
    // Neck, head with a bun, and the near arm raised forward.
    strokeLine(g, lit(look, skin, 0.2), 0.024 * px, [f(0.06, 0.77), f(0.078, 0.81)]);
    fill(g, lit(look, skin, 0.3 * side));
    ellipse(g, ...f(0.085, 0.855), 0.036 * px, 0.045 * px);
    g.save();
    g.beginPath();
    g.ellipse(...f(0.085, 0.855), 0.038 * px, 0.047 * px, 0, 0, Math.PI * 2);
    g.clip();
    fill(g, lit(look, hair, 0.1));
    ellipse(g, ...f(0.065, 0.885), 0.045 * px, 0.035 * px, -0.4 * look.facing);
    g.restore();
    fill(g, lit(look, hair, 0));
    ellipse(g, ...f(0.05, 0.89), 0.02 * px, 0.02 * px);
    strokeLine(g, lit(look, skin, 0.3 * side), 0.022 * px, [f(0.07, 0.75), f(0.17, 0.82), f(0.27, 0.9)]);
  },
};

/** A rectangle with rounded corners from its top-left (as drawn facing right), mirrored with the figure. */
function roundedRect(g: Graphics, [x, y]: Point, w: number, h: number, radius: number, facing: 1 | -1): void {
  g.beginPath();
  g.roundRect(facing === 1 ? x : x - w, y, w, h, radius);
  g.fill();
}

/** A person of the library: one drawing in three builds (a man, a woman, a child), each with its own names and size. */
function human(
  id: string,
  build: HumanBuild,
  color: RGB,
  aspect: number,
  size: number,
  words: string[],
  plurals: string[],
): SubjectDefinition {
  return {
    id,
    category: "figure",
    words,
    plurals,
    color,
    aspect,
    size,
    placement: "ground",
    draw: (g, box, look) => drawHuman(g, box, look, build),
  };
}

export const FIGURES: SubjectDefinition[] = [
  human(
    "person",
    MAN,
    [70, 92, 130],
    0.3,
    0.45,
    ["person", "man", "figure", "traveler", "traveller", "wanderer", "stranger", "gentleman", "hiker", "boy"],
    [
      "people",
      "persons",
      "men",
      "figures",
      "travelers",
      "travellers",
      "wanderers",
      "strangers",
      "gentlemen",
      "hikers",
      "boys",
    ],
  ),
  human("woman", WOMAN, [176, 52, 64], 0.3, 0.43, ["woman", "lady", "girl"], ["women", "ladies", "girls"]),
  human("child", CHILD, [232, 170, 40], 0.34, 0.3, ["child", "kid", "toddler"], ["children", "kids", "toddlers"]),
  astronaut,
  knight,
  dancer,
];

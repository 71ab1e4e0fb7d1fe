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
const LEATHER: RGB = [104, 62, 36];
/** The lights on an astronaut's chest panel. */
const CHEST_LIGHTS: RGB[] = [
  [220, 60, 50],
  [80, 200, 110],
  [70, 150, 240],
];
/** A saddle cloth's deep red, tinged with the rider's colours. */
const SADDLE_CLOTH: RGB = [150, 38, 46];

/**
 * Points in the box's height units — x across (centre 0), v up from the base (0 … 1) — mirrored
 * when facing left. Figures are drawn this way so a body keeps its proportions whatever the box's width.
 * A rider's points are given as if it stood, `seat` being its hips' height: they land on the box's
 * base, where its mount's back is.
 */
function figurePoint(box: SubjectBox, look: SubjectLook, seat = 0) {
  return (x: number, v: number): Point => [box.x + x * box.h * look.facing, box.y - (v - seat) * box.h];
}

/** The near leg's joints astride a mount (its body hides the far one): the thigh forward and down over the flank, the shin hanging. */
function ridingLeg(hipV: number): { hip: Point; knee: Point; ankle: Point } {
  return { hip: [0.01, hipV], knee: [0.34 * hipV, hipV * 0.7], ankle: [0.16 * hipV, hipV * 0.18] };
}

/**
 * Under a rider: a cloth over the mount's back and flank, the leather seat rising to its pommel
 * and cantle, a flap under the thigh, and the stirrup the foot rests in.
 */
function drawSaddle(g: Graphics, f: ReturnType<typeof figurePoint>, look: SubjectLook, hipV: number, px: number): void {
  const { ankle } = ridingLeg(hipV);
  fill(g, lit(look, mix(SADDLE_CLOTH, look.color, 0.35), 0));
  roundedRect(g, f(-0.15, hipV + 0.01), 0.28 * px, 0.15 * px, 0.03 * px, look.facing);
  fill(g, lit(look, LEATHER, 0.15));
  smoothShape(g, [
    f(-0.12, hipV + 0.06),
    f(-0.08, hipV - 0.005),
    f(0.08, hipV - 0.005),
    f(0.11, hipV + 0.05),
    f(0.06, hipV + 0.02),
    f(-0.07, hipV + 0.02),
  ]);
  fill(g, lit(look, LEATHER, -0.2));
  roundedRect(g, f(-0.03, hipV), 0.1 * px, 0.17 * px, 0.02 * px, look.facing);
  strokeLine(g, lit(look, DARK, 0), 0.008 * px, [f(0.03, hipV - 0.02), f(ankle[0], ankle[1] - 0.01)]);
  strokeLine(g, lit(look, STEEL, 0.2), 0.01 * px, [
    f(ankle[0] - 0.035, ankle[1] - 0.005),
    f(ankle[0] - 0.03, ankle[1] - 0.035),
    f(ankle[0] + 0.05, ankle[1] - 0.035),
    f(ankle[0] + 0.045, ankle[1] - 0.005),
  ]);
}

/**
 * What a figure's drawing starts from: its points (lifted onto the seat when it rides, `hipV` its
 * hips' height), its scale and lit side; under it, a saddle on its mount or a shadow on the ground.
 */
function beginFigure(g: Graphics, box: SubjectBox, look: SubjectLook, hipV: number, riding: boolean) {
  const f = figurePoint(box, look, riding ? hipV : 0);
  if (riding) drawSaddle(g, f, look, hipV, box.h);
  else groundShadow(g, box, look, 0.5);
  return { f, px: box.h, side: litSide(look) };
}

/** The reins from a rider's hand to its mount's mouth, sagging a little between them. */
function drawReins(g: Graphics, look: SubjectLook, hand: Point, px: number): void {
  if (!look.reins) return;
  const [bx, by] = look.reins;
  const sag: Point = [(hand[0] + bx) / 2, Math.max(hand[1], by) + 0.03 * px];
  strokeLine(g, lit(look, LEATHER, -0.3), 0.009 * px, [hand, sag, [bx, by]]);
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
  /** A wide-brimmed hat (a cowboy's) or a gold crown (a princess's). */
  headwear?: "hat" | "crown";
  /** Carved in one stone (a statue): skin, hair and clothes all the subject's colour. */
  stone?: boolean;
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
const COWBOY: HumanBuild = { ...MAN, headwear: "hat" };
const PRINCE: HumanBuild = { ...MAN, headwear: "crown" };
const PRINCESS: HumanBuild = { ...WOMAN, headwear: "crown" };
const FELT: RGB = [118, 82, 50];
const GOLD: RGB = [232, 186, 80];
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

/** A person standing in a relaxed stride, or riding astride a mount, seen from the side, clothes in `look.color`. */
function drawHuman(g: Graphics, box: SubjectBox, look: SubjectLook, build: HumanBuild, riding = false): void {
  const { headV, headR, shoulderV, hipV, shoulder, limbWidth: lw } = build;
  const skin = build.stone ? look.color : look.random.pick(SKIN_TONES);
  const hair = build.stone ? mix(look.color, DARK, 0.08) : look.random.pick(HAIR_COLOURS);
  const cloth = look.color;
  const shoes = build.stone ? look.color : SHOES;
  const kneeV = hipV * 0.52;
  const { f, px, side } = beginFigure(g, box, look, hipV, riding);

  // Legs: the far one darker. Under a dress they show from the knee; shorts show bare knees.
  const legColour = build.stone
    ? look.color
    : build.garment === "coat"
      ? TROUSERS
      : build.garment === "tee"
        ? skin
        : mix(skin, TROUSERS, 0.25);
  const legWidth = build.garment === "dress" ? lw * 0.8 : lw;
  const leg = (far: boolean, hip: Point, knee: Point, ankle: Point) => {
    strokeLine(g, lit(look, legColour, far ? -0.6 : 0.1), legWidth * px, [f(...hip), f(...knee), f(...ankle)]);
    if (build.garment === "tee") {
      // Shorts over the thighs.
      const [hx, hv] = hip;
      strokeLine(g, lit(look, TROUSERS, far ? -0.5 : 0), lw * 1.15 * px, [
        f(hx, hv),
        f(hx + (knee[0] - hx) * 0.68, hv + (knee[1] - hv) * 0.68),
      ]);
    }
    fill(g, lit(look, shoes, far ? -0.4 : 0));
    ellipse(g, ...f(ankle[0] + 0.022, ankle[1] - 0.021), lw * 0.8 * px, lw * 0.45 * px);
  };
  if (riding) {
    const { hip, knee, ankle } = ridingLeg(hipV);
    leg(false, hip, knee, ankle);
  } else {
    for (const step of [-1, 1]) {
      const stride = step * 0.035;
      leg(step < 0, [step * 0.012, hipV], [stride * 1.1, kneeV], [stride * 1.4, 0.045]);
    }
  }

  // The far arm behind the body: swinging forward, or reaching for the reins.
  const armLength = shoulderV - hipV + 0.03;
  const farHand = riding ? f(0.15, hipV + 0.1) : f(0.07, shoulderV - armLength);
  const farElbow = riding ? f(0.05, shoulderV - armLength * 0.55) : f(0.03, shoulderV - armLength * 0.5);
  strokeLine(g, lit(look, cloth, -0.7), lw * 0.9 * px, [f(-0.02, shoulderV - 0.02), farElbow, farHand]);
  fill(g, lit(look, skin, -0.5));
  ellipse(g, ...farHand, lw * 0.45 * px, lw * 0.55 * px);

  // The body: a coat to mid-thigh, a dress flaring to the calves, or a shirt to the hips. Astride,
  // a dress falls over the near thigh to below the knee.
  const hemV = build.garment === "coat" ? hipV - 0.08 : build.garment === "dress" ? hipV * 0.45 : hipV + 0.02;
  const hemHalf =
    build.garment === "dress" ? shoulder * 1.7 : build.garment === "coat" ? shoulder * 1.05 : shoulder * 0.95;
  const waistV = build.garment === "dress" ? hipV + 0.1 : hipV;
  const waistHalf = build.garment === "dress" ? shoulder * 0.62 : shoulder * 0.9;
  const { knee } = ridingLeg(hipV);
  const skirt: Point[] =
    riding && build.garment === "dress"
      ? [f(-hemHalf * 0.8, hipV - 0.16), f(knee[0] + 0.04, knee[1] - 0.09), f(knee[0] + 0.04, knee[1] + 0.03)]
      : [f(-hemHalf, hemV), f(hemHalf * 0.95, hemV)];
  const bodyOutline = () =>
    smoothShape(g, [
      f(-0.02, shoulderV + 0.025),
      f(-shoulder, shoulderV - 0.005),
      f(-shoulder * 0.95, shoulderV - 0.08),
      f(-waistHalf, waistV),
      ...skirt,
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
  if (build.headwear === "hat") {
    // A cowboy's hat: a brim curling up at its ends and a dented crown with a dark band.
    fill(g, lit(look, FELT, 0.2));
    smoothShape(g, [
      f(-headR * 1.0, headV + headR * 0.55),
      f(-headR * 0.75, headV + headR * 1.5),
      f(0, headV + headR * 1.3),
      f(headR * 0.8, headV + headR * 1.5),
      f(headR * 1.0, headV + headR * 0.55),
    ]);
    fill(g, lit(look, FELT, -0.1));
    smoothShape(g, [
      f(-headR * 1.9, headV + headR * 0.85),
      f(-headR * 1.2, headV + headR * 0.45),
      f(headR * 1.4, headV + headR * 0.45),
      f(headR * 2.0, headV + headR * 0.8),
      f(headR * 1.3, headV + headR * 0.65),
      f(-headR * 1.3, headV + headR * 0.65),
    ]);
    strokeLine(g, lit(look, DARK, 0), headR * 0.22 * px, [
      f(-headR * 0.95, headV + headR * 0.72),
      f(headR * 0.95, headV + headR * 0.72),
    ]);
  } else if (build.headwear === "crown") {
    // A small gold crown of five points, a red jewel at its front.
    fill(g, lit(look, GOLD, 0.3));
    polygon(g, [
      f(-headR * 0.75, headV + headR * 0.6),
      f(-headR * 0.85, headV + headR * 1.35),
      f(-headR * 0.45, headV + headR * 1.0),
      f(0, headV + headR * 1.5),
      f(headR * 0.45, headV + headR * 1.0),
      f(headR * 0.85, headV + headR * 1.35),
      f(headR * 0.75, headV + headR * 0.6),
    ]);
    fill(g, look.night ? [220, 40, 60] : lit(look, [200, 30, 50], 0.2));
    ellipse(g, ...f(headR * 0.1, headV + headR * 0.82), headR * 0.14 * px, headR * 0.14 * px);
  }

  // The near arm in front of the body: swinging back, or holding the reins.
  const nearElbow = riding ? f(0.03, shoulderV - armLength * 0.55) : f(-0.025, shoulderV - armLength * 0.5);
  const nearHand = riding ? f(0.13, hipV + 0.08) : f(-0.04, shoulderV - armLength);
  drawReins(g, look, nearHand, px);
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
  draw: (g, box, look) => drawAstronaut(g, box, look, false),
  ride: (g, box, look) => drawAstronaut(g, box, look, true),
};

/** The joints of a figure's legs, far one first: a short stride apart standing (`x` its feet's spread), or the near one astride. */
function legJoints(
  riding: boolean,
  hipV: number,
  x: number,
  knee: Point,
  foot: number,
): [Point, Point, Point, boolean][] {
  if (riding) {
    const { hip, knee: bent, ankle } = ridingLeg(hipV);
    return [[hip, bent, ankle, false]];
  }
  return [-1, 1].map((step) => [[step * x, hipV], [step * x + knee[0], knee[1]], [step * x + 0.01, foot], step < 0]);
}

/** An astronaut in a white suit with a gold visor, standing or riding. */
function drawAstronaut(g: Graphics, box: SubjectBox, look: SubjectLook, riding: boolean): void {
  const hipV = 0.46;
  const { f, px, side } = beginFigure(g, box, look, hipV, riding);
  const suit = look.color;
  const seam = mix(suit, DARK, 0.25);
  // The life-support pack on the back, seen past the shoulders.
  fill(g, lit(look, mix(suit, [150, 150, 160], 0.4), -0.3));
  roundedRect(g, f(-0.21, 0.86), 0.15 * px, 0.36 * px, 0.03 * px, look.facing);
  // Bulky legs, knees bent a little, and heavy boots.
  for (const [hip, knee, ankle, far] of legJoints(riding, hipV, 0.045, [0.035, 0.27], 0.09)) {
    strokeLine(g, lit(look, suit, far ? -0.6 : 0.15 * side), 0.1 * px, [f(...hip), f(...knee), f(...ankle)]);
    fill(g, lit(look, [120, 120, 128], far ? -0.5 : 0));
    roundedRect(g, f(ankle[0] - 0.06, ankle[1] + 0.01), 0.13 * px, 0.1 * px, 0.03 * px, look.facing);
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
  for (const [i, colour] of CHEST_LIGHTS.entries()) {
    fill(g, look.night ? colour : lit(look, colour, 0));
    ellipse(g, ...f(0.0 + i * 0.028, 0.67), 0.009 * px, 0.009 * px);
  }
  // A flag patch on the shoulder.
  fill(g, lit(look, [200, 50, 50], 0));
  roundedRect(g, f(-0.1, 0.76), 0.045 * px, 0.03 * px, 0.004 * px, look.facing);
  // The near arm reaching a little forward, gloved.
  drawReins(g, look, f(0.15, 0.48), px);
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
}

const knight: SubjectDefinition = {
  id: "knight",
  category: "figure",
  words: ["knight", "paladin", "crusader", "armored knight", "armoured knight"],
  plurals: ["knights", "paladins", "crusaders"],
  color: STEEL,
  aspect: 0.5,
  size: 0.46,
  placement: "ground",
  draw: (g, box, look) => drawKnight(g, box, look, false),
  ride: (g, box, look) => drawKnight(g, box, look, true),
};

/** A knight in armour and a red surcoat, sword upright and shield on the near arm, standing or riding. */
function drawKnight(g: Graphics, box: SubjectBox, look: SubjectLook, riding: boolean): void {
  const hipV = 0.48;
  const { f, px, side } = beginFigure(g, box, look, hipV, riding);
  const steel = look.color;
  const heraldic: RGB = [168, 30, 40];
  const gold: RGB = [222, 180, 70];
  // The upright sword in the far hand, behind the body.
  strokeLine(g, lit(look, [214, 218, 226], 0.3), 0.022 * px, [f(-0.16, 0.5), f(-0.16, 0.94)]);
  strokeLine(g, lit(look, gold, 0), 0.02 * px, [f(-0.21, 0.5), f(-0.11, 0.5)]);
  strokeLine(g, lit(look, [70, 50, 40], 0), 0.022 * px, [f(-0.16, 0.48), f(-0.16, 0.42)]);
  // Armoured legs with knee plates and pointed sabatons.
  for (const [hip, [kx, kv], [ax, av], far] of legJoints(riding, hipV, 0.035, [0.02, 0.26], 0.05)) {
    const tone = lit(look, steel, far ? -0.6 : 0.2 * side);
    strokeLine(g, tone, 0.058 * px, [f(...hip), f(kx, kv), f(ax, av)]);
    fill(g, lit(look, steel, far ? -0.3 : 0.5));
    ellipse(g, ...f(kx + 0.005, kv), 0.032 * px, 0.026 * px);
    fill(g, tone);
    polygon(g, [f(ax - 0.04, av - 0.05), f(ax - 0.03, av + 0.01), f(ax + 0.03, av), f(ax + 0.07, av - 0.05)]);
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
  // The reins run from behind the heater shield on the near arm, which bears a gold cross and a bright rim.
  drawReins(g, look, f(0.13, 0.58), px);
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
}

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
    ride: (g, box, look) => drawHuman(g, box, look, build, true),
  };
}

/** How much of a statue's height its plinth takes. */
const PLINTH = 0.26;

/**
 * A statue: a robed figure carved in one stone — marble unless the prompt colours it ("a bronze
 * statue", "a green statue") — standing on a plinth. What "statue", "sculpture" and "monument"
 * mean in a picture far more often than the art set's moai.
 */
const STATUE: SubjectDefinition = {
  id: "statue",
  category: "building",
  words: ["statue", "sculpture", "monument", "memorial"],
  plurals: ["statues", "sculptures", "monuments", "memorials"],
  color: [226, 222, 212],
  aspect: 0.42,
  size: 0.46,
  placement: "ground",
  draw: (g, box, look) => {
    // The box's x is its middle and y its base; heights go up from there.
    const plinthH = box.h * PLINTH;
    const base = box.y;
    const top = base - plinthH;
    const half = box.w * 0.42;
    const cx = box.x;
    groundShadow(g, box, look, 0.9);
    // The plinth is grey stone whatever the statue is cast in ("a golden statue").
    const stone = mix([176, 172, 164], look.color, 0.2);
    // The plinth: a block with a wider cap and foot, its shaded side away from the light.
    fill(g, lit(look, stone, 0.1));
    polygon(g, [
      [cx - half * 0.8, top + plinthH * 0.12],
      [cx + half * 0.8, top + plinthH * 0.12],
      [cx + half * 0.8, base - plinthH * 0.12],
      [cx - half * 0.8, base - plinthH * 0.12],
    ]);
    fill(g, lit(look, stone, -0.7), 0.45);
    const shaded = look.lightFrom > 0 ? -1 : 1;
    polygon(g, [
      [cx + shaded * half * 0.8, top + plinthH * 0.12],
      [cx + shaded * half * 0.35, top + plinthH * 0.12],
      [cx + shaded * half * 0.35, base - plinthH * 0.12],
      [cx + shaded * half * 0.8, base - plinthH * 0.12],
    ]);
    fill(g, lit(look, stone, 0.35));
    polygon(g, [
      [cx - half, top],
      [cx + half, top],
      [cx + half * 0.92, top + plinthH * 0.14],
      [cx - half * 0.92, top + plinthH * 0.14],
    ]);
    fill(g, lit(look, stone, -0.2));
    polygon(g, [
      [cx - half * 0.92, base - plinthH * 0.14],
      [cx + half * 0.92, base - plinthH * 0.14],
      [cx + half, base],
      [cx - half, base],
    ]);
    drawHuman(g, { x: cx, y: top, w: box.w, h: box.h - plinthH }, look, { ...MAN, garment: "dress", stone: true });
  },
};

export const FIGURES: SubjectDefinition[] = [
  human(
    "person",
    MAN,
    [70, 92, 130],
    0.3,
    0.45,
    [
      "person",
      "man",
      "figure",
      "traveler",
      "traveller",
      "wanderer",
      "stranger",
      "gentleman",
      "hiker",
      "explorer",
      "friend",
      "boy",
      "rider",
      "horseman",
      "jockey",
    ],
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
      "explorers",
      "friends",
      "boys",
      "riders",
      "horsemen",
      "jockeys",
    ],
  ),
  human(
    "woman",
    WOMAN,
    [176, 52, 64],
    0.3,
    0.43,
    ["woman", "lady", "girl", "horsewoman"],
    ["women", "ladies", "girls", "horsewomen"],
  ),
  human(
    "cowboy",
    COWBOY,
    [126, 90, 58],
    0.3,
    0.45,
    ["cowboy", "cowgirl", "cowhand", "rancher", "sheriff"],
    ["cowboys", "cowgirls", "cowhands", "ranchers", "sheriffs"],
  ),
  human("prince", PRINCE, [56, 70, 150], 0.3, 0.45, ["prince", "king", "emperor"], ["princes", "kings", "emperors"]),
  human(
    "princess",
    PRINCESS,
    [222, 118, 170],
    0.3,
    0.43,
    ["princess", "queen", "empress"],
    ["princesses", "queens", "empresses"],
  ),
  human("child", CHILD, [232, 170, 40], 0.34, 0.3, ["child", "kid", "toddler"], ["children", "kids", "toddlers"]),
  astronaut,
  knight,
  dancer,
  STATUE,
];

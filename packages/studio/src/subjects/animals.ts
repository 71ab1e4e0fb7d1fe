/** Animals of the subject library: side views built from ellipses and polygons, shaded by the scene's light. */
import type { Graphics } from "../scene/canvas";
import { css, mix } from "../scene/colors";
import type { RGB } from "../scene/types";
import {
  blob,
  boxPoint,
  curve,
  ellipse,
  fill,
  groundShadow,
  lit,
  type Outline,
  oval,
  type Point,
  polygon,
  rounded,
  shape,
} from "./paint";
import type { SubjectBox, SubjectDefinition, SubjectLook } from "./types";

const WHITE: RGB = [238, 232, 222];
const DARK: RGB = [40, 30, 26];
const HORN: RGB = [226, 214, 186];
const BEAK: RGB = [232, 150, 40];
const PINK: RGB = [222, 140, 140];
const WATER_FOAM: RGB = [235, 242, 246];
/** A wild mallard's body: the default duck, which keeps its green head. */
const MALLARD: RGB = [138, 116, 96];

/** Four legs, the far pair in shadow, each ending in a hoof or a paw. */
function legs(
  g: Graphics,
  p: Point,
  box: SubjectBox,
  look: SubjectLook,
  colour: RGB,
  spec: { at: [number, number, number, number]; top: number; width: number; foot: RGB; hoof?: boolean },
): void {
  const [farBack, farFront, nearBack, nearFront] = spec.at;
  for (const [u, far] of [
    [farBack, true],
    [farFront, true],
    [nearBack, false],
    [nearFront, false],
  ] as const) {
    const w = spec.width;
    fill(g, lit(look, colour, far ? -0.7 : -0.1));
    shape(g, p, [u - w, spec.top, u + w, spec.top, u + w * 0.7, 0.03, u - w * 0.7, 0.03]);
    fill(g, lit(look, spec.foot, far ? -0.6 : -0.2));
    if (spec.hoof) shape(g, p, [u - w * 0.8, 0.07, u + w * 0.8, 0.07, u + w, 0.01, u - w * 0.8, 0.01]);
    else oval(g, p, box, look, u + w * 0.3, 0.025, w * 1.1, 0.025);
  }
}

/** An eye with a glint, so the face reads even when the animal is small or dark. */
function eye(
  g: Graphics,
  p: Point,
  box: SubjectBox,
  look: SubjectLook,
  [u, v]: [number, number],
  radius: number,
  iris: RGB = DARK,
  pupil: "slit" | "round" = "slit",
): void {
  const r = radius * box.h;
  if (look.asleep) {
    // Shut: the lid a dark line curving down, no glint.
    const [x, y] = p(u, v);
    g.save();
    g.strokeStyle = css(DARK, 0.85);
    g.lineWidth = Math.max(1, r * 0.45);
    g.lineCap = "round";
    g.beginPath();
    g.moveTo(x - r * 1.1, y);
    g.quadraticCurveTo(x, y + r * 0.9, x + r * 1.1, y);
    g.stroke();
    g.restore();
    return;
  }
  if (look.bigEyes) {
    animeEye(g, p(u, v), r * 1.8, iris, look);
    return;
  }
  // Coloured eyes keep their colour at night: they catch what light there is.
  fill(g, look.night ? iris : lit(look, iris, 0.2));
  ellipse(g, ...p(u, v), r, r);
  if (iris !== DARK) {
    fill(g, DARK);
    ellipse(g, ...p(u, v), r * (pupil === "slit" ? 0.3 : 0.55), r * (pupil === "slit" ? 0.85 : 0.55));
  }
  fill(g, [255, 255, 255], 0.5 + 0.4 * look.exposure);
  ellipse(g, ...p(u + (radius * 0.3 * box.h) / box.w, v + radius * 0.35), r * 0.3, r * 0.3);
}

/** Anime's eye: large and round, a dark rim, an iris lighter at its foot, a big and a small highlight. */
function animeEye(g: Graphics, [x, y]: [number, number], r: number, iris: RGB, look: SubjectLook): void {
  const colour = iris === DARK ? ([120, 72, 40] as RGB) : iris;
  fill(g, DARK);
  ellipse(g, x, y, r * 1.08, r * 1.15);
  fill(g, look.night ? colour : lit(look, colour, 0.25));
  ellipse(g, x, y + r * 0.12, r * 0.86, r * 0.92);
  fill(g, mix(colour, [255, 255, 255], 0.35));
  ellipse(g, x, y + r * 0.5, r * 0.6, r * 0.35);
  fill(g, [20, 14, 12]);
  ellipse(g, x, y + r * 0.1, r * 0.42, r * 0.5);
  fill(g, [255, 255, 255], 0.95);
  ellipse(g, x - r * 0.32, y - r * 0.38, r * 0.34, r * 0.3);
  ellipse(g, x + r * 0.35, y + r * 0.35, r * 0.14, r * 0.14);
}

/** Ripples where something meets the water: flat lit ellipses along the base. */
function ripples(g: Graphics, box: SubjectBox, look: SubjectLook, spread: number): void {
  g.strokeStyle = css(lit(look, WATER_FOAM, 0.3), 0.55);
  g.lineWidth = Math.max(1, box.h * 0.015);
  for (const k of [1, 0.7]) {
    g.beginPath();
    g.ellipse(box.x, box.y - box.h * 0.01, box.w * spread * k, Math.max(1.5, box.h * 0.035 * k), 0, 0, Math.PI * 2);
    g.stroke();
  }
}

export const ANIMALS: SubjectDefinition[] = [
  {
    id: "fox",
    category: "animal",
    words: ["fox", "vixen"],
    plurals: ["foxes", "vixens"],
    color: [206, 96, 38],
    aspect: 1.45,
    size: 0.3,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const fur = look.color;
      const dark = mix(fur, DARK, 0.65);
      groundShadow(g, box, look, 0.5);
      // Legs, the far pair darker.
      for (const [u, far] of [
        [-0.2, true],
        [0.12, true],
        [-0.14, false],
        [0.18, false],
      ] as const) {
        fill(g, lit(look, dark, far ? -0.6 : -0.2));
        polygon(g, [p(u - 0.025, 0.36), p(u + 0.025, 0.36), p(u + 0.02, 0.02), p(u - 0.02, 0.02)]);
        fill(g, lit(look, DARK, -0.3));
        ellipse(g, ...p(u + 0.01, 0.02), box.w * 0.03, box.h * 0.025);
      }
      // The bushy tail, sweeping back and down, with a white tip.
      fill(g, lit(look, fur, -0.1));
      g.beginPath();
      g.moveTo(...p(-0.24, 0.5));
      g.quadraticCurveTo(...p(-0.5, 0.52), ...p(-0.48, 0.2));
      g.quadraticCurveTo(...p(-0.36, 0.3), ...p(-0.2, 0.36));
      g.closePath();
      g.fill();
      fill(g, lit(look, WHITE, 0));
      ellipse(g, ...p(-0.475, 0.22), box.w * 0.03, box.h * 0.06);
      // Body, lit from its light side.
      fill(g, lit(look, fur, 0.2));
      ellipse(g, ...p(-0.02, 0.44), box.w * 0.27, box.h * 0.16);
      fill(g, lit(look, fur, look.lightFrom === look.facing ? 0.7 : -0.3), 0.55);
      ellipse(g, ...p(0.06, 0.5), box.w * 0.17, box.h * 0.08);
      // Chest and head.
      fill(g, lit(look, WHITE, 0.1));
      ellipse(g, ...p(0.22, 0.46), box.w * 0.07, box.h * 0.11);
      fill(g, lit(look, fur, 0.3));
      polygon(g, [p(0.2, 0.58), p(0.3, 0.76), p(0.38, 0.72), p(0.5, 0.6), p(0.36, 0.52), p(0.24, 0.5)]);
      // Ears and snout.
      fill(g, lit(look, fur, 0.1));
      polygon(g, [p(0.27, 0.72), p(0.29, 0.92), p(0.34, 0.74)]);
      fill(g, lit(look, dark, -0.2));
      polygon(g, [p(0.33, 0.73), p(0.37, 0.9), p(0.39, 0.71)]);
      fill(g, lit(look, WHITE, 0));
      polygon(g, [p(0.36, 0.56), p(0.5, 0.6), p(0.42, 0.53)]);
      fill(g, DARK);
      ellipse(g, ...p(0.49, 0.6), box.w * 0.012, box.h * 0.014);
      ellipse(g, ...p(0.35, 0.66), box.w * 0.01, box.h * 0.014);
    },
  },
  {
    id: "cat",
    category: "animal",
    words: ["cat", "kitten", "kitty", "tomcat"],
    plurals: ["cats", "kittens", "kitties", "tomcats"],
    color: [128, 120, 112],
    aspect: 1.3,
    size: 0.22,
    placement: "ground",
    sitsInTrees: true,
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const fur = look.color;
      groundShadow(g, box, look, 0.45);
      // The tail held up and hooked at the tip, the cat's question mark; asleep, laid down behind it.
      if (look.asleep) curve(g, p, css(lit(look, fur, -0.25)), box.h * 0.055, [-0.26, 0.5, -0.46, 0.46, -0.56, 0.4]);
      else curve(g, p, css(lit(look, fur, -0.25)), box.h * 0.055, [-0.26, 0.5, -0.48, 0.5, -0.5, 0.86, -0.4, 0.92]);
      legs(g, p, box, look, fur, { at: [-0.22, 0.14, -0.16, 0.2], top: 0.45, width: 0.026, foot: fur });
      rounded(g, box, look, fur, 0.62, 0.3);
      blob(g, p, [-0.32, 0.56, -0.1, 0.62, 0.18, 0.6, 0.26, 0.46, 0.16, 0.32, -0.12, 0.3, -0.32, 0.38]);
      // The neck, then a round head under two upright, pointed ears.
      rounded(g, box, look, fur, 0.72, 0.4);
      blob(g, p, [0.1, 0.56, 0.24, 0.74, 0.34, 0.66, 0.26, 0.42]);
      fill(g, lit(look, mix(fur, DARK, 0.3), -0.2));
      shape(g, p, [0.31, 0.8, 0.4, 0.96, 0.43, 0.74]);
      fill(g, lit(look, fur, 0.35));
      shape(g, p, [0.2, 0.72, 0.22, 0.97, 0.32, 0.8]);
      rounded(g, box, look, fur, 0.84, 0.5);
      oval(g, p, box, look, 0.32, 0.68, 0.12, 0.15);
      fill(g, lit(look, PINK, -0.1));
      shape(g, p, [0.225, 0.78, 0.23, 0.91, 0.28, 0.8]);
      fill(g, lit(look, mix(fur, WHITE, 0.55), 0.1));
      oval(g, p, box, look, 0.4, 0.62, 0.06, 0.06);
      fill(g, lit(look, PINK, -0.1));
      oval(g, p, box, look, 0.445, 0.655, 0.014, 0.016);
      eye(g, p, box, look, [0.37, 0.72], 0.032, [160, 196, 70]);
      for (const lift of [-0.03, 0.02])
        curve(g, p, css(lit(look, WHITE, 0), 0.75), box.h * 0.007, [0.42, 0.62, 0.5, 0.63 + lift]);
    },
  },
  {
    id: "dog",
    category: "animal",
    words: ["dog", "puppy", "pup", "doggy", "hound"],
    plurals: ["dogs", "puppies", "pups", "doggies", "hounds"],
    color: [192, 142, 82],
    aspect: 1.3,
    size: 0.25,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const fur = look.color;
      groundShadow(g, box, look, 0.48);
      // The tail up and curving forward, as if wagging.
      curve(g, p, css(lit(look, fur, -0.15)), box.h * 0.06, [-0.28, 0.56, -0.44, 0.6, -0.45, 0.86]);
      legs(g, p, box, look, fur, { at: [-0.24, 0.14, -0.18, 0.2], top: 0.48, width: 0.04, foot: fur });
      rounded(g, box, look, fur, 0.66, 0.32);
      blob(g, p, [-0.34, 0.6, -0.1, 0.66, 0.16, 0.66, 0.28, 0.52, 0.2, 0.34, -0.1, 0.34, -0.34, 0.42]);
      rounded(g, box, look, fur, 0.88, 0.5);
      blob(g, p, [0.12, 0.58, 0.22, 0.82, 0.34, 0.84, 0.34, 0.6, 0.28, 0.48]);
      oval(g, p, box, look, 0.3, 0.76, 0.1, 0.12);
      // A square snout with a black nose and the tongue out.
      fill(g, lit(look, PINK, 0));
      blob(g, p, [0.4, 0.66, 0.45, 0.66, 0.44, 0.56, 0.4, 0.58]);
      fill(g, lit(look, mix(fur, WHITE, 0.2), 0.3));
      blob(g, p, [0.32, 0.82, 0.47, 0.77, 0.5, 0.67, 0.36, 0.63]);
      fill(g, lit(look, DARK, 0));
      oval(g, p, box, look, 0.48, 0.74, 0.022, 0.026);
      // The floppy ear hanging beside the head, and a red collar.
      fill(g, lit(look, mix(fur, DARK, 0.45), -0.2));
      blob(g, p, [0.22, 0.86, 0.3, 0.86, 0.28, 0.64, 0.21, 0.64]);
      fill(g, lit(look, [196, 40, 40], 0.2));
      shape(g, p, [0.16, 0.66, 0.32, 0.64, 0.32, 0.6, 0.15, 0.61]);
      fill(g, lit(look, [236, 196, 80], 0.4));
      oval(g, p, box, look, 0.27, 0.58, 0.016, 0.022);
      eye(g, p, box, look, [0.36, 0.8], 0.024);
    },
  },
  {
    id: "wolf",
    category: "animal",
    words: ["wolf", "werewolf"],
    plurals: ["wolves", "werewolves"],
    color: [132, 130, 126],
    aspect: 1.5,
    size: 0.3,
    placement: "ground",
    saddle: { u: -0.08, v: 0.6, rider: 0.8 },
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const fur = look.color;
      const pale = mix(fur, WHITE, 0.6);
      groundShadow(g, box, look, 0.5);
      // The bushy tail hangs low, its tip darker.
      rounded(g, box, look, fur, 0.56, 0.2);
      blob(g, p, [-0.26, 0.58, -0.42, 0.54, -0.49, 0.32, -0.44, 0.2, -0.36, 0.34, -0.26, 0.46]);
      fill(g, lit(look, mix(fur, DARK, 0.6), -0.2));
      oval(g, p, box, look, -0.45, 0.25, 0.025, 0.06, -0.4);
      legs(g, p, box, look, fur, { at: [-0.24, 0.12, -0.18, 0.18], top: 0.45, width: 0.028, foot: fur });
      rounded(g, box, look, fur, 0.64, 0.32);
      blob(g, p, [-0.3, 0.58, -0.1, 0.6, 0.14, 0.66, 0.24, 0.52, 0.14, 0.34, -0.1, 0.34, -0.3, 0.42]);
      fill(g, lit(look, pale, 0), 0.8);
      oval(g, p, box, look, 0.19, 0.48, 0.06, 0.1);
      // The thick ruff and the head thrown back, howling.
      rounded(g, box, look, fur, 0.9, 0.46);
      blob(g, p, [0.08, 0.6, 0.16, 0.86, 0.3, 0.88, 0.32, 0.66, 0.26, 0.44]);
      fill(g, lit(look, mix(fur, DARK, 0.3), -0.1));
      shape(g, p, [0.19, 0.84, 0.12, 0.98, 0.25, 0.9]);
      rounded(g, box, look, fur, 1, 0.75);
      blob(g, p, [0.18, 0.82, 0.24, 0.92, 0.36, 0.98, 0.45, 0.99, 0.43, 0.93, 0.34, 0.8, 0.25, 0.76]);
      fill(g, lit(look, pale, 0.1));
      blob(g, p, [0.3, 0.84, 0.42, 0.92, 0.4, 0.88, 0.3, 0.78]);
      fill(g, lit(look, DARK, 0));
      shape(g, p, [0.35, 0.88, 0.44, 0.94, 0.37, 0.84]);
      oval(g, p, box, look, 0.44, 0.975, 0.014, 0.018);
      eye(g, p, box, look, [0.29, 0.89], 0.02, [210, 170, 60]);
    },
  },
  {
    id: "horse",
    category: "animal",
    words: ["horse", "pony", "stallion", "mare", "foal", "steed", "mustang"],
    plurals: ["horses", "ponies", "stallions", "mares", "foals", "steeds", "mustangs"],
    color: [140, 86, 52],
    aspect: 1.15,
    size: 0.36,
    placement: "ground",
    saddle: { u: -0.09, v: 0.72, rider: 0.72, bit: [0.43, 0.63] },
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const coat = look.color;
      const hair = mix(coat, DARK, 0.78);
      groundShadow(g, box, look, 0.5);
      // The long tail falling from the rump.
      fill(g, lit(look, hair, -0.1));
      blob(g, p, [-0.34, 0.68, -0.44, 0.62, -0.49, 0.32, -0.45, 0.18, -0.41, 0.38, -0.33, 0.58]);
      legs(g, p, box, look, coat, { at: [-0.26, 0.14, -0.2, 0.2], top: 0.55, width: 0.034, foot: DARK, hoof: true });
      rounded(g, box, look, coat, 0.74, 0.4);
      blob(g, p, [-0.38, 0.66, -0.2, 0.74, 0.1, 0.7, 0.24, 0.66, 0.27, 0.5, 0.1, 0.42, -0.2, 0.42, -0.38, 0.5]);
      // The arched neck and the long head sloping down to the muzzle.
      rounded(g, box, look, coat, 0.96, 0.55);
      blob(g, p, [0.08, 0.62, 0.2, 0.9, 0.3, 0.95, 0.34, 0.84, 0.28, 0.6, 0.24, 0.48]);
      blob(g, p, [0.25, 0.9, 0.32, 0.96, 0.49, 0.68, 0.47, 0.61, 0.4, 0.62, 0.3, 0.78]);
      fill(g, lit(look, coat, 0.2));
      shape(g, p, [0.27, 0.91, 0.285, 1, 0.32, 0.93]);
      // Mane along the neck and a forelock.
      fill(g, lit(look, hair, 0));
      blob(g, p, [0.06, 0.66, 0.17, 0.9, 0.29, 0.99, 0.24, 0.88, 0.15, 0.64]);
      fill(g, lit(look, DARK, 0));
      oval(g, p, box, look, 0.455, 0.655, 0.014, 0.014);
      eye(g, p, box, look, [0.33, 0.85], 0.018);
    },
  },
  {
    id: "deer",
    category: "animal",
    words: ["deer", "stag", "doe", "fawn", "elk", "reindeer", "caribou"],
    plurals: ["stags", "does", "fawns", "elks", "reindeers", "caribous"],
    color: [166, 112, 68],
    aspect: 1,
    size: 0.34,
    placement: "ground",
    saddle: { u: -0.04, v: 0.55, rider: 0.66, bit: [0.42, 0.61] },
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const coat = look.color;
      groundShadow(g, box, look, 0.45);
      legs(g, p, box, look, coat, { at: [-0.24, 0.12, -0.18, 0.18], top: 0.42, width: 0.022, foot: DARK, hoof: true });
      rounded(g, box, look, coat, 0.56, 0.32);
      blob(g, p, [-0.32, 0.5, -0.1, 0.56, 0.14, 0.54, 0.25, 0.46, 0.16, 0.33, -0.12, 0.32, -0.32, 0.38]);
      // The white rump and short upturned tail.
      fill(g, lit(look, WHITE, 0));
      oval(g, p, box, look, -0.3, 0.47, 0.035, 0.055);
      fill(g, lit(look, mix(coat, WHITE, 0.5), -0.2), 0.8);
      oval(g, p, box, look, 0, 0.35, 0.16, 0.025);
      rounded(g, box, look, coat, 0.76, 0.4);
      blob(g, p, [0.12, 0.48, 0.2, 0.72, 0.28, 0.74, 0.3, 0.6, 0.24, 0.42]);
      blob(g, p, [0.22, 0.75, 0.3, 0.78, 0.45, 0.64, 0.44, 0.6, 0.36, 0.6, 0.27, 0.67]);
      fill(g, lit(look, DARK, 0));
      oval(g, p, box, look, 0.44, 0.625, 0.016, 0.016);
      fill(g, lit(look, coat, -0.1));
      oval(g, p, box, look, 0.2, 0.76, 0.06, 0.022, -0.5);
      eye(g, p, box, look, [0.32, 0.7], 0.017);
      // Branching antlers, the far one in shadow.
      const antler = (shade: number, beam: Outline, tines: Outline[]) => {
        const colour = css(lit(look, HORN, shade));
        curve(g, p, colour, box.h * 0.02, beam);
        for (const tine of tines) curve(g, p, colour, box.h * 0.015, tine);
      };
      antler(
        -0.5,
        [0.3, 0.76, 0.34, 0.86, 0.42, 0.9, 0.44, 0.98],
        [
          [0.35, 0.86, 0.33, 0.96],
          [0.41, 0.9, 0.48, 0.93],
        ],
      );
      antler(
        0.3,
        [0.26, 0.77, 0.22, 0.88, 0.12, 0.9, 0.05, 0.98],
        [
          [0.23, 0.86, 0.26, 0.97],
          [0.15, 0.9, 0.16, 0.98],
          [0.25, 0.8, 0.31, 0.83],
        ],
      );
    },
  },
  {
    id: "sheep",
    category: "animal",
    words: ["sheep", "lamb", "ewe", "ram"],
    plurals: ["lambs", "ewes", "rams"],
    color: [236, 232, 220],
    aspect: 1.35,
    size: 0.2,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const wool = look.color;
      const face: RGB = [58, 50, 46];
      groundShadow(g, box, look, 0.45);
      legs(g, p, box, look, face, { at: [-0.22, 0.12, -0.16, 0.18], top: 0.36, width: 0.024, foot: DARK, hoof: true });
      // The fleece: a ring of puffs around a round body, each puff shaded, so it reads as wool.
      const puffs: [number, number][] = [];
      for (let k = 0; k < 14; k++) {
        const angle = (k / 14) * Math.PI * 2;
        puffs.push([-0.06 + Math.cos(angle) * 0.28, 0.58 + Math.sin(angle) * 0.19]);
      }
      const r = 0.085;
      fill(g, lit(look, wool, -0.7));
      for (const [u, v] of puffs) oval(g, p, box, look, u, v - 0.015, (r / box.w) * box.h, r);
      fill(g, lit(look, wool, 0.1));
      for (const [u, v] of puffs) oval(g, p, box, look, u, v, (r / box.w) * box.h * 0.9, r * 0.9);
      rounded(g, box, look, wool, 0.8, 0.4);
      oval(g, p, box, look, -0.06, 0.58, 0.28, 0.19);
      fill(g, lit(look, wool, 0.8), 0.7);
      for (const [u, v] of puffs.filter(([, v]) => v > 0.62))
        oval(g, p, box, look, u - 0.01, v + 0.02, (r / box.w) * box.h * 0.45, r * 0.45);
      // The dark face with its ears sticking out sideways, under a woolly cap.
      fill(g, lit(look, face, 0.2));
      blob(g, p, [0.2, 0.68, 0.3, 0.74, 0.47, 0.56, 0.45, 0.49, 0.34, 0.48, 0.24, 0.54]);
      fill(g, lit(look, face, -0.1));
      oval(g, p, box, look, 0.25, 0.65, 0.055, 0.025, 0.4);
      fill(g, lit(look, wool, 0.4));
      oval(g, p, box, look, 0.28, 0.72, 0.05, 0.05);
      eye(g, p, box, look, [0.35, 0.62], 0.02, [200, 180, 120]);
    },
  },
  {
    id: "cow",
    category: "animal",
    words: ["cow", "bull", "calf", "ox"],
    plurals: ["cows", "bulls", "calves", "oxen", "cattle"],
    color: [242, 238, 230],
    aspect: 1.45,
    size: 0.28,
    placement: "ground",
    saddle: { u: -0.04, v: 0.76, rider: 0.95 },
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const hide = look.color;
      const patch = mix(hide, DARK, 0.85);
      groundShadow(g, box, look, 0.5);
      curve(g, p, css(lit(look, hide, -0.3)), box.h * 0.02, [-0.36, 0.68, -0.43, 0.5, -0.41, 0.24]);
      fill(g, lit(look, patch, -0.2));
      oval(g, p, box, look, -0.41, 0.22, 0.018, 0.05);
      legs(g, p, box, look, hide, { at: [-0.26, 0.18, -0.2, 0.24], top: 0.45, width: 0.034, foot: DARK, hoof: true });
      // A deep, boxy body with black patches and a pink udder.
      fill(g, lit(look, PINK, -0.1));
      blob(g, p, [-0.17, 0.4, -0.06, 0.4, -0.08, 0.29, -0.15, 0.29]);
      rounded(g, box, look, hide, 0.76, 0.36);
      blob(g, p, [-0.38, 0.74, -0.1, 0.77, 0.22, 0.75, 0.3, 0.6, 0.26, 0.4, -0.1, 0.36, -0.37, 0.4]);
      fill(g, lit(look, patch, 0), 0.92);
      blob(g, p, [-0.3, 0.7, -0.14, 0.72, -0.1, 0.54, -0.26, 0.48]);
      blob(g, p, [0.02, 0.72, 0.16, 0.72, 0.14, 0.54, 0.04, 0.58]);
      // The head held low, with short horns, an ear out sideways and a pink muzzle.
      fill(g, lit(look, HORN, 0.2));
      curve(g, p, css(lit(look, HORN, 0.1)), box.h * 0.025, [0.33, 0.74, 0.36, 0.84, 0.31, 0.88]);
      rounded(g, box, look, hide, 0.76, 0.42);
      blob(g, p, [0.25, 0.72, 0.35, 0.76, 0.48, 0.5, 0.45, 0.42, 0.36, 0.44, 0.28, 0.58]);
      fill(g, lit(look, patch, 0));
      oval(g, p, box, look, 0.36, 0.66, 0.035, 0.06, 0.3);
      fill(g, lit(look, hide, -0.2));
      oval(g, p, box, look, 0.27, 0.7, 0.05, 0.025, -0.2);
      fill(g, lit(look, PINK, 0.1));
      oval(g, p, box, look, 0.445, 0.47, 0.045, 0.05);
      fill(g, lit(look, DARK, 0));
      oval(g, p, box, look, 0.46, 0.48, 0.01, 0.012);
      eye(g, p, box, look, [0.37, 0.64], 0.018);
    },
  },
  {
    id: "rabbit",
    category: "animal",
    words: ["rabbit", "bunny", "hare"],
    plurals: ["rabbits", "bunnies", "hares"],
    color: [150, 122, 96],
    aspect: 1,
    size: 0.17,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const fur = look.color;
      groundShadow(g, box, look, 0.42);
      // Sitting: a round haunch, the long hind foot flat on the ground, a white scut.
      rounded(g, box, look, fur, 0.62, 0.04);
      blob(g, p, [-0.4, 0.3, -0.3, 0.56, 0, 0.62, 0.22, 0.45, 0.2, 0.1, 0, 0.02, -0.36, 0.04]);
      fill(g, lit(look, fur, 0.3));
      oval(g, p, box, look, -0.05, 0.05, 0.2, 0.045);
      fill(g, lit(look, fur, 0.1));
      shape(g, p, [0.1, 0.4, 0.22, 0.4, 0.25, 0.05, 0.17, 0.05]);
      oval(g, p, box, look, 0.22, 0.05, 0.055, 0.045);
      fill(g, lit(look, WHITE, 0.3));
      oval(g, p, box, look, -0.4, 0.3, 0.075, 0.075);
      // Long upright ears, the near one with a pink lining.
      fill(g, lit(look, fur, -0.5));
      blob(g, p, [0.1, 0.66, 0.05, 0.98, 0.13, 0.99, 0.2, 0.7]);
      rounded(g, box, look, fur, 0.99, 0.66);
      blob(g, p, [0.16, 0.68, 0.18, 0.99, 0.28, 0.97, 0.27, 0.68]);
      fill(g, lit(look, PINK, -0.1));
      blob(g, p, [0.2, 0.74, 0.205, 0.93, 0.245, 0.92, 0.24, 0.74]);
      rounded(g, box, look, fur, 0.73, 0.43);
      oval(g, p, box, look, 0.23, 0.58, 0.17, 0.15);
      fill(g, lit(look, mix(fur, WHITE, 0.5), 0.1));
      oval(g, p, box, look, 0.34, 0.53, 0.06, 0.05);
      fill(g, lit(look, PINK, 0));
      oval(g, p, box, look, 0.39, 0.565, 0.016, 0.014);
      eye(g, p, box, look, [0.29, 0.62], 0.03);
    },
  },
  {
    id: "bear",
    category: "animal",
    words: ["bear", "grizzly"],
    plurals: ["bears", "grizzlies"],
    color: [98, 66, 42],
    aspect: 1.55,
    size: 0.3,
    placement: "ground",
    saddle: { u: -0.12, v: 0.77, rider: 0.85 },
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const fur = look.color;
      groundShadow(g, box, look, 0.5);
      legs(g, p, box, look, fur, { at: [-0.26, 0.12, -0.18, 0.2], top: 0.46, width: 0.058, foot: mix(fur, DARK, 0.5) });
      // The heavy body rising to the shoulder hump.
      rounded(g, box, look, fur, 0.84, 0.3);
      blob(
        g,
        p,
        [-0.42, 0.5, -0.36, 0.74, -0.1, 0.78, 0.08, 0.88, 0.24, 0.72, 0.26, 0.5, 0.1, 0.32, -0.2, 0.3, -0.4, 0.36],
      );
      fill(g, lit(look, fur, -0.2));
      oval(g, p, box, look, -0.42, 0.62, 0.025, 0.04);
      // A broad head with small round ears and a paler snout.
      fill(g, lit(look, fur, 0));
      oval(g, p, box, look, 0.27, 0.75, 0.035, 0.055);
      fill(g, lit(look, mix(fur, DARK, 0.5), -0.2));
      oval(g, p, box, look, 0.27, 0.75, 0.018, 0.03);
      rounded(g, box, look, fur, 0.76, 0.44);
      blob(g, p, [0.18, 0.7, 0.3, 0.76, 0.4, 0.66, 0.49, 0.56, 0.48, 0.48, 0.36, 0.45, 0.22, 0.5]);
      fill(g, lit(look, mix(fur, HORN, 0.35), 0.1));
      oval(g, p, box, look, 0.43, 0.53, 0.06, 0.05);
      fill(g, lit(look, DARK, 0));
      oval(g, p, box, look, 0.475, 0.545, 0.018, 0.022);
      eye(g, p, box, look, [0.36, 0.62], 0.02);
    },
  },
  {
    id: "elephant",
    category: "animal",
    words: ["elephant", "mammoth"],
    plurals: ["elephants", "mammoths"],
    color: [142, 140, 138],
    aspect: 1.3,
    size: 0.4,
    placement: "ground",
    // A rider sits on its neck, behind the head.
    saddle: { u: 0.04, v: 0.93, rider: 0.55 },
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const hide = look.color;
      groundShadow(g, box, look, 0.5);
      curve(g, p, css(lit(look, hide, -0.3)), box.h * 0.015, [-0.38, 0.72, -0.44, 0.56, -0.43, 0.42]);
      legs(g, p, box, look, hide, {
        at: [-0.26, 0.1, -0.2, 0.16],
        top: 0.5,
        width: 0.065,
        foot: mix(hide, WHITE, 0.3),
        hoof: true,
      });
      rounded(g, box, look, hide, 0.94, 0.4);
      blob(g, p, [-0.4, 0.55, -0.36, 0.86, -0.1, 0.95, 0.14, 0.9, 0.26, 0.72, 0.22, 0.44, -0.1, 0.42, -0.38, 0.44]);
      // Head, the trunk hanging to the ground and curling forward, a tusk, and the big ear.
      rounded(g, box, look, hide, 0.96, 0.5);
      blob(g, p, [0.14, 0.84, 0.28, 0.97, 0.42, 0.9, 0.46, 0.7, 0.38, 0.56, 0.22, 0.56]);
      rounded(g, box, look, hide, 0.7, 0.05);
      blob(g, p, [0.36, 0.72, 0.46, 0.62, 0.47, 0.3, 0.46, 0.12, 0.5, 0.08, 0.42, 0.06, 0.4, 0.3, 0.38, 0.5, 0.3, 0.6]);
      curve(g, p, css(lit(look, HORN, 0.3)), box.h * 0.03, [0.36, 0.58, 0.42, 0.46, 0.49, 0.48]);
      fill(g, lit(look, hide, -0.45));
      blob(g, p, [0.1, 0.9, 0.26, 0.92, 0.3, 0.72, 0.24, 0.48, 0.12, 0.52, 0.06, 0.72]);
      eye(g, p, box, look, [0.36, 0.8], 0.014);
    },
  },
  {
    id: "squirrel",
    category: "animal",
    words: ["squirrel", "chipmunk"],
    plurals: ["squirrels", "chipmunks"],
    color: [176, 88, 40],
    aspect: 0.95,
    size: 0.17,
    placement: "ground",
    sitsInTrees: true,
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const fur = look.color;
      groundShadow(g, box, look, 0.4);
      // The big bushy tail curling up behind it.
      rounded(g, box, look, fur, 1, 0.1);
      blob(
        g,
        p,
        [
          -0.08, 0.08, -0.44, 0.16, -0.5, 0.66, -0.34, 0.99, -0.06, 0.94, -0.16, 0.74, -0.26, 0.6, -0.22, 0.34, -0.02,
          0.28,
        ],
      );
      fill(g, lit(look, mix(fur, WHITE, 0.35), 0.4), 0.5);
      oval(g, p, box, look, -0.36, 0.7, 0.06, 0.16, 0.3);
      // Sitting up, paws raised to the mouth holding a nut.
      rounded(g, box, look, fur, 0.62, 0.02);
      blob(g, p, [-0.16, 0.04, -0.18, 0.4, 0, 0.62, 0.18, 0.52, 0.2, 0.2, 0.1, 0.02]);
      fill(g, lit(look, fur, 0.2));
      oval(g, p, box, look, -0.04, 0.17, 0.15, 0.15);
      fill(g, lit(look, mix(fur, WHITE, 0.65), 0));
      oval(g, p, box, look, 0.12, 0.32, 0.06, 0.17);
      fill(g, lit(look, fur, 0.3));
      oval(g, p, box, look, 0.08, 0.04, 0.14, 0.035);
      rounded(g, box, look, fur, 0.82, 0.52);
      oval(g, p, box, look, 0.16, 0.66, 0.14, 0.13);
      blob(g, p, [0.2, 0.74, 0.33, 0.66, 0.31, 0.6, 0.2, 0.57]);
      fill(g, lit(look, fur, 0.1));
      shape(g, p, [0.06, 0.74, 0.05, 0.9, 0.14, 0.77]);
      fill(g, lit(look, [140, 96, 50], 0.2));
      oval(g, p, box, look, 0.28, 0.46, 0.055, 0.06);
      fill(g, lit(look, fur, 0.3));
      oval(g, p, box, look, 0.22, 0.46, 0.04, 0.04);
      fill(g, lit(look, DARK, 0));
      oval(g, p, box, look, 0.325, 0.64, 0.015, 0.015);
      eye(g, p, box, look, [0.2, 0.69], 0.028);
    },
  },
  {
    id: "owl",
    category: "animal",
    words: ["owl", "owlet"],
    plurals: ["owls", "owlets"],
    color: [140, 104, 70],
    aspect: 0.62,
    size: 0.2,
    placement: "ground",
    sitsInTrees: true,
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const plumage = look.color;
      const pale = mix(plumage, WHITE, 0.6);
      groundShadow(g, box, look, 0.5);
      // Perched on a stump, seen from the front.
      rounded(g, box, look, [112, 82, 56], 0.22, 0);
      shape(g, p, [-0.42, 0, 0.42, 0, 0.36, 0.2, -0.36, 0.2]);
      fill(g, lit(look, [170, 134, 96], 0.5));
      oval(g, p, box, look, 0, 0.2, 0.36, 0.03);
      rounded(g, box, look, plumage, 0.9, 0.2);
      oval(g, p, box, look, 0, 0.5, 0.4, 0.32);
      fill(g, lit(look, pale, 0.1));
      oval(g, p, box, look, 0, 0.44, 0.25, 0.22);
      // Chevrons on the breast.
      g.strokeStyle = css(lit(look, mix(plumage, DARK, 0.4), 0), 0.7);
      g.lineWidth = Math.max(1, box.h * 0.012);
      for (const [u, v] of [
        [-0.12, 0.52],
        [0.12, 0.52],
        [0, 0.46],
        [-0.12, 0.38],
        [0.12, 0.38],
        [0, 0.31],
      ] as const) {
        g.beginPath();
        g.moveTo(...p(u - 0.05, v + 0.02));
        g.lineTo(...p(u, v));
        g.lineTo(...p(u + 0.05, v + 0.02));
        g.stroke();
      }
      fill(g, lit(look, mix(plumage, DARK, 0.3), -0.3));
      oval(g, p, box, look, -0.33, 0.45, 0.1, 0.25, 0.2);
      oval(g, p, box, look, 0.33, 0.45, 0.1, 0.25, -0.2);
      // A broad head with ear tufts, a pale facial disc and big round eyes.
      fill(g, lit(look, plumage, 0.1));
      shape(g, p, [-0.36, 0.8, -0.42, 0.99, -0.16, 0.88]);
      shape(g, p, [0.36, 0.8, 0.42, 0.99, 0.16, 0.88]);
      rounded(g, box, look, plumage, 0.94, 0.62);
      oval(g, p, box, look, 0, 0.78, 0.38, 0.16);
      fill(g, lit(look, pale, 0.2));
      oval(g, p, box, look, -0.16, 0.78, 0.16, 0.11);
      oval(g, p, box, look, 0.16, 0.78, 0.16, 0.11);
      eye(g, p, box, look, [-0.16, 0.785], 0.055, [240, 176, 40], "round");
      eye(g, p, box, look, [0.16, 0.785], 0.055, [240, 176, 40], "round");
      fill(g, lit(look, [70, 60, 50], 0.1));
      shape(g, p, [-0.05, 0.74, 0.05, 0.74, 0, 0.64]);
      fill(g, lit(look, [70, 60, 50], 0));
      for (const u of [-0.12, -0.06, 0.06, 0.12]) oval(g, p, box, look, u, 0.21, 0.025, 0.02);
    },
  },
  {
    id: "bird",
    category: "animal",
    // (An eagle and a dove are the art set's: a bald eagle's white head, a white dove.)
    words: ["bird", "seagull", "gull", "sparrow", "swallow", "crow", "raven", "hawk", "pigeon"],
    plurals: ["birds", "seagulls", "gulls", "sparrows", "swallows", "crows", "ravens", "hawks", "pigeons"],
    color: [70, 72, 84],
    aspect: 2,
    size: 0.15,
    placement: "sky",
    sitsInTrees: true,
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const feathers = look.color;
      // In flight: the far wing raised ahead, the near wing swept up and back, a forked tail.
      fill(g, lit(look, feathers, -0.6));
      blob(g, p, [0, 0.34, 0.1, 0.72, 0.26, 0.98, 0.2, 0.7, 0.14, 0.34]);
      fill(g, lit(look, feathers, -0.2));
      shape(g, p, [-0.16, 0.3, -0.44, 0.42, -0.36, 0.3, -0.44, 0.16, -0.16, 0.22]);
      rounded(g, box, look, feathers, 0.44, 0.12);
      oval(g, p, box, look, 0.02, 0.28, 0.2, 0.15, 0.1);
      oval(g, p, box, look, 0.22, 0.36, 0.06, 0.11);
      fill(g, lit(look, BEAK, 0.2));
      shape(g, p, [0.26, 0.4, 0.34, 0.35, 0.26, 0.32]);
      rounded(g, box, look, feathers, 0.99, 0.3);
      blob(g, p, [-0.1, 0.3, -0.22, 0.64, -0.46, 0.99, -0.34, 0.99, 0.02, 0.7, 0.12, 0.34]);
      fill(g, lit(look, mix(feathers, DARK, 0.6), 0), 0.8);
      shape(g, p, [-0.28, 0.8, -0.46, 0.99, -0.32, 0.99, -0.18, 0.84]);
      eye(g, p, box, look, [0.24, 0.39], 0.025);
    },
  },
  {
    id: "butterfly",
    category: "animal",
    words: ["butterfly", "moth"],
    plurals: ["butterflies", "moths"],
    color: [234, 132, 36],
    aspect: 1.25,
    size: 0.14,
    placement: "sky",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const wing = look.color;
      const rim = lit(look, [34, 28, 26], 0);
      // Four wings seen from above: a black rim with white dots, the colour inside.
      const forewing = [0.03, 0.55, 0.28, 0.98, 0.5, 0.92, 0.46, 0.6, 0.04, 0.44];
      const hindwing = [0.03, 0.46, 0.36, 0.44, 0.4, 0.14, 0.2, 0.02, 0.03, 0.3];
      // Shrunk toward (cu, cv): the coloured inside of a wing.
      const inset = (outline: Outline, cu: number, cv: number) =>
        outline.map((n, i) => (i % 2 === 0 ? cu + (n - cu) * 0.78 : cv + (n - cv) * 0.78));
      for (const side of [-1, 1]) {
        const mirror = (outline: Outline) => outline.map((n, i) => (i % 2 === 0 ? n * side : n));
        fill(g, rim);
        blob(g, p, mirror(forewing));
        blob(g, p, mirror(hindwing));
        rounded(g, box, look, wing, 1, 0.2);
        blob(g, p, mirror(inset(forewing, 0.24, 0.64)));
        blob(g, p, mirror(inset(hindwing, 0.18, 0.3)));
        fill(g, lit(look, WHITE, 0.3));
        for (const [u, v] of [
          [0.42, 0.86],
          [0.46, 0.76],
          [0.34, 0.92],
          [0.34, 0.16],
          [0.25, 0.08],
        ] as const)
          oval(g, p, box, look, u * side, v, 0.012, 0.014);
        g.strokeStyle = css(rim, 0.8);
        g.lineWidth = Math.max(1, box.h * 0.01);
        for (const [u, v] of [
          [0.3, 0.8],
          [0.38, 0.6],
          [0.28, 0.26],
        ] as const) {
          g.beginPath();
          g.moveTo(...p(0.03 * side, 0.48));
          g.lineTo(...p(u * side, v));
          g.stroke();
        }
      }
      fill(g, rim);
      oval(g, p, box, look, 0, 0.46, 0.025, 0.28);
      oval(g, p, box, look, 0, 0.77, 0.035, 0.05);
      for (const side of [-1, 1]) {
        curve(g, p, css(rim), box.h * 0.012, [0.01 * side, 0.8, 0.06 * side, 0.94, 0.12 * side, 0.97]);
        oval(g, p, box, look, 0.12 * side, 0.97, 0.012, 0.015);
      }
    },
  },
  {
    id: "swan",
    category: "animal",
    words: ["swan", "goose", "cygnet"],
    plurals: ["swans", "geese", "cygnets"],
    color: [244, 242, 236],
    aspect: 1.05,
    size: 0.22,
    placement: "water",
    stillWater: true,
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const plumage = look.color;
      ripples(g, box, look, 0.5);
      // A boat-shaped body with the tail raised, the folded wing lifted over the back.
      rounded(g, box, look, plumage, 0.5, 0);
      blob(g, p, [-0.48, 0.4, -0.3, 0.44, -0.05, 0.42, 0.2, 0.34, 0.3, 0.16, 0.2, 0.02, -0.3, 0.02, -0.46, 0.14]);
      // The S-shaped neck.
      curve(g, p, css(lit(look, plumage, 0.1)), box.h * 0.075, [0.18, 0.26, 0.38, 0.5, 0.08, 0.66, 0.22, 0.88]);
      rounded(g, box, look, plumage, 0.62, 0.2);
      blob(g, p, [-0.44, 0.46, -0.2, 0.62, 0.06, 0.52, 0.14, 0.3, -0.1, 0.24, -0.38, 0.3]);
      g.strokeStyle = css(lit(look, plumage, -0.6), 0.6);
      g.lineWidth = Math.max(1, box.h * 0.01);
      for (const [u, v] of [
        [-0.3, 0.46],
        [-0.16, 0.5],
        [-0.02, 0.46],
      ] as const) {
        g.beginPath();
        g.moveTo(...p(u - 0.1, v - 0.08));
        g.quadraticCurveTo(...p(u - 0.02, v - 0.02), ...p(u + 0.04, v - 0.12));
        g.stroke();
      }
      rounded(g, box, look, plumage, 0.96, 0.82);
      oval(g, p, box, look, 0.27, 0.89, 0.08, 0.065);
      fill(g, lit(look, BEAK, 0.2));
      shape(g, p, [0.31, 0.92, 0.47, 0.84, 0.33, 0.85]);
      fill(g, lit(look, DARK, 0));
      shape(g, p, [0.29, 0.92, 0.34, 0.93, 0.35, 0.85, 0.3, 0.85]);
      eye(g, p, box, look, [0.28, 0.9], 0.014);
    },
  },
  {
    id: "duck",
    category: "animal",
    words: ["duck", "duckling", "mallard"],
    plurals: ["ducks", "ducklings", "mallards"],
    color: MALLARD,
    aspect: 1.3,
    size: 0.15,
    placement: "water",
    stillWater: true,
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const body = look.color;
      // A wild mallard has a green head; a duck named with a colour is that colour all over.
      const wild = body.every((c, i) => c === MALLARD[i]);
      const head: RGB = wild ? [36, 96, 58] : body;
      ripples(g, box, look, 0.48);
      curve(g, p, css(lit(look, wild ? DARK : body, 0)), box.h * 0.03, [-0.4, 0.4, -0.47, 0.56, -0.4, 0.56]);
      rounded(g, box, look, body, 0.52, 0);
      blob(g, p, [-0.47, 0.44, -0.3, 0.5, 0.1, 0.5, 0.32, 0.4, 0.34, 0.16, 0.2, 0.02, -0.3, 0.02, -0.44, 0.2]);
      if (wild) {
        fill(g, lit(look, [122, 70, 48], 0.1));
        oval(g, p, box, look, 0.22, 0.28, 0.12, 0.16);
      }
      fill(g, lit(look, mix(body, DARK, 0.25), -0.1));
      blob(g, p, [-0.38, 0.42, -0.1, 0.48, 0.12, 0.38, -0.05, 0.22, -0.34, 0.26]);
      fill(g, lit(look, wild ? [60, 80, 170] : mix(body, DARK, 0.4), 0.2));
      shape(g, p, [-0.22, 0.36, -0.06, 0.38, -0.06, 0.33, -0.22, 0.31]);
      rounded(g, box, look, head, 0.9, 0.45);
      blob(g, p, [0.14, 0.44, 0.16, 0.74, 0.26, 0.88, 0.4, 0.84, 0.4, 0.66, 0.3, 0.44]);
      if (wild) {
        fill(g, lit(look, WHITE, 0.2));
        shape(g, p, [0.16, 0.52, 0.34, 0.52, 0.33, 0.48, 0.15, 0.48]);
      }
      fill(g, lit(look, [232, 190, 60], 0.2));
      blob(g, p, [0.36, 0.78, 0.5, 0.72, 0.49, 0.66, 0.36, 0.68]);
      eye(g, p, box, look, [0.31, 0.77], 0.028);
    },
  },
  {
    id: "whale",
    category: "animal",
    words: ["whale", "humpback", "orca"],
    plurals: ["whales", "humpbacks", "orcas"],
    color: [62, 78, 98],
    aspect: 2.4,
    size: 0.2,
    placement: "water",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const skin = look.color;
      const foam = lit(look, WATER_FOAM, 0.3);
      ripples(g, box, look, 0.5);
      // Behind, the tail stock rising out of the water to the broad notched fluke, water streaming off it.
      rounded(g, box, look, skin, 0.74, 0);
      blob(g, p, [-0.12, 0.02, -0.2, 0.4, -0.3, 0.72, -0.25, 0.74, -0.14, 0.42, 0.02, 0.02]);
      rounded(g, box, look, skin, 1, 0.66);
      shape(
        g,
        p,
        [-0.28, 0.66, -0.1, 0.88, -0.07, 0.99, -0.19, 0.93, -0.28, 0.84, -0.37, 0.93, -0.49, 0.99, -0.46, 0.88],
      );
      fill(g, lit(look, mix(skin, WHITE, 0.6), -0.1), 0.7);
      shape(g, p, [-0.28, 0.72, -0.14, 0.89, -0.28, 0.81, -0.42, 0.89]);
      g.strokeStyle = css(foam, 0.6);
      g.lineWidth = Math.max(1, box.h * 0.012);
      for (const [u, top] of [
        [-0.47, 0.95],
        [-0.42, 0.88],
        [-0.1, 0.95],
        [-0.15, 0.88],
      ] as const) {
        g.beginPath();
        g.moveTo(...p(u, top));
        g.lineTo(...p(u + 0.005, top - 0.5));
        g.stroke();
      }
      // In front, the long back breaking the surface, a small dorsal fin, and the spout.
      rounded(g, box, look, skin, 0.4, 0);
      blob(g, p, [0.02, 0.02, 0.1, 0.26, 0.32, 0.38, 0.46, 0.24, 0.5, 0.02]);
      fill(g, lit(look, skin, 0.1));
      shape(g, p, [0.1, 0.2, 0.14, 0.34, 0.2, 0.26]);
      fill(g, foam, 0.55);
      for (const [u, v, r] of [
        [0.38, 0.5, 0.02],
        [0.35, 0.64, 0.03],
        [0.41, 0.66, 0.028],
        [0.32, 0.76, 0.025],
        [0.44, 0.78, 0.025],
        [0.38, 0.74, 0.03],
      ] as const)
        oval(g, p, box, look, u, v, r, (r * box.w) / box.h);
      fill(g, foam, 0.8);
      oval(g, p, box, look, 0.25, 0.02, 0.25, 0.02);
      oval(g, p, box, look, -0.1, 0.02, 0.12, 0.02);
    },
  },
  {
    id: "fish",
    category: "animal",
    words: ["fish", "salmon", "trout", "carp", "koi", "goldfish"],
    plurals: ["fishes", "salmons", "trouts", "carps", "kois", "goldfishes"],
    color: [96, 142, 170],
    aspect: 1.3,
    size: 0.22,
    placement: "water",
    // Leaps well clear of a bowl it is put in.
    tall: true,
    draw(g, box, look) {
      const scales = look.color;
      const foam = lit(look, WATER_FOAM, 0.3);
      ripples(g, box, look, 0.45);
      // Leaping: drawn along its own axis, nose up, turned the way it faces.
      const l = box.h;
      const [cx, cy] = boxPoint(box, look)(0.02, 0.55);
      g.save();
      g.translate(cx, cy);
      g.scale(look.facing, 1);
      g.rotate(-0.5);
      const at = (x: number, y: number): [number, number] => [x * l, y * l];
      const poly = (points: [number, number][]) =>
        polygon(
          g,
          points.map(([x, y]) => at(x, y)),
        );
      fill(g, lit(look, mix(scales, DARK, 0.3), -0.1));
      poly([
        [-0.3, 0],
        [-0.55, -0.17],
        [-0.49, 0],
        [-0.55, 0.17],
      ]);
      poly([
        [-0.08, -0.1],
        [0.04, -0.2],
        [0.12, -0.11],
      ]);
      poly([
        [-0.12, 0.1],
        [-0.04, 0.18],
        [0.02, 0.1],
      ]);
      fill(g, lit(look, scales, 0.2));
      ellipse(g, 0, 0, 0.37 * l, 0.13 * l);
      fill(g, lit(look, mix(scales, DARK, 0.35), -0.2), 0.8);
      ellipse(g, -0.02 * l, -0.06 * l, 0.3 * l, 0.06 * l);
      fill(g, lit(look, mix(scales, WHITE, 0.6), 0.4));
      ellipse(g, 0.02 * l, 0.06 * l, 0.28 * l, 0.055 * l);
      fill(g, lit(look, mix(scales, DARK, 0.5), 0), 0.7);
      for (const [x, y] of [
        [-0.15, -0.05],
        [-0.05, -0.07],
        [0.05, -0.04],
        [-0.2, 0.0],
      ] as const)
        ellipse(g, x * l, y * l, 0.015 * l, 0.015 * l);
      g.strokeStyle = css(lit(look, mix(scales, DARK, 0.5), 0), 0.8);
      g.lineWidth = Math.max(1, 0.012 * l);
      g.beginPath();
      g.arc(...at(0.27, 0), 0.1 * l, -1.1, 1.1, true);
      g.stroke();
      fill(g, lit(look, DARK, 0));
      ellipse(g, ...at(0.27, -0.03), 0.025 * l, 0.025 * l);
      fill(g, [255, 255, 255], 0.7);
      ellipse(g, ...at(0.28, -0.04), 0.008 * l, 0.008 * l);
      g.restore();
      // Drops falling back from the splash.
      const p = boxPoint(box, look);
      fill(g, foam, 0.75);
      for (const [u, v, r] of [
        [-0.3, 0.12, 0.014],
        [-0.36, 0.2, 0.01],
        [-0.24, 0.22, 0.012],
        [-0.42, 0.08, 0.012],
        [0.3, 0.06, 0.01],
      ] as const)
        oval(g, p, box, look, u, v, r, (r * box.w) / box.h);
      oval(g, p, box, look, -0.3, 0.02, 0.14, 0.02);
    },
  },
  {
    id: "penguin",
    category: "animal",
    words: ["penguin"],
    plurals: ["penguins"],
    color: [32, 34, 44],
    aspect: 0.6,
    size: 0.2,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const back = look.color;
      groundShadow(g, box, look, 0.6);
      fill(g, lit(look, BEAK, 0));
      oval(g, p, box, look, -0.04, 0.025, 0.14, 0.025);
      oval(g, p, box, look, 0.16, 0.025, 0.14, 0.025);
      // Upright: a dark back, a white front on the side it faces, a flipper held out.
      rounded(g, box, look, back, 0.97, 0.04);
      blob(g, p, [-0.2, 0.04, -0.34, 0.4, -0.26, 0.8, -0.05, 0.98, 0.2, 0.93, 0.26, 0.7, 0.32, 0.4, 0.2, 0.04]);
      fill(g, lit(look, WHITE, 0.2));
      blob(g, p, [-0.06, 0.06, 0.02, 0.4, 0, 0.7, 0.14, 0.8, 0.28, 0.6, 0.3, 0.3, 0.16, 0.06]);
      fill(g, lit(look, mix(back, DARK, 0.3), -0.3));
      blob(g, p, [-0.14, 0.68, -0.34, 0.3, -0.28, 0.26, -0.04, 0.56]);
      fill(g, lit(look, [242, 196, 70], 0.2));
      oval(g, p, box, look, 0.08, 0.8, 0.07, 0.045, -0.4);
      fill(g, lit(look, BEAK, 0.1));
      shape(g, p, [0.18, 0.88, 0.47, 0.82, 0.18, 0.82]);
      eye(g, p, box, look, [0.1, 0.88], 0.018);
    },
  },
];

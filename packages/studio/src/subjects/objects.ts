/**
 * Objects and still life of the subject library: tableware, fruit, furniture and lights, seen
 * slightly from above as a still-life painter sets them out, shaded by the scene's light.
 */
import type { Graphics } from "../scene/canvas";
import { css, mix } from "../scene/colors";
import type { RGB } from "../scene/types";
import { boxPoint, ellipse, fill, glow, groundShadow, lit, polygon, smoothShape, strokeLine } from "./paint";
import type { SubjectBox, SubjectDefinition, SubjectLook } from "./types";

type Point = [number, number];

const DARK: RGB = [34, 28, 24];
const WHITE: RGB = [250, 248, 242];
const LEAF: RGB = [70, 140, 50];
const STEM: RGB = [96, 66, 36];
const FLAME: RGB = [255, 214, 120];

/**
 * A round body lit from the scene's light: a radial gradient whose bright spot sits towards the
 * light, fading to the shadow colour on the far side. Fruit, pots and lamps all use it.
 */
function shadedBall(g: Graphics, look: SubjectLook, color: RGB, [x, y]: Point, rx: number, ry: number): void {
  const gradient = g.createRadialGradient(
    x + look.lightFrom * rx * 0.4,
    y - ry * 0.4,
    Math.min(rx, ry) * 0.1,
    x,
    y,
    Math.max(rx, ry) * 1.05,
  );
  gradient.addColorStop(0, css(lit(look, mix(color, WHITE, 0.25), 0.8)));
  gradient.addColorStop(0.55, css(lit(look, color, 0.1)));
  gradient.addColorStop(1, css(lit(look, color, -0.9)));
  g.fillStyle = gradient;
  ellipse(g, x, y, rx, ry);
}

/** A candle flame: a teardrop with a white-hot core. */
function flame(g: Graphics, [x, y]: Point, w: number, h: number): void {
  fill(g, [255, 170, 60]);
  g.beginPath();
  g.moveTo(x, y - h);
  g.quadraticCurveTo(x + w, y - h * 0.35, x, y);
  g.quadraticCurveTo(x - w, y - h * 0.35, x, y - h);
  g.fill();
  fill(g, [255, 246, 210]);
  ellipse(g, x, y - h * 0.3, w * 0.35, h * 0.25);
}

/**
 * A turned vessel seen slightly from above: its outline from a profile of [height, half-width]
 * pairs (box units, bottom to top), shaded across, with the opening's ellipse on top.
 */
function vessel(g: Graphics, box: SubjectBox, look: SubjectLook, color: RGB, profile: [number, number][]): void {
  const p = boxPoint(box, look);
  const outline: Point[] = [...profile.map(([v, r]) => p(r, v)), ...[...profile].reverse().map(([v, r]) => p(-r, v))];
  const left = box.x - box.w / 2;
  const gradient = g.createLinearGradient(left, 0, left + box.w, 0);
  const towardsLight = (t: number) => (look.lightFrom > 0 ? t : 1 - t);
  gradient.addColorStop(towardsLight(0), css(lit(look, color, -0.9)));
  gradient.addColorStop(towardsLight(0.62), css(lit(look, color, 0.5)));
  gradient.addColorStop(towardsLight(0.78), css(lit(look, mix(color, WHITE, 0.3), 0.8)));
  gradient.addColorStop(towardsLight(1), css(lit(look, color, 0.1)));
  g.fillStyle = gradient;
  smoothShape(g, outline);
}

/**
 * The draw function of a fruit: its shadow, the lit round body drawn by `body`, and when given a
 * stem, the stem with a leaf beside its tip.
 */
function fruit(
  body: (g: Graphics, box: SubjectBox, look: SubjectLook, p: (u: number, v: number) => Point) => void,
  stem?: { from: Point; to: Point },
): SubjectDefinition["draw"] {
  return (g, box, look) => {
    const p = boxPoint(box, look);
    groundShadow(g, box, look, 0.45);
    body(g, box, look, p);
    if (!stem) return;
    strokeLine(g, lit(look, STEM, 0), box.h * 0.05, [p(...stem.from), p(...stem.to)]);
    fill(g, lit(look, LEAF, 0.2));
    const [sx, sy] = p(...stem.to);
    ellipse(g, sx + box.w * 0.12 * look.facing, sy + box.h * 0.03, box.w * 0.13, box.h * 0.055, -0.4 * look.facing);
  };
}

function drawPumpkin(g: Graphics, box: SubjectBox, look: SubjectLook, carved: boolean): void {
  const p = boxPoint(box, look);
  const rind = look.color;
  groundShadow(g, box, look, 0.5);
  // Ribs from the outside in, so the middle one sits in front.
  for (const [u, rx, facing] of [
    [-0.28, 0.22, -0.6],
    [0.28, 0.22, 0.4],
    [-0.13, 0.24, -0.2],
    [0.13, 0.24, 0.3],
    [0, 0.22, 0.5],
  ] as const) {
    const lightFacing = facing * look.lightFrom * look.facing;
    fill(g, lit(look, rind, lightFacing));
    ellipse(g, ...p(u, 0.42), box.w * rx, box.h * 0.41);
    fill(g, lit(look, mix(rind, DARK, 0.3), -0.3), 0.35);
    ellipse(g, ...p(u + (u === 0 ? 0 : u > 0 ? 0.09 : -0.09), 0.42), box.w * 0.02, box.h * 0.38);
  }
  strokeLine(g, lit(look, [90, 110, 50], 0), box.w * 0.07, [p(0, 0.78), p(0.03, 0.92), p(0.1, 0.97)]);
  if (!carved) return;
  // A carved face lit from inside by a candle.
  const inner: RGB = look.night ? [255, 200, 90] : lit(look, [255, 170, 60], 0.3);
  if (look.night) glow(g, ...p(0, 0.45), box.w * 0.6, FLAME, 0.55);
  fill(g, inner);
  polygon(g, [p(-0.2, 0.6), p(-0.08, 0.6), p(-0.14, 0.72)]);
  polygon(g, [p(0.08, 0.6), p(0.2, 0.6), p(0.14, 0.72)]);
  polygon(g, [p(-0.03, 0.5), p(0.03, 0.5), p(0, 0.56)]);
  g.beginPath();
  g.moveTo(...p(-0.24, 0.38));
  g.quadraticCurveTo(...p(0, 0.28), ...p(0.24, 0.38));
  g.quadraticCurveTo(...p(0, 0.14), ...p(-0.24, 0.38));
  g.fill();
}

const table: SubjectDefinition = {
  id: "table",
  category: "object",
  words: ["table", "kitchen table", "dining table", "wooden table"],
  plurals: ["tables"],
  color: [150, 98, 58],
  aspect: 1.5,
  size: 0.3,
  placement: "ground",
  indoor: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const wood = look.color;
    groundShadow(g, box, look, 0.5);
    // Back legs first, further away and darker; the top seen from a little above, things stand on it.
    fill(g, lit(look, wood, -0.7));
    for (const u of [-0.36, 0.33]) polygon(g, [p(u, 0.72), p(u + 0.04, 0.72), p(u + 0.04, 0.1), p(u, 0.1)]);
    fill(g, lit(look, mix(wood, DARK, 0.2), -0.3));
    polygon(g, [p(-0.44, 0.72), p(0.44, 0.72), p(0.44, 0.62), p(-0.44, 0.62)]);
    for (const u of [-0.45, 0.395]) {
      const shade = (u > 0 ? 1 : -1) * look.lightFrom * look.facing;
      fill(g, lit(look, wood, 0.3 * shade));
      polygon(g, [p(u, 0.7), p(u + 0.055, 0.7), p(u + 0.05, 0), p(u + 0.005, 0)]);
    }
    // The top: its upper face lit, its front edge in shade, a few grain lines.
    fill(g, lit(look, wood, 0.55));
    polygon(g, [p(-0.43, 1), p(0.43, 1), p(0.5, 0.78), p(-0.5, 0.78)]);
    fill(g, lit(look, wood, -0.35));
    polygon(g, [p(-0.5, 0.78), p(0.5, 0.78), p(0.5, 0.72), p(-0.5, 0.72)]);
    for (const v of [0.83, 0.9, 0.95]) {
      const [x0, y0] = p(-0.4 + (v - 0.8) * 0.2, v);
      const [x1] = p(0.35 - (v - 0.85) * 0.5, v);
      strokeLine(g, lit(look, mix(wood, DARK, 0.35), 0.3), Math.max(1, box.h * 0.006), [
        [x0, y0],
        [x1, y0],
      ]);
    }
  },
};

const bowl: SubjectDefinition = {
  id: "bowl",
  category: "object",
  container: true,
  words: ["bowl", "fruit bowl", "dish"],
  plurals: ["bowls", "dishes"],
  color: [70, 112, 172],
  aspect: 1.8,
  size: 0.14,
  placement: "ground",
  indoor: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    groundShadow(g, box, look, 0.45);
    fill(g, lit(look, look.color, -0.4));
    polygon(g, [p(-0.15, 0), p(0.15, 0), p(0.18, 0.12), p(-0.18, 0.12)]);
    vessel(g, box, look, look.color, [
      [0.08, 0.2],
      [0.3, 0.38],
      [0.62, 0.48],
      [0.78, 0.5],
    ]);
    // The inside seen over the rim, darker towards the back, and a glaze band.
    fill(g, lit(look, mix(look.color, WHITE, 0.25), 0.3));
    ellipse(g, ...p(0, 0.79), box.w * 0.5, box.h * 0.2);
    fill(g, lit(look, mix(look.color, DARK, 0.45), -0.4));
    ellipse(g, ...p(0, 0.8), box.w * 0.46, box.h * 0.16);
    strokeLine(g, lit(look, WHITE, 0.2), box.h * 0.04, [p(-0.46, 0.56), p(-0.2, 0.5), p(0.2, 0.5), p(0.46, 0.56)]);
  },
};

const apple: SubjectDefinition = {
  id: "apple",
  category: "object",
  words: ["apple"],
  plurals: ["apples"],
  color: [196, 36, 40],
  aspect: 1,
  size: 0.125,
  placement: "ground",
  indoor: true,
  carried: true,
  draw: fruit(
    (g, box, look, p) => {
      // Two lobes meeting in a dip at the top make the apple's shoulders.
      shadedBall(g, look, look.color, p(-0.14, 0.42), box.w * 0.34, box.h * 0.4);
      shadedBall(g, look, look.color, p(0.14, 0.42), box.w * 0.34, box.h * 0.4);
      fill(g, lit(look, mix(look.color, DARK, 0.5), -0.5), 0.6);
      ellipse(g, ...p(0, 0.79), box.w * 0.07, box.h * 0.03);
    },
    { from: [0, 0.78], to: [0.05, 0.97] },
  ),
};

const lemon: SubjectDefinition = {
  id: "lemon",
  category: "object",
  words: ["lemon"],
  plurals: ["lemons"],
  color: [246, 212, 50],
  aspect: 1.35,
  size: 0.115,
  placement: "ground",
  indoor: true,
  draw: fruit((g, box, look, p) => {
    // An oval with a small nub at each end.
    fill(g, lit(look, look.color, 0));
    ellipse(g, ...p(-0.43, 0.47), box.w * 0.07, box.h * 0.09);
    ellipse(g, ...p(0.43, 0.53), box.w * 0.07, box.h * 0.09);
    shadedBall(g, look, look.color, p(0, 0.5), box.w * 0.42, box.h * 0.46);
  }),
};

const mandarin: SubjectDefinition = {
  id: "mandarin",
  category: "object",
  // "orange" is a colour word, so the singular fruit is named by its cousins; "oranges" works.
  words: ["mandarin", "tangerine", "clementine"],
  plurals: ["oranges", "mandarins", "tangerines", "clementines"],
  color: [245, 138, 28],
  aspect: 1.05,
  size: 0.125,
  placement: "ground",
  indoor: true,
  draw: fruit((g, box, look, p) => {
    shadedBall(g, look, look.color, p(0, 0.46), box.w * 0.48, box.h * 0.46);
    // Dimpled peel and the green star where the stem was.
    fill(g, lit(look, mix(look.color, DARK, 0.3), 0), 0.25);
    for (let i = 0; i < 14; i++) {
      const a = look.random.range(0, Math.PI * 2);
      const r = Math.sqrt(look.random.next()) * 0.36;
      ellipse(g, ...p(Math.cos(a) * r, 0.46 + Math.sin(a) * r), box.w * 0.012, box.h * 0.012);
    }
    fill(g, lit(look, LEAF, 0));
    ellipse(g, ...p(0, 0.88), box.w * 0.06, box.h * 0.025);
  }),
};

const pear: SubjectDefinition = {
  id: "pear",
  category: "object",
  words: ["pear"],
  plurals: ["pears"],
  color: [196, 200, 72],
  aspect: 0.75,
  size: 0.17,
  placement: "ground",
  indoor: true,
  draw: fruit(
    (g, box, look, p) => {
      // A full belly narrowing to a rounded neck.
      shadedBall(g, look, look.color, p(0, 0.62), box.w * 0.22, box.h * 0.2);
      fill(g, lit(look, look.color, 0));
      polygon(g, [p(-0.2, 0.62), p(0.2, 0.62), p(0.42, 0.32), p(-0.42, 0.32)]);
      shadedBall(g, look, look.color, p(0, 0.3), box.w * 0.46, box.h * 0.3);
      shadedBall(g, look, look.color, p(0.01, 0.62), box.w * 0.2, box.h * 0.18);
    },
    { from: [0.01, 0.78], to: [0.08, 0.97] },
  ),
};

const cherries: SubjectDefinition = {
  id: "cherries",
  category: "object",
  words: ["cherries", "cherry"],
  plurals: [],
  color: [176, 18, 40],
  aspect: 1,
  size: 0.19,
  placement: "ground",
  indoor: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    groundShadow(g, box, look, 0.45);
    // Three cherries on stems joined at the top, with a leaf.
    const fruits: [number, number][] = [
      [-0.26, 0.2],
      [0.25, 0.22],
      [0.02, 0.19],
    ];
    for (const [u, v] of fruits)
      strokeLine(g, lit(look, [90, 110, 40], 0), box.h * 0.025, [p(u, v + 0.15), p(0.05, 0.95)]);
    fill(g, lit(look, LEAF, 0.2));
    ellipse(g, ...p(0.2, 0.88), box.w * 0.16, box.h * 0.06, -0.3 * look.facing);
    for (const [u, v] of fruits) shadedBall(g, look, look.color, p(u, v), box.w * 0.2, box.h * 0.19);
  },
};

const grapes: SubjectDefinition = {
  id: "grapes",
  category: "object",
  words: ["grapes", "grape", "bunch of grapes"],
  plurals: ["bunches of grapes"],
  color: [104, 48, 116],
  aspect: 0.7,
  size: 0.17,
  placement: "ground",
  indoor: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    groundShadow(g, box, look, 0.45);
    strokeLine(g, lit(look, STEM, 0), box.h * 0.03, [p(0, 0.8), p(0.05, 0.98)]);
    fill(g, lit(look, LEAF, 0.2));
    ellipse(g, ...p(0.2, 0.86), box.w * 0.22, box.h * 0.07, -0.3 * look.facing);
    // A bunch tapering to its tip, rows of grapes from the top down so lower ones sit in front.
    const rows = [5, 4, 4, 3, 2, 1];
    for (const [row, count] of rows.entries()) {
      const v = 0.74 - row * 0.13;
      for (let i = 0; i < count; i++) {
        const u = (i - (count - 1) / 2) * 0.19 + (row % 2) * 0.02;
        shadedBall(g, look, look.color, p(u, v), box.w * 0.13, box.h * 0.095);
      }
    }
  },
};

const vase: SubjectDefinition = {
  id: "vase",
  category: "object",
  container: true,
  words: ["vase", "urn", "amphora"],
  plurals: ["vases", "urns", "amphorae", "amphoras"],
  color: [52, 96, 168],
  aspect: 0.62,
  size: 0.3,
  placement: "ground",
  indoor: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    groundShadow(g, box, look, 0.45);
    // A round belly, a narrow neck and a flared lip.
    vessel(g, box, look, look.color, [
      [0, 0.22],
      [0.05, 0.24],
      [0.18, 0.42],
      [0.36, 0.5],
      [0.55, 0.38],
      [0.7, 0.18],
      [0.85, 0.16],
      [0.96, 0.26],
      [1, 0.27],
    ]);
    fill(g, lit(look, mix(look.color, DARK, 0.6), -0.5));
    ellipse(g, ...p(0, 0.975), box.w * 0.22, box.h * 0.022);
    // A pale painted band around the belly.
    strokeLine(g, lit(look, mix(look.color, WHITE, 0.7), 0.2), box.h * 0.025, [
      p(-0.47, 0.42),
      p(0, 0.4),
      p(0.47, 0.42),
    ]);
    strokeLine(g, lit(look, mix(look.color, WHITE, 0.7), 0.2), box.h * 0.012, [
      p(-0.5, 0.34),
      p(0, 0.32),
      p(0.5, 0.34),
    ]);
  },
};

/** Closed books lying flat: a cover seen from above and the page edges in front. */
function drawBookStack(g: Graphics, box: SubjectBox, look: SubjectLook, covers: RGB[]): void {
  const p = boxPoint(box, look);
  groundShadow(g, box, look, 0.5);
  const thickness = 0.8 / covers.length;
  for (const [i, cover] of covers.entries()) {
    const v0 = i * thickness;
    const shift = (i % 2 === 0 ? -1 : 1) * 0.04 * (i > 0 ? 1 : 0);
    const half = 0.42 - (i % 3) * 0.03;
    const spine = 0.12;
    // Page block in front, the cover's spine on the left and boards top and bottom.
    fill(g, lit(look, cover, -0.2));
    polygon(g, [
      p(shift - half, v0),
      p(shift + half, v0),
      p(shift + half, v0 + thickness),
      p(shift - half, v0 + thickness),
    ]);
    fill(g, lit(look, [240, 232, 210], 0.3));
    polygon(g, [
      p(shift - half + spine, v0 + thickness * 0.18),
      p(shift + half - 0.02, v0 + thickness * 0.18),
      p(shift + half - 0.02, v0 + thickness * 0.82),
      p(shift - half + spine, v0 + thickness * 0.82),
    ]);
    strokeLine(g, lit(look, mix(cover, WHITE, 0.5), 0), Math.max(1, box.h * thickness * 0.1), [
      p(shift - half + 0.04, v0 + thickness * 0.5),
      p(shift - half + spine - 0.03, v0 + thickness * 0.5),
    ]);
  }
  // The top cover seen from above.
  const top = covers[covers.length - 1]!;
  const v = covers.length * thickness;
  const shift = (covers.length - 1) % 2 === 0 ? -0.04 : 0.04;
  const half = 0.42 - ((covers.length - 1) % 3) * 0.03;
  fill(g, lit(look, top, 0.5));
  polygon(g, [p(shift - half, v), p(shift + half, v), p(shift + half - 0.05, 1), p(shift - half + 0.05, 1)]);
}

const book: SubjectDefinition = {
  id: "book",
  category: "object",
  words: ["book", "tome", "novel", "notebook"],
  plurals: ["books", "tomes", "novels", "notebooks"],
  color: [150, 40, 44],
  aspect: 1.6,
  size: 0.1,
  placement: "ground",
  indoor: true,
  carried: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    groundShadow(g, box, look, 0.5);
    // A single closed book: the cover seen from above, pages and spine in front.
    fill(g, lit(look, look.color, -0.3));
    polygon(g, [p(-0.46, 0), p(0.46, 0), p(0.46, 0.36), p(-0.46, 0.36)]);
    fill(g, lit(look, [240, 232, 210], 0.3));
    polygon(g, [p(-0.3, 0.06), p(0.44, 0.06), p(0.44, 0.3), p(-0.3, 0.3)]);
    fill(g, lit(look, look.color, 0.5));
    polygon(g, [p(-0.46, 0.36), p(0.46, 0.36), p(0.4, 1), p(-0.4, 1)]);
    fill(g, lit(look, [226, 186, 80], 0.3));
    polygon(g, [p(-0.15, 0.62), p(0.15, 0.62), p(0.14, 0.72), p(-0.14, 0.72)]);
    strokeLine(g, lit(look, mix(look.color, DARK, 0.4), 0), box.h * 0.03, [p(-0.36, 0.4), p(-0.31, 0.96)]);
  },
};

const bookStack: SubjectDefinition = {
  id: "book-stack",
  category: "object",
  words: ["stack of books", "pile of books", "bookstack"],
  plurals: ["stacks of books", "piles of books"],
  color: [40, 80, 130],
  aspect: 1.1,
  size: 0.2,
  placement: "ground",
  indoor: true,
  draw(g, box, look) {
    drawBookStack(g, box, look, [[130, 40, 40], [60, 110, 70], [196, 150, 70], look.color, [110, 60, 110]]);
  },
};

const candle: SubjectDefinition = {
  id: "candle",
  category: "object",
  // "by candlelight": the candle is in the picture too.
  words: ["candle", "taper", "candlestick", "candlelight"],
  plurals: ["candles", "tapers", "candlesticks"],
  color: [242, 232, 208],
  aspect: 0.42,
  size: 0.3,
  placement: "ground",
  indoor: true,
  lightsRoom: true,
  carried: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    // The glow first, so the candle stands in its light; wider and stronger at night.
    glow(g, ...p(0, 0.8), box.w * (look.night ? 1.6 : 0.7), FLAME, look.night ? 0.55 : 0.2);
    groundShadow(g, box, look, 0.5);
    // A brass dish holder.
    fill(g, lit(look, [196, 150, 70], 0.2));
    ellipse(g, ...p(0, 0.04), box.w * 0.48, box.h * 0.035);
    vessel(
      g,
      box,
      look,
      [196, 150, 70],
      [
        [0.02, 0.46],
        [0.06, 0.3],
        [0.1, 0.24],
      ],
    );
    // The wax column, lit from the flame at its top, with a drip.
    vessel(g, box, look, look.color, [
      [0.08, 0.22],
      [0.66, 0.22],
    ]);
    fill(g, lit(look, mix(look.color, WHITE, 0.4), 0.6));
    ellipse(g, ...p(0, 0.66), box.w * 0.22, box.h * 0.02);
    fill(g, lit(look, look.color, 0.3));
    smoothShape(g, [p(0.08, 0.67), p(0.16, 0.66), p(0.15, 0.52), p(0.12, 0.5), p(0.1, 0.6)]);
    strokeLine(g, DARK, box.w * 0.03, [p(0, 0.66), p(0, 0.71)]);
    const [fx, fy] = p(0, 0.7);
    flame(g, [fx, fy], box.w * 0.16, box.h * 0.24);
  },
};

const mug: SubjectDefinition = {
  id: "mug",
  category: "object",
  words: ["mug", "cup", "teacup", "coffee cup", "cup of coffee", "cup of tea"],
  plurals: ["mugs", "cups", "teacups", "coffee cups"],
  color: [60, 120, 156],
  aspect: 1.1,
  size: 0.15,
  placement: "ground",
  indoor: true,
  carried: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    groundShadow(g, box, look, 0.45);
    // The handle on the back side, then the body and the coffee inside.
    g.strokeStyle = css(lit(look, look.color, -0.2));
    g.lineWidth = box.w * 0.09;
    g.beginPath();
    g.ellipse(...p(-0.3, 0.45), box.w * 0.14, box.h * 0.2, 0, 0, Math.PI * 2);
    g.stroke();
    vessel(g, box, look, look.color, [
      [0, 0.3],
      [0.78, 0.34],
    ]);
    fill(g, lit(look, mix(look.color, WHITE, 0.3), 0.4));
    ellipse(g, ...p(0, 0.78), box.w * 0.34, box.h * 0.08);
    fill(g, lit(look, [80, 48, 30], -0.2));
    ellipse(g, ...p(0, 0.775), box.w * 0.3, box.h * 0.06);
    // Steam rising.
    g.strokeStyle = css(WHITE, look.night ? 0.2 : 0.35);
    g.lineWidth = Math.max(1, box.w * 0.025);
    for (const u of [-0.08, 0.08]) {
      g.beginPath();
      g.moveTo(...p(u, 0.84));
      g.bezierCurveTo(...p(u + 0.08, 0.9), ...p(u - 0.08, 0.94), ...p(u + 0.02, 1));
      g.stroke();
    }
  },
};

const teapot: SubjectDefinition = {
  id: "teapot",
  category: "object",
  words: ["teapot", "kettle"],
  plurals: ["teapots", "kettles"],
  color: [226, 226, 234],
  aspect: 1.5,
  size: 0.17,
  placement: "ground",
  indoor: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    groundShadow(g, box, look, 0.4);
    // Handle at the back, spout at the front, both behind the round body.
    g.strokeStyle = css(lit(look, look.color, -0.3));
    g.lineWidth = box.h * 0.07;
    g.beginPath();
    g.ellipse(...p(-0.3, 0.48), box.w * 0.13, box.h * 0.22, 0, 0, Math.PI * 2);
    g.stroke();
    fill(g, lit(look, look.color, 0.1));
    polygon(g, [p(0.18, 0.5), p(0.25, 0.25), p(0.48, 0.74), p(0.5, 0.7), p(0.42, 0.74)]);
    fill(g, lit(look, look.color, -0.2));
    polygon(g, [p(0.16, 0.5), p(0.22, 0.22), p(0.35, 0.4), p(0.49, 0.74), p(0.45, 0.76)]);
    shadedBall(g, look, look.color, p(0, 0.38), box.w * 0.3, box.h * 0.37);
    // A blue band, the lid and its knob.
    strokeLine(g, lit(look, [50, 80, 160], 0), box.h * 0.04, [p(-0.27, 0.45), p(0, 0.43), p(0.27, 0.45)]);
    fill(g, lit(look, look.color, 0.3));
    ellipse(g, ...p(0, 0.74), box.w * 0.15, box.h * 0.05);
    shadedBall(g, look, look.color, p(0, 0.8), box.w * 0.1, box.h * 0.07);
    shadedBall(g, look, look.color, p(0, 0.91), box.w * 0.035, box.h * 0.06);
  },
};

const chair: SubjectDefinition = {
  id: "chair",
  category: "object",
  words: ["chair", "wooden chair"],
  plurals: ["chairs"],
  color: [156, 98, 56],
  aspect: 0.62,
  size: 0.3,
  placement: "ground",
  indoor: true,
  surface: 0.52,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const wood = look.color;
    groundShadow(g, box, look, 0.5);
    const post = (u0: number, v0: number, u1: number, v1: number, width: number, facing: number) => {
      fill(g, lit(look, wood, facing));
      polygon(g, [p(u0, v0), p(u0 + width, v0), p(u1 + width, v1), p(u1, v1)]);
    };
    // Seen three-quarter from the front: far legs first, then the seat, back and near legs.
    post(-0.3, 0.07, -0.3, 0.5, 0.06, -0.7);
    post(0.28, 0.07, 0.28, 0.5, 0.06, -0.7);
    // The back: two tall posts with slats, leaning a little.
    post(-0.34, 0.5, -0.38, 1, 0.07, -0.2);
    post(0.28, 0.5, 0.25, 1, 0.07, -0.2);
    for (const v of [0.66, 0.8, 0.93]) {
      fill(g, lit(look, wood, 0.1));
      polygon(g, [p(-0.33, v), p(0.3, v), p(0.3, v - 0.05), p(-0.33, v - 0.05)]);
    }
    fill(g, lit(look, wood, 0.55));
    polygon(g, [p(-0.36, 0.55), p(0.36, 0.55), p(0.5, 0.44), p(-0.5, 0.44)]);
    fill(g, lit(look, wood, -0.4));
    polygon(g, [p(-0.5, 0.44), p(0.5, 0.44), p(0.5, 0.4), p(-0.5, 0.4)]);
    post(-0.48, 0.0, -0.48, 0.4, 0.07, 0.2);
    post(0.41, 0.0, 0.41, 0.4, 0.07, 0.2);
  },
};

const lantern: SubjectDefinition = {
  id: "lantern",
  category: "object",
  words: ["lantern", "oil lamp", "storm lantern"],
  plurals: ["lanterns", "oil lamps"],
  color: [60, 62, 70],
  aspect: 0.55,
  size: 0.2,
  placement: "ground",
  lightsRoom: true,
  carried: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const metal = look.color;
    if (look.night) glow(g, ...p(0, 0.45), box.w * 1.5, FLAME, 0.55);
    groundShadow(g, box, look, 0.5);
    // Ring handle, cap, glass chimney with its flame, the frame's bars and the base.
    g.strokeStyle = css(lit(look, metal, 0));
    g.lineWidth = box.w * 0.05;
    g.beginPath();
    g.ellipse(...p(0, 0.9), box.w * 0.16, box.h * 0.08, 0, 0, Math.PI * 2);
    g.stroke();
    const glass: RGB = look.night ? [255, 214, 130] : lit(look, [236, 206, 150], 0.4);
    fill(g, glass, look.night ? 1 : 0.85);
    smoothShape(g, [p(-0.3, 0.2), p(-0.42, 0.45), p(-0.3, 0.7), p(0.3, 0.7), p(0.42, 0.45), p(0.3, 0.2)]);
    flame(g, p(0, 0.35), box.w * 0.1, box.h * 0.17);
    for (const u of [-0.34, 0, 0.34])
      strokeLine(g, lit(look, metal, 0), box.w * 0.06, [p(u * 0.85, 0.18), p(u * 1.1, 0.45), p(u * 0.85, 0.72)]);
    fill(g, lit(look, metal, 0.3));
    polygon(g, [p(-0.38, 0.7), p(0.38, 0.7), p(0.2, 0.83), p(-0.2, 0.83)]);
    ellipse(g, ...p(0, 0.84), box.w * 0.1, box.h * 0.03);
    fill(g, lit(look, metal, -0.2));
    polygon(g, [p(-0.42, 0), p(0.42, 0), p(0.36, 0.2), p(-0.36, 0.2)]);
  },
};

const umbrella: SubjectDefinition = {
  id: "umbrella",
  category: "object",
  words: ["umbrella", "parasol", "brolly"],
  plurals: ["umbrellas", "parasols", "brollies"],
  color: [196, 38, 52],
  aspect: 1.05,
  size: 0.35,
  placement: "ground",
  carried: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    groundShadow(g, box, look, 0.45);
    // The shaft down to a crook handle resting on the ground.
    strokeLine(g, lit(look, [60, 50, 44], 0), box.w * 0.025, [p(0, 0.98), p(0, 0.12)]);
    g.strokeStyle = css(lit(look, [110, 70, 40], 0.2));
    g.lineWidth = box.w * 0.04;
    g.beginPath();
    const [hx, hy] = p(0.06, 0.12);
    g.arc(hx, hy, box.w * 0.06, Math.PI, 0, true);
    g.stroke();
    // The canopy: panels alternately lit, each hanging in a scallop between the ribs.
    const ribs = [-0.5, -0.3, -0.1, 0.1, 0.3, 0.5];
    const apex = p(0, 0.95);
    for (let i = 0; i < ribs.length - 1; i++) {
      const u0 = ribs[i]!;
      const u1 = ribs[i + 1]!;
      const tilt = ((u0 + u1) / 2) * look.lightFrom * look.facing;
      fill(g, lit(look, look.color, i % 2 === 0 ? tilt + 0.2 : tilt - 0.4));
      g.beginPath();
      g.moveTo(...apex);
      g.quadraticCurveTo(...p(u0 * 0.95, 0.92), ...p(u0, 0.58));
      g.quadraticCurveTo(...p((u0 + u1) / 2, 0.66), ...p(u1, 0.58));
      g.quadraticCurveTo(...p(u1 * 0.95, 0.92), ...apex);
      g.fill();
    }
    fill(g, lit(look, [60, 50, 44], 0));
    ellipse(g, ...p(0, 0.975), box.w * 0.02, box.h * 0.025);
  },
};

export const OBJECTS: SubjectDefinition[] = [
  table,
  bowl,
  apple,
  lemon,
  mandarin,
  pear,
  cherries,
  grapes,
  vase,
  book,
  bookStack,
  candle,
  mug,
  teapot,
  chair,
  lantern,
  umbrella,
  {
    id: "pumpkin",
    category: "object",
    words: ["pumpkin", "gourd", "squash"],
    plurals: ["pumpkins", "gourds"],
    color: [232, 118, 28],
    aspect: 1.3,
    size: 0.16,
    placement: "ground",
    draw: (g, box, look) => drawPumpkin(g, box, look, false),
  },
  {
    id: "jack-o-lantern",
    category: "object",
    words: ["jack-o-lantern"],
    plurals: ["jack-o-lanterns"],
    color: [232, 118, 28],
    aspect: 1.3,
    size: 0.16,
    placement: "ground",
    lightsRoom: true,
    draw: (g, box, look) => drawPumpkin(g, box, look, true),
  },
];

/**
 * Made things people name often that neither the library nor the art sets draw (issue 28): a
 * bench, a fence and a gate, a flag, a cart, an easel, a typewriter, a floor lamp, a clock
 * tower, a rifle and a cannon. Drawn like the library's objects: seen a little from the front, shaded by the scene's light.
 */
import type { Graphics } from "../scene/canvas";
import { css, mix } from "../scene/colors";
import type { RGB } from "../scene/types";
import { boxPoint, ellipse, fill, glow, groundShadow, lit, pane, polygon, strokeLine } from "./paint";
import type { SubjectDefinition } from "./types";

const DARK: RGB = [34, 28, 24];
const PAPER: RGB = [246, 242, 230];
const IRON: RGB = [52, 54, 60];
const LAMP: RGB = [255, 220, 150];

/** A wooden wheel of radius `r` round (x, y): its rim and `spokes` spokes, each `spokeWidth` of r wide. */
function spokedWheel(
  g: Graphics,
  [x, y]: [number, number],
  r: number,
  colour: RGB,
  spokes: number,
  spokeWidth: number,
) {
  g.strokeStyle = css(colour);
  g.lineWidth = Math.max(1.5, r * 0.16);
  g.beginPath();
  g.arc(x, y, r * 0.9, 0, Math.PI * 2);
  g.stroke();
  g.lineWidth = Math.max(1, r * spokeWidth);
  for (let s = 0; s < spokes; s++) {
    const a = (s * Math.PI * 2) / spokes;
    g.beginPath();
    g.moveTo(x, y);
    g.lineTo(x + Math.cos(a) * r * 0.85, y + Math.sin(a) * r * 0.85);
    g.stroke();
  }
}

const bench: SubjectDefinition = {
  id: "bench",
  category: "object",
  words: ["bench", "park bench", "wooden bench", "garden bench"],
  plurals: ["benches"],
  color: [142, 96, 56],
  aspect: 1.9,
  size: 0.22,
  placement: "ground",
  surface: 0.48,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const wood = look.color;
    groundShadow(g, box, look, 0.55);
    // Iron ends, then the back's slats, the seat seen a little from above, the seat's front edge.
    fill(g, lit(look, IRON, -0.2));
    for (const u of [-0.42, 0.38]) {
      polygon(g, [p(u, 0), p(u + 0.04, 0), p(u + 0.04, 0.95), p(u, 0.95)]);
      polygon(g, [p(u - 0.02, 0), p(u + 0.07, 0), p(u + 0.07, 0.04), p(u - 0.02, 0.04)]);
    }
    for (const v of [0.66, 0.78, 0.9]) {
      fill(g, lit(look, wood, 0.05));
      polygon(g, [p(-0.47, v), p(0.47, v), p(0.47, v + 0.08), p(-0.47, v + 0.08)]);
    }
    fill(g, lit(look, wood, 0.5));
    polygon(g, [p(-0.46, 0.5), p(0.46, 0.5), p(0.5, 0.42), p(-0.5, 0.42)]);
    fill(g, lit(look, wood, -0.35));
    polygon(g, [p(-0.5, 0.42), p(0.5, 0.42), p(0.5, 0.37), p(-0.5, 0.37)]);
  },
};

const fence: SubjectDefinition = {
  id: "fence",
  category: "object",
  words: ["fence", "picket fence", "wooden fence", "fencing", "railing"],
  plurals: ["fences", "railings"],
  color: [226, 220, 206],
  aspect: 3.2,
  size: 0.14,
  placement: "ground",
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const paint = look.color;
    // Two rails behind a row of pointed pickets, each with its shaded side.
    fill(g, lit(look, paint, -0.45));
    for (const v of [0.25, 0.68]) polygon(g, [p(-0.5, v), p(0.5, v), p(0.5, v + 0.07), p(-0.5, v + 0.07)]);
    const n = 13;
    for (let k = 0; k < n; k++) {
      const u = -0.49 + (k * 0.98) / (n - 1);
      const w = 0.026;
      fill(g, lit(look, paint, 0.35));
      polygon(g, [p(u - w, 0), p(u + w, 0), p(u + w, 0.86), p(u, 1), p(u - w, 0.86)]);
      fill(g, lit(look, paint, -0.3));
      polygon(g, [p(u + w * 0.4, 0), p(u + w, 0), p(u + w, 0.86), p(u + w * 0.4, 0.92)]);
    }
  },
};

const gate: SubjectDefinition = {
  id: "gate",
  category: "object",
  words: ["gate", "farm gate", "garden gate", "wooden gate", "iron gate"],
  plurals: ["gates"],
  color: [134, 96, 60],
  aspect: 1.4,
  size: 0.24,
  placement: "ground",
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const wood = look.color;
    groundShadow(g, box, look, 0.5);
    // Two posts, five bars between them and the brace across, like a field's five-bar gate.
    fill(g, lit(look, mix(wood, DARK, 0.25), 0));
    for (const u of [-0.5, 0.42]) polygon(g, [p(u, 0), p(u + 0.08, 0), p(u + 0.08, 1), p(u, 1)]);
    for (let k = 0; k < 5; k++) {
      const v = 0.12 + k * 0.17;
      fill(g, lit(look, wood, 0.3 - k * 0.05));
      polygon(g, [p(-0.42, v), p(0.42, v), p(0.42, v + 0.07), p(-0.42, v + 0.07)]);
    }
    strokeLine(g, lit(look, wood, 0.1), box.h * 0.06, [p(-0.4, 0.15), p(0.4, 0.85)]);
  },
};

const flag: SubjectDefinition = {
  id: "flag",
  category: "object",
  words: ["flag", "banner", "pennant"],
  plurals: ["flags", "banners", "pennants"],
  color: [206, 40, 48],
  aspect: 0.62,
  size: 0.36,
  placement: "ground",
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const cloth = look.color;
    groundShadow(g, box, look, 0.2);
    // A pole, its knob, and the cloth waving out from its top in two soft folds.
    strokeLine(g, lit(look, [190, 190, 196], 0), Math.max(1.5, box.w * 0.035), [p(-0.42, 0), p(-0.42, 1)]);
    fill(g, lit(look, [214, 180, 80], 0.4));
    ellipse(g, ...p(-0.42, 1), box.w * 0.035, box.w * 0.035);
    const wave = (v0: number, shade: number) => {
      fill(g, lit(look, cloth, shade));
      g.beginPath();
      g.moveTo(...p(-0.41, v0));
      g.bezierCurveTo(...p(-0.1, v0 + 0.06), ...p(0.15, v0 - 0.06), ...p(0.5, v0 + 0.01));
      g.lineTo(...p(0.5, v0 - 0.29));
      g.bezierCurveTo(...p(0.15, v0 - 0.36), ...p(-0.1, v0 - 0.24), ...p(-0.41, v0 - 0.3));
      g.closePath();
      g.fill();
    };
    wave(0.97, 0.25);
    // The fold's shaded half.
    g.save();
    g.globalAlpha = 0.35;
    fill(g, lit(look, mix(cloth, DARK, 0.4), -0.3));
    polygon(g, [p(-0.1, 0.99), p(0.15, 0.95), p(0.15, 0.63), p(-0.1, 0.7)]);
    g.restore();
  },
};

const cart: SubjectDefinition = {
  id: "cart",
  category: "vehicle",
  words: ["cart", "wagon", "handcart", "oxcart", "wooden cart", "hay wagon", "farm cart", "wheelbarrow"],
  plurals: ["carts", "wagons", "wheelbarrows"],
  color: [150, 100, 58],
  aspect: 1.6,
  size: 0.26,
  placement: "ground",
  surface: 0.72,
  container: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const wood = look.color;
    groundShadow(g, box, look, 0.55);
    // The shafts reaching forward, the box of planks, then two spoked wheels.
    strokeLine(g, lit(look, mix(wood, DARK, 0.3), 0), box.h * 0.045, [p(0.2, 0.42), p(0.5, 0.3)]);
    fill(g, lit(look, wood, 0.45));
    polygon(g, [p(-0.4, 0.78), p(0.28, 0.78), p(0.3, 0.72), p(-0.42, 0.72)]);
    for (let k = 0; k < 3; k++) {
      fill(g, lit(look, wood, 0.15 - k * 0.15));
      const v = 0.72 - k * 0.12;
      polygon(g, [p(-0.42, v), p(0.3, v), p(0.28, v - 0.11), p(-0.4, v - 0.11)]);
    }
    for (const u of [-0.22, 0.12]) {
      const [x, y] = p(u, 0.25);
      const r = box.h * 0.25;
      spokedWheel(g, [x, y], r, lit(look, mix(wood, DARK, 0.45), 0), 6, 0.07);
      fill(g, lit(look, DARK, 0.3));
      ellipse(g, x, y, r * 0.16, r * 0.16);
    }
  },
};

const easel: SubjectDefinition = {
  id: "easel",
  category: "object",
  words: ["easel", "painter's easel"],
  plurals: ["easels"],
  color: [160, 112, 66],
  aspect: 0.62,
  size: 0.42,
  placement: "ground",
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const wood = look.color;
    groundShadow(g, box, look, 0.4);
    // Three legs, the ledge, and a canvas on it with a few strokes of paint.
    const leg = (u0: number, u1: number, shade: number) =>
      strokeLine(g, lit(look, wood, shade), box.w * 0.05, [p(u0, 0), p(u1, 1)]);
    leg(0.02, 0.02, -0.5);
    leg(-0.42, -0.06, 0.2);
    leg(0.42, 0.1, 0.2);
    fill(g, lit(look, PAPER, 0.3));
    polygon(g, [p(-0.36, 0.42), p(0.36, 0.42), p(0.33, 0.92), p(-0.33, 0.92)]);
    for (const [u, v, colour] of [
      [-0.15, 0.6, [70, 130, 190]],
      [0.1, 0.7, [220, 150, 60]],
      [-0.02, 0.8, [90, 160, 90]],
    ] as const)
      strokeLine(g, lit(look, colour as unknown as RGB, 0), box.h * 0.04, [p(u - 0.12, v), p(u + 0.12, v + 0.04)]);
    fill(g, lit(look, wood, 0.1));
    polygon(g, [p(-0.42, 0.42), p(0.42, 0.42), p(0.42, 0.37), p(-0.42, 0.37)]);
  },
};

const typewriter: SubjectDefinition = {
  id: "typewriter",
  category: "object",
  words: ["typewriter", "vintage typewriter", "old typewriter"],
  plurals: ["typewriters"],
  color: [46, 50, 54],
  aspect: 1.35,
  size: 0.2,
  placement: "ground",
  indoor: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const body = look.color;
    groundShadow(g, box, look, 0.55);
    // A sheet of paper standing in the roller, the body sloping down to rows of round keys.
    fill(g, lit(look, PAPER, 0.35));
    polygon(g, [p(-0.26, 0.62), p(0.26, 0.62), p(0.24, 1), p(-0.24, 1)]);
    fill(g, lit(look, body, 0.1));
    polygon(g, [p(-0.46, 0.55), p(0.46, 0.55), p(0.46, 0.68), p(-0.46, 0.68)]);
    fill(g, lit(look, [200, 200, 206], 0.3));
    ellipse(g, ...p(-0.5, 0.62), box.w * 0.035, box.h * 0.05);
    fill(g, lit(look, body, 0.35));
    polygon(g, [p(-0.42, 0.58), p(0.42, 0.58), p(0.5, 0.12), p(-0.5, 0.12)]);
    fill(g, lit(look, body, -0.4));
    polygon(g, [p(-0.5, 0.12), p(0.5, 0.12), p(0.5, 0), p(-0.5, 0)]);
    for (let row = 0; row < 3; row++)
      for (let k = 0; k < 8 - row; k++) {
        const u = -0.34 + row * 0.04 + k * 0.095;
        fill(g, lit(look, PAPER, 0.1));
        ellipse(g, ...p(u, 0.2 + row * 0.11), box.w * 0.028, box.h * 0.032);
      }
  },
};

const floorLamp: SubjectDefinition = {
  id: "floorlamp",
  category: "object",
  words: ["floor lamp", "standing lamp", "lamp", "reading lamp", "desk lamp", "table lamp"],
  plurals: ["lamps", "floor lamps"],
  color: [226, 196, 150],
  aspect: 0.36,
  size: 0.45,
  placement: "ground",
  indoor: true,
  lightsRoom: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    if (look.night) glow(g, ...p(0, 0.82), box.h * 0.5, LAMP, 0.5);
    groundShadow(g, box, look, 0.35);
    // A round foot, a thin stand and a drum shade, bright from inside at night.
    fill(g, lit(look, IRON, 0));
    ellipse(g, ...p(0, 0.015), box.w * 0.3, box.h * 0.02);
    strokeLine(g, lit(look, IRON, 0.2), Math.max(1, box.w * 0.05), [p(0, 0.02), p(0, 0.72)]);
    const shade: RGB = look.night ? LAMP : lit(look, look.color, 0.3);
    fill(g, shade);
    polygon(g, [p(-0.3, 0.98), p(0.3, 0.98), p(0.46, 0.72), p(-0.46, 0.72)]);
    fill(g, lit(look, mix(look.color, DARK, 0.2), -0.3), 0.5);
    polygon(g, [p(0.1, 0.98), p(0.3, 0.98), p(0.46, 0.72), p(0.2, 0.72)]);
  },
};

const clockTower: SubjectDefinition = {
  id: "clocktower",
  category: "building",
  words: ["clock tower", "big ben", "elizabeth tower", "belfry"],
  plurals: ["clock towers"],
  color: [206, 178, 124],
  aspect: 0.26,
  size: 0.82,
  placement: "ground",
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const stone = look.color;
    groundShadow(g, box, look, 0.4);
    // A tall square shaft with its lit and shaded faces, ribbed with stone, the clock stage
    // with a face on it, the belfry above and a spire of dark slate.
    fill(g, lit(look, stone, 0.25));
    polygon(g, [p(-0.4, 0), p(0.12, 0), p(0.12, 0.66), p(-0.4, 0.66)]);
    fill(g, lit(look, stone, -0.45));
    polygon(g, [p(0.12, 0), p(0.4, 0), p(0.4, 0.66), p(0.12, 0.66)]);
    for (let k = 1; k < 8; k++)
      strokeLine(g, lit(look, mix(stone, DARK, 0.35), 0), Math.max(0.5, box.w * 0.012), [
        p(-0.4 + k * 0.065, 0.02),
        p(-0.4 + k * 0.065, 0.64),
      ]);
    fill(g, pane(look));
    for (let v = 0.08; v < 0.6; v += 0.1) polygon(g, [p(-0.2, v), p(-0.08, v), p(-0.08, v + 0.05), p(-0.2, v + 0.05)]);
    fill(g, lit(look, stone, 0.35));
    polygon(g, [p(-0.48, 0.66), p(0.16, 0.66), p(0.16, 0.8), p(-0.48, 0.8)]);
    fill(g, lit(look, stone, -0.35));
    polygon(g, [p(0.16, 0.66), p(0.48, 0.66), p(0.48, 0.8), p(0.16, 0.8)]);
    const [cx, cy] = p(-0.16, 0.73);
    const r = box.w * 0.22;
    fill(g, look.night ? [255, 236, 180] : lit(look, PAPER, 0.3));
    ellipse(g, cx, cy, r, r);
    strokeLine(g, DARK, Math.max(1, r * 0.12), [
      [cx, cy],
      [cx, cy - r * 0.7],
    ]);
    strokeLine(g, DARK, Math.max(1, r * 0.12), [
      [cx, cy],
      [cx + r * 0.5, cy],
    ]);
    fill(g, lit(look, stone, 0.15));
    polygon(g, [p(-0.38, 0.8), p(0.14, 0.8), p(0.14, 0.86), p(-0.38, 0.86)]);
    fill(g, lit(look, stone, -0.5));
    polygon(g, [p(0.14, 0.8), p(0.38, 0.8), p(0.38, 0.86), p(0.14, 0.86)]);
    fill(g, lit(look, [60, 70, 66], 0.1));
    polygon(g, [p(-0.38, 0.86), p(0.38, 0.86), p(0.02, 1)]);
  },
};

const rifle: SubjectDefinition = {
  id: "rifle",
  category: "object",
  words: ["rifle", "musket", "shotgun", "firearm", "machine gun", "long gun", "carbine"],
  plurals: ["rifles", "muskets", "shotguns", "firearms", "machine guns"],
  color: [122, 78, 44],
  aspect: 3.4,
  size: 0.12,
  placement: "ground",
  carried: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const wood = look.color;
    groundShadow(g, box, look, 0.5);
    // A wooden stock and fore-end, a steel barrel ahead of them, the trigger guard below.
    fill(g, lit(look, IRON, 0.3));
    polygon(g, [p(-0.05, 0.72), p(0.5, 0.72), p(0.5, 0.6), p(-0.05, 0.58)]);
    fill(g, lit(look, wood, 0.35));
    polygon(g, [
      p(-0.5, 0.1),
      p(-0.44, 0.62),
      p(-0.1, 0.66),
      p(0.28, 0.62),
      p(0.28, 0.48),
      p(-0.12, 0.42),
      p(-0.3, 0.05),
    ]);
    fill(g, lit(look, mix(wood, DARK, 0.3), -0.3));
    polygon(g, [p(-0.5, 0.1), p(-0.3, 0.05), p(-0.26, 0.14), p(-0.46, 0.2)]);
    strokeLine(g, lit(look, IRON, 0), Math.max(1, box.h * 0.05), [
      p(-0.12, 0.42),
      p(-0.1, 0.26),
      p(0.0, 0.28),
      p(0.0, 0.42),
    ]);
  },
};

const cannon: SubjectDefinition = {
  id: "cannon",
  category: "object",
  words: ["cannon", "artillery", "field gun", "howitzer"],
  plurals: ["cannons", "howitzers"],
  color: [58, 60, 64],
  aspect: 1.7,
  size: 0.2,
  placement: "ground",
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const metal = look.color;
    groundShadow(g, box, look, 0.6);
    // A wooden carriage, the barrel raised over it (its muzzle ringed), and a spoked wheel in front.
    fill(g, lit(look, [120, 80, 46], -0.1));
    polygon(g, [p(-0.5, 0.05), p(-0.42, 0.0), p(0.2, 0.42), p(0.1, 0.5)]);
    fill(g, lit(look, metal, 0.35));
    polygon(g, [p(-0.42, 0.44), p(-0.36, 0.66), p(0.46, 0.92), p(0.5, 0.78)]);
    fill(g, lit(look, metal, -0.3));
    ellipse(g, ...p(0.48, 0.85), box.h * 0.09, box.h * 0.12);
    fill(g, DARK);
    ellipse(g, ...p(0.49, 0.85), box.h * 0.04, box.h * 0.06);
    fill(g, lit(look, metal, 0.1));
    ellipse(g, ...p(-0.42, 0.55), box.h * 0.11, box.h * 0.11);
    spokedWheel(g, p(-0.05, 0.3), box.h * 0.3, lit(look, [110, 74, 42], 0.2), 8, 0.08);
  },
};

const cloth: SubjectDefinition = {
  id: "cloth",
  category: "object",
  words: ["cloth", "fabric", "textile", "silk", "cotton", "linen", "velvet", "rag", "tablecloth", "drape", "satin"],
  plurals: ["cloths", "fabrics", "textiles", "rags", "tablecloths", "drapes"],
  color: [168, 48, 62],
  aspect: 2.6,
  size: 0.14,
  placement: "ground",
  indoor: true,
  surface: 0.6,
  flat: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const fabric = look.color;
    groundShadow(g, box, look, 0.6);
    // A cloth laid flat and seen from a little above, its hem hanging in soft folds at the front.
    fill(g, lit(look, fabric, 0.45));
    polygon(g, [p(-0.4, 1), p(0.4, 1), p(0.5, 0.45), p(-0.5, 0.45)]);
    fill(g, lit(look, fabric, -0.1));
    g.beginPath();
    g.moveTo(...p(-0.5, 0.45));
    for (let k = 0; k <= 8; k++) {
      const u = -0.5 + k / 8;
      g.lineTo(...p(u, k % 2 === 0 ? 0.05 : 0.14));
    }
    g.lineTo(...p(0.5, 0.45));
    g.closePath();
    g.fill();
    for (let k = 1; k < 8; k += 2)
      strokeLine(
        g,
        lit(look, fabric, -0.5),
        Math.max(1, box.h * 0.03),
        [p(-0.5 + k / 8, 0.44), p(-0.5 + k / 8, 0.15)],
        0.6,
      );
  },
};

const shelf: SubjectDefinition = {
  id: "shelf",
  category: "object",
  words: ["shelf", "wall shelf", "wooden shelf", "ledge"],
  plurals: ["shelves", "ledges"],
  color: [176, 128, 82],
  aspect: 4,
  size: 0.09,
  placement: "ground",
  indoor: true,
  surface: 0.95,
  flat: true,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const wood = look.color;
    // A board on two brackets, its top lit, its front edge in shade.
    fill(g, lit(look, mix(wood, DARK, 0.3), -0.2));
    for (const u of [-0.34, 0.3]) polygon(g, [p(u, 0.7), p(u + 0.05, 0.7), p(u + 0.05, 0), p(u, 0.35)]);
    fill(g, lit(look, wood, 0.5));
    polygon(g, [p(-0.46, 1), p(0.46, 1), p(0.5, 0.84), p(-0.5, 0.84)]);
    fill(g, lit(look, wood, -0.35));
    polygon(g, [p(-0.5, 0.84), p(0.5, 0.84), p(0.5, 0.7), p(-0.5, 0.7)]);
  },
};

const stall: SubjectDefinition = {
  id: "stall",
  category: "building",
  words: [
    "stall",
    "market stall",
    "market stand",
    "fruit stand",
    "lemonade stand",
    "food stall",
    "food stand",
    "street stall",
    "kiosk",
    "booth",
  ],
  plurals: ["stalls", "market stalls", "kiosks", "booths", "food stalls"],
  color: [206, 52, 52],
  aspect: 1.1,
  size: 0.34,
  placement: "ground",
  surface: 0.5,
  draw(g, box, look) {
    const p = boxPoint(box, look);
    const cloth = look.color;
    const wood: RGB = [150, 104, 62];
    groundShadow(g, box, look, 0.6);
    // Two poles, a wooden counter with its goods heaped on top, and a striped awning over it all.
    fill(g, lit(look, mix(wood, DARK, 0.3), -0.2));
    for (const u of [-0.44, 0.4]) polygon(g, [p(u, 0), p(u + 0.04, 0), p(u + 0.04, 0.86), p(u, 0.86)]);
    fill(g, lit(look, wood, 0.1));
    polygon(g, [p(-0.46, 0), p(0.46, 0), p(0.46, 0.44), p(-0.46, 0.44)]);
    fill(g, lit(look, wood, 0.5));
    polygon(g, [p(-0.46, 0.44), p(0.46, 0.44), p(0.42, 0.5), p(-0.42, 0.5)]);
    for (let k = 1; k < 4; k++)
      strokeLine(g, lit(look, mix(wood, DARK, 0.4), 0), Math.max(1, box.h * 0.008), [
        p(-0.46, k * 0.11),
        p(0.46, k * 0.11),
      ]);
    const goods: RGB[] = [
      [230, 120, 40],
      [200, 40, 50],
      [240, 200, 60],
      [110, 170, 60],
    ];
    for (let k = 0; k < 9; k++) {
      const colour = goods[k % goods.length]!;
      fill(g, lit(look, colour, 0.3));
      ellipse(g, ...p(-0.36 + k * 0.09, 0.54 + (k % 2) * 0.03), box.w * 0.045, box.w * 0.045);
    }
    const stripes = 8;
    for (let k = 0; k < stripes; k++) {
      const u0 = -0.5 + k / stripes;
      const u1 = u0 + 1 / stripes;
      fill(g, lit(look, k % 2 === 0 ? cloth : PAPER, 0.3));
      polygon(g, [p(u0 + 0.04, 1), p(u1 + 0.04, 1), p(u1, 0.84), p(u0, 0.84)]);
      fill(g, lit(look, k % 2 === 0 ? cloth : PAPER, -0.2));
      g.beginPath();
      g.moveTo(...p(u0, 0.84));
      g.lineTo(...p(u1, 0.84));
      g.quadraticCurveTo(...p((u0 + u1) / 2, 0.74), ...p(u0, 0.84));
      g.fill();
    }
  },
};

export const MADE_THINGS: SubjectDefinition[] = [
  stall,
  cloth,
  shelf,
  rifle,
  cannon,
  bench,
  fence,
  gate,
  flag,
  cart,
  easel,
  typewriter,
  floorLamp,
  clockTower,
];

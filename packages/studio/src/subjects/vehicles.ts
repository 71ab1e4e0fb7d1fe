/** Vehicles of the subject library: side views that travel the way they face, shaded by the scene's light. */
import type { Graphics } from "../scene/canvas";
import { css, mix } from "../scene/colors";
import type { RGB } from "../scene/types";
import { boxPoint, ellipse, fill, glow, groundShadow, LAMP, lit, pane, polygon, shadowSide, strokeLine } from "./paint";
import type { SubjectBox, SubjectDefinition, SubjectLook } from "./types";

const WHITE: RGB = [240, 240, 236];
const TYRE: RGB = [32, 32, 36];
const STEEL: RGB = [150, 154, 160];
const WOOD: RGB = [120, 78, 46];
const TAIL_LIGHT: RGB = [255, 60, 50];

/** A wheel at a point: tyre, rim and hub. */
function wheel(g: Graphics, look: SubjectLook, [x, y]: [number, number], radius: number): void {
  fill(g, lit(look, TYRE, 0));
  ellipse(g, x, y, radius, radius);
  fill(g, lit(look, STEEL, 0.3));
  ellipse(g, x, y, radius * 0.55, radius * 0.55);
  fill(g, lit(look, TYRE, 0.2));
  ellipse(g, x, y, radius * 0.18, radius * 0.18);
}

/** A wheel sitting in the dark arch cut into the body above it. */
function archedWheel(
  g: Graphics,
  look: SubjectLook,
  arch: [number, number],
  archRadii: [number, number],
  hub: [number, number],
  radius: number,
): void {
  fill(g, lit(look, TYRE, -0.2));
  ellipse(g, ...arch, ...archRadii);
  wheel(g, look, hub, radius);
}

/** A rear lamp: red glass by day, glowing red at night. */
function tailLight(g: Graphics, look: SubjectLook, points: [number, number][]): void {
  fill(g, look.night ? TAIL_LIGHT : lit(look, [180, 30, 30], 0));
  polygon(g, points);
}

/** A headlamp: a dim lens by day; at night a bright lens with a beam ahead of it. */
function headlamp(g: Graphics, box: SubjectBox, look: SubjectLook, [x, y]: [number, number], size: number): void {
  fill(g, look.night ? LAMP : lit(look, [240, 230, 200], 0.4));
  ellipse(g, x, y, size, size);
  if (!look.night) return;
  glow(g, x, y, size * 5, LAMP, 0.6);
  fill(g, LAMP, 0.12);
  const reach = box.w * 0.12 * look.facing;
  polygon(g, [
    [x, y - size * 0.6],
    [x + reach, y - size * 2],
    [x + reach, y + size * 3],
  ]);
}

/** A closed shape from box-unit points with straight sides. */
function shape(g: Graphics, colour: RGB, points: [number, number][], alpha = 1): void {
  fill(g, colour, alpha);
  polygon(g, points);
}

export const VEHICLES: SubjectDefinition[] = [
  {
    id: "rowboat",
    category: "vehicle",
    words: ["boat", "rowboat", "rowing boat", "dinghy", "fishing boat"],
    plurals: ["boats", "rowboats", "rowing boats", "dinghies", "fishing boats"],
    color: [168, 92, 52],
    aspect: 2.6,
    size: 0.13,
    placement: "water",
    stillWater: true,
    // Who is "in" the boat sits in it.
    surface: 0.45,
    draw(g, box, look) {
      const p = boxPoint(box, look);
      // Seen a little from above: the far gunwale and the inside first, then the near side down to the waterline.
      shape(g, lit(look, WOOD, -0.6), [p(-0.44, 0.78), p(-0.1, 0.9), p(0.3, 0.92), p(0.48, 0.98), p(0.2, 0.56)]);
      strokeLine(g, lit(look, WOOD, 0.2), box.h * 0.06, [p(-0.12, 0.6), p(-0.08, 0.86)]);
      strokeLine(g, lit(look, WOOD, 0.2), box.h * 0.06, [p(0.18, 0.6), p(0.22, 0.88)]);
      fill(g, lit(look, look.color, 0.35));
      g.beginPath();
      g.moveTo(...p(-0.46, 0.8));
      g.quadraticCurveTo(...p(0, 0.42), ...p(0.5, 0.98));
      g.lineTo(...p(0.34, 0));
      g.lineTo(...p(-0.38, 0));
      g.closePath();
      g.fill();
      // A pale band under the gunwale and the planks' seams.
      strokeLine(g, lit(look, WHITE, 0.3), box.h * 0.08, [
        p(-0.44, 0.72),
        p(-0.2, 0.6),
        p(0.05, 0.58),
        p(0.3, 0.68),
        p(0.47, 0.88),
      ]);
      strokeLine(g, lit(look, look.color, -0.9), box.h * 0.025, [p(-0.41, 0.36), p(0, 0.3), p(0.42, 0.4)], 0.5);
      // An oar resting in its lock, blade in the water.
      strokeLine(g, lit(look, WOOD, 0.1), box.h * 0.045, [p(0.05, 0.72), p(-0.32, 0.04)]);
      shape(g, lit(look, WOOD, 0.2), [p(-0.3, 0.12), p(-0.36, 0.02), p(-0.4, 0.04), p(-0.34, 0.16)]);
      if (look.night) {
        fill(g, LAMP);
        ellipse(g, ...p(0.4, 0.95), box.h * 0.05, box.h * 0.06);
        glow(g, ...p(0.4, 0.95), box.h * 0.6);
      }
    },
  },
  {
    id: "sailboat",
    category: "vehicle",
    words: ["sailboat", "sailing boat", "yacht", "sloop", "sailing ship"],
    plurals: ["sailboats", "sailing boats", "yachts", "sloops", "sailing ships"],
    color: [236, 236, 230],
    aspect: 0.82,
    size: 0.32,
    placement: "water",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const sailLit = lit(look, WHITE, 0.5);
      const sailShade = lit(look, WHITE, -0.5);
      // Hull from the deck down to the waterline, with a stripe.
      shape(g, lit(look, look.color, 0.3), [p(-0.44, 0.14), p(0.48, 0.15), p(0.32, 0), p(-0.36, 0)]);
      shape(g, lit(look, look.color, -0.8), [p(-0.38, 0.02), p(0.33, 0.02), p(0.32, 0), p(-0.36, 0)], 0.6);
      strokeLine(g, lit(look, [30, 60, 110], 0.1), box.h * 0.012, [p(-0.42, 0.1), p(0.44, 0.11)]);
      shape(g, lit(look, WHITE, 0.2), [p(-0.28, 0.14), p(0.02, 0.14), p(0, 0.19), p(-0.25, 0.19)]);
      fill(g, pane(look));
      for (const u of [-0.22, -0.14, -0.06]) ellipse(g, ...p(u, 0.165), box.w * 0.015, box.h * 0.011);
      if (look.night) glow(g, ...p(-0.14, 0.17), box.h * 0.1);
      // Mainsail bellied by the wind behind the mast, a jib ahead of it.
      const mast = lit(look, [80, 70, 60], 0);
      fill(g, sailLit);
      g.beginPath();
      g.moveTo(...p(-0.04, 0.97));
      g.quadraticCurveTo(...p(-0.26, 0.56), ...p(-0.42, 0.22));
      g.lineTo(...p(-0.04, 0.22));
      g.closePath();
      g.fill();
      fill(g, sailShade, 0.45);
      g.beginPath();
      g.moveTo(...p(-0.04, 0.97));
      g.quadraticCurveTo(...p(-0.16, 0.56), ...p(-0.2, 0.22));
      g.lineTo(...p(-0.04, 0.22));
      g.closePath();
      g.fill();
      fill(g, sailLit);
      g.beginPath();
      g.moveTo(...p(0.0, 0.9));
      g.quadraticCurveTo(...p(0.3, 0.5), ...p(0.42, 0.18));
      g.lineTo(...p(0.0, 0.2));
      g.closePath();
      g.fill();
      strokeLine(g, mast, box.w * 0.022, [p(-0.02, 0.14), p(-0.02, 1)]);
      strokeLine(g, mast, box.w * 0.016, [p(-0.02, 0.22), p(-0.43, 0.22)]);
      strokeLine(g, mast, box.w * 0.006, [p(-0.02, 0.98), p(0.46, 0.15)], 0.7);
      if (look.night) {
        fill(g, LAMP);
        ellipse(g, ...p(-0.02, 0.995), box.w * 0.015, box.w * 0.015);
        glow(g, ...p(-0.02, 0.99), box.h * 0.06);
      }
    },
  },
  {
    id: "ship",
    category: "vehicle",
    words: ["ship", "steamship", "steamer", "ocean liner", "ferry", "freighter"],
    plurals: ["ships", "steamships", "steamers", "ocean liners", "ferries", "freighters"],
    color: [34, 46, 72],
    aspect: 2.5,
    size: 0.28,
    placement: "water",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const white = lit(look, WHITE, 0.4);
      const whiteShade = lit(look, WHITE, -0.3);
      // Raked bow, rounded stern, red below the waterline's edge.
      shape(g, lit(look, look.color, 0.2), [p(-0.47, 0.4), p(0.5, 0.42), p(0.42, 0), p(-0.44, 0)]);
      shape(g, lit(look, [170, 40, 36], 0), [p(-0.445, 0.07), p(0.436, 0.07), p(0.42, 0), p(-0.44, 0)]);
      strokeLine(g, white, box.h * 0.015, [p(-0.47, 0.4), p(0.5, 0.42)]);
      fill(g, pane(look));
      for (let u = -0.4; u < 0.38; u += 0.05) ellipse(g, ...p(u, 0.25), box.h * 0.016, box.h * 0.016);
      // Decks of cabins stepping back, their rows of windows.
      shape(g, white, [p(-0.36, 0.4), p(0.24, 0.4), p(0.24, 0.54), p(-0.36, 0.54)]);
      shape(g, whiteShade, [p(-0.3, 0.54), p(0.16, 0.54), p(0.16, 0.66), p(-0.3, 0.66)]);
      shape(g, white, [p(0.06, 0.66), p(0.2, 0.66), p(0.22, 0.74), p(0.06, 0.74)]);
      fill(g, pane(look));
      for (let u = -0.33; u < 0.22; u += 0.04)
        polygon(g, [p(u, 0.45), p(u + 0.022, 0.45), p(u + 0.022, 0.5), p(u, 0.5)]);
      for (let u = -0.27; u < 0.14; u += 0.04)
        polygon(g, [p(u, 0.58), p(u + 0.022, 0.58), p(u + 0.022, 0.63), p(u, 0.63)]);
      polygon(g, [p(0.08, 0.69), p(0.21, 0.69), p(0.215, 0.72), p(0.08, 0.72)]);
      if (look.night) glow(g, ...p(-0.05, 0.52), box.w * 0.3, LAMP, 0.2);
      // Two raked funnels with black tops, and a mast at the bow.
      for (const u of [-0.2, -0.04]) {
        shape(g, lit(look, [214, 120, 40], 0.2), [
          p(u - 0.05, 0.66),
          p(u + 0.04, 0.66),
          p(u + 0.02, 0.92),
          p(u - 0.07, 0.92),
        ]);
        shape(g, lit(look, TYRE, 0), [p(u - 0.063, 0.85), p(u + 0.025, 0.85), p(u + 0.02, 0.92), p(u - 0.07, 0.92)]);
      }
      strokeLine(g, lit(look, TYRE, 0.1), box.h * 0.015, [p(0.38, 0.42), p(0.36, 0.8)]);
      if (look.night) {
        fill(g, LAMP);
        ellipse(g, ...p(0.36, 0.8), box.h * 0.015, box.h * 0.015);
      }
    },
  },
  {
    id: "car",
    category: "vehicle",
    words: ["car", "automobile", "sedan"],
    plurals: ["cars", "automobiles", "sedans"],
    color: [40, 96, 190],
    aspect: 2.3,
    size: 0.17,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      groundShadow(g, box, look, 0.5);
      // The body with a bonnet and boot, then the cabin with its two windows.
      shape(g, lit(look, look.color, 0.3), [
        p(-0.49, 0.16),
        p(0.49, 0.16),
        p(0.5, 0.36),
        p(0.46, 0.48),
        p(0.18, 0.54),
        p(-0.22, 0.56),
        p(-0.46, 0.52),
        p(-0.5, 0.4),
      ]);
      shape(g, lit(look, look.color, 0.2), [p(0.18, 0.54), p(0.04, 0.9), p(-0.26, 0.9), p(-0.38, 0.54)]);
      shape(g, lit(look, look.color, -0.9), [p(-0.49, 0.16), p(0.49, 0.16), p(0.5, 0.28), p(-0.5, 0.28)], 0.4);
      fill(g, pane(look));
      polygon(g, [p(0.14, 0.56), p(0.03, 0.84), p(-0.08, 0.84), p(-0.08, 0.56)]);
      polygon(g, [p(-0.11, 0.56), p(-0.11, 0.84), p(-0.24, 0.84), p(-0.33, 0.56)]);
      // Door seam, wheels under their arches, lamps at each end.
      strokeLine(g, lit(look, look.color, -1), box.h * 0.012, [p(-0.1, 0.54), p(-0.1, 0.2)], 0.6);
      for (const u of [-0.3, 0.3])
        archedWheel(g, look, p(u, 0.2), [box.h * 0.2, box.h * 0.19], p(u, 0.16), box.h * 0.16);
      headlamp(g, box, look, p(0.48, 0.4), box.h * 0.04);
      tailLight(g, look, [p(-0.5, 0.36), p(-0.47, 0.36), p(-0.47, 0.44), p(-0.495, 0.44)]);
    },
  },
  {
    id: "bus",
    category: "vehicle",
    words: ["bus", "coach", "minibus"],
    plurals: ["buses", "busses", "coaches", "minibuses"],
    color: [236, 176, 32],
    aspect: 2.6,
    size: 0.22,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      groundShadow(g, box, look, 0.52);
      const body = lit(look, look.color, 0.3);
      fill(g, body);
      g.beginPath();
      g.roundRect(box.x - box.w * 0.49, box.y - box.h * 0.96, box.w * 0.98, box.h * 0.86, box.h * 0.08);
      g.fill();
      shape(g, lit(look, look.color, -0.9), [p(-0.49, 0.1), p(0.49, 0.1), p(0.49, 0.24), p(-0.49, 0.24)], 0.35);
      strokeLine(g, lit(look, mix(look.color, [30, 30, 30], 0.6), 0.1), box.h * 0.04, [p(-0.48, 0.4), p(0.48, 0.4)]);
      // A row of windows, the door near the front and a windscreen.
      fill(g, pane(look));
      for (let i = 0; i < 6; i++) {
        const u = -0.44 + i * 0.12;
        polygon(g, [p(u, 0.52), p(u + 0.1, 0.52), p(u + 0.1, 0.84), p(u, 0.84)]);
      }
      polygon(g, [p(0.3, 0.14), p(0.4, 0.14), p(0.4, 0.84), p(0.3, 0.84)]);
      polygon(g, [p(0.44, 0.46), p(0.49, 0.46), p(0.49, 0.86), p(0.44, 0.86)]);
      strokeLine(g, body, box.h * 0.015, [p(0.35, 0.14), p(0.35, 0.84)]);
      if (look.night) glow(g, ...p(0, 0.68), box.w * 0.45, LAMP, 0.18);
      for (const u of [-0.3, 0.2])
        archedWheel(g, look, p(u, 0.12), [box.h * 0.15, box.h * 0.15], p(u, 0.12), box.h * 0.12);
      headlamp(g, box, look, p(0.47, 0.24), box.h * 0.035);
      tailLight(g, look, [p(-0.49, 0.22), p(-0.47, 0.22), p(-0.47, 0.3), p(-0.49, 0.3)]);
    },
  },
  {
    id: "train",
    category: "vehicle",
    words: ["train", "locomotive", "steam train", "railway"],
    plurals: ["trains", "locomotives", "steam trains", "railways"],
    color: [36, 92, 62],
    aspect: 4,
    size: 0.15,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const body = lit(look, look.color, 0.3);
      const dark = lit(look, TYRE, 0.1);
      const red = lit(look, [180, 40, 34], 0.2);
      // Rails the train stands on.
      strokeLine(g, lit(look, STEEL, 0.2), box.h * 0.03, [p(-0.5, 0.015), p(0.5, 0.015)]);
      // Two carriages: cream window band, rounded roof, small wheels.
      for (const left of [-0.5, -0.21]) {
        const right = left + 0.27;
        shape(g, body, [p(left, 0.12), p(right, 0.12), p(right, 0.66), p(left, 0.66)]);
        shape(g, lit(look, look.color, -0.3), [
          p(left - 0.004, 0.66),
          p(right + 0.004, 0.66),
          p(right - 0.01, 0.74),
          p(left + 0.01, 0.74),
        ]);
        shape(g, lit(look, [232, 220, 190], 0.3), [p(left, 0.36), p(right, 0.36), p(right, 0.58), p(left, 0.58)]);
        fill(g, pane(look));
        for (let i = 0; i < 4; i++) {
          const u = left + 0.025 + i * 0.062;
          polygon(g, [p(u, 0.39), p(u + 0.04, 0.39), p(u + 0.04, 0.55), p(u, 0.55)]);
        }
        if (look.night) glow(g, ...p(left + 0.135, 0.47), box.h * 0.5, LAMP, 0.22);
        for (const u of [left + 0.04, left + 0.09, right - 0.09, right - 0.04]) wheel(g, look, p(u, 0.1), box.h * 0.09);
      }
      strokeLine(g, dark, box.h * 0.03, [p(-0.5, 0.2), p(0.1, 0.2)]);
      // The engine: cab, long boiler with a dome and chimney, buffer beam and cow-catcher.
      shape(g, dark, [p(0.08, 0.2), p(0.49, 0.2), p(0.49, 0.27), p(0.08, 0.27)]);
      shape(g, body, [p(0.08, 0.27), p(0.21, 0.27), p(0.21, 0.84), p(0.08, 0.84)]);
      shape(g, dark, [p(0.065, 0.84), p(0.225, 0.84), p(0.225, 0.9), p(0.065, 0.9)]);
      fill(g, pane(look));
      polygon(g, [p(0.11, 0.56), p(0.18, 0.56), p(0.18, 0.76), p(0.11, 0.76)]);
      if (look.night) glow(g, ...p(0.145, 0.66), box.h * 0.35);
      shape(g, body, [p(0.21, 0.27), p(0.44, 0.27), p(0.44, 0.62), p(0.21, 0.62)]);
      shape(g, lit(look, look.color, 0.9), [p(0.21, 0.54), p(0.44, 0.54), p(0.44, 0.58), p(0.21, 0.58)], 0.5);
      shape(g, dark, [p(0.44, 0.27), p(0.47, 0.29), p(0.47, 0.6), p(0.44, 0.62)]);
      for (const u of [0.28, 0.34]) strokeLine(g, red, box.h * 0.02, [p(u, 0.27), p(u, 0.62)]);
      fill(g, body);
      ellipse(g, ...p(0.3, 0.64), box.h * 0.07, box.h * 0.07);
      shape(g, dark, [p(0.39, 0.62), p(0.43, 0.62), p(0.44, 0.82), p(0.38, 0.82)]);
      shape(g, dark, [p(0.37, 0.82), p(0.45, 0.82), p(0.45, 0.86), p(0.37, 0.86)]);
      shape(g, red, [p(0.47, 0.27), p(0.5, 0.04), p(0.455, 0.04)]);
      headlamp(g, box, look, p(0.475, 0.66), box.h * 0.04);
      for (const u of [0.16, 0.26, 0.36]) {
        wheel(g, look, p(u, 0.13), box.h * 0.12);
        fill(g, red);
        ellipse(g, ...p(u, 0.13), box.h * 0.07, box.h * 0.07);
      }
      strokeLine(g, lit(look, STEEL, 0.4), box.h * 0.025, [p(0.16, 0.1), p(0.36, 0.1)]);
      // Puffs of steam drifting back from the chimney.
      const steam = look.night ? ([120, 124, 140] as RGB) : lit(look, [236, 236, 236], 0.4);
      for (const [u, v, r] of [
        [0.41, 0.9, 0.06],
        [0.34, 0.93, 0.07],
        [0.26, 0.92, 0.06],
        [0.19, 0.94, 0.05],
      ] as const) {
        fill(g, steam, 0.8);
        ellipse(g, ...p(u, v), box.h * r * 1.4, box.h * r);
      }
    },
  },
  {
    id: "bicycle",
    category: "vehicle",
    words: ["bicycle", "bike", "cycle"],
    plurals: ["bicycles", "bikes", "cycles"],
    color: [200, 40, 44],
    aspect: 1.7,
    size: 0.17,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const frame = lit(look, look.color, 0.3);
      const tyre = lit(look, TYRE, 0.1);
      const thin = box.h * 0.012;
      groundShadow(g, box, look, 0.45);
      // Two thin-spoked wheels.
      const radius = box.h * 0.29;
      for (const u of [-0.31, 0.31]) {
        const [cx, cy] = p(u, 0.3);
        g.strokeStyle = css(tyre);
        g.lineWidth = Math.max(1.5, box.h * 0.05);
        g.beginPath();
        g.arc(cx, cy, radius, 0, Math.PI * 2);
        g.stroke();
        for (let k = 0; k < 12; k++) {
          const a = (k / 12) * Math.PI * 2;
          strokeLine(
            g,
            lit(look, STEEL, 0.3),
            thin * 0.6,
            [
              [cx, cy],
              [cx + Math.cos(a) * radius, cy + Math.sin(a) * radius],
            ],
            0.7,
          );
        }
      }
      // The diamond frame, fork, handlebar and saddle.
      const [rear, crank, seat, headTop, headLow, front] = [
        p(-0.31, 0.3),
        p(-0.02, 0.28),
        p(-0.1, 0.72),
        p(0.2, 0.74),
        p(0.22, 0.6),
        p(0.31, 0.3),
      ];
      const width = box.h * 0.04;
      strokeLine(g, frame, width, [rear, crank, seat, rear]);
      strokeLine(g, frame, width, [seat, headTop, headLow, crank]);
      strokeLine(g, frame, width, [headTop, front]);
      strokeLine(g, lit(look, TYRE, 0.2), width * 0.9, [headTop, p(0.18, 0.86), p(0.27, 0.88)]);
      strokeLine(g, lit(look, STEEL, 0.3), width * 0.8, [seat, p(-0.11, 0.8)]);
      fill(g, lit(look, TYRE, 0.3));
      ellipse(g, ...p(-0.11, 0.82), box.w * 0.06, box.h * 0.035);
      strokeLine(g, lit(look, TYRE, 0.2), width * 0.8, [p(-0.07, 0.2), p(0.03, 0.36)]);
      fill(g, lit(look, TYRE, 0.2));
      ellipse(g, ...crank, box.h * 0.05, box.h * 0.05);
      headlamp(g, box, look, p(0.24, 0.7), box.h * 0.03);
    },
  },
  {
    id: "hotairballoon",
    category: "vehicle",
    // A balloon held in a hand is a toy on a string, a drawing of the art set (issue 28, parse-prompt's PHRASES).
    words: ["hot air balloon", "montgolfier", "balloon"],
    plurals: ["hot air balloons", "montgolfiers", "balloons"],
    color: [214, 54, 50],
    aspect: 0.74,
    size: 0.24,
    placement: "sky",
    surface: 0.1,
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const [cx, cy] = p(0, 0.64);
      const rx = box.w * 0.49;
      const ry = box.h * 0.35;
      const neckY = box.y - box.h * 0.27;
      // The envelope: a dome narrowing to its mouth. Drawn narrower and narrower in turn, it shows as curved gores.
      const envelope = (spread: number) => {
        g.beginPath();
        g.ellipse(cx, cy, rx * spread, ry, 0, Math.PI, Math.PI * 2);
        g.bezierCurveTo(
          cx + rx * spread,
          cy + ry * 0.55,
          cx + box.w * 0.14 * spread,
          neckY - box.h * 0.06,
          cx + box.w * 0.12 * spread,
          neckY,
        );
        g.lineTo(cx - box.w * 0.12 * spread, neckY);
        g.bezierCurveTo(
          cx - box.w * 0.14 * spread,
          neckY - box.h * 0.06,
          cx - rx * spread,
          cy + ry * 0.55,
          cx - rx * spread,
          cy,
        );
        g.closePath();
      };
      const second = mix(look.color, [250, 214, 70], 0.85);
      const gores = 5;
      for (let k = 0; k < gores; k++) {
        fill(g, lit(look, k % 2 === 0 ? look.color : second, 0.3));
        envelope(1 - k / gores);
        g.fill();
      }
      // Shade on the side away from the light, a sheen on the lit side.
      g.save();
      envelope(1);
      g.clip();
      fill(g, lit(look, look.color, -1), 0.4);
      ellipse(g, cx + look.lightFrom * -rx * 0.75, cy + ry * 0.2, rx * 0.6, ry * 1.5);
      fill(g, lit(look, WHITE, 0.8), 0.18);
      ellipse(g, cx + look.lightFrom * rx * 0.4, cy - ry * 0.3, rx * 0.25, ry * 0.45);
      g.restore();
      // Ropes down to the wicker basket; at night the burner's flame lights the envelope from inside.
      const rope = lit(look, [70, 60, 50], 0);
      for (const side of [-1, 1]) strokeLine(g, rope, box.h * 0.006, [p(side * 0.16, 0.27), p(side * 0.1, 0.1)]);
      shape(g, lit(look, WOOD, 0.3), [p(-0.11, 0.11), p(0.11, 0.11), p(0.09, 0), p(-0.09, 0)]);
      strokeLine(g, lit(look, WOOD, -0.6), box.h * 0.01, [p(-0.1, 0.06), p(0.1, 0.06)], 0.6);
      if (look.night) {
        fill(g, LAMP);
        ellipse(g, ...p(0, 0.2), box.w * 0.03, box.h * 0.04);
        glow(g, ...p(0, 0.4), box.h * 0.35, [255, 170, 80], 0.5);
      }
    },
  },
  {
    id: "rocket",
    category: "vehicle",
    words: ["rocket", "spaceship", "spacecraft"],
    plurals: ["rockets", "spaceships"],
    color: [236, 236, 240],
    aspect: 0.44,
    size: 0.42,
    placement: "sky",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const accent = lit(look, [206, 48, 44], 0.3);
      const away = shadowSide(look);
      // The flame below the nozzle: orange outside, nearly white at its heart.
      const flames: [number, RGB][] = [
        [0.16, [255, 140, 40]],
        [0.09, [255, 236, 170]],
      ];
      for (const [width, colour] of flames) {
        fill(g, colour, 0.95);
        g.beginPath();
        g.moveTo(...p(-width, 0.2));
        g.quadraticCurveTo(...p(-width, 0.08), ...p(0, 0));
        g.quadraticCurveTo(...p(width, 0.08), ...p(width, 0.2));
        g.closePath();
        g.fill();
      }
      glow(g, ...p(0, 0.12), box.w * 0.5, [255, 170, 80], look.night ? 0.6 : 0.3);
      shape(g, lit(look, STEEL, 0), [p(-0.12, 0.18), p(0.12, 0.18), p(0.1, 0.24), p(-0.1, 0.24)]);
      // Fins, body and nose cone, rounded by a shaded side.
      shape(g, accent, [p(-0.2, 0.46), p(-0.48, 0.22), p(-0.48, 0.14), p(-0.2, 0.24)]);
      shape(g, accent, [p(0.2, 0.46), p(0.48, 0.22), p(0.48, 0.14), p(0.2, 0.24)]);
      shape(g, lit(look, look.color, 0.4), [p(-0.2, 0.24), p(0.2, 0.24), p(0.2, 0.78), p(-0.2, 0.78)]);
      fill(g, accent);
      g.beginPath();
      g.moveTo(...p(-0.2, 0.78));
      g.quadraticCurveTo(...p(-0.2, 0.93), ...p(0, 1));
      g.quadraticCurveTo(...p(0.2, 0.93), ...p(0.2, 0.78));
      g.closePath();
      g.fill();
      shape(
        g,
        lit(look, look.color, -0.9),
        [p(away * 0.08, 0.24), p(away * 0.2, 0.24), p(away * 0.2, 0.78), p(away * 0.08, 0.78)],
        0.45,
      );
      shape(g, accent, [p(-0.02, 0.36), p(0.02, 0.36), p(0.02, 0.2), p(-0.02, 0.2)]);
      // A porthole.
      fill(g, lit(look, STEEL, 0.2));
      ellipse(g, ...p(0, 0.6), box.w * 0.11, box.w * 0.11);
      fill(g, pane(look));
      ellipse(g, ...p(0, 0.6), box.w * 0.075, box.w * 0.075);
    },
  },
  {
    id: "airplane",
    category: "vehicle",
    words: ["airplane", "aeroplane", "plane", "airliner", "jet", "aircraft"],
    plurals: ["airplanes", "aeroplanes", "planes", "airliners", "jets"],
    color: [238, 240, 244],
    aspect: 2.4,
    size: 0.15,
    placement: "sky",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const tail = lit(look, mix(look.color, [30, 60, 140], 0.75), 0.2);
      // The far wing peeking above the fuselage, darker.
      shape(g, lit(look, look.color, -0.8), [p(0.04, 0.52), p(-0.1, 0.52), p(-0.22, 0.74), p(-0.16, 0.74)]);
      // Fin and tailplane.
      shape(g, tail, [p(-0.3, 0.52), p(-0.44, 0.98), p(-0.37, 0.98), p(-0.18, 0.52)]);
      // Fuselage: long, round-nosed, tapering up to the tail.
      fill(g, lit(look, look.color, 0.35));
      g.beginPath();
      g.moveTo(...p(-0.48, 0.58));
      g.lineTo(...p(0.36, 0.56));
      g.quadraticCurveTo(...p(0.5, 0.52), ...p(0.5, 0.4));
      g.quadraticCurveTo(...p(0.48, 0.3), ...p(0.36, 0.3));
      g.lineTo(...p(-0.26, 0.3));
      g.closePath();
      g.fill();
      shape(g, lit(look, look.color, -0.8), [p(-0.26, 0.3), p(0.36, 0.3), p(0.42, 0.34), p(-0.34, 0.38)], 0.45);
      strokeLine(g, tail, box.h * 0.03, [p(-0.38, 0.46), p(0.46, 0.44)], 0.8);
      shape(g, tail, [p(-0.32, 0.5), p(-0.5, 0.5), p(-0.48, 0.45), p(-0.34, 0.45)]);
      // Windows and the cockpit.
      fill(g, pane(look));
      for (let u = -0.28; u < 0.3; u += 0.045) ellipse(g, ...p(u, 0.5), box.h * 0.016, box.h * 0.022);
      polygon(g, [p(0.41, 0.52), p(0.46, 0.5), p(0.48, 0.46), p(0.42, 0.47)]);
      // The near wing sweeping back and down, an engine under it.
      shape(g, lit(look, look.color, 0.1), [p(0.1, 0.38), p(-0.04, 0.38), p(-0.26, 0.04), p(-0.19, 0.04)]);
      fill(g, lit(look, STEEL, 0));
      ellipse(g, ...p(0.04, 0.26), box.w * 0.06, box.h * 0.06);
      fill(g, lit(look, TYRE, 0));
      ellipse(g, ...p(0.1, 0.26), box.w * 0.01, box.h * 0.05);
      if (look.night) {
        fill(g, TAIL_LIGHT);
        ellipse(g, ...p(-0.23, 0.05), box.h * 0.025, box.h * 0.025);
        glow(g, ...p(-0.23, 0.05), box.h * 0.15, TAIL_LIGHT, 0.5);
        fill(g, LAMP);
        ellipse(g, ...p(-0.42, 0.97), box.h * 0.02, box.h * 0.02);
      }
    },
  },
];

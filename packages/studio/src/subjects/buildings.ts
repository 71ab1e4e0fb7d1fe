/** Buildings and structures of the subject library. */
import type { Graphics } from "../scene/canvas";
import { css, mix } from "../scene/colors";
import type { RGB } from "../scene/types";
import {
  blob,
  boxPoint,
  ellipse,
  fill,
  GLASS_DAY,
  glow,
  groundShadow,
  LAMP,
  lit,
  type Outline,
  outlinePoints,
  type Point,
  pane,
  polygon,
  shadowSide,
  shape,
  strokeLine,
} from "./paint";
import type { SubjectBox, SubjectDefinition, SubjectLook } from "./types";

const STONE: RGB = [196, 188, 172];
const IRON: RGB = [44, 46, 52];
const DOORWAY: RGB = [38, 32, 30];
const SLATE: RGB = [70, 82, 118];
const TERRACOTTA: RGB = [158, 68, 50];
const SHINGLE: RGB = [86, 72, 64];
const TRIM: RGB = [246, 242, 232];
const WOOD: RGB = [112, 62, 42];
const BANNER: RGB = [196, 40, 44];
const BRICK: RGB = [150, 78, 62];
/** Stained glass by day: deep blue with the light behind it. */
const STAINED: RGB = [70, 96, 170];

export const BUILDINGS: SubjectDefinition[] = [
  {
    id: "lighthouse",
    category: "building",
    words: ["lighthouse", "beacon"],
    plurals: ["lighthouses", "beacons"],
    color: [236, 232, 224],
    aspect: 0.34,
    size: 0.58,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const band = mix(look.color, [190, 40, 40], 0.85);
      // The tapered tower in four bands, its shadow side darker.
      const bands = 4;
      for (let b = 0; b < bands; b++) {
        const v0 = 0.02 + (b / bands) * 0.68;
        const v1 = 0.02 + ((b + 1) / bands) * 0.68;
        const half = (v: number) => 0.36 - v * 0.2;
        const colour = b % 2 === 0 ? look.color : band;
        fill(g, lit(look, colour, 0.3));
        polygon(g, [p(-half(v0), v0), p(half(v0), v0), p(half(v1), v1), p(-half(v1), v1)]);
        fill(g, lit(look, colour, -0.8), 0.5);
        polygon(g, [
          p(-half(v0) * look.lightFrom * look.facing, v0),
          p(0, v0),
          p(0, v1),
          p(-half(v1) * look.lightFrom * look.facing, v1),
        ]);
      }
      // Gallery, lantern room and roof.
      fill(g, lit(look, [50, 50, 55], -0.2));
      polygon(g, [p(-0.3, 0.7), p(0.3, 0.7), p(0.3, 0.735), p(-0.3, 0.735)]);
      const glow = look.night ? LAMP : GLASS_DAY;
      fill(g, look.night ? LAMP : lit(look, glow, 0.2));
      polygon(g, [p(-0.16, 0.735), p(0.16, 0.735), p(0.16, 0.86), p(-0.16, 0.86)]);
      if (look.night) {
        // The beam and its halo.
        fill(g, LAMP, 0.18);
        polygon(g, [p(0.1, 0.8), p(2.2, 0.95), p(2.2, 0.65)]);
        fill(g, LAMP, 0.25);
        ellipse(g, ...p(0, 0.8), box.w * 0.5, box.h * 0.08);
      }
      fill(g, lit(look, band, 0.1));
      polygon(g, [p(-0.22, 0.86), p(0.22, 0.86), p(0, 0.99)]);
      fill(g, lit(look, [40, 40, 45], 0));
      polygon(g, [p(-0.05, 0.02), p(0.05, 0.02), p(0.05, 0.12), p(-0.05, 0.12)]);
    },
  },
  {
    id: "windmill",
    category: "building",
    words: ["windmill"],
    plurals: ["windmills"],
    color: [214, 200, 176],
    aspect: 0.8,
    size: 0.5,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const away = shadowSide(look);
      groundShadow(g, box, look, 0.28);
      // A tapering tower, its side away from the light in shade.
      const half = (v: number) => 0.17 - v * 0.14;
      fill(g, lit(look, look.color, 0.3));
      polygon(g, [p(-half(0), 0), p(half(0), 0), p(half(0.6), 0.6), p(-half(0.6), 0.6)]);
      fill(g, lit(look, look.color, -0.9), 0.55);
      polygon(g, [p(0, 0), p(away * half(0), 0), p(away * half(0.6), 0.6), p(0, 0.6)]);
      // The cap that turns the sails into the wind.
      fill(g, lit(look, [120, 70, 50], 0.1));
      polygon(g, [p(-0.14, 0.59), p(0.14, 0.59), p(0.1, 0.66), p(0, 0.71), p(-0.1, 0.66)]);
      // Door and a window.
      fill(g, lit(look, DOORWAY, 0));
      polygon(g, [p(-0.04, 0), p(0.04, 0), p(0.04, 0.1), p(0, 0.12), p(-0.04, 0.1)]);
      fill(g, pane(look));
      polygon(g, [p(-0.03, 0.34), p(0.03, 0.34), p(0.03, 0.4), p(-0.03, 0.4)]);
      if (look.night) glow(g, ...p(0, 0.37), box.h * 0.06);
      // Four lattice sails around the hub, set at a slant so they read as turning.
      const [hx, hy] = p(0, 0.64);
      const length = box.h * 0.35;
      const sailWidth = box.h * 0.085;
      const spar = lit(look, [90, 66, 48], -0.1);
      const cloth = lit(look, [238, 230, 212], 0.2);
      const start = 0.35 + look.random.range(0, 0.5);
      for (let k = 0; k < 4; k++) {
        const a = start + (k * Math.PI) / 2;
        const [dx, dy] = [Math.cos(a), Math.sin(a)];
        const [nx, ny] = [-dy, dx];
        const at = (t: number, side: number): [number, number] => [
          hx + dx * length * t + nx * sailWidth * side,
          hy + dy * length * t + ny * sailWidth * side,
        ];
        fill(g, cloth, 0.85);
        polygon(g, [at(0.22, 0.15), at(1, 0.15), at(1, 1), at(0.22, 1)]);
        for (let t = 0.22; t <= 1.01; t += 0.13) strokeLine(g, spar, box.h * 0.006, [at(t, 0), at(t, 1)]);
        strokeLine(g, spar, box.h * 0.006, [at(0.22, 1), at(1, 1)]);
        strokeLine(g, spar, box.h * 0.014, [at(0, 0), at(1, 0)]);
      }
      fill(g, lit(look, IRON, 0));
      ellipse(g, hx, hy, box.h * 0.025, box.h * 0.025);
    },
  },
  {
    id: "bridge",
    category: "building",
    words: ["bridge", "viaduct", "aqueduct"],
    plurals: ["bridges", "viaducts", "aqueducts"],
    color: STONE,
    aspect: 2.8,
    size: 0.22,
    placement: "ground",
    draw(g, box, look) {
      const { x, y, w, h } = box;
      const deckAt = (t: number) => y - h * (0.68 + 0.12 * (1 - (2 * t - 1) ** 2));
      // Three round arches, the middle one widest; they are cut out so the scene shows through.
      const arches: [number, number][] = [
        [-0.3, 0.1],
        [0, 0.14],
        [0.3, 0.1],
      ];
      const outline = () => {
        g.beginPath();
        g.moveTo(x - w / 2, y);
        for (let t = 0; t <= 1.001; t += 0.05) g.lineTo(x - w / 2 + w * t, deckAt(t));
        g.lineTo(x + w / 2, y);
        g.closePath();
        for (const [u, span] of arches) {
          const [left, right, spring] = [x + (u - span) * w, x + (u + span) * w, y - h * 0.28];
          g.moveTo(left, y);
          g.lineTo(left, spring);
          g.ellipse(x + u * w, spring, span * w, h * 0.32, 0, Math.PI, Math.PI * 2);
          g.lineTo(right, y);
          g.closePath();
        }
      };
      groundShadow(g, box, look, 0.5);
      fill(g, lit(look, look.color, 0.25));
      outline();
      g.fill("evenodd");
      // The ring of stones round each arch and the shade under it.
      for (const [u, span] of arches) {
        const spring = y - h * 0.28;
        g.strokeStyle = css(lit(look, look.color, -0.9), 0.7);
        g.lineWidth = Math.max(1, h * 0.05);
        g.beginPath();
        g.moveTo(x + (u - span) * w, y);
        g.lineTo(x + (u - span) * w, spring);
        g.ellipse(x + u * w, spring, span * w, h * 0.32, 0, Math.PI, Math.PI * 2);
        g.lineTo(x + (u + span) * w, y);
        g.stroke();
        g.strokeStyle = css(lit(look, mix(look.color, [255, 255, 255], 0.2), 0.4), 0.8);
        g.lineWidth = Math.max(1, h * 0.03);
        g.beginPath();
        g.ellipse(x + u * w, spring, span * w + h * 0.05, h * 0.37, 0, Math.PI * 1.05, Math.PI * 1.95);
        g.stroke();
      }
      // The parapet along the curved deck, and lamps on it.
      const parapet: [number, number][] = [];
      for (let t = 0; t <= 1.001; t += 0.05) parapet.push([x - w / 2 + w * t, deckAt(t) + h * 0.04]);
      strokeLine(g, lit(look, look.color, -0.4), h * 0.05, parapet);
      for (const t of [0.2, 0.5, 0.8]) {
        const lx = x - w / 2 + w * t;
        const top = deckAt(t) - h * 0.16;
        strokeLine(g, lit(look, IRON, 0), h * 0.02, [
          [lx, deckAt(t)],
          [lx, top],
        ]);
        fill(g, look.night ? LAMP : lit(look, IRON, 0.2));
        ellipse(g, lx, top, h * 0.025, h * 0.03);
        if (look.night) glow(g, lx, top, h * 0.14);
      }
    },
  },
  {
    id: "pagoda",
    category: "building",
    // "temple" alone is the Greek temple; the far-eastern ones keep their names here.
    words: ["pagoda", "shrine", "japanese temple", "chinese temple", "buddhist temple"],
    plurals: ["pagodas", "shrines", "japanese temples", "chinese temples", "buddhist temples"],
    color: [178, 48, 38],
    aspect: 0.62,
    size: 0.52,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const away = shadowSide(look);
      const roof = lit(look, [58, 66, 70], 0.15);
      const roofUnder = lit(look, [30, 32, 36], -0.3);
      groundShadow(g, box, look, 0.42);
      fill(g, lit(look, STONE, 0.2));
      polygon(g, [p(-0.44, 0), p(0.44, 0), p(0.4, 0.04), p(-0.4, 0.04)]);
      // Four storeys, each narrower, under wide eaves that curl up at their tips.
      let base = 0.04;
      for (let storey = 0; storey < 4; storey++) {
        const half = 0.27 - storey * 0.045;
        const wall = 0.11 - storey * 0.008;
        fill(g, lit(look, look.color, 0.25));
        polygon(g, [p(-half, base), p(half, base), p(half, base + wall), p(-half, base + wall)]);
        fill(g, lit(look, look.color, -0.9), 0.5);
        polygon(g, [p(0, base), p(away * half, base), p(away * half, base + wall), p(0, base + wall)]);
        const windows = storey === 0 ? 3 : 2;
        fill(g, look.night ? LAMP : lit(look, DOORWAY, 0));
        for (let i = 0; i < windows; i++) {
          const u = -half * 0.6 + (i * half * 1.2) / (windows - 1);
          polygon(g, [
            p(u - 0.03, base + wall * 0.2),
            p(u + 0.03, base + wall * 0.2),
            p(u + 0.03, base + wall * 0.75),
            p(u - 0.03, base + wall * 0.75),
          ]);
        }
        if (look.night) glow(g, ...p(0, base + wall * 0.5), box.w * half * 1.1, LAMP, 0.3);
        const eave = half + 0.2 - storey * 0.01;
        const top = base + wall;
        fill(g, roofUnder);
        polygon(g, [p(-eave, top + 0.035), p(eave, top + 0.035), p(half, top), p(-half, top)]);
        fill(g, roof);
        g.beginPath();
        g.moveTo(...p(-eave - 0.02, top + 0.06));
        g.quadraticCurveTo(...p(-eave + 0.05, top + 0.02), ...p(-half, top + 0.025));
        g.lineTo(...p(half, top + 0.025));
        g.quadraticCurveTo(...p(eave - 0.05, top + 0.02), ...p(eave + 0.02, top + 0.06));
        g.quadraticCurveTo(...p(half + 0.02, top + 0.06), ...p(half * 0.55, top + 0.1));
        g.lineTo(...p(-half * 0.55, top + 0.1));
        g.quadraticCurveTo(...p(-half - 0.02, top + 0.06), ...p(-eave - 0.02, top + 0.06));
        g.fill();
        base = top + 0.1;
      }
      // The spire with its rings.
      const gold = lit(look, [200, 160, 70], 0.3);
      strokeLine(g, gold, box.w * 0.025, [p(0, base - 0.01), p(0, 0.995)]);
      fill(g, gold);
      for (let i = 0; i < 4; i++) ellipse(g, ...p(0, base + 0.03 + i * 0.035), box.w * 0.04, box.h * 0.006);
    },
  },
  {
    id: "pyramid",
    category: "building",
    words: ["pyramid", "ziggurat"],
    plurals: ["pyramids", "ziggurats"],
    color: [218, 184, 124],
    aspect: 1.7,
    size: 0.34,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const sunlit = -shadowSide(look);
      groundShadow(g, box, look, 0.55);
      // Two faces meet at a corner turned a little towards us: one in sun, one in shade.
      const apex = p(0.06, 1);
      const corner = p(0.14, 0);
      const faces: [[number, number], number][] = [
        [p(-0.5, 0.04), -1],
        [p(0.5, 0.05), 1],
      ];
      for (const [foot, side] of faces) {
        const inSun = side === sunlit;
        fill(g, lit(look, look.color, inSun ? 0.5 : -0.8));
        polygon(g, [foot, corner, apex]);
        // Courses of stone: lines across the face.
        for (let k = 1; k < 9; k++) {
          const t = k / 9;
          const a: [number, number] = [foot[0] + (apex[0] - foot[0]) * t, foot[1] + (apex[1] - foot[1]) * t];
          const b: [number, number] = [corner[0] + (apex[0] - corner[0]) * t, corner[1] + (apex[1] - corner[1]) * t];
          strokeLine(g, lit(look, look.color, -1), box.h * 0.006, [a, b], inSun ? 0.25 : 0.35);
        }
      }
      strokeLine(g, lit(look, look.color, 0.8), box.h * 0.008, [corner, apex], 0.6);
    },
  },
  {
    id: "tent",
    category: "building",
    words: ["tent", "campsite"],
    plurals: ["tents", "campsites"],
    color: [222, 112, 40],
    aspect: 1.5,
    size: 0.2,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const frontLit = look.lightFrom === look.facing;
      groundShadow(g, box, look, 0.52);
      // The long side sloping back from the front triangle, a ridge pole along its top.
      fill(g, lit(look, look.color, frontLit ? -0.5 : 0.4));
      polygon(g, [p(0.02, 0), p(0.26, 0.86), p(-0.34, 0.8), p(-0.5, 0.03)]);
      strokeLine(g, lit(look, look.color, -1), box.h * 0.01, [p(0.14, 0.43), p(-0.42, 0.41)], 0.4);
      fill(g, lit(look, look.color, frontLit ? 0.5 : -0.6));
      polygon(g, [p(0.02, 0), p(0.5, 0), p(0.26, 0.86)]);
      // The door: dark, or lit from inside at night.
      fill(g, look.night ? LAMP : lit(look, DOORWAY, 0));
      polygon(g, [p(0.18, 0), p(0.34, 0), p(0.26, 0.58)]);
      if (look.night) glow(g, ...p(0.26, 0.2), box.h * 0.5, LAMP, 0.35);
      fill(g, lit(look, look.color, 0.2));
      polygon(g, [p(0.26, 0.58), p(0.34, 0), p(0.4, 0)]);
      const rope = lit(look, [90, 80, 70], 0);
      strokeLine(g, rope, box.h * 0.012, [p(0.26, 0.86), p(0.26, 0.98)]);
      strokeLine(g, rope, box.h * 0.006, [p(0.26, 0.9), p(0.49, 0.02)], 0.7);
      strokeLine(g, rope, box.h * 0.006, [p(-0.34, 0.84), p(-0.49, 0.3)], 0.7);
    },
  },
  {
    id: "igloo",
    category: "building",
    words: ["igloo"],
    plurals: ["igloos"],
    color: [236, 243, 250],
    aspect: 1.6,
    size: 0.2,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const away = shadowSide(look);
      const snow = look.color;
      const seam = lit(look, mix(snow, [90, 120, 160], 0.45), -0.2);
      groundShadow(g, box, look, 0.5);
      const [cx, cy] = p(-0.08, 0);
      const [rx, ry] = [box.w * 0.4, box.h * 0.96];
      const dome = () => {
        g.beginPath();
        g.ellipse(cx, cy, rx, ry, 0, Math.PI, Math.PI * 2);
        g.closePath();
      };
      fill(g, lit(look, snow, 0.35));
      dome();
      g.fill();
      // Blocks of snow: rows getting shorter towards the top, joints staggered.
      g.save();
      dome();
      g.clip();
      fill(g, lit(look, snow, -0.9), 0.45);
      ellipse(g, cx + away * look.facing * rx * 0.75, cy, rx * 0.7, ry * 1.1);
      const rows = 5;
      for (let r = 1; r <= rows; r++) {
        const rowY = cy - ry * (r / (rows + 0.6));
        strokeLine(g, seam, box.h * 0.018, [
          [cx - rx, rowY],
          [cx + rx, rowY],
        ]);
        const halfWidth = rx * Math.sqrt(Math.max(0, 1 - ((cy - rowY) / ry) ** 2));
        const below = cy - ry * ((r - 1) / (rows + 0.6));
        const joints = Math.max(2, Math.round(7 - r));
        for (let j = 0; j < joints; j++) {
          const jx = cx - halfWidth + ((j + (r % 2 ? 0.5 : 1)) * 2 * halfWidth) / (joints + 0.5);
          strokeLine(g, seam, box.h * 0.014, [
            [jx, rowY],
            [jx, below],
          ]);
        }
      }
      g.restore();
      // The entrance tunnel at the front, its mouth dark or glowing.
      fill(g, lit(look, snow, 0.2));
      g.beginPath();
      g.ellipse(...p(0.32, 0), box.w * 0.17, box.h * 0.46, 0, Math.PI, Math.PI * 2);
      g.fill();
      strokeLine(g, seam, box.h * 0.014, [p(0.17, 0.22), p(0.47, 0.22)]);
      fill(g, look.night ? LAMP : lit(look, [40, 50, 70], 0));
      g.beginPath();
      g.ellipse(...p(0.38, 0), box.w * 0.08, box.h * 0.3, 0, Math.PI, Math.PI * 2);
      g.fill();
      if (look.night) glow(g, ...p(0.38, 0.1), box.h * 0.45, LAMP, 0.4);
    },
  },
  {
    id: "fountain",
    category: "building",
    words: ["fountain"],
    plurals: ["fountains"],
    color: STONE,
    aspect: 1.1,
    size: 0.3,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const away = shadowSide(look);
      const water: RGB = look.night ? [150, 210, 240] : lit(look, [150, 200, 230], 0.4);
      const spray = look.night ? ([200, 235, 255] as RGB) : lit(look, [235, 245, 255], 0.6);
      groundShadow(g, box, look, 0.5);
      // The wide basin: its wall, a rim seen from a little above, water inside.
      fill(g, lit(look, look.color, 0.3));
      polygon(g, [p(-0.47, 0), p(0.47, 0), p(0.47, 0.2), p(-0.47, 0.2)]);
      fill(g, lit(look, look.color, -0.9), 0.5);
      polygon(g, [p(0, 0), p(away * 0.47, 0), p(away * 0.47, 0.2), p(0, 0.2)]);
      fill(g, lit(look, look.color, 0.6));
      ellipse(g, ...p(0, 0.2), box.w * 0.49, box.h * 0.06);
      fill(g, water);
      ellipse(g, ...p(0, 0.205), box.w * 0.43, box.h * 0.04);
      // Column and upper bowl.
      fill(g, lit(look, look.color, 0.2));
      polygon(g, [p(-0.05, 0.2), p(0.05, 0.2), p(0.04, 0.5), p(-0.04, 0.5)]);
      g.beginPath();
      g.ellipse(...p(0, 0.55), box.w * 0.22, box.h * 0.08, 0, 0, Math.PI);
      g.fill();
      fill(g, lit(look, look.color, 0.6));
      ellipse(g, ...p(0, 0.55), box.w * 0.22, box.h * 0.022);
      fill(g, lit(look, look.color, 0.2));
      polygon(g, [p(-0.025, 0.55), p(0.025, 0.55), p(0.02, 0.68), p(-0.02, 0.68)]);
      ellipse(g, ...p(0, 0.69), box.w * 0.04, box.h * 0.02);
      // Water: a jet rising and falling into the bowl, and sheets spilling from the bowl to the basin.
      if (look.night) glow(g, ...p(0, 0.6), box.h * 0.45, [160, 220, 255], 0.3);
      g.strokeStyle = css(spray, 0.8);
      g.lineWidth = Math.max(1, box.h * 0.014);
      for (const side of [-1, 1]) {
        for (const reach of [0.12, 0.18]) {
          g.beginPath();
          g.moveTo(...p(0, 0.7));
          g.quadraticCurveTo(...p(side * reach * 0.4, 1.08), ...p(side * reach, 0.57));
          g.stroke();
        }
        g.beginPath();
        g.moveTo(...p(side * 0.21, 0.55));
        g.quadraticCurveTo(...p(side * 0.3, 0.5), ...p(side * 0.33, 0.21));
        g.stroke();
      }
    },
  },
  {
    id: "ferriswheel",
    category: "building",
    words: ["ferris wheel", "big wheel", "observation wheel"],
    plurals: ["ferris wheels", "big wheels", "observation wheels"],
    color: [214, 58, 62],
    aspect: 0.9,
    size: 0.56,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const frame = lit(look, [236, 236, 240], 0.2);
      const [hx, hy] = p(0, 0.56);
      const radius = box.h * 0.37;
      groundShadow(g, box, look, 0.4);
      // The A-frame legs on a low platform.
      fill(g, lit(look, STONE, 0.1));
      polygon(g, [p(-0.36, 0), p(0.36, 0), p(0.34, 0.03), p(-0.34, 0.03)]);
      strokeLine(g, lit(look, frame, -0.3), box.h * 0.022, [p(-0.3, 0.02), [hx, hy], p(0.3, 0.02)]);
      // Rim and spokes.
      const spokes = 16;
      for (let k = 0; k < spokes; k++) {
        const a = (k / spokes) * Math.PI * 2;
        strokeLine(g, frame, box.h * 0.005, [
          [hx, hy],
          [hx + Math.cos(a) * radius, hy + Math.sin(a) * radius],
        ]);
      }
      for (const r of [radius, radius * 0.93]) {
        g.strokeStyle = css(frame);
        g.lineWidth = Math.max(1, box.h * 0.012);
        g.beginPath();
        g.arc(hx, hy, r, 0, Math.PI * 2);
        g.stroke();
      }
      fill(g, lit(look, IRON, 0));
      ellipse(g, hx, hy, box.h * 0.03, box.h * 0.03);
      // Cabins hanging from the rim, upright whatever their place on it.
      const cabins = 12;
      const cabin = box.h * 0.035;
      for (let k = 0; k < cabins; k++) {
        const a = (k / cabins) * Math.PI * 2 + 0.13;
        const [cx, cy] = [hx + Math.cos(a) * radius, hy + Math.sin(a) * radius];
        const colour = k % 3 === 1 ? mix(look.color, [250, 200, 60], 0.7) : look.color;
        fill(g, lit(look, colour, 0.2));
        polygon(g, [
          [cx - cabin, cy + cabin * 0.3],
          [cx + cabin, cy + cabin * 0.3],
          [cx + cabin * 0.8, cy + cabin * 1.9],
          [cx - cabin * 0.8, cy + cabin * 1.9],
        ]);
        fill(g, pane(look));
        polygon(g, [
          [cx - cabin * 0.7, cy + cabin * 0.6],
          [cx + cabin * 0.7, cy + cabin * 0.6],
          [cx + cabin * 0.65, cy + cabin * 1.2],
          [cx - cabin * 0.65, cy + cabin * 1.2],
        ]);
      }
      // At night the rim is strung with bulbs.
      if (look.night) {
        for (let k = 0; k < 48; k++) {
          const a = (k / 48) * Math.PI * 2;
          const [bx, by] = [hx + Math.cos(a) * radius, hy + Math.sin(a) * radius];
          fill(g, LAMP);
          ellipse(g, bx, by, box.h * 0.006, box.h * 0.006);
        }
        glow(g, hx, hy, radius * 1.1, LAMP, 0.18);
      }
    },
  },
  {
    id: "streetlamp",
    category: "building",
    words: ["street lamp", "lamppost", "street light"],
    plurals: ["street lamps", "lampposts", "street lights"],
    color: IRON,
    aspect: 0.32,
    size: 0.5,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const metal = lit(look, look.color, 0.3);
      if (look.night) {
        // A pool of light on the ground under the lamp.
        fill(g, LAMP, 0.18);
        ellipse(g, box.x, box.y, box.w * 0.5, box.h * 0.04);
      }
      groundShadow(g, box, look, 0.3);
      // Stepped base, slender post with a collar, and a lantern with a little roof.
      fill(g, metal);
      polygon(g, [p(-0.22, 0), p(0.22, 0), p(0.16, 0.05), p(0.08, 0.14), p(-0.08, 0.14), p(-0.16, 0.05)]);
      polygon(g, [p(-0.07, 0.14), p(0.07, 0.14), p(0.05, 0.8), p(-0.05, 0.8)]);
      polygon(g, [p(-0.1, 0.42), p(0.1, 0.42), p(0.1, 0.45), p(-0.1, 0.45)]);
      polygon(g, [p(-0.16, 0.79), p(0.16, 0.79), p(0.16, 0.815), p(-0.16, 0.815)]);
      fill(g, look.night ? LAMP : lit(look, GLASS_DAY, 0.4));
      polygon(g, [p(-0.13, 0.815), p(0.13, 0.815), p(0.2, 0.92), p(-0.2, 0.92)]);
      fill(g, metal);
      strokeLine(g, metal, box.w * 0.025, [p(0, 0.815), p(0, 0.92)]);
      polygon(g, [p(-0.25, 0.92), p(0.25, 0.92), p(0.04, 0.98), p(-0.04, 0.98)]);
      ellipse(g, ...p(0, 0.985), box.w * 0.03, box.w * 0.03);
      if (look.night) glow(g, ...p(0, 0.87), box.h * 0.2, LAMP, 0.55);
    },
  },
  {
    id: "castle",
    category: "building",
    words: ["castle", "palace", "fortress", "citadel", "stronghold"],
    plurals: ["castles", "palaces", "fortresses", "citadels", "strongholds"],
    color: [198, 188, 170],
    aspect: 1.25,
    size: 0.5,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const brush = { g, p, box, look };
      const stone = look.color;
      groundShadow(g, box, look, 0.5);
      // The keep behind the walls, with a turret and the tallest banner.
      fill(g, lit(look, stone, -0.05));
      shape(g, p, [-0.15, 0.2, 0.15, 0.2, 0.15, 0.66, -0.15, 0.66]);
      battlements(g, p, -0.15, 0.15, 0.655, 0.04, 5);
      roundTower(brush, { u: 0, half: 0.055, base: 0.6, top: 0.78, roofTop: 0.93, flag: 1 });
      for (const u of [-0.07, 0.07]) windowAt(brush, u, 0.44, 0.022, 0.1, stone, { arched: true });
      // The curtain wall and the gatehouse in front, crenellated.
      fill(g, lit(look, stone, 0.2));
      shape(g, p, [-0.36, 0, 0.36, 0, 0.36, 0.34, -0.36, 0.34]);
      battlements(g, p, -0.36, 0.36, 0.335, 0.04, 11);
      courses(brush, stone, -0.36, 0.36, 0.34);
      fill(g, lit(look, stone, 0.3));
      shape(g, p, [-0.1, 0, 0.1, 0, 0.1, 0.45, -0.1, 0.45]);
      battlements(g, p, -0.1, 0.1, 0.445, 0.045, 3);
      gate(brush, 0.055, 0.24);
      slit(brush, 0, 0.31, 0.08);
      // Round towers at the corners under pointed roofs and banners.
      for (const u of [-0.375, 0.375]) {
        roundTower(brush, { u, half: 0.095, base: 0, top: 0.54, roofTop: 0.8, flag: 0.9 });
        for (const v of [0.2, 0.38]) slit(brush, u, v, 0.08);
      }
    },
  },
  {
    id: "tower",
    category: "building",
    words: ["tower", "watchtower", "wizard tower", "turret"],
    plurals: ["towers", "watchtowers", "wizard towers", "turrets"],
    color: [178, 170, 158],
    aspect: 0.36,
    size: 0.62,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const brush = { g, p, box, look };
      groundShadow(g, box, look, 0.6);
      roundTower(brush, { u: 0, half: 0.28, base: 0, top: 0.7, roofTop: 0.95, flag: 1, roof: SLATE });
      // Rows of staggered blocks round the drum.
      const joint = lit(look, look.color, -1);
      for (let row = 1; row < 14; row++) {
        const v = row * 0.05;
        strokeLine(g, joint, box.h * 0.004, [p(-0.28, v), p(0.28, v)], 0.35);
        for (const u of row % 2 ? [-0.17, 0.03, 0.2] : [-0.08, 0.12])
          strokeLine(g, joint, box.h * 0.004, [p(u, v), p(u, v - 0.05)], 0.3);
      }
      doorAt(brush, 0, 0, 0.1, 0.14, WOOD, true);
      slit(brush, -0.06, 0.28, 0.06);
      slit(brush, 0.05, 0.46, 0.06);
      windowAt(brush, 0, 0.6, 0.07, 0.06, look.color, { arched: true });
    },
  },
  {
    id: "house",
    category: "building",
    words: ["house", "home", "cottage", "farmhouse", "bungalow"],
    plurals: ["houses", "homes", "cottages", "farmhouses", "bungalows"],
    color: [236, 220, 190],
    aspect: 1.2,
    size: 0.4,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const brush = { g, p, box, look };
      groundShadow(g, box, look, 0.52);
      chimney(brush, BRICK, 0.1, 0.07, 0.9);
      gabledBlock(brush, {
        left: -0.46,
        right: -0.02,
        depth: 0.44,
        profile: [1, 0.46, 0, 0.8],
        wall: look.color,
        roof: TERRACOTTA,
        trim: TRIM,
      });
      // A front door between two windows, a small window in the gable, two along the side.
      doorAt(brush, -0.24, 0, 0.05, 0.27, [120, 52, 46]);
      for (const u of [-0.38, -0.1]) windowAt(brush, u, 0.15, 0.04, 0.14, TRIM);
      windowAt(brush, -0.24, 0.5, 0.035, 0.1, TRIM);
      for (const u of [0.1, 0.3]) windowAt(brush, u, 0.15, 0.05, 0.16, TRIM);
    },
  },
  {
    id: "cabin",
    category: "building",
    words: ["cabin", "log cabin", "hut", "chalet", "lodge"],
    plurals: ["cabins", "log cabins", "huts", "chalets", "lodges"],
    color: [152, 100, 60],
    aspect: 1.35,
    size: 0.34,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const brush = { g, p, box, look };
      groundShadow(g, box, look, 0.52);
      chimney(brush, mix(STONE, DOORWAY, 0.3), 0.28, 0.08, 0.96);
      const block = { left: -0.46, right: -0.06, depth: 0.44, profile: [1, 0.4, 0, 0.8], roof: SHINGLE };
      const faces = gabledBlock(brush, { ...block, wall: look.color, trim: mix(SHINGLE, TRIM, 0.1) });
      // Logs stacked along both walls, their round ends showing at the corners.
      const seam = lit(look, look.color, -1);
      const sheen = lit(look, look.color, 0.8);
      for (const face of faces) {
        g.save();
        tracePath(g, p, face);
        g.clip();
        for (let v = 0.06; v < 0.8; v += 0.065) {
          strokeLine(g, seam, box.h * 0.012, [p(-0.5, v), p(0.5, v)], 0.55);
          strokeLine(g, sheen, box.h * 0.008, [p(-0.5, v + 0.02), p(0.5, v + 0.02)], 0.2);
        }
        g.restore();
      }
      const endGrain = lit(look, mix(look.color, [236, 200, 150], 0.5), 0.3);
      for (const u of [block.left, block.right, block.right + block.depth])
        for (let v = 0.03; v < 0.4; v += 0.065) {
          fill(g, seam);
          ellipse(g, ...p(u, v), box.h * 0.036, box.h * 0.034);
          fill(g, endGrain);
          ellipse(g, ...p(u, v), box.h * 0.026, box.h * 0.024);
        }
      doorAt(brush, -0.26, 0, 0.06, 0.3, mix(look.color, DOORWAY, 0.45));
      windowAt(brush, -0.26, 0.47, 0.04, 0.1, mix(look.color, DOORWAY, 0.3));
      for (const u of [0.06, 0.26]) windowAt(brush, u, 0.14, 0.05, 0.15, mix(look.color, DOORWAY, 0.3));
    },
  },
  {
    id: "barn",
    category: "building",
    words: ["barn", "farm"],
    plurals: ["barns", "farms"],
    color: [176, 44, 38],
    aspect: 1.45,
    size: 0.38,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const brush = { g, p, box, look };
      const [left, right] = [-0.47, -0.05];
      const mid = (left + right) / 2;
      groundShadow(g, box, look, 0.52);
      silo(brush, 0.39, 0.08, 0.7);
      const faces = gabledBlock(brush, {
        left,
        right,
        depth: 0.34,
        profile: [1, 0.42, 0.64, 0.66, 0, 0.84],
        wall: look.color,
        roof: [88, 92, 100],
        trim: TRIM,
      });
      // Upright boards, white trim on the corners, the big double door with its braces and the hayloft.
      const seam = lit(look, look.color, -1);
      for (const face of faces) {
        g.save();
        tracePath(g, p, face);
        g.clip();
        for (let u = -0.46; u < 0.3; u += 0.03) strokeLine(g, seam, box.h * 0.005, [p(u, 0), p(u, 0.84)], 0.3);
        g.restore();
      }
      const white = lit(look, TRIM, 0.2);
      const trimWidth = box.h * 0.018;
      for (const u of [left, right, right + 0.34]) strokeLine(g, white, trimWidth, [p(u, 0), p(u, 0.42)]);
      fill(g, lit(look, look.color, -0.3));
      shape(g, p, [mid - 0.12, 0, mid + 0.12, 0, mid + 0.12, 0.34, mid - 0.12, 0.34]);
      for (const side of [-1, 1]) {
        const [a, b] = [mid + side * 0.12, mid];
        strokeLine(g, white, trimWidth, [p(a, 0), p(a, 0.34), p(b, 0.34), p(b, 0), p(a, 0), p(b, 0.34)]);
        strokeLine(g, white, trimWidth, [p(a, 0.34), p(b, 0)]);
      }
      fill(g, look.night ? mix(LAMP, DOORWAY, 0.5) : lit(look, DOORWAY, 0));
      shape(g, p, [mid - 0.06, 0.48, mid + 0.06, 0.48, mid + 0.06, 0.62, mid - 0.06, 0.62]);
      strokeLine(g, white, trimWidth, [
        p(mid - 0.06, 0.48),
        p(mid - 0.06, 0.62),
        p(mid + 0.06, 0.62),
        p(mid + 0.06, 0.48),
      ]);
      for (const u of [0.05, 0.19]) windowAt(brush, u, 0.2, 0.035, 0.1, TRIM);
    },
  },
  {
    id: "temple",
    category: "building",
    words: ["temple", "greek temple", "roman temple", "parthenon"],
    plurals: ["temples", "greek temples", "roman temples"],
    color: [236, 230, 214],
    aspect: 1.45,
    size: 0.36,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const marble = look.color;
      groundShadow(g, box, look, 0.52);
      // Three steps, then the dark hall behind the columns, warm with fire at night.
      for (const [k, half] of [0.5, 0.47, 0.44].entries()) {
        fill(g, lit(look, marble, 0.35 - k * 0.1));
        shape(g, p, [-half, k * 0.04, half, k * 0.04, half, k * 0.04 + 0.04, -half, k * 0.04 + 0.04]);
        fill(g, lit(look, marble, -1), 0.25);
        shape(g, p, [-half, k * 0.04, half, k * 0.04, half, k * 0.04 + 0.008, -half, k * 0.04 + 0.008]);
      }
      fill(g, lit(look, mix(marble, DOORWAY, 0.75), -0.5));
      shape(g, p, [-0.4, 0.12, 0.4, 0.12, 0.4, 0.62, -0.4, 0.62]);
      if (look.night) glow(g, ...p(0, 0.3), box.h * 0.3, [255, 170, 90], 0.45);
      // Six fluted columns with their capitals.
      for (let k = 0; k < 6; k++) {
        const u = -0.36 + k * 0.144;
        roundFill(g, box, look, marble, u, 0.036);
        shape(g, p, [u - 0.036, 0.12, u + 0.036, 0.12, u + 0.03, 0.6, u - 0.03, 0.6]);
        for (const du of [-0.012, 0.012])
          strokeLine(g, lit(look, marble, -1), box.h * 0.005, [p(u + du, 0.13), p(u + du * 0.85, 0.59)], 0.3);
        fill(g, lit(look, marble, 0.3));
        shape(g, p, [
          u - 0.03,
          0.595,
          u + 0.03,
          0.595,
          u + 0.05,
          0.615,
          u + 0.05,
          0.63,
          u - 0.05,
          0.63,
          u - 0.05,
          0.615,
        ]);
      }
      // The entablature: architrave, a frieze of triglyphs and the cornice.
      fill(g, lit(look, marble, 0.25));
      shape(g, p, [-0.43, 0.63, 0.43, 0.63, 0.43, 0.68, -0.43, 0.68]);
      fill(g, lit(look, marble, 0.1));
      shape(g, p, [-0.43, 0.68, 0.43, 0.68, 0.43, 0.74, -0.43, 0.74]);
      fill(g, lit(look, marble, -0.9), 0.55);
      for (let k = 0; k <= 12; k++) {
        const u = -0.41 + k * 0.0683;
        shape(g, p, [u - 0.008, 0.685, u + 0.008, 0.685, u + 0.008, 0.735, u - 0.008, 0.735]);
      }
      fill(g, lit(look, marble, 0.45));
      shape(g, p, [-0.46, 0.74, 0.46, 0.74, 0.46, 0.765, -0.46, 0.765]);
      // The pediment: a shallow gable with its shadowed tympanum.
      fill(g, lit(look, marble, 0.4));
      shape(g, p, [-0.47, 0.765, 0.47, 0.765, 0, 0.99]);
      fill(g, lit(look, marble, -0.4));
      shape(g, p, [-0.38, 0.78, 0.38, 0.78, 0, 0.955]);
      strokeLine(g, lit(look, marble, -1), box.h * 0.008, [p(-0.46, 0.765), p(0.46, 0.765)], 0.4);
    },
  },
  {
    id: "church",
    category: "building",
    words: ["church", "chapel", "cathedral", "abbey"],
    plurals: ["churches", "chapels", "cathedrals", "abbeys"],
    color: [234, 228, 214],
    aspect: 0.8,
    size: 0.56,
    placement: "ground",
    draw(g, box, look) {
      const p = boxPoint(box, look);
      const brush = { g, p, box, look };
      const wall = look.color;
      const roof: RGB = [86, 90, 104];
      const [left, right, depth] = [-0.44, 0, 0.46];
      const mid = (left + right) / 2;
      groundShadow(g, box, look, 0.5);
      // The steeple rising behind the front gable: a square tower, a belfry with its bell, the spire and a cross.
      const [t0, t1, side] = [mid - 0.08, mid + 0.08, mid + 0.13];
      const sideLit = look.lightFrom === look.facing;
      fill(g, lit(look, wall, sideLit ? -0.2 : 0.4));
      shape(g, p, [t0, 0.4, t1, 0.4, t1, 0.76, t0, 0.76]);
      fill(g, lit(look, wall, sideLit ? 0.4 : -0.6));
      shape(g, p, [t1, 0.4, side, 0.4, side, 0.76, t1, 0.76]);
      doorAt(brush, mid, 0.59, 0.04, 0.12, DOORWAY, true);
      fill(g, lit(look, [214, 170, 70], 0.2));
      blob(g, p, [mid - 0.025, 0.6, mid + 0.025, 0.6, mid + 0.015, 0.66, mid - 0.015, 0.66]);
      fill(g, lit(look, roof, sideLit ? -0.2 : 0.35));
      shape(g, p, [t0 - 0.01, 0.76, t1 + 0.01, 0.76, mid + 0.02, 0.95]);
      fill(g, lit(look, roof, sideLit ? 0.35 : -0.5));
      shape(g, p, [t1 + 0.01, 0.76, side + 0.01, 0.76, mid + 0.02, 0.95]);
      const gold = lit(look, [220, 180, 80], 0.3);
      strokeLine(g, gold, box.h * 0.01, [p(mid + 0.02, 0.94), p(mid + 0.02, 1)]);
      strokeLine(g, gold, box.h * 0.01, [p(mid - 0.005, 0.98), p(mid + 0.045, 0.98)]);
      gabledBlock(brush, { left, right, depth, profile: [1, 0.34, 0, 0.56], wall, roof, trim: wall });
      // Buttresses between the tall arched windows of the nave, a round window over the arched door.
      for (let k = 0; k < 3; k++) {
        const u = 0.08 + k * 0.13;
        windowAt(brush, u, 0.1, 0.028, 0.17, wall, { arched: true, glass: STAINED });
        fill(g, lit(look, wall, -0.6));
        shape(g, p, [u + 0.055, 0, u + 0.075, 0, u + 0.075, 0.2, u + 0.055, 0.25]);
      }
      doorAt(brush, mid, 0, 0.055, 0.2, WOOD, true);
      roseWindow(brush, mid, 0.36, 0.055, wall);
    },
  },
];

/** What every drawing helper paints with: the canvas, the box's point mapping, the box and the light. */
interface Brush {
  g: Graphics;
  p: Point;
  box: SubjectBox;
  look: SubjectLook;
}

/** A flat outline's path in pixels, to fill or clip by. */
function tracePath(g: Graphics, p: Point, outline: Outline): void {
  g.beginPath();
  for (const [i, [x, y]] of outlinePoints(p, outline).entries()) {
    if (i === 0) g.moveTo(x, y);
    else g.lineTo(x, y);
  }
  g.closePath();
}

/** The path of an opening standing on (x, base) in pixels: a rectangle, or round-topped when arched. */
function openingPath(g: Graphics, x: number, base: number, halfWidth: number, height: number, arched: boolean): void {
  g.beginPath();
  g.moveTo(x - halfWidth, base);
  if (arched && height > halfWidth) {
    g.lineTo(x - halfWidth, base - height + halfWidth);
    g.arc(x, base - height + halfWidth, halfWidth, Math.PI, Math.PI * 2);
  } else {
    g.lineTo(x - halfWidth, base - height);
    g.lineTo(x + halfWidth, base - height);
  }
  g.lineTo(x + halfWidth, base);
  g.closePath();
}

/** A window whose sill is at (u, v): a frame, glass with glazing bars, and lamplight with a halo at night. */
function windowAt(
  brush: Brush,
  u: number,
  v: number,
  halfWidth: number,
  height: number,
  frame: RGB,
  options: { arched?: boolean; glass?: RGB } = {},
): void {
  const { g, p, box, look } = brush;
  const [x, base] = p(u, v);
  const [w, h] = [halfWidth * box.w, height * box.h];
  const bar = Math.max(1, box.h * 0.01);
  const arched = options.arched ?? false;
  fill(g, lit(look, frame, 0.2));
  openingPath(g, x, base + bar, w + bar, h + bar * 2, arched);
  g.fill();
  fill(g, options.glass && !look.night ? lit(look, options.glass, 0.1) : pane(look));
  openingPath(g, x, base, w, h, arched);
  g.fill();
  const barColour = lit(look, frame, 0);
  strokeLine(g, barColour, bar * 0.8, [
    [x, base],
    [x, base - h],
  ]);
  strokeLine(g, barColour, bar * 0.8, [
    [x - w, base - h * 0.45],
    [x + w, base - h * 0.45],
  ]);
  if (look.night) glow(g, x, base - h / 2, Math.max(w, h) * 2, LAMP, 0.3);
}

/** A door standing at (u, v): planks and a handle, round-topped when arched. */
function doorAt(
  brush: Brush,
  u: number,
  v: number,
  halfWidth: number,
  height: number,
  colour: RGB,
  arched = false,
): void {
  const { g, p, box, look } = brush;
  const [x, base] = p(u, v);
  const [w, h] = [halfWidth * box.w, height * box.h];
  fill(g, lit(look, colour, 0));
  openingPath(g, x, base, w, h, arched);
  g.fill();
  for (const k of [-0.33, 0.33])
    strokeLine(
      g,
      lit(look, colour, -1),
      box.h * 0.005,
      [
        [x + k * w, base],
        [x + k * w, base - h * 0.9],
      ],
      0.5,
    );
  fill(g, lit(look, [210, 170, 80], 0.3));
  ellipse(g, x + w * 0.6 * look.facing, base - h * 0.45, Math.max(1, w * 0.12), Math.max(1, w * 0.12));
}

/** An arrow slit: a narrow dark opening, lit from inside at night. */
function slit(brush: Brush, u: number, v: number, height: number): void {
  const { g, p, box, look } = brush;
  const [x, base] = p(u, v);
  const h = height * box.h;
  fill(g, look.night ? LAMP : lit(look, DOORWAY, 0));
  openingPath(g, x, base, Math.max(1, box.h * 0.012), h, true);
  g.fill();
  if (look.night) glow(g, x, base - h / 2, h * 1.4, LAMP, 0.3);
}

interface Gabled {
  /** The gable end facing us runs from `left` to `right` (box units); the side wall runs `depth` back from it. */
  left: number;
  right: number;
  depth: number;
  /** The roof line of the gable's right half, eave first, ridge last: [share of the half-width from the middle, v, …]. */
  profile: Outline;
  wall: RGB;
  roof: RGB;
  trim: RGB;
}

/**
 * A house-shaped block seen from a front corner: the gable end facing us, the long side wall
 * running back from it and the roof over that side, each face lit or shaded by where the light
 * comes from. Returns the outlines of the two walls, for texture clipped to them.
 */
function gabledBlock(brush: Brush, b: Gabled): [Outline, Outline] {
  const { g, p, box, look } = brush;
  const mid = (b.left + b.right) / 2;
  const half = (b.right - b.left) / 2;
  const sideLit = look.lightFrom === look.facing;
  const line: [number, number][] = [];
  for (let i = 0; i + 1 < b.profile.length; i += 2) line.push([mid + b.profile[i]! * half, b.profile[i + 1]!]);
  const eaves = line[0]![1];
  const back = b.right + b.depth;
  const side: Outline = [b.right, 0, back, 0, back, eaves, b.right, eaves];
  const front: Outline = [
    b.left,
    0,
    b.right,
    0,
    ...line.flat(),
    ...line
      .slice(0, -1)
      .reverse()
      .flatMap(([u, v]) => [2 * mid - u, v]),
  ];
  fill(g, lit(look, b.wall, sideLit ? 0.45 : -0.55));
  shape(g, p, side);
  fill(g, lit(look, b.wall, sideLit ? -0.3 : 0.45));
  shape(g, p, front);
  // The eave overhangs the wall a little: the first stretch of the roof line, carried on.
  const [e, n] = [line[0]!, line[1]!];
  const roofLine: [number, number][] = [[e[0] + (e[0] - n[0]) * 0.18, e[1] + (e[1] - n[1]) * 0.18], ...line.slice(1)];
  for (let i = 0; i + 1 < roofLine.length; i++) {
    const [[u0, v0], [u1, v1]] = [roofLine[i]!, roofLine[i + 1]!];
    const tone = lit(look, b.roof, (sideLit ? 0.45 : -0.35) + i * 0.2);
    fill(g, tone);
    shape(g, p, [u0, v0, u1, v1, u1 + b.depth + 0.01, v1, u0 + b.depth + 0.01, v0]);
    // Courses of shingles along the slope.
    const rows = Math.ceil(Math.abs(v1 - v0) / 0.045);
    for (let k = 1; k < rows; k++) {
      const [u, v] = [u0 + ((u1 - u0) * k) / rows, v0 + ((v1 - v0) * k) / rows];
      strokeLine(g, lit(look, b.roof, -1), box.h * 0.005, [p(u, v), p(u + b.depth + 0.01, v)], 0.25);
    }
  }
  fill(g, look.shadow, 0.35);
  shape(g, p, [b.right, eaves, back, eaves, back, eaves - 0.035, b.right, eaves - 0.035]);
  const edge = [
    ...roofLine.slice(0, -1).map(([u, v]) => p(2 * mid - u, v)),
    ...roofLine.reverse().map(([u, v]) => p(u, v)),
  ];
  strokeLine(g, lit(look, b.trim, 0.2), box.h * 0.018, edge);
  return [front, side];
}

/** A chimney stack at `u` rising from behind the roof to `top`, with a wisp of smoke by day. */
function chimney(brush: Brush, colour: RGB, u: number, half: number, top: number): void {
  const { g, p, box, look } = brush;
  fill(g, lit(look, colour, 0.2));
  shape(g, p, [u - half / 2, 0.5, u + half / 2, 0.5, u + half / 2, top - 0.04, u - half / 2, top - 0.04]);
  fill(g, lit(look, colour, -0.3));
  shape(g, p, [
    u - half * 0.6,
    top - 0.05,
    u + half * 0.6,
    top - 0.05,
    u + half * 0.6,
    top - 0.02,
    u - half * 0.6,
    top - 0.02,
  ]);
  if (look.night) return;
  for (let k = 0; k < 3; k++) {
    fill(g, lit(look, [226, 226, 230], 0.3), 0.35 - k * 0.08);
    ellipse(g, ...p(u - k * 0.05, top + 0.005 + k * 0.006), box.h * (0.025 + k * 0.008), box.h * 0.018);
  }
}

/** A fill across a round body: brightest a little in from the lit edge, darkest at the far one. */
function roundFill(g: Graphics, box: SubjectBox, look: SubjectLook, colour: RGB, u: number, half: number): void {
  const x = box.x + u * box.w * look.facing;
  const r = half * box.w * look.lightFrom;
  const gradient = g.createLinearGradient(x + r, 0, x - r, 0);
  gradient.addColorStop(0, css(lit(look, colour, 0.2)));
  gradient.addColorStop(0.3, css(lit(look, colour, 0.6)));
  gradient.addColorStop(0.75, css(lit(look, colour, -0.5)));
  gradient.addColorStop(1, css(lit(look, colour, -0.85)));
  g.fillStyle = gradient;
}

/** Merlons along the top of a wall, from `left` to `right` at height v, in the current fill. */
function battlements(
  g: Graphics,
  p: Point,
  left: number,
  right: number,
  v: number,
  height: number,
  count: number,
): void {
  const step = (right - left) / (count * 2 - 1);
  for (let k = 0; k < count; k++) {
    const u = left + k * 2 * step;
    shape(g, p, [u, v, u + step, v, u + step, v + height, u, v + height]);
  }
}

/** Courses of stone: faint joints across a wall from the ground to `top`. */
function courses(brush: Brush, colour: RGB, left: number, right: number, top: number): void {
  const { g, p, box, look } = brush;
  const joint = lit(look, colour, -1);
  for (let v = 0.06; v < top; v += 0.06) strokeLine(g, joint, box.h * 0.004, [p(left, v), p(right, v)], 0.25);
}

/** A round tower with a corbelled, crenellated top under a pointed roof, a banner on its tip. */
function roundTower(
  brush: Brush,
  t: { u: number; half: number; base: number; top: number; roofTop: number; flag: number; roof?: RGB },
): void {
  const { g, p, box, look } = brush;
  const { u, half } = t;
  const roof = t.roof ?? SLATE;
  roundFill(g, box, look, look.color, u, half);
  shape(g, p, [u - half, t.base, u + half, t.base, u + half, t.top, u - half, t.top]);
  // The wider gallery at the top, on a band of corbels.
  const gallery = half * 1.15;
  roundFill(g, box, look, look.color, u, gallery);
  shape(g, p, [
    u - half,
    t.top - 0.03,
    u + half,
    t.top - 0.03,
    u + gallery,
    t.top,
    u + gallery,
    t.top + 0.03,
    u - gallery,
    t.top + 0.03,
    u - gallery,
    t.top,
  ]);
  battlements(g, p, u - gallery, u + gallery, t.top + 0.025, 0.03, 4);
  roundFill(g, box, look, roof, u, gallery * 1.05);
  shape(g, p, [u - gallery * 1.05, t.top + 0.035, u + gallery * 1.05, t.top + 0.035, u, t.roofTop]);
  // The banner on a pole from the roof's tip.
  const length = (0.07 * box.h) / box.w;
  strokeLine(g, lit(look, IRON, 0.2), box.h * 0.007, [p(u, t.roofTop - 0.01), p(u, t.flag)]);
  fill(g, lit(look, BANNER, 0.3));
  blob(g, p, [
    u,
    t.flag,
    u + length * 0.5,
    t.flag - 0.005,
    u + length,
    t.flag - 0.02,
    u + length * 0.5,
    t.flag - 0.035,
    u,
    t.flag - 0.045,
  ]);
}

/** The castle's gate: a round-topped arch in a ring of stone, its portcullis half raised. */
function gate(brush: Brush, halfWidth: number, height: number): void {
  const { g, p, box, look } = brush;
  const [x, base] = p(0, 0);
  const [w, h] = [halfWidth * box.w, height * box.h];
  const ring = box.h * 0.02;
  fill(g, lit(look, look.color, -0.4));
  openingPath(g, x, base, w + ring, h + ring, true);
  g.fill();
  fill(g, look.night ? mix(LAMP, DOORWAY, 0.4) : lit(look, DOORWAY, 0));
  openingPath(g, x, base, w, h, true);
  g.fill();
  const bars = lit(look, IRON, 0.3);
  for (let k = -2; k <= 2; k++)
    strokeLine(g, bars, box.h * 0.008, [
      [x + (k / 2.5) * w, base - h * 0.45],
      [x + (k / 2.5) * w, base - h],
    ]);
  for (const t of [0.55, 0.75])
    strokeLine(g, bars, box.h * 0.008, [
      [x - w, base - h * t],
      [x + w, base - h * t],
    ]);
}

/** A farm silo beside a barn: a ribbed drum under a domed cap. */
function silo(brush: Brush, u: number, half: number, top: number): void {
  const { g, p, box, look } = brush;
  const metal: RGB = [184, 188, 190];
  roundFill(g, box, look, metal, u, half);
  shape(g, p, [u - half, 0, u + half, 0, u + half, top, u - half, top]);
  for (let v = 0.08; v < top; v += 0.08)
    strokeLine(g, lit(look, metal, -1), box.h * 0.005, [p(u - half, v), p(u + half, v)], 0.35);
  roundFill(g, box, look, [150, 156, 160], u, half);
  g.beginPath();
  g.ellipse(...p(u, top), half * box.w, half * box.w * 1.1, 0, Math.PI, Math.PI * 2);
  g.fill();
}

/** A round window of coloured glass with stone tracery, glowing at night. */
function roseWindow(brush: Brush, u: number, v: number, radius: number, stone: RGB): void {
  const { g, p, box, look } = brush;
  const [x, y] = p(u, v);
  const r = radius * box.h;
  fill(g, lit(look, stone, -0.3));
  ellipse(g, x, y, r * 1.2, r * 1.2);
  fill(g, look.night ? LAMP : lit(look, STAINED, 0.1));
  ellipse(g, x, y, r, r);
  const petals: RGB[] = [
    [200, 60, 60],
    [230, 190, 80],
  ];
  for (let k = 0; k < 8; k++) {
    const a = (k / 8) * Math.PI * 2;
    fill(g, look.night ? mix(LAMP, petals[k % 2]!, 0.3) : lit(look, petals[k % 2]!, 0), 0.85);
    ellipse(g, x + Math.cos(a) * r * 0.6, y + Math.sin(a) * r * 0.6, r * 0.22, r * 0.22);
    strokeLine(g, lit(look, stone, 0), r * 0.1, [
      [x, y],
      [x + Math.cos(a + Math.PI / 8) * r, y + Math.sin(a + Math.PI / 8) * r],
    ]);
  }
  fill(g, lit(look, stone, 0.2));
  ellipse(g, x, y, r * 0.2, r * 0.2);
  if (look.night) glow(g, x, y, r * 3, LAMP, 0.3);
}

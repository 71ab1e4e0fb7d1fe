/** Buildings and structures of the subject library. */
import { css, mix } from "../scene/colors";
import type { RGB } from "../scene/types";
import {
  boxPoint,
  ellipse,
  fill,
  GLASS_DAY,
  glow,
  groundShadow,
  LAMP,
  lit,
  pane,
  polygon,
  shadowSide,
  strokeLine,
} from "./paint";
import type { SubjectDefinition } from "./types";

const STONE: RGB = [196, 188, 172];
const IRON: RGB = [44, 46, 52];
const DOORWAY: RGB = [38, 32, 30];

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
    words: ["pagoda", "temple", "shrine"],
    plurals: ["pagodas", "temples", "shrines"],
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
];

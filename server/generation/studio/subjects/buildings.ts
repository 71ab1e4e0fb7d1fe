/** Buildings and structures of the subject library. */
import { mix } from "../scene/colors";
import { boxPoint, ellipse, fill, lit, polygon } from "./paint";
import type { SubjectDefinition } from "./types";

const GLASS_DAY: [number, number, number] = [150, 190, 210];
const LAMP: [number, number, number] = [255, 226, 150];

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
];

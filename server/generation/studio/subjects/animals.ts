/** Animals of the subject library: side views built from ellipses and polygons, shaded by the scene's light. */
import { mix } from "../scene/colors";
import { boxPoint, ellipse, fill, groundShadow, lit, polygon } from "./paint";
import type { SubjectDefinition } from "./types";

const WHITE: [number, number, number] = [238, 232, 222];
const DARK: [number, number, number] = [40, 30, 26];

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
];

/**
 * A held-out check of Studio's edits (issue 31): sixteen pictures painted from prompts written for
 * this check, masks drawn here in code, and sixteen edits — eight inpaints with a prompt, four
 * removals (an empty prompt) and four outpaints — that nobody tuned the edits on. Writes a contact
 * sheet (before | mask | after, one edit a row) and prints the time of each edit. Judged by eye in
 * docs/evaluations/studio-edits-held-out.md. From Atelier's folder:
 *   node packages/studio/scripts/run-ts.mjs scripts/edit-held-out.ts [--out docs/images/studio-edits-held-out.jpg]
 *     [--dump /tmp/held-out] (each source, mask and result as PNG) [--only 1,5] [--sources] (paint the sources only)
 * Pictures are 512 px on the long side; outpaints are fitted to 512 px too (maxSide), to spare a shared machine.
 */
import { type HeldOutEdit, NO_SIDES, runHeldOutEdits } from "./edit-held-out-run";

const CASES: HeldOutEdit[] = [
  // 1–8: inpaint with a prompt.
  {
    kind: "inpaint",
    scene: "a mountain lake at noon",
    style: "natural",
    shape: "wide",
    prompt: "a hot air balloon",
    mask: { shapes: [{ kind: "ellipse", cx: 0.72, cy: 0.22, rx: 0.12, ry: 0.17 }], feather: 10 },
    where: "ellipse in the sky",
  },
  {
    kind: "inpaint",
    scene: "a quiet village at dusk",
    style: "natural",
    shape: "wide",
    prompt: "a sky full of lanterns",
    mask: { shapes: [{ kind: "rect", x0: 0, y0: 0, x1: 1, y1: 0.38 }], feather: 16 },
    where: "the upper sky, full width",
  },
  {
    kind: "inpaint",
    scene: "a city street in the rain",
    style: "natural",
    shape: "wide",
    prompt: "a red umbrella",
    mask: { shapes: [{ kind: "ellipse", cx: 0.7, cy: 0.74, rx: 0.1, ry: 0.16 }], feather: 8 },
    where: "ellipse on the wet pavement",
  },
  {
    kind: "inpaint",
    scene: "a wheat field under a cloudy sky",
    style: "oil-painting",
    shape: "wide",
    prompt: "a flock of birds",
    mask: {
      shapes: [
        {
          kind: "stroke",
          points: [
            [0.18, 0.2, 0.07],
            [0.32, 0.14, 0.09],
            [0.48, 0.18, 0.08],
            [0.62, 0.12, 0.07],
          ],
        },
      ],
      feather: 12,
    },
    where: "brush stroke across the sky",
  },
  {
    kind: "inpaint",
    scene: "a calm sea at sunset",
    style: "watercolor",
    shape: "wide",
    prompt: "a sailboat",
    mask: { shapes: [{ kind: "ellipse", cx: 0.35, cy: 0.7, rx: 0.11, ry: 0.15 }], feather: 8 },
    where: "ellipse on the water",
  },
  {
    kind: "inpaint",
    scene: "a snowy meadow with pine trees in winter",
    style: "natural",
    shape: "wide",
    prompt: "a snowman",
    mask: { shapes: [{ kind: "ellipse", cx: 0.55, cy: 0.72, rx: 0.1, ry: 0.18 }], feather: 8 },
    where: "ellipse on the snowy ground",
  },
  {
    kind: "inpaint",
    scene: "a dark forest at night",
    style: "natural",
    shape: "wide",
    prompt: "a full moon",
    mask: { shapes: [{ kind: "ellipse", cx: 0.78, cy: 0.2, rx: 0.09, ry: 0.12 }], feather: 10 },
    where: "circle in the starry sky",
  },
  {
    kind: "inpaint",
    scene: "a cozy living room with a sofa and a rug",
    style: "natural",
    shape: "tall",
    prompt: "a cat sleeping",
    mask: { shapes: [{ kind: "rect", x0: 0.18, y0: 0.63, x1: 0.58, y1: 0.8 }], feather: 8 },
    where: "rectangle over the sofa",
  },
  // 9–12: removal (empty prompt).
  {
    kind: "remove",
    scene: "a lighthouse on a rocky coast",
    style: "natural",
    shape: "wide",
    prompt: "",
    mask: { shapes: [{ kind: "rect", x0: 0.46, y0: 0.26, x1: 0.64, y1: 0.86 }], feather: 6 },
    where: "over the lighthouse",
  },
  {
    kind: "remove",
    scene: "a red barn in a green field",
    style: "natural",
    shape: "wide",
    prompt: "",
    mask: { shapes: [{ kind: "rect", x0: 0.24, y0: 0.4, x1: 0.67, y1: 0.88 }], feather: 6 },
    where: "over the barn",
  },
  {
    kind: "remove",
    scene: "a sandy beach with a palm tree",
    style: "natural",
    shape: "wide",
    prompt: "",
    mask: {
      shapes: [
        { kind: "ellipse", cx: 0.19, cy: 0.3, rx: 0.22, ry: 0.16 },
        {
          kind: "stroke",
          points: [
            [0.14, 0.35, 0.03],
            [0.132, 0.7, 0.03],
            [0.128, 1.02, 0.035],
          ],
        },
      ],
      feather: 6,
    },
    where: "brush over the front palm tree",
  },
  {
    kind: "remove",
    scene: "a country road through the hills",
    style: "natural",
    shape: "wide",
    prompt: "",
    mask: {
      shapes: [
        {
          kind: "stroke",
          points: [
            [0.463, 0.595, 0.006],
            [0.492, 0.8, 0.01],
            [0.523, 1.02, 0.014],
          ],
        },
      ],
      feather: 3,
    },
    where: "a thin stripe over the road's centre line",
  },
  // 13–16: outpaint.
  {
    kind: "outpaint",
    scene: "a portrait of a woman in a garden",
    style: "natural",
    shape: "tall",
    prompt: "",
    sides: { ...NO_SIDES, left: 50, right: 50 },
    where: "left 50 %, right 50 %",
  },
  {
    kind: "outpaint",
    scene: "a mountain range at sunrise",
    style: "natural",
    shape: "wide",
    prompt: "",
    sides: { ...NO_SIDES, top: 25 },
    where: "top 25 %",
  },
  {
    kind: "outpaint",
    scene: "a forest path in autumn",
    style: "watercolor",
    shape: "wide",
    prompt: "",
    sides: { top: 25, right: 25, bottom: 25, left: 25 },
    where: "all sides 25 %",
  },
  {
    kind: "outpaint",
    scene: "sand dunes in the desert at sunset",
    style: "natural",
    shape: "wide",
    prompt: "",
    sides: { ...NO_SIDES, right: 100 },
    where: "right 100 %",
  },
];

export const main = (args: string[]): Promise<void> =>
  runHeldOutEdits(CASES, args, { seedBase: 1000, out: "docs/images/studio-edits-held-out.jpg" });

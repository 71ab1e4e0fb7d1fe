/**
 * A second held-out check of Studio's edits: sixteen new pictures painted from prompts written for this
 * check (seed 2000 + n), masks drawn here in code, and sixteen edits — seven inpaints with a prompt, four
 * removals (an empty prompt) and five outpaints — that nobody tuned the edits on. Writes a contact sheet
 * (before | mask or hatched new area | after, one edit a row, a caption line above each) and prints the
 * wall time of each edit. Judged by eye in docs/evaluations/studio-edits-held-out-2.md. From Atelier's folder:
 *   node packages/studio/scripts/run-ts.mjs scripts/edit-held-out-2.ts [--out docs/images/studio-edits-held-out-2.jpg]
 *     [--dump /tmp/held-out-2] (each source, mask and result as PNG) [--only 1,5] [--sources] (paint the sources only)
 * Pictures are 512 px on the long side; outpaints are fitted to 512 px too (maxSide), to spare a shared machine.
 */
import { type HeldOutEdit, NO_SIDES, runHeldOutEdits } from "./edit-held-out-run";

const CASES: HeldOutEdit[] = [
  // 1–7: inpaint with a prompt.
  {
    kind: "inpaint",
    scene: "a bright bedroom with a large bed and a window",
    style: "natural",
    shape: "wide",
    prompt: "a dog sleeping on the bed",
    mask: { shapes: [{ kind: "rect", x0: 0.34, y0: 0.42, x1: 0.72, y1: 0.7 }], feather: 8 },
    where: "rectangle over the bed",
  },
  {
    kind: "inpaint",
    scene: "a rustic kitchen with a wooden table",
    style: "oil-painting",
    shape: "wide",
    prompt: "a bowl of apples on the table",
    mask: { shapes: [{ kind: "ellipse", cx: 0.46, cy: 0.54, rx: 0.11, ry: 0.1 }], feather: 8 },
    where: "ellipse on the table top",
  },
  {
    kind: "inpaint",
    scene: "a gravel path through a green park",
    style: "natural",
    shape: "wide",
    prompt: "a man standing on the path",
    mask: { shapes: [{ kind: "ellipse", cx: 0.56, cy: 0.68, rx: 0.06, ry: 0.2 }], feather: 8 },
    where: "tall ellipse on the path",
  },
  {
    kind: "inpaint",
    scene: "green hills under a blue summer sky",
    style: "watercolor",
    shape: "wide",
    prompt: "a kite flying in the sky",
    mask: {
      shapes: [
        {
          kind: "stroke",
          points: [
            [0.25, 0.16, 0.06],
            [0.38, 0.24, 0.08],
            [0.5, 0.18, 0.07],
          ],
        },
      ],
      feather: 12,
    },
    where: "brush stroke in the sky",
  },
  {
    kind: "inpaint",
    scene: "a small fishing harbour with a stone pier",
    style: "natural",
    shape: "wide",
    prompt: "a small rowing boat",
    mask: { shapes: [{ kind: "ellipse", cx: 0.78, cy: 0.78, rx: 0.1, ry: 0.07 }], feather: 8 },
    where: "ellipse on the harbour water",
  },
  {
    kind: "inpaint",
    scene: "a lake at night under the stars",
    style: "natural",
    shape: "wide",
    prompt: "a white swan swimming on the lake",
    mask: { shapes: [{ kind: "ellipse", cx: 0.3, cy: 0.78, rx: 0.09, ry: 0.09 }], feather: 8 },
    where: "ellipse on the dark water",
  },
  {
    kind: "inpaint",
    scene: "a wooden bench in a quiet garden",
    style: "oil-painting",
    shape: "wide",
    prompt: "a cat lying on the bench",
    mask: { shapes: [{ kind: "rect", x0: 0.4, y0: 0.6, x1: 0.66, y1: 0.8 }], feather: 8 },
    where: "rectangle over the bench",
  },
  // 8–11: removal (empty prompt).
  {
    kind: "remove",
    scene: "a windmill in a tulip field",
    style: "natural",
    shape: "wide",
    prompt: "",
    mask: { shapes: [{ kind: "rect", x0: 0.44, y0: 0.34, x1: 0.72, y1: 0.88 }], feather: 6 },
    where: "over the windmill",
  },
  {
    kind: "remove",
    scene: "a narrow old town street with a parked car",
    style: "natural",
    shape: "wide",
    prompt: "",
    mask: { shapes: [{ kind: "ellipse", cx: 0.57, cy: 0.89, rx: 0.17, ry: 0.12 }], feather: 6 },
    where: "over the car",
  },
  {
    kind: "remove",
    scene: "a lone oak tree on a hill",
    style: "watercolor",
    shape: "wide",
    prompt: "",
    mask: {
      shapes: [
        { kind: "ellipse", cx: 0.455, cy: 0.19, rx: 0.17, ry: 0.17 },
        {
          kind: "stroke",
          points: [
            [0.455, 0.3, 0.03],
            [0.455, 0.52, 0.035],
          ],
        },
      ],
      feather: 6,
    },
    where: "brush over the tree",
  },
  {
    kind: "remove",
    scene: "a living room with an armchair and a floor lamp",
    style: "natural",
    shape: "wide",
    prompt: "",
    mask: { shapes: [{ kind: "rect", x0: 0.44, y0: 0.57, x1: 0.62, y1: 0.92 }], feather: 6 },
    where: "over the wooden chair",
  },
  // 12–16: outpaint (empty prompt).
  {
    kind: "outpaint",
    scene: "a portrait of an old fisherman by the sea",
    style: "oil-painting",
    shape: "tall",
    prompt: "",
    sides: { ...NO_SIDES, left: 50, right: 50 },
    where: "left 50 %, right 50 %",
  },
  {
    kind: "outpaint",
    scene: "a waterfall in a green valley",
    style: "natural",
    shape: "wide",
    prompt: "",
    sides: { ...NO_SIDES, left: 100 },
    where: "left 100 %",
  },
  {
    kind: "outpaint",
    scene: "a castle on a hill",
    style: "oil-painting",
    shape: "wide",
    prompt: "",
    sides: { ...NO_SIDES, bottom: 25 },
    where: "bottom 25 %",
  },
  {
    kind: "outpaint",
    scene: "a cottage by a river",
    style: "watercolor",
    shape: "wide",
    prompt: "",
    sides: { top: 25, right: 25, bottom: 25, left: 25 },
    where: "all sides 25 %",
  },
  {
    kind: "outpaint",
    scene: "a lavender field in summer",
    style: "natural",
    shape: "wide",
    prompt: "",
    sides: { ...NO_SIDES, top: 50, bottom: 50 },
    where: "top 50 %, bottom 50 %",
  },
];

export const main = (args: string[]): Promise<void> =>
  runHeldOutEdits(CASES, args, { seedBase: 2000, out: "docs/images/studio-edits-held-out-2.jpg" });

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
import fs from "node:fs";
import path from "node:path";
import sharp, { type OverlayOptions } from "sharp";
import { type EditSides, encodePng, type Raster, renderStudioEdit, renderStudioImage } from "../src/index";

/** Mask shapes, in fractions of the picture (0..1). A stroke's radii are fractions of the width. */
type Shape =
  | { kind: "rect"; x0: number; y0: number; x1: number; y1: number }
  | { kind: "ellipse"; cx: number; cy: number; rx: number; ry: number }
  | { kind: "stroke"; points: [x: number, y: number, r: number][] };

interface EditCase {
  kind: "inpaint" | "remove" | "outpaint";
  scene: string;
  style: "natural" | "oil-painting" | "watercolor";
  /** wide is 512 × 384, tall is 384 × 512 (3:4). */
  shape: "wide" | "tall";
  prompt: string;
  mask?: { shapes: Shape[]; feather: number };
  sides?: EditSides;
  where: string;
}

const ZERO: EditSides = { top: 0, right: 0, bottom: 0, left: 0 };

const CASES: EditCase[] = [
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
    sides: { ...ZERO, left: 50, right: 50 },
    where: "left 50 %, right 50 %",
  },
  {
    kind: "outpaint",
    scene: "a waterfall in a green valley",
    style: "natural",
    shape: "wide",
    prompt: "",
    sides: { ...ZERO, left: 100 },
    where: "left 100 %",
  },
  {
    kind: "outpaint",
    scene: "a castle on a hill",
    style: "oil-painting",
    shape: "wide",
    prompt: "",
    sides: { ...ZERO, bottom: 25 },
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
    sides: { ...ZERO, top: 50, bottom: 50 },
    where: "top 50 %, bottom 50 %",
  },
];

const LONG = 512;
const SHORT = 384;

function frame(shape: EditCase["shape"]): { width: number; height: number } {
  return shape === "wide" ? { width: LONG, height: SHORT } : { width: SHORT, height: LONG };
}

/** Signed distance in px from (x, y) to a shape: negative inside. */
function signedDistance(s: Shape, x: number, y: number, w: number, h: number): number {
  switch (s.kind) {
    case "rect": {
      const dx = Math.max(s.x0 * w - x, x - s.x1 * w);
      const dy = Math.max(s.y0 * h - y, y - s.y1 * h);
      return dx <= 0 && dy <= 0 ? Math.max(dx, dy) : Math.hypot(Math.max(dx, 0), Math.max(dy, 0));
    }
    case "ellipse": {
      const rx = s.rx * w;
      const ry = s.ry * h;
      return (Math.hypot((x - s.cx * w) / rx, (y - s.cy * h) / ry) - 1) * Math.min(rx, ry);
    }
    case "stroke": {
      let d = Number.POSITIVE_INFINITY;
      const p = s.points;
      for (let k = 0; k < Math.max(1, p.length - 1); k++) {
        const a = p[k]!;
        const b = p[Math.min(k + 1, p.length - 1)]!;
        const ax = a[0] * w;
        const ay = a[1] * h;
        const vx = b[0] * w - ax;
        const vy = b[1] * h - ay;
        const l2 = vx * vx + vy * vy;
        const t = l2 > 0 ? Math.min(1, Math.max(0, ((x - ax) * vx + (y - ay) * vy) / l2)) : 0;
        const r = (a[2] + (b[2] - a[2]) * t) * w;
        d = Math.min(d, Math.hypot(x - ax - vx * t, y - ay - vy * t) - r);
      }
      return d;
    }
  }
}

/** A grey mask: white inside, black outside, a linear ramp `feather` px wide across the edge. */
function paintMask(spec: NonNullable<EditCase["mask"]>, width: number, height: number): Raster {
  const data = new Uint8ClampedArray(width * height * 4);
  const f = Math.max(1, spec.feather);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let d = Number.POSITIVE_INFINITY;
      for (const s of spec.shapes) d = Math.min(d, signedDistance(s, x + 0.5, y + 0.5, width, height));
      const v = Math.round(255 * Math.min(1, Math.max(0, 0.5 - d / f)));
      const i = 4 * (y * width + x);
      data[i] = v;
      data[i + 1] = v;
      data[i + 2] = v;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

/** Inpaint: the source with the mask tinted red. Outpaint: the source in the grown frame, the new area hatched. */
function showEdit(source: Raster, mask: Raster | null, sides: EditSides | undefined): Raster {
  if (mask) {
    const data = new Uint8ClampedArray(source.data);
    for (let i = 0; i < data.length; i += 4) {
      const a = (mask.data[i]! / 255) * 0.6;
      data[i] = data[i]! * (1 - a) + 255 * a;
      data[i + 1] = data[i + 1]! * (1 - a) + 40 * a;
      data[i + 2] = data[i + 2]! * (1 - a) + 40 * a;
    }
    return { width: source.width, height: source.height, data };
  }
  const s = sides ?? ZERO;
  const left = Math.round((s.left / 100) * source.width);
  const top = Math.round((s.top / 100) * source.height);
  const width = source.width + left + Math.round((s.right / 100) * source.width);
  const height = source.height + top + Math.round((s.bottom / 100) * source.height);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = 4 * (y * width + x);
      const sx = x - left;
      const sy = y - top;
      if (sx >= 0 && sy >= 0 && sx < source.width && sy < source.height) {
        const i = 4 * (sy * source.width + sx);
        data[o] = source.data[i]!;
        data[o + 1] = source.data[i + 1]!;
        data[o + 2] = source.data[i + 2]!;
      } else {
        const stripe = (x + y) % 16 < 8;
        data[o] = stripe ? 200 : 150;
        data[o + 1] = stripe ? 60 : 40;
        data[o + 2] = stripe ? 60 : 40;
      }
      data[o + 3] = 255;
    }
  }
  return { width, height, data };
}

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

async function fitted(r: Raster, w: number, h: number): Promise<Buffer> {
  return sharp(await encodePng(r))
    .resize(w, h, { fit: "contain", background: "#202020" })
    .png()
    .toBuffer();
}

export async function main(args: string[]): Promise<void> {
  const opt = (name: string) => {
    const k = args.indexOf(name);
    return k >= 0 ? args[k + 1] : undefined;
  };
  const out = opt("--out") ?? "docs/images/studio-edits-held-out-2.jpg";
  const dump = opt("--dump");
  const only = opt("--only")?.split(",").map(Number);
  const sourcesOnly = args.includes("--sources");
  if (dump) fs.mkdirSync(dump, { recursive: true });

  const W = 300;
  const H = 225;
  const CAP = 26;
  const GAP = 6;
  const rows: { cells: Buffer[]; caption: string }[] = [];
  const times: { kind: string; ms: number }[] = [];

  for (const [k, c] of CASES.entries()) {
    const n = k + 1;
    if (only && !only.includes(n)) continue;
    const { width, height } = frame(c.shape);
    const seed = 2000 + n;
    let t0 = performance.now();
    const source = renderStudioImage({
      mode: "text",
      prompt: c.scene,
      negativePrompt: "",
      style: c.style,
      width,
      height,
      seed,
      strength: 0.75,
      christmas: false,
    });
    const paintMs = performance.now() - t0;
    if (dump) fs.writeFileSync(path.join(dump, `${n}-source.png`), await encodePng(source));
    if (sourcesOnly) {
      console.log(`#${n} source ${width}×${height} ${paintMs.toFixed(0)} ms: ${c.scene}`);
      continue;
    }
    const mask = c.mask ? paintMask(c.mask, width, height) : null;
    t0 = performance.now();
    const result = renderStudioEdit({
      kind: c.kind === "outpaint" ? "outpaint" : "inpaint",
      prompt: c.prompt,
      negativePrompt: "",
      style: c.style,
      seed,
      christmas: false,
      source,
      ...(mask ? { mask } : {}),
      ...(c.sides ? { sides: c.sides, maxSide: LONG } : {}),
    });
    const ms = performance.now() - t0;
    times.push({ kind: c.kind, ms });
    const what =
      c.kind === "remove"
        ? `remove (empty prompt), ${c.where}`
        : c.kind === "outpaint"
          ? `outpaint ${c.where}`
          : `inpaint "${c.prompt}", ${c.where}`;
    console.log(
      `#${String(n).padStart(2)} paint ${paintMs.toFixed(0).padStart(5)} ms  edit ${ms.toFixed(0).padStart(5)} ms  ${result.width}×${result.height}  ${what}`,
    );
    const shown = showEdit(source, mask, c.sides);
    if (dump) {
      if (mask) fs.writeFileSync(path.join(dump, `${n}-mask.png`), await encodePng(mask));
      fs.writeFileSync(path.join(dump, `${n}-overlay.png`), await encodePng(shown));
      fs.writeFileSync(path.join(dump, `${n}-result.png`), await encodePng(result));
    }
    rows.push({
      cells: [await fitted(source, W, H), await fitted(shown, W, H), await fitted(result, W, H)],
      caption: `${n}. ${what} — source: "${c.scene}", ${c.style}`,
    });
  }
  if (sourcesOnly || rows.length === 0) return;

  const sheetW = GAP + 3 * (W + GAP);
  const rowH = CAP + H + GAP;
  const sheetH = GAP + rows.length * rowH;
  const layers: OverlayOptions[] = [];
  const texts: string[] = [];
  for (const [r, row] of rows.entries()) {
    const top = GAP + r * rowH;
    texts.push(
      `<text x="${GAP}" y="${top + CAP - 8}" font-family="sans-serif" font-size="14" fill="#eeeeee">${xml(row.caption)}</text>`,
    );
    for (const [j, input] of row.cells.entries()) layers.push({ input, left: GAP + j * (W + GAP), top: top + CAP });
  }
  layers.push({
    input: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${sheetW}" height="${sheetH}">${texts.join("")}</svg>`,
    ),
    left: 0,
    top: 0,
  });
  fs.mkdirSync(path.dirname(out), { recursive: true });
  await sharp({ create: { width: sheetW, height: sheetH, channels: 3, background: "#121212" } })
    .composite(layers)
    .jpeg({ quality: 72, mozjpeg: true })
    .toFile(out);
  const mean = (kind: string) => {
    const xs = times.filter((t) => t.kind === kind).map((t) => t.ms);
    return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
  };
  const total = times.reduce((a, t) => a + t.ms, 0);
  console.log(
    `Edits: total ${(total / 1000).toFixed(1)} s; mean inpaint ${mean("inpaint").toFixed(0)} ms, removal ${mean("remove").toFixed(0)} ms, outpaint ${mean("outpaint").toFixed(0)} ms; max ${Math.max(...times.map((t) => t.ms)).toFixed(0)} ms`,
  );
  console.log(`Wrote ${out} (${(fs.statSync(out).size / 1024).toFixed(0)} KB)`);
}

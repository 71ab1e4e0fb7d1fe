/**
 * What the held-out checks of Studio's edits share (scripts/edit-held-out.ts and edit-held-out-2.ts,
 * each its own cases): masks drawn from shapes, the overlay that shows them, the run that paints
 * each source and edits it, and the contact sheet (before | mask or hatched new area | after, one
 * edit a row, a caption above each). Pictures are 512 px on the long side; outpaints are fitted to
 * 512 px too (maxSide), to spare a shared machine.
 */
import fs from "node:fs";
import path from "node:path";
import sharp, { type OverlayOptions } from "sharp";
import { type EditSides, encodePng, type Raster, renderStudioEdit, renderStudioImage } from "../src/index";

export type Shape =
  | { kind: "rect"; x0: number; y0: number; x1: number; y1: number }
  | { kind: "ellipse"; cx: number; cy: number; rx: number; ry: number }
  /** A brush stroke through points, each point with its own radius: a hand-drawn blob. */
  | { kind: "stroke"; points: [number, number, number][] };

export interface HeldOutEdit {
  kind: "inpaint" | "remove" | "outpaint";
  /** What the source picture is painted from. */
  scene: string;
  style: string;
  shape: "wide" | "tall";
  /** The edit's prompt; empty for a removal. */
  prompt: string;
  /** Inpaint and removal: the mask, in fractions of the picture (0..1); feather in px. */
  mask?: { shapes: Shape[]; feather: number };
  sides?: EditSides;
  /** What the mask covers, for the caption. */
  where: string;
}

export const NO_SIDES: EditSides = { top: 0, right: 0, bottom: 0, left: 0 };

const LONG_SIDE = 512;

function sizeOf(shape: HeldOutEdit["shape"]): { width: number; height: number } {
  return shape === "wide" ? { width: LONG_SIDE, height: 384 } : { width: 384, height: LONG_SIDE };
}

const smooth = (d: number, feather: number) => Math.min(1, Math.max(0, 0.5 - d / Math.max(1, feather)));

/** Signed distance (px, negative inside) from a pixel to a shape, in the picture's pixels. */
function distance(shape: Shape, x: number, y: number, width: number, height: number): number {
  if (shape.kind === "rect") {
    const x0 = shape.x0 * width;
    const x1 = shape.x1 * width;
    const y0 = shape.y0 * height;
    const y1 = shape.y1 * height;
    const dx = Math.max(x0 - x, x - x1);
    const dy = Math.max(y0 - y, y - y1);
    if (dx <= 0 && dy <= 0) return Math.max(dx, dy);
    return Math.hypot(Math.max(0, dx), Math.max(0, dy));
  }
  if (shape.kind === "ellipse") {
    const rx = shape.rx * width;
    const ry = shape.ry * height;
    const k = Math.hypot((x - shape.cx * width) / rx, (y - shape.cy * height) / ry);
    return (k - 1) * Math.min(rx, ry);
  }
  // A stroke: the nearest segment, its radius read along it. Radii are fractions of the width.
  let best = Number.POSITIVE_INFINITY;
  const pts = shape.points;
  for (let s = 0; s < Math.max(1, pts.length - 1); s++) {
    const [ax, ay, ar] = pts[s]!;
    const [bx, by, br] = pts[Math.min(s + 1, pts.length - 1)]!;
    const px = ax * width;
    const py = ay * height;
    const vx = bx * width - px;
    const vy = by * height - py;
    const len2 = vx * vx + vy * vy;
    const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((x - px) * vx + (y - py) * vy) / len2));
    const r = (ar + (br - ar) * t) * width;
    best = Math.min(best, Math.hypot(x - (px + vx * t), y - (py + vy * t)) - r);
  }
  return best;
}

function drawMask(mask: NonNullable<HeldOutEdit["mask"]>, width: number, height: number): Raster {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let d = Number.POSITIVE_INFINITY;
      for (const shape of mask.shapes) d = Math.min(d, distance(shape, x + 0.5, y + 0.5, width, height));
      const v = Math.round(255 * smooth(d, mask.feather));
      const i = (y * width + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = v;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

/** The source with the mask tinted red, or (outpaint) placed in the widened frame with the new area hatched red. */
function overlay(source: Raster, mask: Raster | null, sides: EditSides | null): Raster {
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
  const s = sides ?? NO_SIDES;
  const left = Math.round((s.left / 100) * source.width);
  const right = Math.round((s.right / 100) * source.width);
  const top = Math.round((s.top / 100) * source.height);
  const bottom = Math.round((s.bottom / 100) * source.height);
  const width = source.width + left + right;
  const height = source.height + top + bottom;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const sx = x - left;
      const sy = y - top;
      if (sx >= 0 && sy >= 0 && sx < source.width && sy < source.height) {
        const i = (sy * source.width + sx) * 4;
        data[o] = source.data[i]!;
        data[o + 1] = source.data[i + 1]!;
        data[o + 2] = source.data[i + 2]!;
      } else {
        const hatch = (x + y) % 16 < 8;
        data[o] = hatch ? 200 : 150;
        data[o + 1] = hatch ? 60 : 40;
        data[o + 2] = hatch ? 60 : 40;
      }
      data[o + 3] = 255;
    }
  }
  return { width, height, data };
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

async function cell(raster: Raster, w: number, h: number): Promise<Buffer> {
  return sharp(await encodePng(raster))
    .resize(w, h, { fit: "contain", background: "#202020" })
    .png()
    .toBuffer();
}

/**
 * Paints each case's source (seed `seedBase` + its number), makes its edit, prints the times and writes
 * the sheet to `--out` (or `out`); `--dump DIR` also writes every source, mask, overlay and result as
 * PNG, `--only 1,5` runs those cases alone, `--sources` paints the sources only.
 */
export async function runHeldOutEdits(
  cases: HeldOutEdit[],
  args: string[],
  options: { seedBase: number; out: string },
): Promise<void> {
  const flag = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const out = flag("--out") ?? options.out;
  const dump = flag("--dump");
  const only = flag("--only")
    ?.split(",")
    .map((n) => Number(n));
  const sourcesOnly = args.includes("--sources");
  if (dump) fs.mkdirSync(dump, { recursive: true });

  const CELL_W = 300;
  const CELL_H = 225;
  const CAPTION = 26;
  const GAP = 6;
  const rows: { cells: Buffer[]; caption: string }[] = [];
  const timings: { n: number; kind: string; paint: number; edit: number }[] = [];

  for (const [index, c] of cases.entries()) {
    const n = index + 1;
    if (only && !only.includes(n)) continue;
    const { width, height } = sizeOf(c.shape);
    const seed = options.seedBase + n;
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
    const paint = performance.now() - t0;
    if (dump) fs.writeFileSync(path.join(dump, `${n}-source.png`), await encodePng(source));
    if (sourcesOnly) {
      console.log(`#${n} source ${width}×${height} ${paint.toFixed(0)} ms: ${c.scene}`);
      continue;
    }
    const mask = c.mask ? drawMask(c.mask, width, height) : null;
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
      ...(c.sides ? { sides: c.sides, maxSide: LONG_SIDE } : {}),
    });
    const edit = performance.now() - t0;
    timings.push({ n, kind: c.kind, paint, edit });
    console.log(
      `#${String(n).padStart(2)} ${c.kind.padEnd(8)} paint ${paint.toFixed(0).padStart(5)} ms  edit ${edit
        .toFixed(0)
        .padStart(
          5,
        )} ms  ${result.width}×${result.height}  ${c.kind === "remove" ? "(removal)" : c.prompt || "(no prompt)"}: ${c.where}`,
    );
    const shown = overlay(source, mask, c.sides ?? null);
    if (dump) {
      if (mask) fs.writeFileSync(path.join(dump, `${n}-mask.png`), await encodePng(mask));
      fs.writeFileSync(path.join(dump, `${n}-overlay.png`), await encodePng(shown));
      fs.writeFileSync(path.join(dump, `${n}-result.png`), await encodePng(result));
    }
    const what =
      c.kind === "remove"
        ? `remove (empty prompt), ${c.where}`
        : c.kind === "outpaint"
          ? `outpaint ${c.where}`
          : `inpaint "${c.prompt}", ${c.where}`;
    rows.push({
      cells: [
        await cell(source, CELL_W, CELL_H),
        await cell(shown, CELL_W, CELL_H),
        await cell(result, CELL_W, CELL_H),
      ],
      caption: `${n}. ${what} — source: "${c.scene}", ${c.style}`,
    });
  }
  if (sourcesOnly || rows.length === 0) return;

  const sheetW = GAP + 3 * (CELL_W + GAP);
  const rowH = CAPTION + CELL_H + GAP;
  const sheetH = GAP + rows.length * rowH;
  const layers: OverlayOptions[] = [];
  const captions: string[] = [];
  rows.forEach((row, r) => {
    const top = GAP + r * rowH;
    captions.push(
      `<text x="${GAP}" y="${top + CAPTION - 8}" font-family="sans-serif" font-size="14" fill="#eeeeee">${escapeXml(row.caption)}</text>`,
    );
    row.cells.forEach((input, k) => {
      layers.push({ input, left: GAP + k * (CELL_W + GAP), top: top + CAPTION });
    });
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${sheetW}" height="${sheetH}">${captions.join("")}</svg>`;
  layers.push({ input: Buffer.from(svg), left: 0, top: 0 });
  fs.mkdirSync(path.dirname(out), { recursive: true });
  await sharp({ create: { width: sheetW, height: sheetH, channels: 3, background: "#121212" } })
    .composite(layers)
    .jpeg({ quality: 72, mozjpeg: true })
    .toFile(out);
  const edits = timings.map((t) => t.edit);
  const byKind = (kind: string) => timings.filter((t) => t.kind === kind).map((t) => t.edit);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  console.log(
    `Edits: total ${(edits.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s; mean inpaint ${mean(byKind("inpaint")).toFixed(0)} ms, removal ${mean(byKind("remove")).toFixed(0)} ms, outpaint ${mean(byKind("outpaint")).toFixed(0)} ms; max ${Math.max(...edits).toFixed(0)} ms`,
  );
  console.log(`Wrote ${out} (${(fs.statSync(out).size / 1024).toFixed(0)} KB)`);
}

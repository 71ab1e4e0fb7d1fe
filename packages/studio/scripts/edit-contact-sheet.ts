/**
 * The contact sheet of Studio's edits (issue 31): Studio pictures before and after an edit, side
 * by side, the masked area outlined on the "before", with what was asked as the caption.
 * Removal masks are drawn around the things Studio placed (the same placement the render used),
 * so they cover what they are meant to remove.
 *   node packages/studio/scripts/edit-contact-sheet.mjs [--out docs/images/studio-edits.jpg] [--size 512] [--only 3]
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp, { type OverlayOptions } from "sharp";
import { renderStudioEdit, type StudioEditTask } from "../src/edit/edit";
import { createRandom } from "../src/random";
import { createRaster, type Raster } from "../src/raster";
import { renderStudioImage } from "../src/render";
import { createContext } from "../src/scene/context";
import { parsePrompt } from "../src/scene/parse-prompt";
import { placeThings } from "../src/subjects/draw-things";

/** A picture Studio paints first: the one edited. */
interface Picture {
  prompt: string;
  style: string;
  width: number;
  height: number;
  seed: number;
}

/** An ellipse or a rectangle in the picture's fractions (0..1), with a feathered edge of `feather` fractions. */
type Shape =
  | { kind: "ellipse"; cx: number; cy: number; rx: number; ry: number }
  | { kind: "rect"; x0: number; y0: number; x1: number; y1: number };

interface Entry {
  picture: Picture;
  kind: "inpaint" | "outpaint";
  prompt: string;
  /** The style of the edit (what new things are finished in); the picture's by default. */
  style?: string;
  mask?: { shapes: Shape[]; feather: number };
  /** Inpaint: mask the things of the picture whose id is listed (their boxes, grown by `grow`). */
  removeThings?: { ids: string[]; grow: number };
  sides?: StudioEditTask["sides"];
  note: string;
}

const square = (prompt: string, style = "natural", seed = 11): Picture => ({
  prompt,
  style,
  width: 512,
  height: 512,
  seed,
});

const ENTRIES: Entry[] = [
  // Inpaint with a prompt: what it names, painted into the mask in the picture's light.
  {
    picture: square("a lake at dusk with mountains", "natural", 4),
    kind: "inpaint",
    prompt: "a sky full of lanterns",
    mask: { shapes: [{ kind: "rect", x0: 0, y0: 0, x1: 1, y1: 0.34 }], feather: 0.06 },
    note: "the upper sky masked",
  },
  {
    picture: square("green hills and a meadow of flowers on a sunny day", "natural", 5),
    kind: "inpaint",
    prompt: "a red hot air balloon",
    mask: { shapes: [{ kind: "ellipse", cx: 0.68, cy: 0.26, rx: 0.2, ry: 0.2 }], feather: 0.04 },
    note: "an oval in the sky",
  },
  {
    picture: square("a sandy beach by the sea on a summer afternoon", "natural", 6),
    kind: "inpaint",
    prompt: "a cat",
    mask: { shapes: [{ kind: "ellipse", cx: 0.3, cy: 0.8, rx: 0.2, ry: 0.16 }], feather: 0.03 },
    note: "an oval on the sand",
  },
  {
    picture: square("a calm sea at sunset", "natural", 7),
    kind: "inpaint",
    prompt: "a sailboat",
    mask: { shapes: [{ kind: "rect", x0: 0.5, y0: 0.4, x1: 0.9, y1: 0.8 }], feather: 0.04 },
    note: "a box on the water",
  },
  {
    picture: square("a mountain lake at sunrise", "oil-painting", 23),
    kind: "inpaint",
    prompt: "a swan",
    mask: { shapes: [{ kind: "ellipse", cx: 0.4, cy: 0.75, rx: 0.16, ry: 0.13 }], feather: 0.03 },
    note: "an oval on the water, oil painting",
  },
  {
    picture: square("a desert with dunes under a starry night sky", "natural", 18),
    kind: "inpaint",
    prompt: "a camel",
    mask: { shapes: [{ kind: "ellipse", cx: 0.5, cy: 0.72, rx: 0.26, ry: 0.2 }], feather: 0.03 },
    note: "an oval on the dunes",
  },
  {
    picture: square("a snowy village at night", "natural", 8),
    kind: "inpaint",
    prompt: "a starry sky with a full moon",
    mask: { shapes: [{ kind: "rect", x0: 0, y0: 0, x1: 1, y1: 0.42 }], feather: 0.08 },
    note: "the sky masked",
  },
  {
    picture: square("green hills after the rain", "natural", 22),
    kind: "inpaint",
    prompt: "a rainbow",
    mask: { shapes: [{ kind: "rect", x0: 0, y0: 0, x1: 1, y1: 0.5 }], feather: 0.08 },
    note: "the sky masked",
  },
  // Remove: no prompt, the area filled from the rest of the picture.
  {
    picture: square("a lighthouse on a cliff above the sea", "natural", 9),
    kind: "inpaint",
    prompt: "",
    removeThings: { ids: ["lighthouse"], grow: 0.1 },
    note: "the lighthouse masked",
  },
  {
    picture: square("a rowboat on a calm lake with mountains", "natural", 10),
    kind: "inpaint",
    prompt: "",
    removeThings: { ids: ["rowboat"], grow: 0.15 },
    note: "the boat masked",
  },
  {
    picture: square("a red fox in a snowy forest", "natural", 12),
    kind: "inpaint",
    prompt: "",
    removeThings: { ids: ["fox"], grow: 0.12 },
    note: "the fox masked",
  },
  {
    picture: square("a red barn in a wheat field", "watercolor", 13),
    kind: "inpaint",
    prompt: "",
    removeThings: { ids: ["barn"], grow: 0.08 },
    note: "the barn masked, on a watercolour",
  },
  // Outpaint: the picture widened, its sky, ground and textures continued.
  {
    picture: { prompt: "a castle on a hill at golden hour", style: "natural", width: 384, height: 576, seed: 14 },
    kind: "outpaint",
    prompt: "",
    sides: { top: 0, right: 50, bottom: 0, left: 50 },
    note: "portrait to landscape, sides +50 %",
  },
  {
    picture: { prompt: "a lighthouse on a cliff above the sea", style: "natural", width: 384, height: 576, seed: 20 },
    kind: "outpaint",
    prompt: "",
    sides: { top: 0, right: 50, bottom: 0, left: 50 },
    note: "portrait to landscape, sides +50 %",
  },
  {
    picture: square("a cottage in a meadow at sunset", "watercolor", 21),
    kind: "outpaint",
    prompt: "",
    sides: { top: 0, right: 50, bottom: 0, left: 50 },
    note: "sides +50 %, on a watercolour",
  },
  {
    picture: square("fishing boats in a harbor at dawn", "oil-painting", 16),
    kind: "outpaint",
    prompt: "a sailboat",
    sides: { top: 0, right: 100, bottom: 0, left: 0 },
    note: "right +100 %, oil painting",
  },
  {
    picture: square("a snowy mountain valley with pine trees", "natural", 19),
    kind: "outpaint",
    prompt: "",
    sides: { top: 50, right: 0, bottom: 0, left: 0 },
    note: "top +50 %: more sky",
  },
  {
    picture: square("a calm lake with mountains at noon", "natural", 24),
    kind: "outpaint",
    prompt: "",
    sides: { top: 0, right: 25, bottom: 50, left: 25 },
    note: "bottom +50 %, sides +25 %",
  },
];

function renderPicture(p: Picture): Raster {
  return renderStudioImage({
    mode: "text",
    prompt: p.prompt,
    negativePrompt: "",
    style: p.style,
    width: p.width,
    height: p.height,
    seed: p.seed,
    strength: 1,
    christmas: false,
  });
}

/** A mask raster: white inside the shapes, fading to black over the feather. */
function maskOf(p: Picture, shapes: Shape[], feather: number): Raster {
  const mask = createRaster(p.width, p.height, [0, 0, 0]);
  const f = Math.max(1e-6, feather);
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      const u = (x + 0.5) / p.width;
      const v = (y + 0.5) / p.height;
      let a = 0;
      for (const s of shapes) {
        // Signed distance-ish, in fractions of the picture: negative inside.
        let d: number;
        if (s.kind === "ellipse") {
          const k = Math.hypot((u - s.cx) / s.rx, (v - s.cy) / s.ry);
          d = (k - 1) * Math.min(s.rx, s.ry);
        } else {
          const dx = Math.max(s.x0 - u, u - s.x1);
          const dy = Math.max(s.y0 - v, v - s.y1);
          d = Math.max(dx, dy);
        }
        // Fully white from `f` inside the edge; black outside it.
        const t = Math.min(1, Math.max(0, -d / f));
        a = Math.max(a, t * t * (3 - 2 * t));
      }
      const i = (y * p.width + x) * 4;
      mask.data[i] = mask.data[i + 1] = mask.data[i + 2] = Math.round(a * 255);
    }
  }
  return mask;
}

/** Ellipses around the boxes of the picture's things of the given ids (as Studio placed them). */
function thingShapes(p: Picture, ids: string[], grow: number): Shape[] {
  const scene = parsePrompt(p.prompt, { christmas: false });
  const data = new Uint8ClampedArray(p.width * p.height * 4);
  const ctx = createContext(scene, p.width, p.height, createRandom(p.seed).fork("scene"), data);
  const placed = placeThings(ctx).filter((t) => ids.includes(t.definition.id));
  if (placed.length === 0) throw new Error(`No ${ids.join(", ")} placed in "${p.prompt}"`);
  return placed.map(({ box }) => {
    const g = Math.max(box.w, box.h) * grow;
    return {
      kind: "rect",
      x0: (box.x - box.w / 2 - g) / p.width,
      y0: (box.y - box.h - g) / p.height,
      x1: (box.x + box.w / 2 + g) / p.width,
      y1: (box.y + g * 0.6) / p.height,
    };
  });
}

function rasterInput(raster: Raster) {
  return {
    input: Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength),
    raw: { width: raster.width, height: raster.height, channels: 4 as const },
  };
}

/** The "before": the picture with the mask's edge drawn on it and the masked area a little lighter. */
function outlined(picture: Raster, mask: Raster | undefined): Raster {
  const out = { ...picture, data: new Uint8ClampedArray(picture.data) };
  if (!mask) return out;
  const { width: w, height: h } = picture;
  const at = (x: number, y: number) => mask.data[(y * w + x) * 4]! >= 128;
  const t = Math.max(1, Math.round(w / 256));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const inside = at(x, y);
      let edge = false;
      for (let d = 1; d <= t && !edge; d++)
        edge =
          (x >= d && at(x - d, y) !== inside) ||
          (x + d < w && at(x + d, y) !== inside) ||
          (y >= d && at(x, y - d) !== inside) ||
          (y + d < h && at(x, y + d) !== inside);
      if (edge) {
        out.data[i] = 255;
        out.data[i + 1] = 230;
        out.data[i + 2] = 40;
      } else if (inside) {
        for (let k = 0; k < 3; k++) out.data[i + k] = out.data[i + k]! + (255 - out.data[i + k]!) * 0.18;
      }
    }
  }
  return out;
}

/** The "before" of an outpaint: the picture in the middle of the frame the result fills, the new area hatched. */
function framed(picture: Raster, result: Raster, sides: NonNullable<StudioEditTask["sides"]>): Raster {
  const s = result.width / (picture.width * (1 + (sides.left + sides.right) / 100));
  const out = createRaster(result.width, result.height, [236, 230, 220]);
  const ox = Math.round(picture.width * s * (sides.left / 100));
  const oy = Math.round(picture.height * s * (sides.top / 100));
  const sw = Math.round(picture.width * s);
  const sh = Math.round(picture.height * s);
  for (let y = 0; y < result.height; y++) {
    for (let x = 0; x < result.width; x++) {
      const i = (y * result.width + x) * 4;
      const px = Math.floor(((x - ox) / sw) * picture.width);
      const py = Math.floor(((y - oy) / sh) * picture.height);
      if (x >= ox && y >= oy && x < ox + sw && y < oy + sh) {
        const p = (py * picture.width + px) * 4;
        out.data[i] = picture.data[p]!;
        out.data[i + 1] = picture.data[p + 1]!;
        out.data[i + 2] = picture.data[p + 2]!;
      } else if ((x + y) % 14 < 2) {
        out.data[i] = 200;
        out.data[i + 1] = 190;
        out.data[i + 2] = 176;
      }
    }
  }
  return out;
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

export async function main(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      out: { type: "string", default: "docs/images/studio-edits.jpg" },
      only: { type: "string" },
      cell: { type: "string", default: "300" },
    },
  });
  const cell = Number(values.cell);
  const entries = values.only ? values.only.split(",").map((k) => ENTRIES[Number(k) - 1]!) : ENTRIES;
  const columns = 2;
  const gap = 14;
  const inner = 6;
  const caption = 44;
  const header = 40;
  const pairWidth = 2 * cell + inner;
  const width = gap + columns * (pairWidth + gap);
  const rows = Math.ceil(entries.length / columns);
  const height = header + rows * (cell + caption + gap);
  const tiles: OverlayOptions[] = [];
  const text: string[] = [
    `<text x="${gap}" y="27" font-size="18" font-weight="bold">Studio edits (issue 31): before, after · inpaint with a prompt, remove (no prompt), outpaint</text>`,
  ];
  let totalMs = 0;
  for (const [k, entry] of entries.entries()) {
    const p = entry.picture;
    const picture = renderPicture(p);
    const mask = entry.mask
      ? maskOf(p, entry.mask.shapes, entry.mask.feather)
      : entry.removeThings
        ? maskOf(p, thingShapes(p, entry.removeThings.ids, entry.removeThings.grow), 0.012)
        : undefined;
    const started = performance.now();
    const result = renderStudioEdit({
      kind: entry.kind,
      prompt: entry.prompt,
      negativePrompt: "",
      style: entry.style ?? p.style,
      seed: p.seed,
      christmas: false,
      source: picture,
      ...(mask ? { mask } : {}),
      ...(entry.sides ? { sides: entry.sides } : {}),
    });
    const ms = performance.now() - started;
    totalMs += ms;
    const before = entry.kind === "outpaint" ? framed(picture, result, entry.sides!) : outlined(picture, mask);
    const col = k % columns;
    const row = Math.floor(k / columns);
    const left = gap + col * (pairWidth + gap);
    const top = header + row * (cell + caption + gap);
    for (const [j, image] of [before, result].entries()) {
      const fit = Math.min(cell / image.width, cell / image.height);
      const tw = Math.round(image.width * fit);
      const th = Math.round(image.height * fit);
      const { input, raw } = rasterInput(image);
      tiles.push({
        input: await sharp(input, { raw }).resize(tw, th).png().toBuffer(),
        left: left + j * (cell + inner) + Math.round((cell - tw) / 2),
        top: top + Math.round((cell - th) / 2),
      });
    }
    const what =
      entry.kind === "outpaint"
        ? `Outpaint${entry.prompt ? ` “${entry.prompt}”` : ""}`
        : entry.prompt
          ? `Inpaint “${entry.prompt}”`
          : "Remove (no prompt)";
    text.push(
      `<text x="${left}" y="${top + cell + 17}" font-size="14"><tspan font-weight="bold">#${k + 1} ${escapeXml(what)}</tspan> · ${escapeXml(entry.note)}</text>`,
      `<text x="${left}" y="${top + cell + 35}" font-size="12" fill="#6b625a">on “${escapeXml(p.prompt)}” (${escapeXml(p.style)}, ${p.width}×${p.height}) → ${result.width}×${result.height}, ${Math.round(ms)} ms</text>`,
    );
    console.log(`${String(k + 1).padStart(2)} ${Math.round(ms)} ms  ${what} on ${p.prompt}`);
  }
  console.log(`edits: ${Math.round(totalMs)} ms in all`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g font-family="DejaVu Sans, sans-serif" fill="#2b2622">${text.join("")}</g></svg>`;
  const out = path.resolve(values.out!);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const sheet = sharp({ create: { width, height, channels: 3, background: "#f6f1e9" } }).composite([
    { input: Buffer.from(svg), left: 0, top: 0 },
    ...tiles,
  ]);
  await (/\.jpe?g$/i.test(out) ? sheet.jpeg({ quality: 84, mozjpeg: true }) : sheet.png()).toFile(out);
  console.log(out);
}

/**
 * The doodle's model and its rendering, apart from React: a list of operations (strokes, fills,
 * clears and pictures) replayed onto a canvas at the drawing's logical resolution.
 *
 * Semantic brushes paint their exact label colour, fully opaque (the server reads the colours,
 * see doodle-brushes.ts); the canvas starts white (#ffffff, unpainted paper).
 */
import { getStroke, type StrokeOptions } from "perfect-freehand";
import { DOODLE_PAPER, findBrush } from "@atelier/studio/brushes";

/** [x, y, pressure] in logical canvas pixels. */
export type StrokePoint = [number, number, number];

export type DoodleOp =
  | { kind: "stroke"; brush: string; color: string; size: number; pen: boolean; points: StrokePoint[]; path?: Path2D }
  | { kind: "fill"; x: number; y: number; color: string; layer?: HTMLCanvasElement | null }
  | { kind: "clear" }
  | { kind: "picture"; src: string; image?: HTMLImageElement };

export const ERASER = { id: "eraser", label: "Eraser", color: DOODLE_PAPER.color } as const;

/** Region brushes (and the eraser) draw solid, even strokes; ink responds to pressure. */
export function strokeOptions(op: { brush: string; size: number; pen: boolean }, last: boolean): StrokeOptions {
  const brush = findBrush(op.brush);
  const solid = op.brush === ERASER.id || (brush?.semantic ?? true);
  if (solid) {
    return {
      size: op.size,
      thinning: 0,
      smoothing: 0.5,
      streamline: 0.35,
      simulatePressure: false,
      start: { cap: true },
      end: { cap: true },
      last,
    };
  }
  return {
    size: op.size,
    thinning: 0.55,
    smoothing: 0.5,
    streamline: 0.45,
    simulatePressure: !op.pen,
    start: { cap: true },
    end: { cap: true },
    last,
  };
}

/** perfect-freehand's outline as a closed SVG path (quadratic curves through midpoints). */
export function outlineToPath(outline: number[][]): string {
  if (outline.length < 4) return "";
  const avg = (a: number, b: number) => (a + b) / 2;
  const [first, second] = outline as [number[], number[]];
  let d = `M${first[0]!.toFixed(2)},${first[1]!.toFixed(2)} Q${second[0]!.toFixed(2)},${second[1]!.toFixed(2)} ${avg(second[0]!, outline[2]?.[0] ?? second[0]!).toFixed(2)},${avg(second[1]!, outline[2]?.[1] ?? second[1]!).toFixed(2)} T`;
  for (let i = 2; i < outline.length - 1; i++) {
    const a = outline[i]!;
    const b = outline[i + 1]!;
    d += `${avg(a[0]!, b[0]!).toFixed(2)},${avg(a[1]!, b[1]!).toFixed(2)} `;
  }
  return `${d}Z`;
}

export function strokePath(op: Extract<DoodleOp, { kind: "stroke" }>, last = true): Path2D {
  const outline = getStroke(op.points, strokeOptions(op, last));
  return new Path2D(outlineToPath(outline));
}

/** A stroke's cached outline (made once when the stroke ends or is restored). */
export function cachedPath(op: Extract<DoodleOp, { kind: "stroke" }>): Path2D {
  op.path ??= strokePath(op, true);
  return op.path;
}

export function paintPaper(ctx: CanvasRenderingContext2D, width: number, height: number) {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = "source-over";
  ctx.globalAlpha = 1;
  ctx.fillStyle = DOODLE_PAPER.color;
  ctx.fillRect(0, 0, width, height);
  ctx.restore();
}

/** Draws a picture scaled to fit (letterboxed on white), centred. */
export function paintPicture(
  ctx: CanvasRenderingContext2D,
  image: CanvasImageSource & { width: number; height: number },
  width: number,
  height: number,
) {
  paintPaper(ctx, width, height);
  const scale = Math.min(width / image.width, height / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(image, (width - w) / 2, (height - h) / 2, w, h);
}

const hexToRgb = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];

/**
 * "Fill region": every pixel connected to (x, y) whose colour is close to that pixel's, painted
 * in `color`, then grown by one pixel so the anti-aliased rim of the region's border is covered.
 * Returns a transparent layer with the region, or null when there is nothing to fill.
 */
export function floodFillLayer(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  color: string,
): HTMLCanvasElement | null {
  const { width, height } = ctx.canvas;
  const sx = Math.floor(x);
  const sy = Math.floor(y);
  if (sx < 0 || sy < 0 || sx >= width || sy >= height) return null;
  const pixels = ctx.getImageData(0, 0, width, height).data;
  const start = (sy * width + sx) * 4;
  const target = [pixels[start]!, pixels[start + 1]!, pixels[start + 2]!];
  const fill = hexToRgb(color);
  if (target[0] === fill[0] && target[1] === fill[1] && target[2] === fill[2]) return null;
  const TOLERANCE = 72; // summed channel difference: absorbs anti-aliasing, keeps real borders
  const similar = (p: number) =>
    Math.abs(pixels[p]! - target[0]!) + Math.abs(pixels[p + 1]! - target[1]!) + Math.abs(pixels[p + 2]! - target[2]!) <=
    TOLERANCE;

  const mask = new Uint8Array(width * height);
  const stack: number[] = [sx, sy];
  while (stack.length > 0) {
    const cy = stack.pop()!;
    let cx = stack.pop()!;
    while (cx >= 0 && !mask[cy * width + cx] && similar((cy * width + cx) * 4)) cx--;
    cx++;
    let spanUp = false;
    let spanDown = false;
    while (cx < width && !mask[cy * width + cx] && similar((cy * width + cx) * 4)) {
      mask[cy * width + cx] = 1;
      if (cy > 0) {
        const up = (cy - 1) * width + cx;
        const open = !mask[up] && similar(up * 4);
        if (open && !spanUp) stack.push(cx, cy - 1);
        spanUp = open;
      }
      if (cy < height - 1) {
        const down = (cy + 1) * width + cx;
        const open = !mask[down] && similar(down * 4);
        if (open && !spanDown) stack.push(cx, cy + 1);
        spanDown = open;
      }
      cx++;
    }
  }

  const layer = document.createElement("canvas");
  layer.width = width;
  layer.height = height;
  const layerCtx = layer.getContext("2d");
  if (!layerCtx) return null;
  const out = layerCtx.createImageData(width, height);
  const data = out.data;
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const i = py * width + px;
      // the region, plus its 4-neighbours (one pixel of growth over the border's soft rim)
      const inside =
        mask[i] ||
        (px > 0 && mask[i - 1]) ||
        (px < width - 1 && mask[i + 1]) ||
        (py > 0 && mask[i - width]) ||
        (py < height - 1 && mask[i + width]);
      if (!inside) continue;
      data[i * 4] = fill[0];
      data[i * 4 + 1] = fill[1];
      data[i * 4 + 2] = fill[2];
      data[i * 4 + 3] = 255;
    }
  }
  layerCtx.putImageData(out, 0, 0);
  return layer;
}

/** Draws one operation on top of what is there. Pictures must be loaded first (see loadPictures). */
export function paintOp(ctx: CanvasRenderingContext2D, op: DoodleOp, width: number, height: number) {
  switch (op.kind) {
    case "stroke":
      ctx.fillStyle = op.color;
      ctx.fill(cachedPath(op));
      return;
    case "fill":
      if (op.layer === undefined) op.layer = floodFillLayer(ctx, op.x, op.y, op.color);
      if (op.layer) ctx.drawImage(op.layer, 0, 0);
      return;
    case "clear":
      paintPaper(ctx, width, height);
      return;
    case "picture":
      if (op.image) paintPicture(ctx, op.image, width, height);
      else paintPaper(ctx, width, height);
      return;
  }
}

export function replay(ctx: CanvasRenderingContext2D, ops: readonly DoodleOp[], width: number, height: number) {
  paintPaper(ctx, width, height);
  for (const op of ops) paintOp(ctx, op, width, height);
}

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("That picture could not be read"));
    image.src = src;
  });
}

export async function loadPictures(ops: readonly DoodleOp[]): Promise<void> {
  await Promise.all(
    ops.map(async (op) => {
      if (op.kind === "picture" && !op.image) op.image = await loadImage(op.src).catch(() => undefined);
    }),
  );
}

/** What sessionStorage keeps: the operations without their caches. */
interface StoredDrawing {
  v: 1;
  width: number;
  height: number;
  ops: (
    | { k: "s"; b: string; c: string; s: number; pen: boolean; p: StrokePoint[] }
    | { k: "f"; x: number; y: number; c: string }
    | { k: "c" }
    | { k: "i"; src: string }
  )[];
}

const round = (n: number) => Math.round(n * 10) / 10;

export function serializeDrawing(ops: readonly DoodleOp[], width: number, height: number, withPictures = true): string {
  const stored: StoredDrawing = {
    v: 1,
    width,
    height,
    ops: ops.flatMap((op): StoredDrawing["ops"] => {
      switch (op.kind) {
        case "stroke":
          return [
            {
              k: "s",
              b: op.brush,
              c: op.color,
              s: op.size,
              pen: op.pen,
              p: op.points.map(([x, y, p]) => [round(x), round(y), Math.round(p * 100) / 100]),
            },
          ];
        case "fill":
          return [{ k: "f", x: op.x, y: op.y, c: op.color }];
        case "clear":
          return [{ k: "c" }];
        case "picture":
          return withPictures ? [{ k: "i", src: op.src }] : [{ k: "c" }];
        default: {
          const unknown: never = op;
          return unknown;
        }
      }
    }),
  };
  return JSON.stringify(stored);
}

const isHex = (v: unknown): v is string => typeof v === "string" && /^#[0-9a-f]{6}$/i.test(v);

export function parseDrawing(text: string | null, width: number, height: number): DoodleOp[] | null {
  if (!text) return null;
  try {
    const stored = JSON.parse(text) as StoredDrawing;
    if (stored?.v !== 1 || stored.width !== width || stored.height !== height || !Array.isArray(stored.ops))
      return null;
    const ops: DoodleOp[] = [];
    for (const op of stored.ops) {
      if (op.k === "s" && isHex(op.c) && Array.isArray(op.p) && op.p.length > 0) {
        ops.push({
          kind: "stroke",
          brush: String(op.b),
          color: op.c,
          size: Number(op.s) || 8,
          pen: Boolean(op.pen),
          points: op.p.map((pt) => [Number(pt[0]), Number(pt[1]), Number(pt[2] ?? 0.5)]),
        });
      } else if (op.k === "f" && isHex(op.c)) {
        ops.push({ kind: "fill", x: Number(op.x), y: Number(op.y), color: op.c });
      } else if (op.k === "c") {
        ops.push({ kind: "clear" });
      } else if (op.k === "i" && typeof op.src === "string" && op.src.startsWith("data:image/")) {
        ops.push({ kind: "picture", src: op.src });
      }
    }
    return ops;
  } catch {
    return null;
  }
}

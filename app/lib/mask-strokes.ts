/**
 * The inpaint mask as data, apart from React and the DOM (issue 31): what the mask editor
 * (app/components/studio/mask-editor.tsx) records while someone paints over a picture, its undo
 * and redo stacks, and how that record becomes a mask at any size.
 *
 * The mask is a list of operations replayed in order — brush strokes that add to the marked
 * area, eraser strokes that take from it, invert and clear — in the picture's own pixels, so the
 * same record draws the on-screen overlay at whatever size the page shows the picture and the
 * mask the server receives at the picture's natural size.
 *
 * Two ways to turn it into pixels, with the same geometry:
 * - `drawMask` on a 2D-canvas-like context: what the editor uses on screen and for the PNG (fast,
 *   the browser's anti-aliasing);
 * - `rasterizeMask` / `MaskCoverage` in plain arrays: how much of the picture is marked (for the
 *   canvas's label and `hasMask`), and what the tests check the geometry with.
 *
 * The feather (the softness of the mask's edge) is not an operation: it is applied when the mask
 * is made, as a Gaussian blur of the hard mask (three box blurs) centred on the painted edge —
 * half of the soft band falls inside what was painted, half outside, as A1111's `mask_blur` does.
 * Mask values follow the engines' convention (edit-canvas.ts): 255 = change, 0 = keep.
 */

/** Brush size: the brush's diameter in picture pixels (whatever the picture's size on screen). */
export const BRUSH_SIZE = { min: 4, max: 200, initial: 48 } as const;
/** Feather: the width, in picture pixels, of the soft band across the mask's edge. */
export const FEATHER = { min: 0, max: 64, initial: 8 } as const;

export type MaskTool = "brush" | "eraser";

/** [x, y, pressure] in the picture's pixels; pressure 0–1, 0.5 for a mouse or a finger (the nominal size). */
export type MaskPoint = readonly [x: number, y: number, pressure: number];

export interface MaskStroke {
  kind: "stroke";
  tool: MaskTool;
  /** Diameter at pressure 0.5, in picture pixels. */
  size: number;
  points: MaskPoint[];
}

export type MaskOp = MaskStroke | { kind: "invert" } | { kind: "clear" };

// ─── Undo and redo ───────────────────────────────────────────────────────────────────────────

/** What is on the mask (`done`, oldest first) and what undo took off it (`undone`, the next redo last). */
export interface MaskHistory {
  readonly done: readonly MaskOp[];
  readonly undone: readonly MaskOp[];
}

export const EMPTY_HISTORY: MaskHistory = { done: [], undone: [] };

/** One more step (a finished stroke, an invert, a clear); a new step forgets what could be redone. */
export function pushOp(history: MaskHistory, op: MaskOp): MaskHistory {
  return { done: [...history.done, op], undone: [] };
}

export function canUndo(history: MaskHistory): boolean {
  return history.done.length > 0;
}

export function canRedo(history: MaskHistory): boolean {
  return history.undone.length > 0;
}

export function undoOp(history: MaskHistory): MaskHistory {
  const op = history.done.at(-1);
  if (!op) return history;
  return { done: history.done.slice(0, -1), undone: [...history.undone, op] };
}

export function redoOp(history: MaskHistory): MaskHistory {
  const op = history.undone.at(-1);
  if (!op) return history;
  return { done: [...history.done, op], undone: history.undone.slice(0, -1) };
}

/**
 * The operations `next` adds to `drawn` when `drawn` is its beginning (the same objects — a
 * history only grows or shrinks at its end), or null when what was drawn must be started over
 * (after an undo). Lets a cached drawing take a new stroke without replaying every other one.
 */
export function opsToAppend(drawn: readonly MaskOp[], next: readonly MaskOp[]): readonly MaskOp[] | null {
  if (drawn.length > next.length) return null;
  for (let i = 0; i < drawn.length; i++) if (drawn[i] !== next[i]) return null;
  return next.slice(drawn.length);
}

// ─── Strokes ─────────────────────────────────────────────────────────────────────────────────

/** A pen's pressure moves the width a little (±25 %), so a light touch is not a hairline. */
export function pressureFactor(pressure: number): number {
  const p = Number.isFinite(pressure) ? Math.min(1, Math.max(0, pressure)) : 0.5;
  return 0.75 + 0.5 * p;
}

/** The brush's radius at a point, in picture pixels. */
export function pointRadius(stroke: Pick<MaskStroke, "size">, point: MaskPoint): number {
  return (stroke.size / 2) * pressureFactor(point[2]);
}

export function startStroke(tool: MaskTool, size: number, point: MaskPoint): MaskStroke {
  const clamped = Math.min(BRUSH_SIZE.max, Math.max(BRUSH_SIZE.min, size));
  return { kind: "stroke", tool, size: clamped, points: [point] };
}

/**
 * Adds a point to a stroke being painted, unless it is too close to the last one to change the
 * shape (a twentieth of the brush, at least a pixel): pointer events come at the screen's rate,
 * and a long stroke would otherwise carry thousands of points for the same outline. A point with
 * a different pressure is kept when it moves at all. Returns whether the point was added.
 */
export function appendPoint(stroke: MaskStroke, point: MaskPoint): boolean {
  const last = stroke.points.at(-1);
  if (last) {
    const distance = Math.hypot(point[0] - last[0], point[1] - last[1]);
    const step = Math.max(1, stroke.size * 0.05);
    if (distance === 0 || (distance < step && Math.abs(point[2] - last[2]) < 0.05)) return false;
  }
  stroke.points.push(point);
  return true;
}

/** Keeps a point on the picture: a stroke dragged past its edge slides along it. */
export function clampPoint(x: number, y: number, pressure: number, width: number, height: number): MaskPoint {
  return [Math.min(width, Math.max(0, x)), Math.min(height, Math.max(0, y)), pressure];
}

// ─── Drawing on a canvas ─────────────────────────────────────────────────────────────────────

/**
 * The part of CanvasRenderingContext2D (or OffscreenCanvasRenderingContext2D) drawing a mask
 * needs, so the drawing can be checked without a browser.
 */
export interface MaskContext {
  globalCompositeOperation: string;
  fillStyle: unknown;
  save(): void;
  restore(): void;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number, counterclockwise?: boolean): void;
  closePath(): void;
  fill(fillRule?: "nonzero" | "evenodd"): void;
}

export interface DrawTarget {
  /** The context's size in its own pixels. */
  width: number;
  height: number;
  /** Its pixels per picture pixel (1 for the mask at the picture's natural size). */
  scale: number;
  /** What "marked" is painted with: white for the mask itself, the accent colour for an overlay. */
  color: string;
}

/**
 * A stroke's outline as one path: a circle at every point and, between two points, the
 * quadrilateral joining their circles' sides. Every piece winds the same way (clockwise on
 * screen), so the nonzero fill is their union with no seams where they overlap — filling the
 * pieces one by one would leave faint lines of half-covered pixels inside the stroke.
 */
export function traceStroke(ctx: Pick<MaskContext, "moveTo" | "lineTo" | "arc" | "closePath">, stroke: MaskStroke) {
  const { points } = stroke;
  for (const point of points) {
    const r = pointRadius(stroke, point);
    ctx.moveTo(point[0] + r, point[1]);
    ctx.arc(point[0], point[1], r, 0, Math.PI * 2, false);
    ctx.closePath();
  }
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length === 0) continue;
    // The unit normal to the segment; its corners taken in this order wind like the circles.
    const nx = -(b[1] - a[1]) / length;
    const ny = (b[0] - a[0]) / length;
    const ra = pointRadius(stroke, a);
    const rb = pointRadius(stroke, b);
    ctx.moveTo(a[0] + nx * ra, a[1] + ny * ra);
    ctx.lineTo(a[0] - nx * ra, a[1] - ny * ra);
    ctx.lineTo(b[0] - nx * rb, b[1] - ny * rb);
    ctx.lineTo(b[0] + nx * rb, b[1] + ny * rb);
    ctx.closePath();
  }
}

/** Applies one operation to what the context holds (transparent = unmarked). */
export function drawMaskOp(ctx: MaskContext, op: MaskOp, target: DrawTarget) {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  if (op.kind === "clear") {
    ctx.clearRect(0, 0, target.width, target.height);
  } else if (op.kind === "invert") {
    // XOR with an opaque rectangle turns coverage a into 1 − a, in the marking colour.
    ctx.globalCompositeOperation = "xor";
    ctx.fillStyle = target.color;
    ctx.fillRect(0, 0, target.width, target.height);
  } else if (op.points.length > 0) {
    ctx.globalCompositeOperation = op.tool === "brush" ? "source-over" : "destination-out";
    ctx.fillStyle = target.color;
    ctx.setTransform(target.scale, 0, 0, target.scale, 0, 0);
    ctx.beginPath();
    traceStroke(ctx, op);
    ctx.fill("nonzero");
  }
  ctx.restore();
}

/** Draws the whole mask from scratch. */
export function drawMask(ctx: MaskContext, ops: readonly MaskOp[], target: DrawTarget) {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, target.width, target.height);
  ctx.restore();
  for (const op of ops) drawMaskOp(ctx, op, target);
}

// ─── Rasterising in plain arrays ─────────────────────────────────────────────────────────────

/**
 * How much of a pixel a brush of radius r covers at distance d from its centre line (a one-pixel
 * anti-aliased edge). A brush thinner than a pixel — a small brush on a shrunken raster — still
 * touches the pixel it crosses, faintly, as a canvas draws a hairline.
 */
function brushCoverage(r: number, d: number): number {
  if (r >= 0.5) return Math.min(1, Math.max(0, r - d + 0.5));
  return Math.min(1, Math.max(0, 1 - d)) * 2 * r;
}

/**
 * Applies one operation to a coverage raster (0 = unmarked, 1 = marked) of `width` × `height`
 * pixels, `scale` of them per picture pixel. Strokes composite as the canvas does: a brush is
 * source-over, the eraser destination-out.
 */
export function applyOpToCoverage(coverage: Float32Array, width: number, height: number, op: MaskOp, scale: number) {
  if (op.kind === "clear") {
    coverage.fill(0);
    return;
  }
  if (op.kind === "invert") {
    for (let i = 0; i < coverage.length; i++) coverage[i] = 1 - coverage[i]!;
    return;
  }
  if (op.points.length === 0) return;
  const pts = op.points.map((p) => ({ x: p[0] * scale, y: p[1] * scale, r: pointRadius(op, p) * scale }));
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const p of pts) {
    const reach = Math.max(p.r, 0.5) + 1;
    minX = Math.min(minX, p.x - reach);
    minY = Math.min(minY, p.y - reach);
    maxX = Math.max(maxX, p.x + reach);
    maxY = Math.max(maxY, p.y + reach);
  }
  const x0 = Math.max(0, Math.floor(minX));
  const y0 = Math.max(0, Math.floor(minY));
  const x1 = Math.min(width, Math.ceil(maxX));
  const y1 = Math.min(height, Math.ceil(maxY));
  if (x1 <= x0 || y1 <= y0) return;
  const bw = x1 - x0;
  // The stroke's own coverage first (the most any of its pieces gives a pixel), then composited
  // once: a stroke crossing itself is not darker where it crosses, as on the canvas.
  const own = new Float32Array(bw * (y1 - y0));
  const segments = pts.length === 1 ? [[pts[0]!, pts[0]!] as const] : pts.slice(1).map((b, i) => [pts[i]!, b] as const);
  for (const [a, b] of segments) {
    const reach = Math.max(a.r, b.r, 0.5) + 1;
    const sx0 = Math.max(x0, Math.floor(Math.min(a.x, b.x) - reach));
    const sy0 = Math.max(y0, Math.floor(Math.min(a.y, b.y) - reach));
    const sx1 = Math.min(x1, Math.ceil(Math.max(a.x, b.x) + reach));
    const sy1 = Math.min(y1, Math.ceil(Math.max(a.y, b.y) + reach));
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const lengthSq = dx * dx + dy * dy;
    for (let y = sy0; y < sy1; y++) {
      const cy = y + 0.5;
      for (let x = sx0; x < sx1; x++) {
        const cx = x + 0.5;
        const t = lengthSq === 0 ? 0 : Math.min(1, Math.max(0, ((cx - a.x) * dx + (cy - a.y) * dy) / lengthSq));
        const d = Math.hypot(cx - (a.x + t * dx), cy - (a.y + t * dy));
        const c = brushCoverage(a.r + (b.r - a.r) * t, d);
        const k = (y - y0) * bw + (x - x0);
        if (c > own[k]!) own[k] = c;
      }
    }
  }
  const erase = op.tool === "eraser";
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const c = own[(y - y0) * bw + (x - x0)]!;
      if (c === 0) continue;
      const i = y * width + x;
      const a = coverage[i]!;
      coverage[i] = erase ? a * (1 - c) : a + c * (1 - a);
    }
  }
}

/** The mask's size on a raster `scale` times the picture's (at least one pixel each way). */
export function rasterSize(width: number, height: number, scale: number) {
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The mask as one byte per pixel (255 = change, 0 = keep), `scale` times the picture's size,
 * with the feather (in picture pixels) applied.
 */
export function rasterizeMask(
  ops: readonly MaskOp[],
  picture: { width: number; height: number },
  { scale = 1, feather = 0 }: { scale?: number; feather?: number } = {},
): { alpha: Uint8ClampedArray; width: number; height: number } {
  const { width, height } = rasterSize(picture.width, picture.height, scale);
  const coverage = new Float32Array(width * height);
  for (const op of ops) applyOpToCoverage(coverage, width, height, op, scale);
  const alpha = new Uint8ClampedArray(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = Math.round(coverage[i]! * 255);
  featherAlpha(alpha, width, height, feather * scale);
  return { alpha, width, height };
}

// ─── The feather ─────────────────────────────────────────────────────────────────────────────

/**
 * A Gaussian's edge rises from 5 % to 95 % over 3.29 standard deviations: a feather of F pixels
 * is a blur with σ = F / 3.29, so the soft band is F pixels wide. The editor's preview (a CSS
 * blur, whose radius is σ) uses the same σ.
 */
export function featherSigma(feather: number): number {
  return Math.max(0, feather) / 3.29;
}

/**
 * The radii of three box blurs whose sum approximates a Gaussian of this σ (W. Wells, "Efficient
 * synthesis of Gaussian filters by cascaded uniform filters", 1986): box blurs cost the same at
 * any radius, and the feather goes up to 64 pixels on pictures of several megapixels.
 */
export function gaussianBoxRadii(sigma: number, passes = 3): number[] {
  const ideal = Math.sqrt((12 * sigma * sigma) / passes + 1);
  let lower = Math.floor(ideal);
  if (lower % 2 === 0) lower--;
  const upper = lower + 2;
  const lowerCount = Math.round(
    (12 * sigma * sigma - passes * lower * lower - 4 * passes * lower - 3 * passes) / (-4 * lower - 4),
  );
  return Array.from({ length: passes }, (_, i) => ((i < lowerCount ? lower : upper) - 1) / 2);
}

/** One box blur along a line, the line's ends repeated beyond it (a mask painted to the edge stays white there). */
function boxBlurLine(src: Float32Array, dst: Float32Array, n: number, r: number) {
  if (r <= 0) {
    dst.set(src.subarray(0, n));
    return;
  }
  const last = n - 1;
  let sum = (r + 1) * src[0]!;
  for (let i = 1; i <= r; i++) sum += src[Math.min(i, last)]!;
  const width = 2 * r + 1;
  for (let i = 0; i < n; i++) {
    dst[i] = sum / width;
    sum += src[Math.min(i + r + 1, last)]! - src[Math.max(i - r, 0)]!;
  }
}

/**
 * Softens a mask's edge in place: `alpha` is one byte per pixel, `feather` the width of the soft
 * band in this raster's pixels. Rows then columns, each line blurred in floating point and
 * rounded once, with two lines of scratch memory whatever the picture's size.
 */
export function featherAlpha(alpha: Uint8ClampedArray, width: number, height: number, feather: number) {
  const radii = gaussianBoxRadii(featherSigma(feather)).filter((r) => r > 0);
  if (radii.length === 0 || width === 0 || height === 0) return;
  const longest = Math.max(width, height);
  let a = new Float32Array(longest);
  let b = new Float32Array(longest);
  const blurLine = (n: number) => {
    for (const r of radii) {
      boxBlurLine(a, b, n, r);
      [a, b] = [b, a];
    }
  };
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) a[x] = alpha[row + x]!;
    blurLine(width);
    for (let x = 0; x < width; x++) alpha[row + x] = Math.round(a[x]!);
  }
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) a[y] = alpha[y * width + x]!;
    blurLine(height);
    for (let y = 0; y < height; y++) alpha[y * width + x] = Math.round(a[y]!);
  }
}

// ─── From alpha to the mask's pixels ─────────────────────────────────────────────────────────

/** Reads the alpha channel of RGBA pixels (what a canvas holding the hard mask gives). */
export function alphaOf(rgba: Uint8ClampedArray): Uint8ClampedArray {
  const alpha = new Uint8ClampedArray(rgba.length / 4);
  for (let i = 0; i < alpha.length; i++) alpha[i] = rgba[i * 4 + 3]!;
  return alpha;
}

/** Writes the mask as opaque greys into RGBA pixels: white where the picture changes, black where it stays. */
export function writeMaskPixels(alpha: Uint8ClampedArray, rgba: Uint8ClampedArray) {
  for (let i = 0; i < alpha.length; i++) {
    const v = alpha[i]!;
    const o = i * 4;
    rgba[o] = v;
    rgba[o + 1] = v;
    rgba[o + 2] = v;
    rgba[o + 3] = 255;
  }
}

export function anyMarked(alpha: Uint8ClampedArray): boolean {
  for (let i = 0; i < alpha.length; i++) if (alpha[i]! > 0) return true;
  return false;
}

// ─── How much is marked ──────────────────────────────────────────────────────────────────────

/** Less than this (a two-hundred-and-fifty-fifth of a pixel's worth) does not count as marked. */
const MARKED = 1 / 255;

export interface CoverageSummary {
  /** The marked share of the picture, 0–1 (a half-covered pixel counts half). */
  fraction: number;
  /** Whether any pixel is marked at all. */
  marked: boolean;
}

export function summarizeCoverage(coverage: Float32Array): CoverageSummary {
  let sum = 0;
  let marked = false;
  for (let i = 0; i < coverage.length; i++) {
    const v = coverage[i]!;
    if (v >= MARKED) {
      sum += v;
      marked = true;
    }
  }
  return { fraction: coverage.length === 0 ? 0 : sum / coverage.length, marked };
}

/** What the canvas's label says: "About 12 % of the picture is marked". */
export function describeCoverage({ fraction, marked }: CoverageSummary): string {
  if (!marked) return "Nothing is marked yet";
  if (fraction >= 0.995) return "All of the picture is marked";
  const percent = Math.round(fraction * 100);
  if (percent < 1) return "Less than 1 % of the picture is marked";
  return `About ${percent} % of the picture is marked`;
}

/**
 * How much of the picture is marked, kept on a small raster (256 pixels on the long side) so it
 * can be worked out after every stroke — and during one — in a millisecond or two. A new stroke
 * is added to what is there; an undo starts over.
 */
export class MaskCoverage {
  readonly width: number;
  readonly height: number;
  readonly scale: number;
  private readonly coverage: Float32Array;
  private drawn: readonly MaskOp[] = [];

  constructor(picture: { width: number; height: number }, longSide = 256) {
    this.scale = Math.min(1, longSide / Math.max(1, picture.width, picture.height));
    const size = rasterSize(picture.width, picture.height, this.scale);
    this.width = size.width;
    this.height = size.height;
    this.coverage = new Float32Array(this.width * this.height);
  }

  /** Brings the raster to these operations and says how much they mark. */
  sync(ops: readonly MaskOp[]): CoverageSummary {
    let added = opsToAppend(this.drawn, ops);
    if (!added) {
      this.coverage.fill(0);
      added = ops;
    }
    for (const op of added) applyOpToCoverage(this.coverage, this.width, this.height, op, this.scale);
    this.drawn = ops;
    return summarizeCoverage(this.coverage);
  }

  /** How much would be marked with a stroke still being painted, leaving the raster as it was. */
  withStroke(stroke: MaskOp): CoverageSummary {
    const copy = this.coverage.slice();
    applyOpToCoverage(copy, this.width, this.height, stroke, this.scale);
    return summarizeCoverage(copy);
  }
}

/**
 * The inpaint mask's logic (app/lib/mask-strokes.ts, issue 31): undo and redo, how a stroke takes
 * its points, the mask drawn on a canvas-like context (the operations and their compositing, the
 * stroke's pieces winding one way so they fill as a union), the same mask rasterised in plain
 * arrays at any scale, the feather's width and its edges, and what the editor's label says.
 */
import { describe, expect, it } from "vitest";
import {
  alphaOf,
  anyMarked,
  appendPoint,
  BRUSH_SIZE,
  canRedo,
  canUndo,
  clampPoint,
  describeCoverage,
  drawMask,
  drawMaskOp,
  EMPTY_HISTORY,
  featherAlpha,
  featherSigma,
  gaussianBoxRadii,
  type MaskContext,
  MaskCoverage,
  type MaskOp,
  type MaskStroke,
  opsToAppend,
  pointRadius,
  pressureFactor,
  pushOp,
  rasterizeMask,
  redoOp,
  startStroke,
  traceStroke,
  undoOp,
  writeMaskPixels,
} from "~/lib/mask-strokes";

const stroke = (tool: "brush" | "eraser", size: number, ...points: [number, number][]): MaskStroke => ({
  kind: "stroke",
  tool,
  size,
  points: points.map(([x, y]) => [x, y, 0.5] as const),
});

const at = (mask: { alpha: Uint8ClampedArray; width: number }, x: number, y: number) => mask.alpha[y * mask.width + x]!;

describe("undo and redo", () => {
  const a = stroke("brush", 10, [5, 5]);
  const b = stroke("eraser", 10, [6, 6]);
  const c: MaskOp = { kind: "invert" };

  it("starts with nothing to undo or redo", () => {
    expect(canUndo(EMPTY_HISTORY)).toBe(false);
    expect(canRedo(EMPTY_HISTORY)).toBe(false);
    expect(undoOp(EMPTY_HISTORY)).toBe(EMPTY_HISTORY);
    expect(redoOp(EMPTY_HISTORY)).toBe(EMPTY_HISTORY);
  });

  it("undoes the last step, redoes it, and forgets the redo on a new step", () => {
    const two = pushOp(pushOp(EMPTY_HISTORY, a), b);
    expect(two.done).toEqual([a, b]);
    const undone = undoOp(two);
    expect(undone.done).toEqual([a]);
    expect(undone.undone).toEqual([b]);
    expect(canRedo(undone)).toBe(true);
    const back = redoOp(undone);
    expect(back.done).toEqual([a, b]);
    expect(back.done[1]).toBe(b);
    expect(canRedo(back)).toBe(false);

    const both = undoOp(undoOp(two));
    expect(both.done).toEqual([]);
    expect(both.undone).toEqual([b, a]);
    expect(redoOp(both).done).toEqual([a]);

    const branched = pushOp(undone, c);
    expect(branched.done).toEqual([a, c]);
    expect(canRedo(branched)).toBe(false);
  });

  it("never changes a history it is given", () => {
    const one = pushOp(EMPTY_HISTORY, a);
    const frozen = JSON.stringify(one);
    pushOp(one, b);
    undoOp(one);
    expect(JSON.stringify(one)).toBe(frozen);
    expect(EMPTY_HISTORY.done).toHaveLength(0);
  });

  it("says which steps a cached drawing lacks, or that it must start over", () => {
    const one = pushOp(EMPTY_HISTORY, a);
    const two = pushOp(one, b);
    expect(opsToAppend([], two.done)).toEqual([a, b]);
    expect(opsToAppend(one.done, two.done)).toEqual([b]);
    expect(opsToAppend(two.done, two.done)).toEqual([]);
    expect(opsToAppend(two.done, undoOp(two).done)).toBeNull();
    expect(opsToAppend(two.done, pushOp(one, c).done)).toBeNull();
    // The same step drawn from an equal but different object is not the same step.
    expect(opsToAppend([stroke("brush", 10, [5, 5])], two.done)).toBeNull();
  });
});

describe("strokes", () => {
  it("clamps the brush size and keeps points on the picture", () => {
    expect(startStroke("brush", 1, [0, 0, 0.5]).size).toBe(BRUSH_SIZE.min);
    expect(startStroke("brush", 900, [0, 0, 0.5]).size).toBe(BRUSH_SIZE.max);
    expect(startStroke("eraser", 30, [3, 4, 0.5])).toEqual({
      kind: "stroke",
      tool: "eraser",
      size: 30,
      points: [[3, 4, 0.5]],
    });
    expect(clampPoint(-5, 120, 0.7, 100, 80)).toEqual([0, 80, 0.7]);
    expect(clampPoint(50.5, 40.25, 0.5, 100, 80)).toEqual([50.5, 40.25, 0.5]);
  });

  it("lets a pen's pressure move the width a little, and a mouse paint the size asked", () => {
    expect(pressureFactor(0.5)).toBe(1);
    expect(pressureFactor(0)).toBe(0.75);
    expect(pressureFactor(1)).toBe(1.25);
    expect(pressureFactor(7)).toBe(1.25);
    expect(pressureFactor(Number.NaN)).toBe(1);
    expect(pointRadius({ size: 40 }, [0, 0, 0.5])).toBe(20);
    expect(pointRadius({ size: 40 }, [0, 0, 1])).toBe(25);
  });

  it("drops points too close to the last one to change the outline", () => {
    const s = startStroke("brush", 40, [10, 10, 0.5]); // a step of 2 px
    expect(appendPoint(s, [10, 10, 0.5])).toBe(false);
    expect(appendPoint(s, [11, 10, 0.5])).toBe(false);
    expect(appendPoint(s, [12.5, 10, 0.5])).toBe(true);
    expect(appendPoint(s, [13, 10, 0.9])).toBe(true); // the pressure changed
    expect(appendPoint(s, [13, 10, 0.2])).toBe(false); // but it has to move
    expect(s.points).toEqual([
      [10, 10, 0.5],
      [12.5, 10, 0.5],
      [13, 10, 0.9],
    ]);
    const small = startStroke("brush", 4, [0, 0, 0.5]); // at least a pixel
    expect(appendPoint(small, [0.5, 0, 0.5])).toBe(false);
    expect(appendPoint(small, [1, 0, 0.5])).toBe(true);
  });
});

/** A context that records what is done to it, with each path's pieces as polygons. */
function recordingContext() {
  const calls: string[] = [];
  const fills: { composite: string; fillStyle: unknown; transform: number[]; pieces: [number, number][][] }[] = [];
  let transform = [1, 0, 0, 1, 0, 0];
  let pieces: [number, number][][] = [];
  const stack: { composite: string; transform: number[]; fillStyle: unknown }[] = [];
  const ctx: MaskContext = {
    globalCompositeOperation: "source-over",
    fillStyle: "#000000",
    save() {
      stack.push({ composite: ctx.globalCompositeOperation, transform, fillStyle: ctx.fillStyle });
      calls.push("save");
    },
    restore() {
      const top = stack.pop()!;
      ctx.globalCompositeOperation = top.composite;
      ctx.fillStyle = top.fillStyle;
      transform = top.transform;
      calls.push("restore");
    },
    setTransform(...m) {
      transform = m;
      calls.push(`setTransform(${m.join(",")})`);
    },
    clearRect(x, y, w, h) {
      calls.push(`clearRect(${x},${y},${w},${h})`);
    },
    fillRect(x, y, w, h) {
      calls.push(`fillRect(${x},${y},${w},${h}) ${ctx.globalCompositeOperation} ${String(ctx.fillStyle)}`);
    },
    beginPath() {
      pieces = [];
      calls.push("beginPath");
    },
    moveTo(x, y) {
      pieces.push([[x, y]]);
    },
    lineTo(x, y) {
      pieces.at(-1)!.push([x, y]);
    },
    arc(x, y, r, start, end, counterclockwise = false) {
      // Sampled as a polygon, in the direction the canvas would draw it.
      const piece = pieces.at(-1)!;
      const steps = 32;
      const sweep = counterclockwise ? -(Math.PI * 2 - (end - start)) : end - start;
      for (let i = 0; i <= steps; i++) {
        const angle = start + (sweep * i) / steps;
        piece.push([x + r * Math.cos(angle), y + r * Math.sin(angle)]);
      }
    },
    closePath() {},
    fill(rule) {
      fills.push({ composite: ctx.globalCompositeOperation, fillStyle: ctx.fillStyle, transform, pieces });
      calls.push(`fill(${rule})`);
    },
  };
  return { ctx, calls, fills };
}

/** Twice the signed area (shoelace); positive = clockwise on a screen, where y points down. */
const signedArea = (polygon: [number, number][]) =>
  polygon.reduce((sum, [x, y], i) => {
    const [nx, ny] = polygon[(i + 1) % polygon.length]!;
    return sum + x * ny - nx * y;
  }, 0);

describe("drawing on a canvas-like context", () => {
  const target = { width: 50, height: 40, scale: 0.5, color: "#6d3fd6" };

  it("paints a brush stroke over what is there and an eraser stroke out of it, in picture pixels scaled", () => {
    const { ctx, fills, calls } = recordingContext();
    drawMaskOp(ctx, stroke("brush", 20, [10, 10], [60, 10]), target);
    drawMaskOp(ctx, stroke("eraser", 8, [30, 10]), target);
    expect(fills.map((f) => f.composite)).toEqual(["source-over", "destination-out"]);
    expect(fills.every((f) => f.fillStyle === "#6d3fd6")).toBe(true);
    expect(fills[0]!.transform).toEqual([0.5, 0, 0, 0.5, 0, 0]);
    expect(calls.filter((c) => c.startsWith("fill(")).every((c) => c === "fill(nonzero)")).toBe(true);
    // The context is left as it was found.
    expect(ctx.globalCompositeOperation).toBe("source-over");
    expect(calls.filter((c) => c === "save")).toHaveLength(calls.filter((c) => c === "restore").length);
    // Two circles and the band between them; the circles' radius is half the size.
    const [first, second, band] = fills[0]!.pieces;
    const xs = first!.map(([x]) => x);
    expect(Math.min(...xs)).toBeCloseTo(0);
    expect(Math.max(...xs)).toBeCloseTo(20);
    expect(second![0]).toEqual([70, 10]);
    expect(band).toEqual([
      [10, 20],
      [10, 0],
      [60, 0],
      [60, 20],
    ]);
  });

  it("winds every piece of a stroke the same way, so the nonzero fill is their union", () => {
    const { ctx, fills } = recordingContext();
    const zigzag: MaskStroke = {
      kind: "stroke",
      tool: "brush",
      size: 30,
      points: [
        [10, 10, 0.2],
        [80, 15, 0.9],
        [20, 70, 0.5],
        [20, 70, 0.6], // a repeated point adds a circle and no band
        [90, 90, 0.1],
        [90, 20, 1],
      ],
    };
    drawMaskOp(ctx, zigzag, target);
    const pieces = fills[0]!.pieces;
    expect(pieces).toHaveLength(6 + 4);
    for (const piece of pieces) expect(signedArea(piece)).toBeGreaterThan(0);
  });

  it("clears and inverts the whole raster, whatever its scale", () => {
    const { ctx, calls, fills } = recordingContext();
    drawMaskOp(ctx, { kind: "invert" }, target);
    drawMaskOp(ctx, { kind: "clear" }, target);
    expect(calls).toContain("fillRect(0,0,50,40) xor #6d3fd6");
    expect(calls).toContain("clearRect(0,0,50,40)");
    expect(fills).toHaveLength(0);
    const invertAt = calls.indexOf("fillRect(0,0,50,40) xor #6d3fd6");
    expect(calls.slice(0, invertAt)).toContain("setTransform(1,0,0,1,0,0)");
  });

  it("draws the whole mask from an empty raster, step by step", () => {
    const { ctx, calls, fills } = recordingContext();
    const ops: MaskOp[] = [stroke("brush", 10, [1, 1]), { kind: "invert" }, stroke("eraser", 10, [2, 2])];
    drawMask(ctx, ops, target);
    expect(calls.indexOf("clearRect(0,0,50,40)")).toBeLessThan(calls.indexOf("beginPath"));
    expect(fills.map((f) => f.composite)).toEqual(["source-over", "destination-out"]);
    expect(calls.filter((c) => c.includes("xor"))).toHaveLength(1);
    // A stroke with no points draws nothing.
    const empty = recordingContext();
    drawMaskOp(empty.ctx, { kind: "stroke", tool: "brush", size: 10, points: [] }, target);
    expect(empty.fills).toHaveLength(0);
  });

  it("works on a real CanvasRenderingContext2D's type", () => {
    // Compile-time: the browser's contexts are MaskContexts.
    const accepts = (_: MaskContext) => true;
    const asCanvas = (c: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D) => accepts(c);
    expect(asCanvas).toBeTypeOf("function");
  });
});

describe("rasterising in plain arrays", () => {
  const picture = { width: 100, height: 80 };

  it("marks nothing without strokes", () => {
    const mask = rasterizeMask([], picture);
    expect(mask.width).toBe(100);
    expect(mask.height).toBe(80);
    expect(anyMarked(mask.alpha)).toBe(false);
  });

  it("paints a dot as a disc the brush's size, with an anti-aliased edge", () => {
    const mask = rasterizeMask([stroke("brush", 20, [50, 40])], picture);
    expect(at(mask, 50, 40)).toBe(255);
    expect(at(mask, 50, 31)).toBe(255);
    expect(at(mask, 50, 28)).toBe(0);
    expect(at(mask, 63, 40)).toBe(0);
    const area = mask.alpha.reduce((sum, v) => sum + v / 255, 0);
    expect(area).toBeGreaterThan(Math.PI * 100 * 0.97);
    expect(area).toBeLessThan(Math.PI * 100 * 1.03);
    expect(mask.alpha.some((v) => v > 0 && v < 255)).toBe(true);
  });

  it("paints a line as a band with round ends", () => {
    const mask = rasterizeMask([stroke("brush", 10, [20, 40], [80, 40])], picture);
    for (const x of [20, 40, 60, 79]) {
      // The band runs from y = 35 to 45: pixel rows 35 to 44.
      expect(at(mask, x, 40)).toBe(255);
      expect(at(mask, x, 35)).toBe(255);
      expect(at(mask, x, 44)).toBe(255);
      expect(at(mask, x, 34)).toBe(0);
      expect(at(mask, x, 45)).toBe(0);
    }
    expect(at(mask, 16, 40)).toBe(255);
    expect(at(mask, 13, 40)).toBe(0);
    expect(at(mask, 86, 40)).toBe(0);
    const area = mask.alpha.reduce((sum, v) => sum + v / 255, 0);
    expect(area).toBeCloseTo(60 * 10 + Math.PI * 25, -1);
  });

  it("does not darken where a stroke crosses itself", () => {
    const once = rasterizeMask([stroke("brush", 10, [20, 40], [80, 40])], picture);
    const back = rasterizeMask([stroke("brush", 10, [20, 40], [80, 40], [20, 40])], picture);
    expect(Array.from(back.alpha)).toEqual(Array.from(once.alpha));
  });

  it("varies a pen stroke's width with its pressure", () => {
    const pen: MaskStroke = {
      kind: "stroke",
      tool: "brush",
      size: 20,
      points: [
        [10, 40, 0],
        [90, 40, 1],
      ],
    };
    const mask = rasterizeMask([pen], picture);
    const thickness = (x: number) =>
      Array.from({ length: 80 }, (_, y) => at(mask, x, y)).filter((v) => v >= 128).length;
    expect(thickness(15)).toBeLessThan(thickness(85));
    expect(thickness(15)).toBeGreaterThanOrEqual(15);
    expect(thickness(85)).toBeLessThanOrEqual(25);
  });

  it("erases, inverts and clears in order", () => {
    const dot = stroke("brush", 20, [50, 40]);
    const erased = rasterizeMask([dot, stroke("eraser", 60, [50, 40])], picture);
    expect(anyMarked(erased.alpha)).toBe(false);

    const half = rasterizeMask([dot, stroke("eraser", 20, [40, 40], [40, 40])], picture);
    expect(at(half, 57, 40)).toBe(255);
    expect(at(half, 44, 40)).toBe(0);

    const inverted = rasterizeMask([dot, { kind: "invert" }], picture);
    expect(at(inverted, 50, 40)).toBe(0);
    expect(at(inverted, 5, 5)).toBe(255);
    const plain = rasterizeMask([dot], picture);
    for (let i = 0; i < plain.alpha.length; i++) expect(inverted.alpha[i]! + plain.alpha[i]!).toBe(255);

    const cleared = rasterizeMask([dot, { kind: "invert" }, { kind: "clear" }], picture);
    expect(anyMarked(cleared.alpha)).toBe(false);
    const after = rasterizeMask([{ kind: "clear" }, dot], picture);
    expect(Array.from(after.alpha)).toEqual(Array.from(plain.alpha));
  });

  it("draws the same mask at any scale", () => {
    const ops: MaskOp[] = [stroke("brush", 30, [20, 20], [80, 60]), stroke("eraser", 12, [50, 40])];
    const full = rasterizeMask(ops, picture);
    const half = rasterizeMask(ops, picture, { scale: 0.5 });
    expect([half.width, half.height]).toEqual([50, 40]);
    const share = (m: { alpha: Uint8ClampedArray }) => m.alpha.reduce((s, v) => s + v, 0) / (255 * m.alpha.length);
    expect(share(half)).toBeCloseTo(share(full), 2);
    expect(at(half, 10, 10)).toBe(255); // (20, 20) on the picture
    expect(at(half, 25, 20)).toBe(0); // erased at (50, 40)
    const double = rasterizeMask(ops, picture, { scale: 2 });
    expect([double.width, double.height]).toEqual([200, 160]);
    expect(share(double)).toBeCloseTo(share(full), 2);
  });

  it("stays on the raster when a stroke runs off the picture", () => {
    const mask = rasterizeMask([stroke("brush", 40, [-30, -30], [0, 0], [130, 100])], picture);
    expect(at(mask, 0, 0)).toBe(255);
    expect(at(mask, 99, 79)).toBe(255);
  });
});

describe("the feather", () => {
  /** Left half marked, right half not: a straight edge at x = 100. */
  const edge = (width = 200, height = 8) => {
    const alpha = new Uint8ClampedArray(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width / 2; x++) alpha[y * width + x] = 255;
    return alpha;
  };
  /** Where the edge's profile crosses `level` (0–1), interpolated, from the marked side. */
  const crossing = (row: number[], level: number) => {
    for (let x = 1; x < row.length; x++) {
      const a = row[x - 1]! / 255;
      const b = row[x]! / 255;
      if (a >= level && b < level) return x - 1 + (a - level) / (a - b) + 0.5;
    }
    return Number.NaN;
  };

  it("approximates a Gaussian with three box blurs of the same variance", () => {
    expect(gaussianBoxRadii(0)).toEqual([0, 0, 0]);
    for (const sigma of [1, 3.7, 10, 19.5]) {
      const radii = gaussianBoxRadii(sigma);
      expect(radii).toHaveLength(3);
      const variance = radii.reduce((sum, r) => sum + ((2 * r + 1) ** 2 - 1) / 12, 0);
      expect(Math.abs(Math.sqrt(variance) - sigma)).toBeLessThan(0.5);
    }
    expect(featherSigma(32.9)).toBeCloseTo(10);
    expect(featherSigma(-3)).toBe(0);
  });

  it("leaves the mask alone at 0", () => {
    const alpha = edge();
    featherAlpha(alpha, 200, 8, 0);
    expect(Array.from(alpha)).toEqual(Array.from(edge()));
  });

  it.each([8, 16, 32, 64])("softens the edge over about %i pixels, centred on it", (feather) => {
    const alpha = edge();
    featherAlpha(alpha, 200, 8, feather);
    const row = Array.from(alpha.subarray(3 * 200, 4 * 200));
    // Monotone from marked to unmarked.
    for (let x = 1; x < 200; x++) expect(row[x]!).toBeLessThanOrEqual(row[x - 1]!);
    // Half-way at the painted edge.
    expect(crossing(row, 0.5)).toBeCloseTo(100, 0);
    // 95 % to 5 % across the feather's width.
    const band = crossing(row, 0.05) - crossing(row, 0.95);
    expect(band).toBeGreaterThan(feather * 0.85);
    expect(band).toBeLessThan(feather * 1.15);
    // Far from the edge, untouched.
    expect(row[0]).toBe(255);
    expect(row[199]).toBe(0);
    // Every row alike (the columns' pass keeps a straight edge straight).
    expect(Array.from(alpha.subarray(0, 200))).toEqual(row);
  });

  it("keeps a mask painted to the picture's border white at the border", () => {
    const full = new Uint8ClampedArray(40 * 30).fill(255);
    featherAlpha(full, 40, 30, 64);
    expect(full.every((v) => v === 255)).toBe(true);
  });

  it("makes greys only across the edge, and keeps the marked amount", () => {
    const mask = rasterizeMask([stroke("brush", 60, [100, 100])], { width: 200, height: 200 });
    const hard = mask.alpha.reduce((s, v) => s + v, 0);
    const soft = rasterizeMask([stroke("brush", 60, [100, 100])], { width: 200, height: 200 }, { feather: 16 });
    const total = soft.alpha.reduce((s, v) => s + v, 0);
    expect(Math.abs(total - hard) / hard).toBeLessThan(0.01);
    expect(at(soft, 100, 100)).toBe(255);
    expect(at(soft, 5, 5)).toBe(0);
    expect(at(soft, 130, 100)).toBeGreaterThan(100);
    expect(at(soft, 130, 100)).toBeLessThan(155);
  });

  it("is measured in picture pixels at any scale", () => {
    const ops = [stroke("brush", 80, [100, 100])];
    const full = rasterizeMask(ops, { width: 200, height: 200 }, { feather: 32 });
    const half = rasterizeMask(ops, { width: 200, height: 200 }, { feather: 32, scale: 0.5 });
    const profile = (m: { alpha: Uint8ClampedArray; width: number }, y: number) =>
      Array.from(m.alpha.subarray(y * m.width, (y + 1) * m.width));
    const fullRow = profile(full, 100);
    const halfRow = profile(half, 50);
    const fullBand = crossing(fullRow.slice(100), 0.05) - crossing(fullRow.slice(100), 0.95);
    const halfBand = crossing(halfRow.slice(50), 0.05) - crossing(halfRow.slice(50), 0.95);
    expect(halfBand * 2).toBeCloseTo(fullBand, -1);
  });
});

describe("the mask's pixels", () => {
  it("reads the alpha of RGBA pixels and writes opaque greys, white = change", () => {
    const rgba = new Uint8ClampedArray([9, 9, 9, 0, 1, 2, 3, 128, 4, 5, 6, 255]);
    const alpha = alphaOf(rgba);
    expect(Array.from(alpha)).toEqual([0, 128, 255]);
    writeMaskPixels(alpha, rgba);
    expect(Array.from(rgba)).toEqual([0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255]);
    expect(anyMarked(alpha)).toBe(true);
    expect(anyMarked(new Uint8ClampedArray(4))).toBe(false);
  });
});

describe("how much is marked", () => {
  const picture = { width: 1024, height: 512 };

  it("keeps a small raster, 256 pixels on the long side", () => {
    const coverage = new MaskCoverage(picture);
    expect([coverage.width, coverage.height, coverage.scale]).toEqual([256, 128, 0.25]);
    const small = new MaskCoverage({ width: 100, height: 60 });
    expect([small.width, small.height, small.scale]).toEqual([100, 60, 1]);
  });

  it("follows the history: a new step added, an undo started over", () => {
    const coverage = new MaskCoverage(picture);
    expect(coverage.sync([])).toEqual({ fraction: 0, marked: false });
    const dot = stroke("brush", 200, [512, 256]);
    let history = pushOp(EMPTY_HISTORY, dot);
    const one = coverage.sync(history.done);
    expect(one.marked).toBe(true);
    expect(one.fraction).toBeCloseTo((Math.PI * 100 * 100) / (1024 * 512), 2);
    history = pushOp(history, { kind: "invert" });
    const inverted = coverage.sync(history.done);
    expect(inverted.fraction).toBeCloseTo(1 - one.fraction, 3);
    history = undoOp(history);
    expect(coverage.sync(history.done).fraction).toBeCloseTo(one.fraction, 5);
    history = pushOp(history, stroke("eraser", 400, [512, 256]));
    expect(coverage.sync(history.done)).toEqual({ fraction: 0, marked: false });
    // The same answer as a fresh raster given every step at once.
    const fresh = new MaskCoverage(picture);
    const steps: MaskOp[] = [
      dot,
      stroke("brush", 60, [100, 100], [900, 400]),
      stroke("eraser", 30, [500, 0], [500, 512]),
    ];
    const incremental = new MaskCoverage(picture);
    let partial = EMPTY_HISTORY;
    for (const step of steps) {
      partial = pushOp(partial, step);
      incremental.sync(partial.done);
    }
    expect(incremental.sync(partial.done).fraction).toBeCloseTo(fresh.sync(steps).fraction, 6);
  });

  it("counts a small brush on a large picture as marked", () => {
    const coverage = new MaskCoverage({ width: 4096, height: 4096 });
    const summary = coverage.sync([stroke("brush", BRUSH_SIZE.min, [1001, 2001])]);
    expect(summary.marked).toBe(true);
    expect(summary.fraction).toBeLessThan(0.0001);
  });

  it("measures a stroke still being painted without keeping it", () => {
    const coverage = new MaskCoverage(picture);
    const before = coverage.sync([]);
    const during = coverage.withStroke(stroke("brush", 100, [100, 256], [900, 256]));
    expect(during.marked).toBe(true);
    expect(during.fraction).toBeGreaterThan(0.1);
    expect(coverage.sync([])).toEqual(before);
  });

  it("says it in words", () => {
    expect(describeCoverage({ fraction: 0, marked: false })).toBe("Nothing is marked yet");
    expect(describeCoverage({ fraction: 0.004, marked: true })).toBe("Less than 1 % of the picture is marked");
    expect(describeCoverage({ fraction: 0.1234, marked: true })).toBe("About 12 % of the picture is marked");
    expect(describeCoverage({ fraction: 0.987, marked: true })).toBe("About 99 % of the picture is marked");
    expect(describeCoverage({ fraction: 1, marked: true })).toBe("All of the picture is marked");
  });
});

describe("traceStroke", () => {
  it("gives a one-point stroke one circle", () => {
    const pieces: string[] = [];
    traceStroke(
      {
        moveTo: (x, y) => pieces.push(`M${x},${y}`),
        lineTo: (x, y) => pieces.push(`L${x},${y}`),
        arc: (x, y, r) => pieces.push(`A${x},${y},${r}`),
        closePath: () => pieces.push("Z"),
      },
      stroke("brush", 10, [3, 4]),
    );
    expect(pieces).toEqual(["M8,4", "A3,4,5", "Z"]);
  });
});

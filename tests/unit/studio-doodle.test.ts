import { createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { DOODLE_BRUSHES } from "../../app/lib/doodle-brushes";
import { classify, LABEL_IDS } from "../../server/generation/studio/doodle/classify";
import { renderDoodle } from "../../server/generation/studio/doodle/render-doodle";
import { createRandom } from "../../server/generation/studio/random";
import type { Raster } from "../../server/generation/studio/raster";
import { parsePrompt } from "../../server/generation/studio/scene/parse-prompt";

const W = 256;
const H = 256;
const color = (id: string) => DOODLE_BRUSHES.find((b) => b.id === id)!.color;

function drawing(paint: (g: ReturnType<ReturnType<typeof createCanvas>["getContext"]>) => void): Raster {
  const canvas = createCanvas(W, H);
  const g = canvas.getContext("2d");
  g.fillStyle = "#ffffff";
  g.fillRect(0, 0, W, H);
  paint(g);
  return { width: W, height: H, data: new Uint8ClampedArray(g.getImageData(0, 0, W, H).data) };
}

/** A landscape: sky band, a mountain triangle (anti-aliased edges), water, grass, some paper left blank at the top. */
const landscape = () =>
  drawing((g) => {
    g.fillStyle = color("sky");
    g.fillRect(0, 20, W, 80);
    g.fillStyle = color("mountain");
    g.beginPath();
    g.moveTo(20, 140);
    g.lineTo(110, 50);
    g.lineTo(200, 140);
    g.fill();
    g.fillStyle = color("water");
    g.fillRect(0, 140, W, 50);
    g.fillStyle = color("grass");
    g.fillRect(0, 190, W, 66);
  });

function mean(r: Raster, x0: number, y0: number, x1: number, y1: number) {
  let sr = 0;
  let sg = 0;
  let sb = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * r.width + x) * 4;
      sr += r.data[i]!;
      sg += r.data[i + 1]!;
      sb += r.data[i + 2]!;
      n++;
    }
  }
  return { r: sr / n, g: sg / n, b: sb / n };
}

describe("doodle classification", () => {
  it("maps painted regions to their labels and infers sky over blank paper", () => {
    const c = classify(landscape());
    const at = (x: number, y: number) => LABEL_IDS[c.labels[y * W + x]!];
    expect(at(128, 5)).toBe("sky");
    expect(at(10, 60)).toBe("sky");
    expect(at(110, 110)).toBe("mountain");
    expect(at(128, 165)).toBe("water");
    expect(at(128, 230)).toBe("grass");
    // No stray third label along the anti-aliased mountain edge.
    const seen = new Set(Array.from(c.labels, (l) => LABEL_IDS[l] ?? "other"));
    expect([...seen].sort()).toEqual(["grass", "mountain", "sky", "water"]);
  });
});

/** Painted as people paint: wide round soft-edged strokes that leave paper between and around them. */
const brushStrokes = () =>
  drawing((g) => {
    g.lineCap = "round";
    const band = (id: string, from: number, to: number, widthPx: number) => {
      g.strokeStyle = color(id);
      g.lineWidth = widthPx;
      for (let y = from; y <= to; y += widthPx * 0.8) {
        g.beginPath();
        g.moveTo(8, y);
        g.bezierCurveTo(80, y - 4, 170, y + 4, 248, y);
        g.stroke();
      }
    };
    band("sky", 12, 90, 16);
    band("water", 120, 150, 14);
    band("grass", 175, 240, 17);
  });

describe("doodle rims", () => {
  it("leaves no pale rim of another brush around soft strokes, and paper between them takes its neighbours' labels", () => {
    const c = classify(brushStrokes());
    const seen = new Set(Array.from(c.labels, (l) => LABEL_IDS[l] ?? "other"));
    expect([...seen].sort()).toEqual(["grass", "sky", "water"]);
  });

  it("paints the margins below the drawing as the ground beside them, without pale streaks", () => {
    const { raster } = renderDoodle(brushStrokes(), { width: W, height: H, random: createRandom(3) });
    // The bottom margin (never painted) reads as grass, column by column: no pale bars.
    for (let x = 0; x < W; x += 4) {
      const cell = mean(raster, x, 246, x + 4, 256);
      expect(cell.g, `column ${x}`).toBeGreaterThan(cell.b + 10);
      expect(cell.r + cell.g + cell.b, `column ${x}`).toBeLessThan(3 * 200);
    }
  });
});

describe("renderDoodle", () => {
  it("paints sky-ish blue on top and green grass below", () => {
    const { raster, kind } = renderDoodle(landscape(), { width: W, height: H, random: createRandom(1) });
    expect(kind).toBe("semantic");
    const sky = mean(raster, 0, 0, W, 40);
    expect(sky.b).toBeGreaterThan(sky.r + 30);
    const grass = mean(raster, 0, 200, W, 256);
    expect(grass.g).toBeGreaterThan(grass.r + 20);
    expect(grass.g).toBeGreaterThan(grass.b + 20);
  });

  it("is deterministic and follows the prompt's time of day", () => {
    const a = renderDoodle(landscape(), { width: W, height: H, random: createRandom(4) });
    const b = renderDoodle(landscape(), { width: W, height: H, random: createRandom(4) });
    expect(Buffer.from(a.raster.data.buffer).equals(Buffer.from(b.raster.data.buffer))).toBe(true);
    const night = renderDoodle(landscape(), {
      width: W,
      height: H,
      random: createRandom(4),
      scene: parsePrompt("at night", { christmas: false }),
    });
    expect(mean(night.raster, 0, 0, W, 40).b).toBeLessThan(mean(a.raster, 0, 0, W, 40).b - 60);
  });

  it("returns ink-only drawings as clean lines on paper, and keeps ink over regions", () => {
    const lines = (g: ReturnType<ReturnType<typeof createCanvas>["getContext"]>) => {
      g.strokeStyle = color("ink");
      g.lineWidth = 4;
      g.beginPath();
      g.arc(128, 128, 60, 0, Math.PI * 2);
      g.stroke();
    };
    const ink = renderDoodle(drawing(lines), { width: W, height: H, random: createRandom(2) });
    expect(ink.kind).toBe("ink");
    const paper = mean(ink.raster, 0, 0, 40, 40);
    expect(paper.r).toBeGreaterThan(220);
    const line = mean(ink.raster, 186, 126, 190, 130);
    expect(line.r).toBeLessThan(120);
    const mixed = renderDoodle(
      drawing((g) => {
        g.fillStyle = color("grass");
        g.fillRect(0, 100, W, 156);
        lines(g);
      }),
      { width: W, height: H, random: createRandom(2) },
    );
    expect(mixed.kind).toBe("mixed");
    expect(mean(mixed.raster, 187, 127, 189, 129).g).toBeLessThan(90);
    expect(mean(mixed.raster, 100, 200, 140, 240).g).toBeGreaterThan(100);
  });
});

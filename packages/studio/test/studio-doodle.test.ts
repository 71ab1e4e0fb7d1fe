import { createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { DOODLE_BRUSHES, DOODLE_PAPER } from "../src/doodle-brushes";
import { classify, LABEL_IDS, readColour } from "../src/doodle/classify";
import { renderDoodle } from "../src/doodle/render-doodle";
import { createRandom } from "../src/random";
import type { Raster } from "../src/raster";
import { parsePrompt } from "../src/scene/parse-prompt";
import { subjectById } from "../src/subjects/library";

const W = 256;
const H = 256;
const color = (id: string) => DOODLE_BRUSHES.find((b) => b.id === id)!.color;

/** A drawing as a canvas image, to paint over. */
function canvasOf(source: Raster) {
  const canvas = createCanvas(source.width, source.height);
  const g = canvas.getContext("2d");
  const image = g.createImageData(source.width, source.height);
  image.data.set(source.data);
  g.putImageData(image, 0, 0);
  return canvas;
}

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

const luminance = (r: Raster, x: number, y: number) => {
  const i = (y * r.width + x) * 4;
  return 0.2126 * r.data[i]! + 0.7152 * r.data[i + 1]! + 0.0722 * r.data[i + 2]!;
};

/** Sky, water and grass painted in soft strokes with paper between them, and an ink line low in the grass: a "mixed" drawing. */
const strokesWithInk = () =>
  drawing((g) => {
    g.lineCap = "round";
    for (const [id, from, to] of [
      ["sky", 12, 90],
      ["water", 130, 180],
      ["grass", 212, 244],
    ] as const) {
      g.strokeStyle = color(id);
      g.lineWidth = 18;
      for (let y = from; y <= to; y += 14) {
        g.beginPath();
        g.moveTo(10, y);
        g.bezierCurveTo(90, y - 5, 170, y + 5, 246, y);
        g.stroke();
      }
    }
    g.strokeStyle = color("ink");
    g.lineWidth = 3;
    g.beginPath();
    g.moveTo(20, 236);
    g.bezierCurveTo(90, 230, 170, 242, 236, 236);
    g.stroke();
  });

describe("doodle edges (issue 19)", () => {
  it("reads ink only along the line drawn, not in the soft rims where strokes meet the paper", () => {
    const c = classify(strokesWithInk());
    const inked: string[] = [];
    for (let y = 0; y < 220; y++) for (let x = 0; x < W; x++) if (c.ink[y * W + x]! > 0) inked.push(`${x},${y}`);
    expect(inked).toEqual([]);
    expect(Math.max(...c.ink.subarray(228 * W, 246 * W))).toBeGreaterThan(0.9);
  });

  it("leaves no dark streak along the edges of the regions", () => {
    const { raster, kind } = renderDoodle(strokesWithInk(), { width: W, height: H, random: createRandom(5) });
    expect(kind).toBe("mixed");
    // A streak is a thin line darker than what lies just above and below it.
    const streaks: string[] = [];
    for (let y = 3; y < 220; y++)
      for (let x = 0; x < W; x++) {
        const around = Math.min(luminance(raster, x, y - 3), luminance(raster, x, y + 3));
        if (luminance(raster, x, y) < around - 25) streaks.push(`${x},${y}`);
      }
    expect(streaks).toEqual([]);
  });
});

const STAMPS = DOODLE_BRUSHES.filter((b) => b.stamp);

/** Weighted squared distance between two colours, as the reader weighs them. */
const colourDistance = (a: readonly number[], b: readonly number[]) =>
  (a[0]! - b[0]!) ** 2 * 0.3 + (a[1]! - b[1]!) ** 2 * 0.5 + (a[2]! - b[2]!) ** 2 * 0.2;

describe("stamp brushes (issue 19)", () => {
  it("are in the shared list, each with subjects the library draws", () => {
    expect(STAMPS.map((b) => [b.id, b.label])).toEqual([
      ["tree", "Tree"],
      ["house", "House"],
      ["boat", "Boat"],
      ["animal", "Animal"],
      ["person", "Person"],
    ]);
    for (const b of STAMPS) {
      expect(b.semantic).toBe(true);
      expect(
        b.stamp!.subjects.some((id) => subjectById(id)),
        b.id,
      ).toBe(true);
    }
    expect(subjectById("house")).toBeDefined();
  });

  it("have colours of their own, far from every other brush's and from the paper", () => {
    const ids = DOODLE_BRUSHES.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(DOODLE_BRUSHES.map((b) => b.color)).size).toBe(ids.length);
    for (const s of STAMPS) {
      for (const b of [...DOODLE_BRUSHES, { id: "paper", rgb: DOODLE_PAPER.rgb }]) {
        if (b.id === s.id) continue;
        expect(colourDistance(s.rgb, b.rgb), `${s.id} and ${b.id}`).toBeGreaterThan(1200);
      }
      expect(LABEL_IDS[readColour(...s.rgb)]).toBe(s.id);
    }
  });

  it("are never read in the blend of two other colours (an anti-aliased edge)", () => {
    const colours = [...DOODLE_BRUSHES.filter((b) => b.semantic), { id: "paper", rgb: DOODLE_PAPER.rgb }];
    for (const a of colours)
      for (const b of colours) {
        if (a.id >= b.id) continue;
        for (let t = 0.05; t < 1; t += 0.05) {
          const blend = [0, 1, 2].map((c) => Math.round(a.rgb[c]! * (1 - t) + b.rgb[c]! * t)) as [
            number,
            number,
            number,
          ];
          const read = LABEL_IDS[readColour(...blend)];
          if (read === a.id || read === b.id) continue;
          expect(
            STAMPS.map((s) => s.id),
            `${a.id}–${b.id} at ${t.toFixed(2)} reads ${read}`,
          ).not.toContain(read);
        }
      }
  });
});

/** Sky over grass, with a blob of a stamp brush standing on the grass (or not). */
const meadowWith = (blob?: { id: string; x: number; y: number; w: number; h: number }) =>
  drawing((g) => {
    g.fillStyle = color("sky");
    g.fillRect(0, 0, W, 120);
    g.fillStyle = color("grass");
    g.fillRect(0, 120, W, H - 120);
    if (!blob) return;
    g.fillStyle = color(blob.id);
    g.beginPath();
    g.ellipse(blob.x, blob.y - blob.h / 2, blob.w / 2, blob.h / 2, 0, 0, Math.PI * 2);
    g.fill();
  });

function difference(a: Raster, b: Raster, inside: (x: number, y: number) => boolean) {
  let sum = 0;
  let count = 0;
  let most = 0;
  for (let y = 0; y < a.height; y++)
    for (let x = 0; x < a.width; x++) {
      if (!inside(x, y)) continue;
      const i = (y * a.width + x) * 4;
      const d = Math.max(...[0, 1, 2].map((c) => Math.abs(a.data[i + c]! - b.data[i + c]!)));
      sum += d;
      most = Math.max(most, d);
      count++;
    }
  return { mean: sum / Math.max(1, count), most };
}

describe("stamps in a picture", () => {
  const render = (source: Raster, prompt = "") =>
    renderDoodle(source, {
      width: W,
      height: H,
      random: createRandom(7),
      ...(prompt ? { scene: parsePrompt(prompt, { christmas: false }) } : {}),
    }).raster;
  const without = render(meadowWith());

  it.each(STAMPS.map((b) => b.id))("a %s blob becomes a thing drawn in its box and nowhere else", (id) => {
    const blob = { id, x: 128, y: 200, w: 70, h: 90 };
    const withIt = render(meadowWith(blob));
    // The subject's box: base on the blob's bottom, at most a quarter wider than the blob, centred;
    // a margin for what a subject may put just outside it (a shadow, a chimney's smoke).
    const margin = 10;
    const half = (blob.w * 1.25) / 2 + margin;
    const inBox = (x: number, y: number) =>
      Math.abs(x - blob.x) <= half && y >= blob.y - blob.h - margin && y <= blob.y + margin;
    expect(difference(withIt, without, inBox).mean, "inside the box").toBeGreaterThan(4);
    // Outside, the same picture (the sky's gradient may follow the horizon by a pixel under the blob).
    expect(difference(withIt, without, (x, y) => !inBox(x, y)).most, "outside the box").toBeLessThanOrEqual(3);
  });

  it("draws the thing the prompt names when the brush may draw it", () => {
    const blob = { id: "animal", x: 128, y: 200, w: 90, h: 60 };
    const fox = render(meadowWith(blob));
    const cat = render(meadowWith(blob), "a cat in a meadow");
    const inBox = (x: number, y: number) => Math.abs(x - blob.x) < blob.w && y > blob.y - blob.h && y < blob.y;
    expect(difference(fox, cat, inBox).mean).toBeGreaterThan(4);
  });

  it("ignores specks", () => {
    const speck = drawing((g) => {
      g.drawImage(canvasOf(meadowWith()), 0, 0);
      g.fillStyle = color("house");
      g.fillRect(100, 180, 4, 4);
    });
    expect(difference(render(speck), without, () => true).most).toBe(0);
  });

  it("stands things painted alone on paper on grass under a sky", () => {
    const alone = drawing((g) => {
      g.fillStyle = color("house");
      g.fillRect(60, 120, 80, 60);
      g.fillStyle = color("person");
      g.fillRect(180, 150, 14, 50);
    });
    const c = classify(alone);
    const at = (x: number, y: number) => LABEL_IDS[c.labels[y * W + x]!];
    expect(at(128, 20)).toBe("sky");
    expect(at(20, 240)).toBe("grass");
    const picture = render(alone);
    const ground = mean(picture, 0, 215, W, 256);
    expect(ground.g).toBeGreaterThan(ground.b + 20);
    const sky = mean(picture, 0, 0, W, 60);
    expect(sky.b).toBeGreaterThan(sky.r + 30);
  });
});

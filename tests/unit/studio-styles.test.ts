import { describe, expect, it } from "vitest";
import { STYLE_IDS } from "../../app/lib/studio-styles";
import { createRandom } from "../../server/generation/studio/random";
import { createRaster, type Raster } from "../../server/generation/studio/raster";
import { applyStyle, RENDERED_STYLE_IDS } from "../../server/generation/studio/styles/index";
import { PIXEL_ART_COLOURS } from "../../server/generation/studio/styles/pixel-art";

const SIZE = 256;

/** A photo-like test picture: sky gradient, sun, hills, a house, some texture. */
function picture(): Raster {
  const r = createRaster(SIZE, SIZE);
  const noise = createRandom(7);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const i = (y * SIZE + x) * 4;
      const hill = SIZE * (0.6 + 0.06 * Math.sin(x / 23));
      let c: [number, number, number];
      if ((x - 190) ** 2 + (y - 60) ** 2 < 400) c = [255, 220, 120];
      else if (x > 90 && x < 150 && y > 140 && y < 190) c = [232, 216, 184];
      else if (y < hill) c = [60 + y * 0.5, 120 + y * 0.4, 200];
      else c = [60, 120 + (x % 7), 50];
      const n = (noise.next() - 0.5) * 16;
      r.data[i] = c[0] + n;
      r.data[i + 1] = c[1] + n;
      r.data[i + 2] = c[2] + n;
    }
  }
  return r;
}

/** Black strokes on white paper: a closed box, a circle, a horizon line. */
function drawing(): Raster {
  const r = createRaster(SIZE, SIZE, [255, 255, 255]);
  const ink = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= SIZE || yy >= SIZE) continue;
        const i = (yy * SIZE + xx) * 4;
        r.data[i] = r.data[i + 1] = r.data[i + 2] = 20;
      }
  };
  for (let t = 0; t < SIZE; t++) ink(t, 170);
  for (let t = 80; t <= 160; t++) {
    ink(t, 100);
    ink(t, 160);
    ink(80, t);
    ink(160, t);
  }
  for (let y = 100; y <= 160; y++) ink(80, y);
  for (let a = 0; a < 628; a++) ink(Math.round(200 + 25 * Math.cos(a / 100)), Math.round(50 + 25 * Math.sin(a / 100)));
  return r;
}

const INPUTS = { scene: picture(), photo: picture(), ink: drawing() } as const;
const SOURCES = ["scene", "photo", "ink"] as const;

const run = (styleId: string, source: (typeof SOURCES)[number], seed = 1, strength = 1) =>
  applyStyle(INPUTS[source], styleId, { strength, random: createRandom(seed), source });

const bytes = (r: Raster) => Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength);
const same = (a: Raster, b: Raster) => a.width === b.width && a.height === b.height && bytes(a).equals(bytes(b));

function differs(a: Raster, b: Raster): number {
  let count = 0;
  for (let i = 0; i < a.data.length; i++) if (a.data[i] !== b.data[i]) count++;
  return count;
}

describe("Studio styles", () => {
  it("renders every style of the catalogue", () => {
    expect([...RENDERED_STYLE_IDS].sort()).toEqual([...STYLE_IDS].sort());
  });

  for (const id of STYLE_IDS) {
    describe(id, () => {
      for (const source of SOURCES) {
        it(`styles a ${source} source`, () => {
          const stages: number[] = [];
          const out = applyStyle(INPUTS[source], id, {
            strength: 1,
            random: createRandom(3),
            source,
            onProgress: (f) => stages.push(f),
          });
          expect(out.width).toBe(SIZE);
          expect(out.height).toBe(SIZE);
          expect(out.data.length).toBe(SIZE * SIZE * 4);
          // The style visibly changed the picture.
          expect(differs(out, INPUTS[source])).toBeGreaterThan(SIZE * SIZE * 0.2);
          expect(stages.at(-1)).toBe(1);
          expect(stages.every((f) => f >= 0 && f <= 1)).toBe(true);
        });
      }

      it("returns the input unchanged at strength 0", () => {
        for (const source of SOURCES) {
          const out = run(id, source, 1, 0);
          expect(out === INPUTS[source]).toBe(false);
          expect(same(out, INPUTS[source])).toBe(true);
        }
      });

      it("is deterministic for a seed", () => {
        for (const source of SOURCES) {
          const a = run(id, source, 99, 0.7);
          const b = run(id, source, 99, 0.7);
          expect(same(a, b)).toBe(true);
        }
      });

      it("moves away from the input as strength grows", () => {
        const low = differs(run(id, "photo", 1, 0.2), INPUTS.photo);
        const high = differs(run(id, "photo", 1, 1), INPUTS.photo);
        expect(low).toBeGreaterThan(0);
        expect(high).toBeGreaterThanOrEqual(low * 0.9);
      });
    });
  }

  it.each(["stained-glass", "christmas-card", "christmas-snowglobe", "christmas-lights", "watercolor"])(
    "%s depends on the seed",
    (id) => {
      expect(differs(run(id, "scene", 1), run(id, "scene", 2))).toBeGreaterThan(100);
    },
  );

  it("pixel art uses at most the palette's colours", () => {
    for (const source of SOURCES) {
      const out = run("pixel-art", source);
      const colours = new Set<number>();
      for (let i = 0; i < out.data.length; i += 4)
        colours.add((out.data[i]! << 16) | (out.data[i + 1]! << 8) | out.data[i + 2]!);
      expect(colours.size).toBeLessThanOrEqual(PIXEL_ART_COLOURS);
      expect(colours.size).toBeGreaterThan(2);
    }
  });

  it("throws on an unknown style", () => {
    expect(() => run("vaporwave-deluxe", "scene")).toThrow(/Unknown Studio style/);
    expect(() => run("toString", "scene")).toThrow(/Unknown Studio style/);
  });

  it("handles small and non-square pictures", () => {
    const small = createRaster(37, 11, [120, 80, 200]);
    for (const id of STYLE_IDS) {
      const out = applyStyle(small, id, { strength: 1, random: createRandom(5), source: "photo" });
      expect(out.width).toBe(37);
      expect(out.height).toBe(11);
    }
  });
});

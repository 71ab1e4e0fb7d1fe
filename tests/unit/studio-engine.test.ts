/**
 * Studio through the engine interface, on its real worker threads: determinism (same request →
 * byte-identical PNGs; another seed → a visibly different picture), all three modes, progress,
 * cancellation, and the checks it makes on a request.
 */
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { DOODLE_BRUSHES } from "@atelier/studio/brushes";
import { EngineError, type GenerationRequest, type ProgressUpdate } from "../../server/generation/engines/engine";
import { createStudioEngine, STUDIO_LABEL } from "../../server/generation/studio/engine";

const engine = createStudioEngine({ threads: 2 });
afterAll(() => engine.close?.());

const request = (change: Partial<GenerationRequest> = {}): GenerationRequest => ({
  mode: "text",
  prompt: "a red sunset over snowy mountains and a calm lake",
  negativePrompt: "",
  style: "watercolor",
  width: 384,
  height: 256,
  aspectRatio: "4:3",
  seed: 1234,
  count: 1,
  strength: 0.8,
  christmas: false,
  ...change,
});

const generate = (r: GenerationRequest, onProgress: (u: ProgressUpdate) => void = () => {}) =>
  engine.generate(r, { onProgress, signal: new AbortController().signal });

/** Mean absolute difference per channel, 0..255. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [ra, rb] = await Promise.all([sharp(a).raw().toBuffer(), sharp(b).raw().toBuffer()]);
  let sum = 0;
  for (let i = 0; i < ra.length; i++) sum += Math.abs(ra[i]! - rb[i]!);
  return sum / ra.length;
}

describe("Studio engine", () => {
  it("names itself honestly", () => {
    expect(engine.label).toBe(STUDIO_LABEL);
    expect(STUDIO_LABEL).toBe("Studio — offline engine");
  });

  it("paints byte-identical PNGs for the same request, and different ones for another seed", async () => {
    const updates: ProgressUpdate[] = [];
    const first = await generate(request({ count: 2 }), (u) => updates.push(u));
    const again = await generate(request({ count: 2 }));
    expect(first.images).toHaveLength(2);
    expect(first.images.map((i) => i.seed)).toEqual([1234, 1235]);
    expect(first.images[0]!.bytes.equals(again.images[0]!.bytes)).toBe(true);
    expect(first.images[1]!.bytes.equals(again.images[1]!.bytes)).toBe(true);
    expect(await difference(first.images[0]!.bytes, first.images[1]!.bytes)).toBeGreaterThan(8);
    const meta = await sharp(first.images[0]!.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 384, 256]);
    // Progress climbs to 100 with words for people.
    expect(updates.at(-1)).toEqual({ percent: 100, stage: "Done" });
    expect(updates.map((u) => u.percent ?? 0)).toEqual([...updates.map((u) => u.percent ?? 0)].sort((a, b) => a - b));
    expect(updates.some((u) => u.stage.length > 3 && u.percent! > 0 && u.percent! < 100)).toBe(true);
    // Only the whole job says Done: a picture finished before the other says "Finishing".
    expect(updates.filter((u) => u.stage.startsWith("Done"))).toEqual([{ percent: 100, stage: "Done" }]);
  });

  it("says how it read the prompt, read on its render thread", async () => {
    const { reading } = await generate(request({ prompt: "a beagle beside a xylophonium on a calm lake", count: 2 }));
    expect(reading?.understood).toEqual(expect.arrayContaining(["beagle → dog", "lake"]));
    expect(reading?.notDrawn).toEqual(["xylophonium"]);
  });

  it("restyles an uploaded picture, keeping it at strength 0", async () => {
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#3d7ab8" } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="600" height="400"><circle cx="300" cy="200" r="120" fill="#f2c14e"/><rect y="300" width="600" height="100" fill="#3e8e41"/></svg>',
          ),
        },
      ])
      .jpeg()
      .toBuffer();
    const kept = await generate(
      request({ mode: "image", sourceImage: photo, strength: 0, style: "oil-painting", width: 384, height: 256 }),
    );
    const styled = await generate(
      request({ mode: "image", sourceImage: photo, strength: 1, style: "oil-painting", width: 384, height: 256 }),
    );
    const original = await sharp(photo).resize(384, 256, { fit: "cover" }).png().toBuffer();
    const keptDiff = await difference(kept.images[0]!.bytes, original);
    const styledDiff = await difference(styled.images[0]!.bytes, original);
    expect(keptDiff).toBeLessThan(3);
    expect(styledDiff).toBeGreaterThan(keptDiff + 3);
  });

  it("turns a doodle's label colours into a picture", async () => {
    const [sky, grass] = ["sky", "grass"].map((id) => DOODLE_BRUSHES.find((b) => b.id === id)!.color);
    const doodle = await sharp({ create: { width: 384, height: 256, channels: 3, background: sky! } })
      .composite([
        {
          input: Buffer.from(
            `<svg width="384" height="256"><rect y="160" width="384" height="96" fill="${grass}"/></svg>`,
          ),
        },
      ])
      .png()
      .toBuffer();
    const result = await generate(request({ mode: "doodle", sourceImage: doodle, style: "natural", prompt: "" }));
    const { data, info } = await sharp(result.images[0]!.bytes).raw().toBuffer({ resolveWithObject: true });
    const mean = (y0: number, y1: number) => {
      const sum = [0, 0, 0];
      let n = 0;
      for (let y = y0; y < y1; y++)
        for (let x = 0; x < info.width; x++) {
          const i = (y * info.width + x) * info.channels;
          sum[0]! += data[i]!;
          sum[1]! += data[i + 1]!;
          sum[2]! += data[i + 2]!;
          n++;
        }
      return sum.map((v) => v / n);
    };
    const [r1, , b1] = mean(10, 100);
    const [r2, g2, b2] = mean(190, 250);
    expect(b1!).toBeGreaterThan(r1!); // the sky region reads blue
    expect(g2!).toBeGreaterThan(b2!); // the grass region reads green
    expect(g2!).toBeGreaterThan(r2! * 0.9);
  });

  it("stops when the signal aborts", async () => {
    const controller = new AbortController();
    const running = engine.generate(request({ width: 1024, height: 1024, count: 4, style: "oil-painting" }), {
      onProgress: () => {},
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    await expect(running).rejects.toMatchObject({ kind: "canceled" });
  });

  it("explains what it cannot do", async () => {
    expect(engine.validate(request({ style: "baroque" }))).toEqual([
      { field: "style", message: "Studio does not know that style" },
    ]);
    expect(engine.validate(request({ width: 2048, height: 2048 }))).toEqual([
      { field: "size", message: "Studio renders up to 1536 pixels on the long side" },
    ]);
    await expect(generate(request({ mode: "image", sourceImage: Buffer.from("not an image") }))).rejects.toBeInstanceOf(
      EngineError,
    );
  });
});

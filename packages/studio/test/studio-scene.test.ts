import { describe, expect, it } from "vitest";
import { createRandom } from "../src/random";
import { parsePrompt } from "../src/scene/parse-prompt";
import { renderScene } from "../src/scene/render-scene";
import type { Raster } from "../src/raster";

/** Mean colour and mean luma of the rows [from, to) as fractions of the height. */
function band(r: Raster, from: number, to: number) {
  let sr = 0;
  let sg = 0;
  let sb = 0;
  let bright = 0;
  let n = 0;
  for (let y = Math.floor(r.height * from); y < Math.floor(r.height * to); y++) {
    for (let x = 0; x < r.width; x++) {
      const i = (y * r.width + x) * 4;
      sr += r.data[i]!;
      sg += r.data[i + 1]!;
      sb += r.data[i + 2]!;
      if (0.2126 * r.data[i]! + 0.7152 * r.data[i + 1]! + 0.0722 * r.data[i + 2]! > 170) bright++;
      n++;
    }
  }
  const mean = { r: sr / n, g: sg / n, b: sb / n };
  return { ...mean, luma: 0.2126 * mean.r + 0.7152 * mean.g + 0.0722 * mean.b, brightShare: bright / n };
}

describe("parsePrompt", () => {
  it("reads subjects, colours, light and mood", () => {
    const scene = parsePrompt("A red sunset over snowy mountains and a calm lake", { christmas: false });
    expect(scene.understood).toBe(true);
    expect(scene.subjects).toEqual(expect.arrayContaining(["mountains", "lake", "sun"]));
    expect(scene.colors.sky).toBeDefined();
    expect(scene.colors.sky![0]).toBeGreaterThan(scene.colors.sky![2]);
    expect(scene.timeOfDay).toBe("sunset");
    expect(scene.snowy).toBe(true);
    expect(scene.mood).toBe("calm");
    expect(scene.stillWater).toBe(true);
  });

  it("ties a colour to the noun that follows it, or to the palette", () => {
    const scene = parsePrompt("purple mountains, a foggy pine forest at dawn, teal", { christmas: false });
    expect(scene.colors.mountains).toBeDefined();
    expect(scene.subjects).toEqual(expect.arrayContaining(["mountains", "forest", "trees"]));
    expect(scene.weather).toBe("fog");
    expect(scene.timeOfDay).toBe("dawn");
    expect(scene.treeKind).toBe("conifer");
    expect(scene.palette).toHaveLength(1);
  });

  it("recognises synonyms and plurals", () => {
    expect(parsePrompt("the milky way above the ocean", { christmas: false }).subjects).toEqual(
      expect.arrayContaining(["galaxy", "sea"]),
    );
    expect(parsePrompt("skyscrapers in the rain at midnight", { christmas: false })).toMatchObject({
      subjects: ["city"],
      weather: "rain",
      timeOfDay: "night",
    });
    expect(parsePrompt("northern lights", { christmas: false }).subjects).toEqual(["aurora"]);
    expect(parsePrompt("sand dunes", { christmas: false }).subjects).toEqual(["desert"]);
    expect(parsePrompt("the sky is pink", { christmas: false }).colors.sky).toBeDefined();
  });

  it("marks prompts with no subject as not understood", () => {
    expect(parsePrompt("the feeling of Tuesday", { christmas: false }).understood).toBe(false);
    expect(parsePrompt("asdf", { christmas: false }).understood).toBe(false);
  });

  it("biases christmas scenes toward snow and evergreens", () => {
    const scene = parsePrompt("a little village", { christmas: true });
    expect(scene.snowy).toBe(true);
    expect(scene.treeKind).toBe("conifer");
    expect(scene.christmas).toBe(true);
  });
});

describe("renderScene", () => {
  const size = { width: 256, height: 256 };

  it("is deterministic for the same prompt and seed", () => {
    const scene = parsePrompt("a night city skyline with stars over a lake", { christmas: false });
    const a = renderScene(scene, { ...size, random: createRandom(42) });
    const b = renderScene(scene, { ...size, random: createRandom(42) });
    expect(Buffer.from(a.data.buffer).equals(Buffer.from(b.data.buffer))).toBe(true);
  });

  it("changes the picture with the seed", () => {
    for (const prompt of ["snowy mountains over a lake", "the feeling of Tuesday"]) {
      const scene = parsePrompt(prompt, { christmas: false });
      const a = renderScene(scene, { ...size, random: createRandom(1) });
      const b = renderScene(scene, { ...size, random: createRandom(2) });
      let differing = 0;
      for (let k = 0; k < a.data.length; k += 4) {
        const d =
          Math.abs(a.data[k]! - b.data[k]!) +
          Math.abs(a.data[k + 1]! - b.data[k + 1]!) +
          Math.abs(a.data[k + 2]! - b.data[k + 2]!);
        if (d > 30) differing++;
      }
      expect(differing / (a.data.length / 4)).toBeGreaterThan(0.15);
    }
  });

  it("paints a red sunset over snowy mountains and a calm lake", () => {
    const scene = parsePrompt("a red sunset over snowy mountains and a calm lake", { christmas: false });
    const stages: string[] = [];
    for (const seed of [3, 11]) {
      const r = renderScene(scene, {
        width: 320,
        height: 320,
        random: createRandom(seed),
        onProgress: (_f, s) => stages.push(s),
      });
      const sky = band(r, 0.12, 0.3);
      const mountains = band(r, 0.3, 0.52);
      const water = band(r, 0.72, 1);
      // Warm upper sky: red dominates blue.
      expect(sky.r).toBeGreaterThan(sky.b + 30);
      // Snow: a share of bright pixels in the mountain band.
      expect(mountains.brightShare).toBeGreaterThan(0.04);
      // The lake below is darker than the sky and the peaks.
      expect(water.luma).toBeLessThan(sky.luma);
      expect(water.luma).toBeLessThan(mountains.luma);
    }
    expect(stages).toContain("Raising the mountains");
    expect(stages).toContain("Filling the lake");
  });

  it("renders every aspect ratio at the requested size", () => {
    const scene = parsePrompt("a forest by the sea at golden hour", { christmas: false });
    for (const [width, height] of [
      [256, 256],
      [341, 256],
      [256, 341],
      [455, 256],
      [256, 455],
    ] as const) {
      const r = renderScene(scene, { width, height, random: createRandom(5) });
      expect(r.width).toBe(width);
      expect(r.height).toBe(height);
      expect(r.data.length).toBe(width * height * 4);
      for (let k = 3; k < r.data.length; k += 4 * 97) expect(r.data[k]).toBe(255);
    }
  });

  it("gives the night sky a deep blue and the noon desert warm sand", () => {
    const night = renderScene(parsePrompt("starry night over the hills", { christmas: false }), {
      ...size,
      random: createRandom(9),
    });
    const top = band(night, 0, 0.2);
    expect(top.luma).toBeLessThan(60);
    expect(top.b).toBeGreaterThan(top.r);
    const desert = renderScene(parsePrompt("desert dunes at noon", { christmas: false }), {
      ...size,
      random: createRandom(9),
    });
    const sand = band(desert, 0.75, 1);
    expect(sand.r).toBeGreaterThan(sand.b + 30);
  });
});

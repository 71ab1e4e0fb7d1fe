/**
 * Indoor pictures (issue 19): room words and tabletop things with no landscape put the picture
 * in a room or a still life; a candle lights it at night; "reading" brings a book; a thing on a
 * chair sits on its seat and is drawn in front of it; "on the moon" makes the moon the ground.
 */
import { describe, expect, it } from "vitest";
import { createRandom } from "../src/random";
import { roomContext } from "../src/scene/interior";
import { parsePrompt } from "../src/scene/parse-prompt";
import { renderScene } from "../src/scene/render-scene";
import { placeThings } from "../src/subjects/draw-things";

const SIZE = 192;
const read = (prompt: string) => parsePrompt(prompt, { christmas: false });
const render = (prompt: string) => renderScene(read(prompt), { width: SIZE, height: SIZE, random: createRandom(5) });
const pixel = (data: Uint8ClampedArray, x: number, y: number) => {
  const i = (Math.round(y) * SIZE + Math.round(x)) * 4;
  return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
};
const brightness = ([r, g, b]: readonly number[]) => (r! + g! + b!) / 3;

describe("indoor scenes", () => {
  it("are chosen by room words, or by tabletop things when no landscape is named", () => {
    expect(read("a bowl of lemons on a blue table").indoor).toBe(true);
    expect(read("a teapot and a mug in a kitchen").indoor).toBe(true);
    expect(read("a cat by a window")).toMatchObject({ indoor: true, window: true });
    expect(read("a fox in a snowy forest at dusk").indoor).toBe(false);
    expect(read("a snowy village at dusk, warm windows").indoor).toBe(false);
    expect(read("a chair in a meadow").indoor).toBe(false);
  });

  it("reads the home page's fox as a fox with a book by a lit candle, in the evening", () => {
    const scene = read("a fox reading by candlelight");
    expect(scene.indoor).toBe(true);
    expect(scene.things.map((t) => t.id)).toEqual(["fox", "candle", "book"]);
    expect(scene.timeOfDay).toBe("night");
    expect(scene.timeExplicit).toBe(false);
    expect(read("a candle on a table in the morning").timeOfDay).toBe("morning");
  });

  it("reads a lone orange as the fruit and an orange cat as a colour", () => {
    expect(read("an orange on a table").things.map((t) => t.id)).toEqual(["mandarin", "table"]);
    expect(read("an orange").things.map((t) => t.id)).toEqual(["mandarin"]);
    expect(read("an orange cat").things).toEqual([{ id: "cat", count: 1, color: expect.any(Array) }]);
  });

  it("paints a wall, not a sky, and a candle brightens the dark room around it", () => {
    const day = render("a bowl of lemons on a blue table");
    const outdoors = render("a fox in a meadow");
    // The wall's middle is a warm neutral; the sky outdoors is blue.
    const [wr, , wb] = pixel(day.data, SIZE / 2, SIZE * 0.1);
    const [sr, , sb] = pixel(outdoors.data, SIZE / 2, SIZE * 0.1);
    expect(wr).toBeGreaterThan(wb);
    expect(sb).toBeGreaterThan(sr);

    const scene = read("a candle on a table in a room");
    const { ctx } = roomContext(scene, SIZE, SIZE, createRandom(5), new Uint8ClampedArray(SIZE * SIZE * 4));
    const candle = placeThings(ctx).find((t) => t.definition.id === "candle")!;
    const lit = renderScene(scene, { width: SIZE, height: SIZE, random: createRandom(5) });
    const nearCandle = brightness(pixel(lit.data, candle.box.x, candle.box.y - candle.box.h * 1.2));
    const farCorner = brightness(pixel(lit.data, candle.box.x < SIZE / 2 ? SIZE - 2 : 2, SIZE - 2));
    expect(nearCandle).toBeGreaterThan(farCorner * 1.5);
  });

  it("sits a kitten in a basket, as large as the kitten, its body below the rim", () => {
    const scene = read("a kitten in a basket");
    const { ctx } = roomContext(scene, SIZE, SIZE, createRandom(2), new Uint8ClampedArray(SIZE * SIZE * 4));
    const placed = placeThings(ctx);
    const basket = placed.find((t) => t.definition.id === "art:1f9fa")!;
    const cat = placed.find((t) => t.definition.id === "cat")!;
    expect(cat.support).toBe(basket);
    expect(cat.nested).toBe(true);
    expect(Math.abs(cat.box.x - basket.box.x)).toBeLessThan(basket.box.w * 0.1);
    // Its feet are inside the basket, and it is about as tall as the basket.
    expect(cat.box.y).toBeLessThan(basket.box.y);
    expect(cat.box.y).toBeGreaterThan(basket.box.y - basket.box.h * 0.62);
    expect(cat.box.h / basket.box.h).toBeGreaterThan(0.8);
  });

  it("sits a cat on a chair's seat", () => {
    const scene = read("a cat on a chair");
    const { ctx } = roomContext(scene, SIZE, SIZE, createRandom(2), new Uint8ClampedArray(SIZE * SIZE * 4));
    const placed = placeThings(ctx);
    const chair = placed.find((t) => t.definition.id === "chair")!;
    const cat = placed.find((t) => t.definition.id === "cat")!;
    expect(cat.support).toBe(chair);
    expect(cat.box.y).toBeCloseTo(chair.box.y - chair.box.h * 0.52, 5);
  });
});

describe("on the moon", () => {
  it("makes the moon the ground under a black sky, not a disc in it", () => {
    const scene = read("an astronaut on the moon");
    expect(scene.lunar).toBe(true);
    expect(read("a full moon over a lake").lunar).toBe(false);
    const lunar = render("an astronaut on the moon");
    const night = render("an astronaut at night");
    expect(brightness(pixel(lunar.data, 4, 4))).toBeLessThan(12);
    expect(brightness(pixel(lunar.data, 4, 4))).toBeLessThan(brightness(pixel(night.data, 4, 4)));
    // Grey dust, not green grass, at the bottom.
    const [r, g, b] = pixel(lunar.data, 4, SIZE - 3);
    expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThan(16);
  });
});

describe("on another planet", () => {
  it("makes mars or an alien planet the ground, not a disc in the sky", () => {
    const mars = read("a rover on the surface of mars");
    expect(mars.world).toBe("mars");
    expect(mars.things.some((t) => t.id === "mars")).toBe(false);
    expect(read("a spaceship landing on mars").world).toBe("mars");
    expect(read("mars colony under glass domes").world).toBe("mars");
    expect(read("an astronaut exploring a jungle on an alien planet").world).toBe("alien");
    expect(read("a castle on a distant planet").world).toBe("alien");
    // Mars seen from Earth stays in the sky.
    expect(read("the planet mars in a starry sky").world).toBeNull();
    expect(read("an astronaut on the moon").world).toBeNull();
  });

  it("paints Mars's red dust and an alien world's violet sky", () => {
    const mars = render("an astronaut on mars");
    const [r, g, b] = pixel(mars.data, SIZE / 2, SIZE - 3);
    expect(r).toBeGreaterThan(g + 30);
    expect(r).toBeGreaterThan(b + 40);
    const alien = render("an astronaut on an alien planet");
    const [sr, sg, sb] = pixel(alien.data, 4, 4);
    expect(sb).toBeGreaterThan(sg + 20);
    expect(sr).toBeGreaterThan(sg);
  });
});

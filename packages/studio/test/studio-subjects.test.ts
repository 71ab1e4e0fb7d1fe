/**
 * Studio's subject library (issue 19): the prompt's things are found with their colour, number
 * and relation; every subject of the library renders, shows (the picture differs from the same
 * scene without it) and is placed inside the frame.
 */
import { describe, expect, it } from "vitest";
import { createRandom } from "../src/random";
import { createContext } from "../src/scene/context";
import { parsePrompt } from "../src/scene/parse-prompt";
import { renderScene } from "../src/scene/render-scene";
import { placeThings } from "../src/subjects/draw-things";
import { SUBJECT_LIBRARY } from "../src/subjects/library";

const SIZE = 256;
const read = (prompt: string) => parsePrompt(prompt, { christmas: false });
/** Where the things of a prompt stand in its scene. */
const placedIn = (prompt: string, seed = 1) =>
  placeThings(createContext(read(prompt), SIZE, SIZE, createRandom(seed), new Uint8ClampedArray(SIZE * SIZE * 4)));

describe("things in a prompt", () => {
  it("finds a thing with its colour, number and relation", () => {
    expect(read("a red fox in a snowy forest at dusk").things).toEqual([
      { id: "fox", count: 1, color: expect.any(Array), relation: { kind: "in", target: "forest" } },
    ]);
    expect(read("a red fox").things[0]!.color![0]).toBeGreaterThan(150);
    expect(read("a red fox").palette).toEqual([]); // the colour is the fox's, not the whole picture's
    expect(read("three foxes in a meadow").things).toEqual([
      { id: "fox", count: 3, relation: { kind: "in", target: "meadow" } },
    ]);
    expect(read("foxes").things[0]!.count).toBe(3);
    expect(read("a pair of foxes").things[0]!.count).toBe(2);
    expect(read("a lighthouse on a cliff above a stormy sea").things).toEqual([
      { id: "lighthouse", count: 1, relation: { kind: "on", target: "cliff" } },
    ]);
    expect(read("a fox").understood).toBe(true);
    // A container keeps its own place; what is "of" it goes in it.
    expect(read("a bowl of lemons on a blue table").things).toEqual([
      { id: "bowl", count: 1, relation: { kind: "on", target: "table" } },
      { id: "lemon", count: 3, relation: { kind: "in", target: "bowl" } },
      { id: "table", count: 1, color: expect.any(Array) },
    ]);
  });

  it("reads 'in front of' as beside and 'crossing' as on, and stands only on or in what can hold it", () => {
    const knight = read("a knight in front of a castle");
    expect(knight.things[0]).toEqual({ id: "knight", count: 1, relation: { kind: "by", target: "castle" } });
    expect(read("a train crossing a bridge").things[0]!.relation).toEqual({ kind: "on", target: "bridge" });
    // An owl "in a tree" gets a tree of its own to sit in.
    expect(read("an owl in a tree").things).toEqual([
      { id: "owl", count: 1, relation: { kind: "on", target: "lonetree" } },
      { id: "lonetree", count: 1 },
    ]);
    // "in" a thing that holds nothing is beside it, not on top of it.
    expect(placedIn("a fox in a lighthouse").find((t) => t.definition.id === "fox")!.support).toBeUndefined();
  });

  it("puts what a figure is 'with' in its hand, and anything else beside it", () => {
    expect(read("a girl with an umbrella in the rain").things).toEqual([
      { id: "woman", count: 1 },
      { id: "umbrella", count: 1, relation: { kind: "held", target: "woman" } },
    ]);
    expect(read("a knight with a dog").things[1]).toEqual({
      id: "dog",
      count: 1,
      relation: { kind: "by", target: "knight" },
    });
    const [woman, lantern] = placedIn("a woman with a lantern");
    expect(lantern!.support).toBe(woman);
    expect(lantern!.box.y).toBeLessThan(woman!.box.y);
    expect(lantern!.box.y).toBeGreaterThan(woman!.box.y - woman!.box.h);
  });

  it("shares a relation across 'and', seats riders on their mounts and passengers in their boats", () => {
    expect(read("apples and pears on a table").things.map((t) => t.relation)).toEqual([
      { kind: "on", target: "table" },
      { kind: "on", target: "table" },
      undefined,
    ]);
    expect(read("a knight on a horse").things[0]!.relation).toEqual({ kind: "on", target: "horse" });
    // In a bowl a goldfish brings no sea; a boat on its own brings water.
    expect(read("a goldfish in a bowl").subjects).toEqual([]);
    expect(read("a rowboat").subjects).toEqual(["lake"]);
    const [boat, man] = placedIn("a man in a rowboat on a lake");
    expect(man!.support).toBe(boat);
    expect(man!.box.y).toBeLessThan(boat!.box.y);
  });

  it("reads size words: a tiny house is smaller than a house, a huge fox larger than a fox", () => {
    expect(read("a tiny house").things[0]!.scale).toBe(0.6);
    expect(read("a huge old whale").things[0]!.scale).toBe(1.5);
    expect(read("a house").things[0]!.scale).toBeUndefined();
    const height = (prompt: string) => placedIn(prompt)[0]!.box.h;
    expect(height("a tiny house in a meadow")).toBeLessThan(height("a house in a meadow") * 0.7);
    expect(height("a huge fox in a meadow")).toBeGreaterThan(height("a fox in a meadow") * 1.3);
  });

  it("reads what a subject's definition says of it: night things, lake things, room things", () => {
    // Each property is a flag on the definition, so a new subject brings its own.
    expect(read("a comet").timeOfDay).toBe("night");
    expect(read("the red planet").timeOfDay).toBe("night");
    expect(read("a comet at noon").timeOfDay).toBe("day");
    expect(read("a swan").subjects).toEqual(["lake"]);
    expect(read("a whale").subjects).toEqual(["sea"]);
    expect(read("a teapot").indoor).toBe(true);
    expect(read("a teapot in a meadow").indoor).toBe(false);
    expect(read("a candle").timeOfDay).toBe("night");
    expect(read("a squirrel in the trees").things[0]!.relation).toEqual({ kind: "on", target: "lonetree" });
    expect(read("a fox in the trees").things[0]!.relation).toEqual({ kind: "in", target: "trees" });
    const flagged = SUBJECT_LIBRARY.filter((s) => s.indoor || s.lightsRoom || s.carried).map((s) => s.category);
    expect(new Set(flagged)).toEqual(new Set(["object", "nature"]));
  });

  it("every subject renders, shows, and is placed inside the frame", () => {
    for (const subject of SUBJECT_LIBRARY) {
      const word = subject.words[0]!;
      const scene = read(`a ${word} in a meadow`);
      expect(
        scene.things.map((t) => t.id),
        word,
      ).toEqual([subject.id]);
      const render = (things: typeof scene.things) =>
        renderScene({ ...scene, things }, { width: SIZE, height: SIZE, random: createRandom(11) });
      const withIt = render(scene.things);
      const without = render([]);
      let differing = 0;
      for (let i = 0; i < withIt.data.length; i += 4)
        if (Math.abs(withIt.data[i]! - without.data[i]!) + Math.abs(withIt.data[i + 1]! - without.data[i + 1]!) > 24)
          differing++;
      expect(differing / (SIZE * SIZE), `${word} shows`).toBeGreaterThan(0.01);

      const ctx = createContext(scene, SIZE, SIZE, createRandom(11), new Uint8ClampedArray(SIZE * SIZE * 4));
      for (const { box } of placeThings(ctx)) {
        expect(box.x - box.w / 2, `${word} left`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.w / 2, `${word} right`).toBeLessThanOrEqual(SIZE);
        expect(box.y - box.h, `${word} top`).toBeGreaterThanOrEqual(0);
        expect(box.y, `${word} base`).toBeLessThanOrEqual(SIZE);
      }
    }
  });

  it("several of a kind, and things with others, stay inside the frame too", () => {
    for (const prompt of ["five foxes", "a lighthouse on an island, foxes", "a fox on a lighthouse"]) {
      const boxes = placedIn(prompt, 3).map((t) => t.box);
      expect(boxes.length, prompt).toBeGreaterThan(0);
      for (const box of boxes) {
        expect(box.x - box.w / 2, prompt).toBeGreaterThanOrEqual(0);
        expect(box.x + box.w / 2, prompt).toBeLessThanOrEqual(SIZE);
        expect(box.y - box.h, prompt).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("reads the season's things: a snowman, a sleigh of presents, a christmas tree, a campfire, a hearth", () => {
    expect(read("a snowman in a snowy village").things[0]!.id).toBe("snowman");
    expect(read("a red sleigh full of presents").things).toEqual([
      { id: "sleigh", count: 1, color: expect.any(Array) },
      { id: "gift", count: 3, relation: { kind: "in", target: "sleigh" } },
    ]);
    expect(read("a girl with a present").things[1]!.relation).toEqual({ kind: "held", target: "woman" });
    // One christmas tree, or a few, are the decorated tree; plain firs stay the landscape's.
    expect(read("presents under a christmas tree").things.map((t) => t.id)).toEqual(["gift", "christmastree"]);
    expect(read("christmas trees").things).toEqual([{ id: "christmastree", count: 3 }]);
    expect(read("a fir tree with fairy lights").things[0]!.id).toBe("christmastree");
    expect(read("fir trees in the snow").subjects).toEqual(["trees"]);
    // A fire out of doors is a campfire; "by the fire", or a fire with a hearth, is the fireplace, indoors at evening.
    expect(read("a campfire by a lake").things).toEqual([
      { id: "campfire", count: 1, relation: { kind: "by", target: "lake" } },
    ]);
    expect(read("people around a fire in the forest").things.map((t) => t.id)).toEqual(["person", "campfire"]);
    expect(read("a dragon breathing fire over a castle").things.map((t) => t.id)).toEqual(["dragon", "castle"]);
    for (const prompt of ["a cat by the fire", "a fireplace with a roaring fire", "a cat by the fireplace"]) {
      const scene = read(prompt);
      const ids = scene.things.map((t) => t.id);
      expect(ids.includes("fireplace") && !ids.includes("campfire"), prompt).toBe(true);
      expect([scene.indoor, scene.timeOfDay], prompt).toEqual([true, "night"]);
    }
    // At night a campfire and a christmas tree light what is around them.
    for (const prompt of ["a campfire in a meadow at night", "a christmas tree in a meadow at night"]) {
      const scene = read(prompt);
      const render = (things: typeof scene.things) =>
        renderScene({ ...scene, things }, { width: SIZE, height: SIZE, random: createRandom(5) });
      const [lit, dark] = [render(scene.things), render([])];
      const { box } = placedIn(prompt, 5)[0]!;
      // Red and green gained on either side of it, a quarter of its width outside its box (a snowman gains none).
      const gains: number[] = [];
      for (let y = Math.round(box.y - box.h * 0.5); y < Math.min(SIZE, box.y + box.h * 0.1); y++)
        for (const x of [box.x - box.w * 0.75, box.x + box.w * 0.75]) {
          const i = (y * SIZE + Math.round(Math.min(SIZE - 1, Math.max(0, x)))) * 4;
          gains.push(lit.data[i]! + lit.data[i + 1]! - dark.data[i]! - dark.data[i + 1]!);
        }
      expect(gains.reduce((a, b) => a + b, 0) / gains.length, prompt).toBeGreaterThan(4);
    }
  });

  it("seats a rider astride a mount it can ride, and hitches what is pulled right behind its puller", () => {
    expect(read("a girl riding a horse").things[0]!.relation).toEqual({ kind: "on", target: "horse" });
    expect(read("a man on a cat").things[0]!.relation).toEqual({ kind: "by", target: "cat" });
    // A robot has no riding pose; a person on a bicycle is the art set's person biking.
    expect(read("a robot riding a bicycle").things[0]!.relation).toEqual({ kind: "by", target: "bicycle" });
    expect(read("a girl riding a bicycle in a park").things.map((t) => t.id)).toEqual(["art:1f6b4-200d-2640"]);
    const prompts = [
      "a knight on a horse",
      "a cowboy riding a horse at sunset",
      "a princess riding a unicorn",
      "a boy riding a dragon over a castle",
      "a girl riding an elephant",
    ];
    for (const [seed, prompt] of prompts.entries()) {
      const rider = placedIn(prompt, seed + 1).find((t) => t.rides)!;
      const { box: seat, look } = rider;
      const { box: back, look: mountLook } = rider.support!;
      // The seat is on the upper part of the mount (its back), inside its width, facing its way.
      expect(seat.y, prompt).toBeLessThan(back.y - back.h * 0.45);
      expect(seat.y, prompt).toBeGreaterThan(back.y - back.h);
      expect(Math.abs(seat.x - back.x), prompt).toBeLessThan(back.w * 0.25);
      expect(look.facing, prompt).toBe(mountLook.facing);
      expect(seat.y - seat.h, prompt).toBeGreaterThanOrEqual(0);
    }
    // A ridden dragon over a castle flies, its rider with it.
    expect(placedIn("a boy riding a dragon over a castle").find((t) => t.rides)!.look.airborne).toBe(true);

    expect(read("a horse pulling a sleigh").things[0]!.relation).toEqual({ kind: "pulls", target: "sleigh" });
    expect(read("a sleigh pulled by reindeer").things[1]!.relation).toEqual({ kind: "pulls", target: "sleigh" });
    for (const prompt of [
      "a horse pulling a sleigh through the snow",
      "a sleigh pulled by reindeer",
      "dogs pulling a sled",
    ]) {
      const placed = placedIn(prompt);
      const sleigh = placed.find((t) => t.definition.id === "sleigh")!;
      const puller = sleigh.hitchedTo![0]!;
      // On the same ground line, facing the same way, the puller ahead with their boxes about touching.
      expect(sleigh.box.y, prompt).toBe(puller.box.y);
      expect(sleigh.look.facing, prompt).toBe(puller.look.facing);
      const gap = (puller.box.x - sleigh.box.x) * puller.look.facing - (puller.box.w + sleigh.box.w) / 2;
      expect(gap, prompt).toBeLessThanOrEqual(0);
      expect(gap, prompt).toBeGreaterThan(-0.2 * puller.box.w);
      for (const { box } of placed) {
        expect(box.x - box.w / 2, prompt).toBeGreaterThanOrEqual(0);
        expect(box.x + box.w / 2, prompt).toBeLessThanOrEqual(SIZE);
      }
    }
  });

  it("stands what is under a thing at its foot, in front of it and smaller", () => {
    const placed = placedIn("presents under a christmas tree");
    const tree = placed.find((t) => t.definition.id === "christmastree")!;
    const gifts = placed.filter((t) => t.definition.id === "gift");
    expect(gifts).toHaveLength(3);
    // The tree is the main subject, in the middle; the presents at its foot.
    expect(Math.abs(tree.box.x - SIZE / 2)).toBeLessThan(SIZE * 0.12);
    for (const gift of gifts) {
      expect(Math.abs(gift.box.x - tree.box.x)).toBeLessThan(tree.box.w * 0.75);
      expect(gift.box.y).toBeGreaterThanOrEqual(tree.box.y);
      expect(gift.box.y - tree.box.y).toBeLessThan(SIZE * 0.08);
      expect(gift.box.h).toBeLessThan(tree.box.h * 0.4);
    }
    const [table, cat] = placedIn("a cat under a table");
    expect(table!.definition.id).toBe("table");
    expect(cat!.box.h).toBeLessThan(table!.box.h * (table!.definition.surface ?? 0.8));
    expect(read("friends around a campfire").things[0]).toEqual({
      id: "person",
      count: 3,
      relation: { kind: "by", target: "campfire" },
    });
  });
});

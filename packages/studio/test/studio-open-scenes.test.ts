/**
 * The scenes, attributes and actions prompts name (issue 28): under the sea, street level in a city,
 * rooms by kind, a cave, a harbour, a world in a jar, seasons, roads and paths, the savanna, what a
 * subject wears or eats, and what it is doing (lying, flying, leaping, running, swimming).
 */
import { describe, expect, it } from "vitest";
import { createRandom } from "../src/random";
import { renderSquare } from "../src/render";
import { createContext } from "../src/scene/context";
import { parsePrompt } from "../src/scene/parse-prompt";
import { readPromptWords } from "../src/scene/understood";
import { placeThings } from "../src/subjects/draw-things";
import { subjectById } from "../src/subjects/library";

const read = (prompt: string) => parsePrompt(prompt, { christmas: false });
const underwater = (prompt: string) => read(prompt).underwater;

describe("under the sea", () => {
  it("is where the prompt says, or where a thing of the deep lives", () => {
    expect(underwater("an octopus on the sea floor among rocks")).toBe(true);
    expect(underwater("a sea turtle swimming under the sea")).toBe(true);
    expect(underwater("a shipwreck, underwater")).toBe(true);
    expect(underwater("a jellyfish")).toBe(true);
    expect(underwater("a coral reef with tropical fish")).toBe(true);
    expect(underwater("a crab on the beach")).toBe(false);
    expect(underwater("a whale in the ocean at sunset")).toBe(false);
    expect(underwater("a lighthouse above a stormy sea")).toBe(false);
  });

  it("puts an octopus on the floor of the sea", () => {
    const octopus = parsePrompt("an octopus on the sea floor", { christmas: false }).things[0];
    expect(octopus?.relation).toEqual({ kind: "on", target: "sea" });
  });

  it("paints the water from its bright surface to the deep", () => {
    const { data, width, height } = renderSquare("a jellyfish, underwater", "natural", 96, 5);
    const row = (y: number) => {
      let blue = 0;
      let red = 0;
      for (let x = 0; x < width; x++) {
        blue += data[(y * width + x) * 4 + 2]!;
        red += data[(y * width + x) * 4]!;
      }
      return { blue: blue / width, red: red / width };
    };
    const top = row(4);
    const middle = row(Math.round(height * 0.5));
    expect(top.blue).toBeGreaterThan(top.red + 40);
    expect(middle.blue).toBeGreaterThan(middle.red + 30);
    expect(top.blue).toBeGreaterThan(middle.blue);
  });
});

describe("street level", () => {
  it("is where the prompt names a street, unless it goes inside", () => {
    expect(read("a street in new york at night with yellow taxis").street).toBe(true);
    expect(read("a busy london street with red buses").street).toBe(true);
    expect(read("an alley in tokyo").street).toBe(true);
    expect(read("a cafe terrace on a paris street").street).toBe(true);
    expect(read("a cafe terrace on a paris street").indoor).toBe(false);
    expect(read("inside a cafe on a busy street").street).toBe(false);
    expect(read("inside a cafe on a busy street").indoor).toBe(true);
    expect(read("a city skyline at night").street).toBe(false);
  });

  it("draws a named city's landmark, and keeps the street's own signs and shops out of its things", () => {
    const newYork = read("a street in new york at night with yellow taxis");
    expect(newYork.subjects).toContain("city");
    expect(newYork.things.map((t) => t.id)).toContain("art:1f5fd");
    expect(newYork.readings).toContainEqual({ words: "new york", drawn: "Statue of Liberty", from: "art", via: [] });
    const tokyo = read("a rainy street in tokyo at night, neon signs and shops");
    expect(tokyo.things.map((t) => t.id)).toEqual(["art:1f5fc"]);
    // "walking down a street": "down" is no thing.
    expect(read("a woman walking down a street").things.map((t) => t.id)).toEqual(["woman"]);
  });

  it("paints buildings on both sides, the sky between them, and lights them at night", () => {
    const size = 128;
    const brightness = (data: Uint8ClampedArray, x0: number, x1: number, y0: number, y1: number) => {
      let sum = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) sum += data[(y * size + x) * 4]! + data[(y * size + x) * 4 + 1]!;
      return sum / ((x1 - x0) * (y1 - y0) * 2);
    };
    const day = renderSquare("a street in a city on a sunny day", "natural", size, 3).data;
    // How much bluer than red a 12-pixel patch is: the sky's blue, or a facade's.
    const skyBlue = (x0: number, y0: number) => {
      let sum = 0;
      for (let y = y0; y < y0 + 12; y++)
        for (let x = x0; x < x0 + 12; x++) sum += day[(y * size + x) * 4 + 2]! - day[(y * size + x) * 4]!;
      return sum / 144;
    };
    // The sky shows between the rooftops at the top middle, not at the top corners, where facades stand.
    expect(skyBlue(size / 2 - 6, 0)).toBeGreaterThan(100);
    expect(skyBlue(0, 8)).toBeLessThan(skyBlue(size / 2 - 6, 0) - 60);
    expect(skyBlue(size - 12, 8)).toBeLessThan(skyBlue(size / 2 - 6, 0) - 60);
    // At night the facades' windows and the shops glow: warm, bright pixels on the sides.
    const night = renderSquare("a street in a city at night", "natural", size, 3).data;
    let warm = 0;
    for (let y = 0; y < size * 0.6; y++)
      for (const x of [...Array(24).keys(), ...Array(24).keys()].map((k, n) => (n < 24 ? k : size - 1 - k))) {
        const i = (y * size + x) * 4;
        if (night[i]! > 200 && night[i + 1]! > 150 && night[i + 2]! < 170) warm++;
      }
    expect(warm).toBeGreaterThan(40);
    expect(brightness(night, 0, size, 0, 8)).toBeLessThan(brightness(day, 0, size, 0, 8));
  });
});

describe("a world in a vessel", () => {
  it("puts the scene in a jar, a glass, a bottle or a snow globe the prompt puts it in", () => {
    expect(read("a firefly in a jar").vessel).toBe("jar");
    expect(read("a tiny forest inside a glass").vessel).toBe("glass");
    expect(read("a ship in a bottle").vessel).toBe("bottle");
    expect(read("a tiny house in a snow globe").vessel).toBe("globe");
    expect(read("a snow globe with a tiny carousel inside").vessel).toBe("globe");
    // The vessel holds the picture: it is not one more thing in it.
    expect(read("a ship in a bottle").things.map((t) => t.id)).toEqual(["ship"]);
    // A glass of milk is a thing on a table, and a jar beside a cat is a jar.
    expect(read("a glass of milk").vessel).toBeNull();
    expect(read("a cat next to a jar").vessel).toBeNull();
  });

  it("paints the glass on a table against a wall, the scene inside it", () => {
    const size = 96;
    const { data } = renderSquare("a fox in a jar at noon", "natural", size, 2);
    const at = (x: number, y: number) => {
      const i = (Math.round(y) * size + Math.round(x)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
    };
    // Outside the jar: a warm wall and a wooden table; inside its top half: the blue sky of the fox's meadow.
    const wall = at(3, size * 0.3);
    const table = at(size / 2, size - 3);
    const sky = at(size / 2, size * 0.35);
    expect(wall[0]).toBeGreaterThan(wall[2]!);
    expect(table[0]).toBeGreaterThan(table[2]! + 30);
    expect(sky[2]).toBeGreaterThan(sky[0]! + 30);
  });
});

describe("a harbour", () => {
  it("is read from its words, with boats moored when none are named", () => {
    const harbour = read("fishing boats in a harbor at dawn");
    expect(harbour.harbour).toBe(true);
    expect(harbour.subjects).toContain("sea");
    expect(harbour.things.map((t) => [t.id, t.count])).toEqual([["rowboat", 3]]);
    expect(read("a marina at sunset").things.map((t) => t.id)).toEqual(["rowboat"]);
    // "at the end of a pier": the end is a place on it, no thing.
    expect(read("a lighthouse at the end of a pier").things.map((t) => t.id)).toEqual(["lighthouse", "rowboat"]);
    expect(read("a boat on the sea").harbour).toBe(false);
  });

  it("puts a town across the water and a stone quay in front", () => {
    const size = 96;
    const quay = renderSquare("boats in a harbour", "natural", size, 6).data;
    const open = renderSquare("boats on the sea", "natural", size, 6).data;
    const blueness = (data: Uint8ClampedArray, y: number) => {
      let sum = 0;
      for (let x = 0; x < size; x++) sum += data[(y * size + x) * 4 + 2]! - data[(y * size + x) * 4]!;
      return sum / size;
    };
    // The bottom row is the quay's stone, not the sea's blue.
    expect(blueness(open, size - 2)).toBeGreaterThan(20);
    expect(blueness(quay, size - 2)).toBeLessThan(10);
  });
});

describe("inside a cave", () => {
  it("is where something is in the cave, or the prompt goes inside", () => {
    expect(read("a bear sleeping in a cave").cave).toBe(true);
    expect(read("inside a dark cave with a campfire").cave).toBe(true);
    expect(read("a dragon in a cavern").cave).toBe(true);
    expect(read("a cave by the sea").cave).toBe(false);
    expect(read("a bear in front of a cave").cave).toBe(false);
  });

  it("paints rock all round the mouth, the day outside through it, and the bear on its floor", () => {
    const size = 96;
    const { data } = renderSquare("a bear sleeping in a cave", "natural", size, 4);
    const at = (x: number, y: number) => {
      const i = (Math.round(y) * size + Math.round(x)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
    };
    const luma = ([r, g, b]: readonly [number, number, number]) => 0.3 * r + 0.59 * g + 0.11 * b;
    // Rock in the top corners, darker than the sky seen through the mouth above the middle.
    const sky = at(size / 2, size * 0.36);
    expect(sky[2]).toBeGreaterThan(sky[0] + 40);
    for (const corner of [at(2, 2), at(size - 3, 2)]) {
      expect(corner[2]).toBeLessThan(corner[0] + 20);
      expect(luma(corner)).toBeLessThan(luma(sky) - 40);
    }
  });
});

describe("rooms by kind", () => {
  it("reads the room a prompt names, with its own furniture and walls", () => {
    expect(read("a cozy bedroom with a cat").room).toBe("bedroom");
    expect(read("a cozy bedroom with a cat").things.map((t) => t.id)).toEqual(["cat", "art:1f6cf"]);
    // The bed named is the room's bed, and what sleeps on it is on it.
    const onBed = read("a cat sleeping on the bed in a bedroom").things;
    expect(onBed.filter((t) => t.id === "art:1f6cf")).toHaveLength(1);
    expect(onBed[0]?.relation).toEqual({ kind: "on", target: "art:1f6cf" });
    expect(read("a dog in a living room").room).toBe("livingroom");
    expect(read("a dog in a living room").things.map((t) => t.id)).toContain("art:1f6cb");
    const cafe = read("a cat in a coffee shop");
    expect(cafe.room).toBe("cafe");
    expect(cafe.things.find((t) => t.id === "art:2615")?.relation).toEqual({ kind: "on", target: "table" });
    // The room's walls have the blackboard and the oven: read as the room, not listed as missing;
    // what only one room has names it ("a pot on the stove" is in a kitchen).
    const classroom = read("a classroom with a blackboard");
    expect(classroom.room).toBe("classroom");
    expect(readPromptWords("a classroom with a blackboard", false).notDrawn).toEqual([]);
    expect(read("a pot on the stove").room).toBe("kitchen");
    expect(read("a cat asleep on a pillow").room).toBe("bedroom");
    const cafe2 = read("inside a small cafe with wooden tables and a counter");
    expect(cafe2.readings).toContainEqual({ words: "counter", drawn: "cafe", from: "landscape", via: [] });
    expect(read("a kitchen with an oven").things).toEqual([]);
    expect(read("an owl in a library").room).toBe("library");
    expect(read("an owl in a library").indoor).toBe(true);
    expect(read("a cat by a window").room).toBeNull();
    // A room's walls are its own: posters on them are framed pictures, no brick wall beside the bed;
    // the room is the teenager's, who need not be in it.
    expect(read("a teenager's bedroom with posters on the walls").things.map((t) => t.id)).toEqual([
      "art:1f5bc",
      "art:1f6cf",
    ]);
  });

  it("leaves out the ground in space, where everything named floats", () => {
    const layout = (prompt: string) =>
      createContext(read(prompt), 128, 128, createRandom(3), new Uint8ClampedArray(128 * 128 * 4)).layout;
    expect(layout("an astronaut floating in space").horizon).toBe(128);
    expect(layout("an astronaut on a spacewalk with the earth below").horizon).toBe(128);
    expect(layout("an astronaut on an asteroid in space").horizon).toBeLessThan(128);
    expect(layout("a galaxy over the mountains").horizon).toBeLessThan(128);
  });

  it("hangs pictures on the wall, over what they are named above; the picture's own words stay the picture's", () => {
    const size = 256;
    const place = (prompt: string) => {
      const scene = read(prompt);
      const ctx = createContext(scene, size, size, createRandom(3), new Uint8ClampedArray(size * size * 4));
      return { placed: placeThings(ctx), horizon: ctx.layout.horizon };
    };
    const { placed } = place("a painting above the fireplace");
    const painting = placed.find((p) => p.definition.id === "art:1f5bc")!;
    const fireplace = placed.find((p) => p.definition.id === "fireplace")!;
    expect(painting.box.y).toBeLessThan(fireplace.box.y - fireplace.box.h);
    expect(Math.abs(painting.box.x - fireplace.box.x)).toBeLessThan(2);
    // A shelf hangs on the wall, and what stands on it keeps its own size.
    const shelved = place("a potted cactus on a white shelf");
    const shelf = shelved.placed.find((p) => p.definition.id === "shelf")!;
    const cactus = shelved.placed.find((p) => p.definition.id === "cactus")!;
    expect(shelf.box.y).toBeLessThan(shelved.horizon);
    expect(cactus.box.y).toBeLessThan(shelf.box.y);
    expect(cactus.box.h).toBeGreaterThan(shelf.box.h * 2);
    const posters = place("a bedroom with posters on the wall");
    expect(posters.placed.find((p) => p.definition.id === "art:1f5bc")!.box.y).toBeLessThan(posters.horizon);
    expect(read("a pencil and a pen on a desk").things.map((t) => t.id)).toEqual(["art:270f", "art:1f58a"]);
    expect(read("an oil painting of a fox").things.map((t) => t.id)).toEqual(["fox"]);
    expect(read("a pencil drawing of a cat, pen and ink").things.map((t) => t.id)).toEqual(["cat"]);
  });

  it("fills a library's walls with shelves of books and hangs a blackboard in a classroom", () => {
    const size = 96;
    // Many colours side by side along a row: book spines.
    const changes = (data: Uint8ClampedArray, y: number) => {
      let n = 0;
      for (let x = 1; x < size; x++) {
        const i = (y * size + x) * 4;
        if (Math.abs(data[i]! - data[i - 4]!) + Math.abs(data[i + 1]! - data[i - 3]!) > 60) n++;
      }
      return n;
    };
    const library = renderSquare("an owl in a library", "natural", size, 2).data;
    const room = renderSquare("an owl in a room", "natural", size, 2).data;
    // (A plain room's row crosses only its window's frame and bars.)
    expect(changes(library, Math.round(size * 0.15))).toBeGreaterThan(2 * changes(room, Math.round(size * 0.15)) + 8);
    const classroom = renderSquare("a classroom", "natural", size, 2).data;
    let green = 0;
    for (let i = 0; i < classroom.length; i += 4)
      if (classroom[i + 1]! > classroom[i]! + 10 && classroom[i + 1]! > classroom[i + 2]! + 5) green++;
    expect(green / (size * size)).toBeGreaterThan(0.08);
  });
});

describe("seasons, roads and the savanna", () => {
  it("reads the season a prompt names, and 'fall' only where it is one", () => {
    expect(read("a country road through an autumn forest").season).toBe("autumn");
    expect(read("a lake in the fall").season).toBe("autumn");
    expect(read("fall foliage over a river").season).toBe("autumn");
    expect(read("a waterfall in a forest").season).toBeNull();
    expect(read("cherry blossoms in spring").season).toBe("spring");
    expect(read("a winter village").season).toBe("winter");
    expect(read("a winter village").snowy).toBe(true);
    // Bare trees are winter's trees, without snow the prompt did not ask for.
    expect(read("bare trees on a hill").season).toBe("winter");
    expect(read("bare trees on a hill").snowy).toBe(false);
  });

  it("makes an autumn forest of broadleaf trees whose leaves are theirs, and turns them", () => {
    const scene = read("an autumn forest with red and yellow leaves");
    expect(scene.treeKind).toBe("broadleaf");
    expect(scene.things).toEqual([]);
    const warm = (prompt: string) => {
      const { data } = renderSquare(prompt, "natural", 96, 2);
      let count = 0;
      for (let i = 0; i < data.length; i += 4)
        if (data[i]! > data[i + 1]! + 40 && data[i]! > data[i + 2]! + 60) count++;
      return count;
    };
    expect(warm("an autumn forest")).toBeGreaterThan(warm("a forest of oak trees") + 300);
  });

  it("lays a road or a path, through a garden too, and finds the savanna", () => {
    expect(read("a country road through the hills").road).toBe("road");
    expect(read("a path through a green forest").road).toBe("path");
    expect(read("a hiking trail in the mountains").road).toBe("path");
    // A garden: its flower beds are flowers (no beds), with a path between them.
    const garden = read("a garden with flower beds and a pond");
    expect(garden.road).toBe("path");
    expect(garden.subjects).toEqual(expect.arrayContaining(["flowers", "lake"]));
    expect(garden.things).toEqual([]);
    const savanna = read("a giraffe on the african savanna");
    expect(savanna.savanna).toBe(true);
    expect(savanna.treeKind).toBe("acacia");
  });
});

describe("what a subject wears and eats", () => {
  const relation = (prompt: string) => {
    const scene = read(prompt);
    const thing = scene.things[1];
    return thing && { name: subjectById(thing.id)?.words[0], relation: thing.relation };
  };

  it("puts a hat on the head and a scarf round the neck", () => {
    expect(relation("a cat wearing a tiny crown")).toEqual({
      name: "crown",
      relation: { kind: "worn", target: "cat" },
    });
    expect(relation("a beagle wearing a red bandana")).toEqual({
      name: "scarf",
      relation: { kind: "worn", target: "dog" },
    });
    expect(subjectById(read("a penguin wearing a scarf").things[1]!.id)?.worn).toBe("neck");
    expect(subjectById(read("a woman with a hat").things[1]!.id)?.worn).toBe("head");
  });

  it("reads a possessive as one ('a girl's shoulder'), not as many", () => {
    expect(read("a cockatiel sitting on a girl's shoulder").things.find((t) => t.id === "woman")?.count).toBe(1);
  });

  it("puts what a subject eats at its mouth", () => {
    expect(relation("a hamster eating a strawberry")?.relation?.kind).toBe("eaten");
  });
});

describe("what a subject wears", () => {
  it("puts a cape on its back and boots on its feet, and a figure's coat colours its clothes", () => {
    const knight = read("a knight wearing a red cape").things;
    expect(knight.map((t) => t.id)).toEqual(["knight"]);
    expect(knight[0]?.cape).toEqual(expect.any(Array));
    const girl = read("a girl in a yellow raincoat and rain boots").things;
    expect(girl.map((t) => t.id)).toEqual(["woman"]);
    expect(girl[0]?.boots).toBeDefined();
    expect(girl[0]?.color?.[0]).toBeGreaterThan(200);
    expect(girl[0]?.color?.[2]).toBeLessThan(120);
    expect(read("a cat wearing boots").things[0]?.boots).toBeDefined();
    // A dog's sweater is knitted over its body, in the colour named or a red.
    expect(readPromptWords("a dog in a sweater", false).notDrawn).toEqual([]);
    expect(read("a chihuahua in a pink sweater").things[0]?.coat?.[0]).toBeGreaterThan(200);
    expect(readPromptWords("a king in a purple cloak", false).understood).toContain("cloak → worn by the prince");
  });

  it("says the place it painted and the words that are the place's own", () => {
    const street = readPromptWords("a rainy street in tokyo at night, neon signs", false).understood;
    expect(street).toEqual(expect.arrayContaining(["street", "signs → street"]));
    expect(readPromptWords("a kitchen with an oven", false).understood).toEqual(
      expect.arrayContaining(["kitchen", "oven → kitchen"]),
    );
    expect(readPromptWords("a firefly in a jar", false).understood).toContain("in a jar");
    expect(readPromptWords("a bear sleeping in a cave", false).understood).toContain("inside a cave");
  });
});

describe("what a subject is doing", () => {
  const pose = (prompt: string) => read(prompt).things.map((t) => t.pose ?? null);
  it("reads the pose after the name, or before it after an article", () => {
    expect(pose("a cat lying on a rug")).toEqual(["lying"]);
    expect(pose("a sleeping fox in the snow")).toEqual(["lying"]);
    expect(pose("a flying pig over a farm")[0]).toBe("flying");
    expect(pose("a dolphin leaping out of the sea")).toEqual(["leaping"]);
    expect(pose("two dogs running on the beach")).toEqual(["running"]);
    expect(pose("a dog swimming in a lake")).toEqual(["swimming"]);
    expect(pose("a fox in the snow")).toEqual([null]);
    // A pose word ends a name Studio reads through WordNet: "a beagle lying" is a beagle.
    expect(read("a beagle lying in the grass").things.map((t) => [t.id, t.pose])).toEqual([["dog", "lying"]]);
  });

  it("puts a flyer in the sky, a leaper off the ground, a swimmer in the water", () => {
    const size = 256;
    const base = (prompt: string, underwater = false) => {
      const scene = read(prompt);
      const outdoor = createContext(scene, size, size, createRandom(3), new Uint8ClampedArray(size * size * 4));
      // Under the sea the floor is the ground and there is no surface water (underwater.ts).
      const ctx = underwater
        ? { ...outdoor, layout: { ...outdoor.layout, horizon: size * 0.72, water: null, underwater: true } }
        : outdoor;
      const [first] = placeThings(ctx);
      return { box: first!.box, pose: first!.pose, horizon: ctx.layout.horizon, water: ctx.layout.water };
    };
    const flying = base("a flying pig over a meadow");
    expect(flying.box.y).toBeLessThan(flying.horizon);
    const standing = base("a fox in a meadow");
    const leaping = base("a fox leaping in a meadow");
    expect(leaping.pose).toBe("leaping");
    expect(leaping.box.y).toBeLessThan(standing.box.y - leaping.box.h * 0.3);
    const swimming = base("a dog swimming in a lake");
    expect(swimming.water).toBe("lake");
    expect(swimming.pose).toBe("swimming");
    expect(swimming.box.y).toBeLessThan(size * 0.9);
    // Under the sea a swimmer is in the water, whole, above the floor.
    const diver = base("a girl swimming with dolphins underwater", true);
    expect(diver.pose).toBeUndefined();
    expect(diver.box.y).toBeLessThan(size * 0.7);
  });

  it("draws a lying animal lower than a standing one: its legs are folded under it", () => {
    const size = 128;
    // The topmost row the cat covers: lower in the picture when it lies down.
    const top = (prompt: string) => {
      const standing = renderSquare("a meadow", "natural", size, 9).data;
      const { data } = renderSquare(prompt, "natural", size, 9);
      for (let y = 0; y < size; y++)
        for (let x = 0; x < size; x++) {
          const i = (y * size + x) * 4;
          if (Math.abs(data[i]! - standing[i]!) + Math.abs(data[i + 2]! - standing[i + 2]!) > 60) return y;
        }
      return size;
    };
    expect(top("a cat lying in a meadow")).toBeGreaterThan(top("a cat in a meadow") + 3);
  });

  it("puts what is chased ahead of its chaser, both facing the same way, and a dancing couple side by side", () => {
    const size = 256;
    const place = (prompt: string) => {
      const ctx = createContext(read(prompt), size, size, createRandom(3), new Uint8ClampedArray(size * size * 4));
      return placeThings(ctx);
    };
    const chase = place("a police car chasing a motorcycle down the highway");
    const car = chase.find((p) => p.definition.id === "art:1f693")!;
    const bike = chase.find((p) => p.definition.id === "art:1f3cd")!;
    expect(car.look.facing).toBe(bike.look.facing);
    expect((bike.box.x - car.box.x) * car.look.facing).toBeGreaterThan(0);
    // The ball a dog chases is a ball's size, not the dog's.
    const play = place("a dog chasing a ball");
    const dog = play.find((p) => p.definition.id === "dog")!;
    const ball = play.find((p) => p.definition.id !== "dog")!;
    expect(ball.box.h).toBeLessThan(dog.box.h);
    // Both of a couple dance, the man as the art set's man dancing, side by side under the lamp.
    const dance = read("a couple dancing under a street lamp").things.map((t) => t.id);
    expect(dance).toEqual(expect.arrayContaining(["art:1f57a", "art:1f483"]));
    const dancers = place("a couple dancing under a street lamp").filter((p) => p.definition.id.startsWith("art:1f"));
    expect(Math.abs(dancers[0]!.box.x - dancers[1]!.box.x)).toBeGreaterThan(dancers[0]!.box.w * 0.5);
  });
});

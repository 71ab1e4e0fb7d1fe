/**
 * Studio's public evaluation set (issue 19): everyday prompts such as a new visitor types, each
 * with what a reader of the prompt should see in the picture. `npm run studio -- --sheet` paints
 * them into the contact sheets of docs/images/ (indexed in docs/studio-evaluation.md), and
 * test/studio-evaluation.test.ts checks that the prompt parser finds every expected thing.
 *
 * An expectation is a library subject's id ("fox") or one of its names ("coral reef"), a
 * landscape kind ("forest"), or "indoors" or "window" for a room; a number before it asks for that
 * many ("3 sheep"), and a relation after it says where it stands ("cat on chair", "3 sheep on
 * hills"): on, in, by, above or under another thing, a landscape kind or a cliff, or held by
 * someone ("umbrella held by woman").
 */
import { DEFAULT_STYLE, type StyleId, styleNamedIn } from "./studio-styles";
import type { Scene, SubjectKind } from "./scene/types";
import { joinName, subjectById, subjectByWord } from "./subjects/library";
import type { Relation, SubjectDefinition } from "./subjects/types";

export interface EvaluationPrompt {
  prompt: string;
  /** What a reader should see. */
  expect: string[];
  /** The style picked beside the prompt, when the prompt names none. */
  style?: StyleId;
  /** Typed on the christmas-event pages, where the christmas styles are offered. */
  christmas?: true;
  /** Why the prompt is not read as it should be yet (the test skips it, naming this). */
  pending?: string;
}

/** Seven prompts that show what Studio does at a glance: the styles sheet and the speed benchmark paint them. */
export const SHOWCASE_PROMPTS: readonly string[] = [
  "a red sunset over snowy mountains and a calm lake",
  "a red fox in a snowy forest at dusk",
  "a lighthouse on a cliff above a stormy sea",
  "a bowl of lemons on a blue table",
  "a city skyline at night under the stars",
  "a castle on a hill at sunset",
  "the feeling of a rainy tuesday",
];

export const EVALUATION_PROMPTS: readonly EvaluationPrompt[] = [
  // Atelier's own example prompts (its tests check that each one is here).
  { prompt: "a fox reading by candlelight", expect: ["fox by candle", "book", "indoors"], style: "oil-painting" },
  {
    prompt: "A lighthouse on a cliff at sunset, waves below, gulls in the wind…",
    expect: ["lighthouse on cliff", "sea", "sun", "bird"],
  },
  {
    prompt: "A snowy village at dusk, warm windows, a fox in a red scarf…",
    expect: ["village", "fox"],
    style: "christmas-card",
    christmas: true,
  },

  // The home page's pictures say these prompts made them (components/home/create-visuals.tsx, default-slides.ts).
  { prompt: "a lighthouse in a violet storm, gouache", expect: ["lighthouse"] },
  { prompt: "warm desert evening, layered like paper cut-outs", expect: ["desert"] },

  // Animals.
  { prompt: "a red fox in a snowy forest at dusk", expect: ["fox in forest"] },
  { prompt: "a cat sleeping on a chair", expect: ["cat on chair"], style: "watercolor" },
  { prompt: "a dog on the beach at sunset", expect: ["dog on beach", "sea", "sun"], style: "oil-painting" },
  { prompt: "three sheep on a green hill", expect: ["3 sheep on hills"], style: "claymation" },
  { prompt: "a white horse in a meadow at dawn, oil painting", expect: ["horse in meadow"] },
  { prompt: "a deer in a misty forest, ukiyo-e", expect: ["deer", "forest"] },
  { prompt: "a brown bear by a river", expect: ["bear by river"], style: "ink-sketch" },
  { prompt: "two rabbits in a field of flowers", expect: ["2 rabbit in meadow", "flowers"], style: "childrens-book" },
  { prompt: "an owl in a tree under the full moon", expect: ["owl on lone tree", "moon"], style: "stained-glass" },
  { prompt: "a flock of birds above the sea", expect: ["5 bird above sea"], style: "low-poly" },
  { prompt: "a butterfly over a field of poppies, pop art", expect: ["butterfly above meadow", "flowers"] },
  { prompt: "two swans on a calm lake", expect: ["2 swan on lake"], style: "watercolor" },
  { prompt: "ducks on a pond in the rain, pixel art", expect: ["3 duck on lake"] },
  { prompt: "a whale jumping out of the ocean", expect: ["whale", "sea"], style: "cartoon" },
  { prompt: "a goldfish in a bowl", expect: ["fish in bowl"] },
  { prompt: "a penguin on the ice", expect: ["penguin"], style: "cartoon" },
  { prompt: "an elephant in the savanna at golden hour", expect: ["elephant", "meadow"], style: "oil-painting" },
  { prompt: "a squirrel in an autumn park, pencil sketch", expect: ["squirrel"] },
  { prompt: "a wolf howling at the moon, synthwave", expect: ["wolf", "moon"] },
  { prompt: "a black cat and a jack-o-lantern", expect: ["cat", "jack-o-lantern"], style: "claymation" },
  { prompt: "a puppy playing in the garden", expect: ["dog", "flowers"] },
  { prompt: "a herd of elephants crossing a river", expect: ["5 elephant", "river"], style: "ukiyo-e" },
  { prompt: "cows grazing in a green pasture", expect: ["3 cow", "meadow"], style: "low-poly" },

  // People.
  { prompt: "a woman with an umbrella in the rain", expect: ["umbrella held by woman"], style: "anime" },
  { prompt: "an astronaut on the moon", expect: ["astronaut on moon"], style: "neon-synthwave" },
  { prompt: "a knight in front of a castle", expect: ["knight by castle"], style: "comic-book" },
  { prompt: "a ballerina dancing on a stage", expect: ["dancer"], style: "pastel" },
  { prompt: "children playing in the snow, 8-bit", expect: ["3 child"] },
  { prompt: "a hiker on a mountain peak at sunrise", expect: ["person on mountains", "sun"], style: "anime" },
  {
    prompt: "an old man reading a book by the fire",
    expect: ["person", "book", "fireplace", "indoors"],
    style: "ink-sketch",
  },
  {
    prompt: "a girl with a red umbrella on a rainy street",
    expect: ["umbrella held by woman", "city"],
    style: "pop-art",
  },
  { prompt: "two people walking on the beach at sunset", expect: ["2 person on beach"], style: "ukiyo-e" },
  { prompt: "a lonely traveler on a bridge in the fog, ink drawing", expect: ["person on bridge"] },
  // A rider sits astride its mount (ADR 0045).
  { prompt: "a knight on a white horse", expect: ["knight on horse"], style: "oil-painting" },
  { prompt: "a cowboy riding a horse at sunset", expect: ["cowboy on horse", "sun"], style: "comic-book" },
  {
    prompt: "a princess riding a unicorn in a flower meadow",
    expect: ["princess on unicorn", "unicorn in flowers"],
    style: "childrens-book",
  },
  { prompt: "an astronaut riding a horse on the moon", expect: ["astronaut on horse", "horse on moon"] },
  {
    prompt: "friends around a campfire in the forest at night",
    expect: ["3 person by campfire", "campfire in forest"],
    style: "pastel",
  },
  { prompt: "a horse and a child in a field", expect: ["horse", "child", "meadow"], style: "childrens-book" },

  // Buildings.
  { prompt: "a lighthouse on a cliff above a stormy sea, woodblock print", expect: ["lighthouse on cliff", "sea"] },
  { prompt: "a windmill in a field of tulips", expect: ["windmill in meadow", "flowers"], style: "watercolor" },
  { prompt: "an old stone bridge over a river in autumn", expect: ["bridge above river"], style: "oil-painting" },
  { prompt: "a pagoda by a lake under cherry blossoms", expect: ["pagoda by lake", "trees"], style: "ukiyo-e" },
  { prompt: "the pyramids in the desert at sunset", expect: ["3 pyramid in desert"], style: "low-poly" },
  { prompt: "a tent under the stars by a lake", expect: ["tent under stars", "lake"], style: "pixel-art" },
  { prompt: "an igloo under the northern lights", expect: ["igloo under aurora"], style: "stained-glass" },
  { prompt: "a fountain in a town square", expect: ["fountain in city"], style: "watercolor" },
  { prompt: "a ferris wheel at night by the sea, synthwave", expect: ["ferriswheel by sea"] },
  { prompt: "a street lamp on a foggy street at night", expect: ["streetlamp", "city"], style: "comic-book" },
  { prompt: "a castle on a hill at sunset", expect: ["castle on hills"], style: "oil-painting" },
  { prompt: "a stone tower by the sea", expect: ["tower by sea"], style: "pastel" },
  { prompt: "a little house with a red door in the countryside", expect: ["house", "hills"] },
  { prompt: "a log cabin in a snowy pine forest", expect: ["cabin", "forest"], style: "pixel-art" },
  { prompt: "a red barn and cows in a field", expect: ["barn", "cow", "meadow"], style: "pop-art" },
  { prompt: "a temple in the mountains", expect: ["temple in mountains"], style: "ukiyo-e" },
  { prompt: "a white church in a village, watercolor", expect: ["church in village"] },

  // Vehicles.
  { prompt: "a small boat by a lighthouse", expect: ["rowboat by lighthouse"], style: "watercolor" },
  { prompt: "a sailboat on a calm lake at sunset", expect: ["sailboat on lake", "sun"], style: "pastel" },
  { prompt: "a big ship on a stormy ocean, oil painting", expect: ["ship on sea"] },
  { prompt: "a red car on a country road", expect: ["car"], style: "pop-art" },
  { prompt: "a yellow bus in the city", expect: ["bus", "city"], style: "cartoon" },
  {
    prompt: "a steam train crossing a bridge in the mountains",
    expect: ["train on bridge", "bridge in mountains"],
    style: "ink-sketch",
  },
  { prompt: "a blue bicycle by a fountain", expect: ["bicycle by fountain"] },
  {
    prompt: "hot air balloons over the hills at sunrise",
    expect: ["3 hotairballoon above hills", "sun"],
    style: "anime",
  },
  {
    prompt: "a balloon above a village",
    expect: ["hotairballoon above village"],
  },
  { prompt: "a rocket launching into space, synthwave", expect: ["rocket", "galaxy"] },
  { prompt: "an airplane above the clouds", expect: ["airplane above clouds"], style: "low-poly" },
  { prompt: "a sports car in a neon city at night", expect: ["car", "city"], style: "neon-synthwave" },

  // Still life and rooms.
  { prompt: "a bowl of lemons on a blue table", expect: ["lemon in bowl", "bowl on table"], style: "claymation" },
  { prompt: "a vase of roses on a table", expect: ["vase of roses on table"], style: "watercolor" },
  { prompt: "a candle on a table by a window", expect: ["candle on table", "window", "indoors"] },
  {
    prompt: "a cup of coffee and a book on a wooden table",
    expect: ["mug on table", "book on table"],
    style: "claymation",
  },
  { prompt: "a teapot and two cups", expect: ["teapot", "2 mug"], style: "ukiyo-e" },
  {
    prompt: "apples and pears in a bowl, pastel",
    expect: ["apple in bowl", "pear in bowl"],
  },
  {
    prompt: "a bunch of grapes and cherries on a table",
    expect: ["grapes", "cherries", "table"],
    style: "stained-glass",
  },
  { prompt: "cherries in a white bowl, pop art", expect: ["cherries in bowl"] },
  { prompt: "oranges on a kitchen table", expect: ["mandarin", "table", "indoors"], style: "low-poly" },
  { prompt: "a stack of books and a lantern", expect: ["book-stack", "lantern"], style: "ink-sketch" },
  { prompt: "a pumpkin on the porch in autumn", expect: ["pumpkin"], style: "stained-glass" },
  { prompt: "a jack-o-lantern glowing at night", expect: ["jack-o-lantern"], style: "neon-synthwave" },
  { prompt: "a red umbrella on the beach", expect: ["umbrella on beach"], style: "pop-art" },
  { prompt: "a wooden chair by the window in the morning", expect: ["chair", "window", "indoors"], style: "pastel" },
  { prompt: "a cat on a windowsill at night", expect: ["cat", "window", "indoors"], style: "anime" },

  // Nature.
  { prompt: "a volcano erupting at night", expect: ["volcano"], style: "oil-painting" },
  { prompt: "a waterfall in the jungle", expect: ["waterfall", "forest"], style: "watercolor" },
  { prompt: "a cave by the sea", expect: ["cave by sea"], style: "ink-sketch" },
  { prompt: "a coral reef with tropical fish", expect: ["coral reef", "fish"], style: "pixel-art" },
  { prompt: "a big wave crashing on the rocks, ukiyo-e", expect: ["big wave"] },
  { prompt: "a lone tree on a hill", expect: ["lone tree on hills"], style: "pastel" },
  { prompt: "a cactus in the desert at noon", expect: ["cactus in desert"], style: "pop-art" },
  { prompt: "red mushrooms in a mossy forest", expect: ["mushroom", "forest"], style: "childrens-book" },
  { prompt: "a field of sunflowers under a blue sky", expect: ["meadow", "flowers"], style: "low-poly" },
  { prompt: "a single sunflower in the garden", expect: ["sunflower", "flowers"], style: "watercolor" },
  { prompt: "a bouquet of flowers in a vase", expect: ["bouquet", "vase"], style: "oil-painting" },

  // Things in the sky.
  {
    prompt: "a crescent moon over a sleeping village",
    expect: ["crescent moon above village"],
    style: "stained-glass",
  },
  { prompt: "a planet with rings in outer space", expect: ["planet", "galaxy"], style: "neon-synthwave" },
  { prompt: "a comet over the desert at night", expect: ["comet above desert"], style: "ink-sketch" },
  { prompt: "lightning over the city", expect: ["lightning", "city"], style: "neon-synthwave" },
  { prompt: "fireworks over the harbour", expect: ["fireworks above sea"], style: "pixel-art" },
  { prompt: "a kite above the beach", expect: ["kite above beach"], style: "watercolor" },
  { prompt: "a child flying a kite in a meadow", expect: ["child", "kite", "meadow"], style: "anime" },

  // Fantasy.
  { prompt: "a dragon flying over a castle", expect: ["dragon above castle"], style: "ukiyo-e" },
  { prompt: "a white unicorn in an enchanted forest", expect: ["unicorn in forest"], style: "childrens-book" },
  { prompt: "a robot in the city at night", expect: ["robot", "city"], style: "comic-book" },
  { prompt: "a unicorn under a rainbow, stained glass", expect: ["unicorn under rainbow"] },
  { prompt: "a little robot watering the flowers", expect: ["robot", "flowers"], style: "cartoon" },

  // More of everyday: several things tied together.
  { prompt: "a man walking his dog in the rain", expect: ["person", "dog"] },
  { prompt: "a man fishing in a rowboat on a misty lake", expect: ["person in rowboat", "rowboat on lake"] },
  { prompt: "an eagle flying over snowy mountains", expect: ["art:1f985 above mountains"], style: "stained-glass" },
  { prompt: "a cat under an umbrella", expect: ["cat under umbrella"], style: "cartoon" },
  { prompt: "a bus and a car on a city street", expect: ["bus", "car", "city"] },
  { prompt: "a teapot on a table in the kitchen", expect: ["teapot on table", "indoors"], style: "claymation" },
  { prompt: "a cabin in the mountains under the stars", expect: ["cabin in mountains", "stars"], style: "low-poly" },
  { prompt: "a red dragon over a volcano", expect: ["dragon above volcano"], style: "comic-book" },
  { prompt: "a crescent moon above the sea", expect: ["crescent moon above sea"] },
  { prompt: "an astronaut floating near a planet", expect: ["astronaut by planet"], style: "pixel-art" },
  { prompt: "a horse by a barn at sunset", expect: ["horse by barn"], style: "stained-glass" },

  // Landscapes, light and weather.
  { prompt: "a red sunset over snowy mountains and a calm lake", expect: ["mountains", "lake", "sun"] },
  { prompt: "a foggy pine forest at dawn", expect: ["forest"], style: "ink-sketch" },
  { prompt: "the milky way over a quiet sea", expect: ["galaxy", "sea"], style: "neon-synthwave" },
  { prompt: "a tropical island with palm trees", expect: ["island", "trees"], style: "pixel-art" },
  { prompt: "a rainbow over green hills after the rain", expect: ["rainbow", "hills"], style: "watercolor" },
  { prompt: "a city skyline at night in the rain", expect: ["city"], style: "pixel-art" },
  { prompt: "northern lights over a frozen lake", expect: ["aurora", "lake"], style: "stained-glass" },
  { prompt: "desert dunes at golden hour", expect: ["desert"], style: "ukiyo-e" },

  // The christmas-event pages.
  {
    prompt: "two reindeer under the northern lights",
    expect: ["2 deer under aurora"],
    style: "christmas-card",
    christmas: true,
  },
  { prompt: "a fox and a rabbit in the snow, christmas card", expect: ["fox", "rabbit"], christmas: true },
  { prompt: "a lighthouse on a snowy coast", expect: ["lighthouse", "sea"], style: "christmas-card", christmas: true },
  {
    prompt: "a horse pulling a sleigh through the snow",
    expect: ["horse", "sleigh"],
    style: "christmas-card",
    christmas: true,
  },
  {
    prompt: "a candle and a lantern on the windowsill",
    expect: ["candle", "lantern", "window"],
    style: "christmas-lights",
    christmas: true,
  },
  {
    prompt: "a mug of cocoa by the fireplace",
    expect: ["mug by fireplace", "indoors"],
    style: "christmas-lights",
    christmas: true,
  },
  {
    prompt: "a teapot, two mugs and a candle on the table",
    expect: ["teapot", "2 mug", "candle", "table"],
    style: "christmas-lights",
    christmas: true,
  },
  {
    prompt: "a steam train in the snowy mountains at night",
    expect: ["train", "mountains"],
    style: "christmas-lights",
    christmas: true,
  },
  { prompt: "a village square under fairy lights", expect: ["village"], christmas: true },
  {
    prompt: "presents under a christmas tree",
    expect: ["3 gift under christmastree"],
    style: "christmas-lights",
    christmas: true,
  },
  { prompt: "a snowman in a snowy village at night", expect: ["snowman in village"], christmas: true },
  {
    prompt: "dogs pulling a sled across the snow",
    expect: ["3 dog pulls sleigh"],
    style: "christmas-snowglobe",
    christmas: true,
  },
  {
    prompt: "a cat asleep by the fireplace",
    expect: ["cat by fireplace", "indoors"],
    style: "christmas-lights",
    christmas: true,
  },
  { prompt: "children playing in the snow", expect: ["3 child"], style: "christmas-snowglobe", christmas: true },
  { prompt: "an owl in a snowy pine tree", expect: ["owl", "trees"], style: "christmas-snowglobe", christmas: true },
  {
    prompt: "a penguin on the ice with a little igloo",
    expect: ["penguin", "igloo"],
    style: "christmas-snowglobe",
    christmas: true,
  },
  { prompt: "a bear in a winter forest", expect: ["bear", "forest"], style: "christmas-snowglobe", christmas: true },
  { prompt: "a cottage in a snow globe", expect: ["cottage"], christmas: true },
];

/** The style a prompt is painted in: the one it names, else the one picked beside it, else the default. */
export function evaluationStyle(entry: EvaluationPrompt): StyleId {
  return styleNamedIn(entry.prompt, entry.christmas ?? false) ?? entry.style ?? DEFAULT_STYLE;
}

const LANDSCAPE: Record<SubjectKind, true> = {
  mountains: true,
  sea: true,
  lake: true,
  river: true,
  forest: true,
  trees: true,
  city: true,
  village: true,
  castle: true,
  desert: true,
  moon: true,
  sun: true,
  stars: true,
  galaxy: true,
  aurora: true,
  clouds: true,
  flowers: true,
  meadow: true,
  hills: true,
  island: true,
  beach: true,
  rainbow: true,
};
const ROOM: Record<string, (scene: Scene) => boolean> = {
  indoors: (scene) => scene.indoor,
  window: (scene) => scene.window,
};
/** What a thing can stand on that is neither a subject nor a landscape kind. */
const GROUNDS = new Set(["cliff"]);

/** A library subject by its id or one of its names; undefined while the library has none. */
export function librarySubject(name: string): SubjectDefinition | undefined {
  return subjectById(name) ?? subjectByWord(joinName(name))?.definition;
}

export interface Expectation {
  name: string;
  count?: number;
  placed?: { kind: Relation; target: string };
}

/** One expectation read: "3 sheep on hills" is sheep, three of them, on the hills. */
export function readExpectation(item: string): Expectation {
  const [, count, name, kind, target] = /^(?:(\d+) )?(.+?)(?: (on|in|by|above|under|held by|pulls) (.+))?$/.exec(item)!;
  return {
    name: name!,
    ...(count ? { count: Number(count) } : {}),
    ...(kind && target ? { placed: { kind: kind.split(" ")[0] as Relation, target } } : {}),
  };
}

/** True when the name is something Studio knows today (else the expectation waits for a subject). */
export function isKnown(name: string): boolean {
  return (
    Object.hasOwn(LANDSCAPE, name) ||
    Object.hasOwn(ROOM, name) ||
    GROUNDS.has(name) ||
    librarySubject(name) !== undefined
  );
}

/** The names an entry expects that Studio does not know yet. */
export function awaitedNames(entry: EvaluationPrompt): string[] {
  return entry.expect
    .flatMap((item) => {
      const { name, placed } = readExpectation(item);
      return placed ? [name, placed.target] : [name];
    })
    .filter((name) => !isKnown(name));
}

/** The expectations of an entry that the parsed scene misses. */
export function missedExpectations(entry: Pick<EvaluationPrompt, "expect">, scene: Scene): string[] {
  const idOf = (name: string) => librarySubject(name)?.id ?? name;
  const met = (item: string) => {
    const { name, count, placed } = readExpectation(item);
    if (Object.hasOwn(ROOM, name)) return ROOM[name]!(scene);
    const thing = scene.things.find((t) => t.id === idOf(name));
    if (count !== undefined && thing?.count !== count) return false;
    if (placed) return thing?.relation?.kind === placed.kind && thing.relation.target === idOf(placed.target);
    return thing !== undefined || scene.subjects.includes(name as SubjectKind);
  };
  return entry.expect.filter((item) => !met(item));
}

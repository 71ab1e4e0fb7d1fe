/**
 * Reads a free-text prompt into a Scene: subjects, colours, light, weather and mood.
 * A keyword reader, not a language model: it knows a few hundred words and their synonyms,
 * and ties a colour to the noun that follows it ("purple mountains") or, failing that, to the
 * noun before it ("mountains in purple"), else to the whole palette.
 */
import { canRide, MULTI_WORD_NAMES, subjectById, subjectByWord, subjectIs } from "../subjects/library";
import type { Relation, Thing } from "../subjects/types";
import { COLOR_WORDS, mix } from "./colors";
import type { ColorTarget, Mood, RGB, Scene, SubjectKind, TimeOfDay, TreeKind, Weather } from "./types";

export type { Scene } from "./types";

/** Multi-word phrases first, rewritten to one token so the word loop sees them whole. */
const PHRASES: [RegExp, string][] = [
  [/\bmilky\s+way\b/g, "milkyway"],
  [/\bnorthern\s+lights\b|\bsouthern\s+lights\b|\baurora\s+borealis\b/g, "aurora"],
  [/\bgolden\s+hour\b/g, "goldenhour"],
  [/\bblue\s+hour\b/g, "dusk"],
  [/\bsnow[\s-]+(capped|covered|topped)\b/g, "snowy"],
  [/\bcherry\s+blossoms?\b/g, "pink blossoms trees"],
  // A decorated fir is a christmas tree, a thing of the subject library; plain firs and pines are the landscape's.
  [
    /\b(?:fir|pine|spruce)\s+tree\s+with\s+(?:fairy\s+|christmas\s+)?lights\b|\bdecorated\s+(?:fir\s+|pine\s+)?tree\b/g,
    "christmas tree",
  ],
  [/\bpine\s+trees?\b|\bfir\s+trees?\b|\bspruces?\b|\bevergreens?\b|\bconifers?\b/g, "pines"],
  [/\bpalm\s+trees?\b/g, "palms"],
  [/\bouter\s+space\b/g, "space"],
  [/\bsky\s*line\b/g, "skyline"],
  [/\bsky\s+blue\b/g, "azure"],
  // A crescent, a new moon and shooting stars are things of the subject library.
  [/\bfull\s+moon\b/g, "moon"],
  [/\bstill[\s-]+lifes?\b/g, "stilllife"],
  [/\bin\s+front\s+of\b/g, "before"],
  [/\bliving\s+room\b|\bdining\s+room\b/g, "room"],
  // "reading by the fire" and "a fireplace with a roaring fire" are a hearth indoors; a fire named
  // otherwise ("around a fire") is a campfire; a dragon's fire and a house "on fire" are none.
  [/\bfire[\s-]+breathing\b|\bon\s+fire\b|\b((?:breath|spit)\w*)\s+fire\b/g, "$1"],
  [/\b(by|beside|before)\s+the\s+fire\b(?!\s+place)/g, "$1 the fireplace"],
  [
    /\bfire\b(?!\s+place)(?=.*\b(?:fire\s*place|hearth|fireside)\b)|(?<=\b(?:fire\s*place|hearth|fireside)\b.*)\bfire\b(?!\s+place)/g,
    "fireplace",
  ],
];

const SUBJECT_WORDS: Record<string, SubjectKind> = {};
const subjectWords = (kind: SubjectKind, words: string) => {
  for (const w of words.split(" ")) SUBJECT_WORDS[w] = kind;
};
subjectWords(
  "mountains",
  "mountain mountains peak peaks alps alpine summit summits range ranges ridge ridges himalaya himalayas volcano volcanoes cliff cliffs canyon canyons fjord fjords massif",
);
subjectWords("sea", "sea seas ocean oceans waves wave coast coastline bay harbor harbour seascape surf");
subjectWords("lake", "lake lakes pond ponds lagoon loch reflection reflections mirror");
subjectWords("river", "river rivers stream streams creek brook canal waterfall waterfalls");
subjectWords("forest", "forest forests woods woodland woodlands jungle rainforest taiga grove");
subjectWords("trees", "tree trees pines pine palms palm oak oaks birch birches willow willows blossoms");
subjectWords(
  "city",
  "city cities skyline skyscraper skyscrapers metropolis downtown buildings building street streets cyberpunk town towns",
);
subjectWords(
  "village",
  "village villages house houses cottage cottages cabin cabins hut huts farm farmhouse barn chalet hamlet church",
);
subjectWords("castle", "castle castles palace fortress citadel kingdom tower towers");
subjectWords("desert", "desert deserts dune dunes sahara sand sands oasis");
subjectWords("moon", "moon moons moonlight moonlit moonrise lunar");
subjectWords("sun", "sun suns sunlight sunshine sunbeams sunrays");
subjectWords("stars", "star stars starry starlit starlight constellation constellations");
subjectWords("galaxy", "galaxy galaxies milkyway nebula nebulae cosmos universe space cosmic");
subjectWords("aurora", "aurora auroras");
subjectWords("clouds", "cloud clouds cloudy overcast");
subjectWords(
  "flowers",
  "flower flowers floral tulips tulip roses rose poppies poppy lavender sunflowers sunflower wildflowers daisies daisy garden gardens bloom blooms blooming orchids lilies",
);
subjectWords("meadow", "meadow meadows grass grassland field fields prairie pasture pastures savanna lawn");
subjectWords("hills", "hill hills hillside hillsides valley valleys countryside dales highlands");
subjectWords("island", "island islands isle isles atoll islet");
subjectWords("beach", "beach beaches shore shores seaside");
subjectWords("rainbow", "rainbow rainbows");

/** Words that imply a subject as well as what they say (a sunset has a sun in it). */
const IMPLIED: Record<string, SubjectKind[]> = {
  oasis: ["lake", "trees"],
  palms: ["trees"],
  canyon: ["desert"],
  canyons: ["desert"],
  fjord: ["lake"],
  fjords: ["lake"],
  beach: ["sea"],
  beaches: ["sea"],
  seaside: ["sea"],
  waterfall: ["mountains"],
  sunset: ["sun"],
  sunrise: ["sun"],
  moonlit: ["stars"],
  starry: ["stars"],
  space: ["stars"],
  cosmos: ["stars"],
  lavender: ["meadow"],
  sunflowers: ["meadow"],
  tulips: ["meadow"],
  poppies: ["meadow"],
  wildflowers: ["meadow"],
};

/** Words that make a prompt a landscape even with no subject: the renderer then paints sky and land. */
const SCENERY = new Set([
  "sky",
  "skies",
  "landscape",
  "scenery",
  "horizon",
  "nature",
  "view",
  "vista",
  "panorama",
  "sunset",
  "sunrise",
  "dawn",
  "dusk",
  "twilight",
]);

/** Nouns a preceding colour describes (colour targets). Subject words map to their kind. */
const SKY_WORDS = new Set([
  "sky",
  "skies",
  "sunset",
  "sunrise",
  "dawn",
  "dusk",
  "twilight",
  "horizon",
  "goldenhour",
  "evening",
  "glow",
  "light",
  "atmosphere",
]);

const TIME_WORDS: Record<string, TimeOfDay> = {
  dawn: "dawn",
  sunrise: "dawn",
  daybreak: "dawn",
  morning: "morning",
  noon: "day",
  midday: "day",
  day: "day",
  daytime: "day",
  daylight: "day",
  afternoon: "day",
  sunny: "day",
  goldenhour: "golden",
  sunset: "sunset",
  sundown: "sunset",
  evening: "sunset",
  dusk: "dusk",
  twilight: "dusk",
  night: "night",
  nighttime: "night",
  midnight: "night",
  moonlit: "night",
  starry: "night",
  starlit: "night",
  nocturnal: "night",
};

const WEATHER_WORDS: Record<string, Weather> = {
  fog: "fog",
  foggy: "fog",
  mist: "fog",
  misty: "fog",
  haze: "fog",
  hazy: "fog",
  smoky: "fog",
  rain: "rain",
  rainy: "rain",
  raining: "rain",
  drizzle: "rain",
  showers: "rain",
  wet: "rain",
  storm: "storm",
  stormy: "storm",
  thunder: "storm",
  thunderstorm: "storm",
  lightning: "storm",
  tempest: "storm",
  snowing: "snow",
  snowfall: "snow",
  snowflakes: "snow",
  snowflake: "snow",
  blizzard: "snow",
  snowstorm: "snow",
};

const SNOWY_WORDS = new Set([
  "snow",
  "snowy",
  "winter",
  "wintry",
  "frozen",
  "ice",
  "icy",
  "frost",
  "frosty",
  "arctic",
  "glacier",
  "glaciers",
  "snowing",
  "snowfall",
  "blizzard",
  "snowstorm",
  "snowflakes",
]);

const MOOD_WORDS: Record<string, Mood> = {
  calm: "calm",
  peaceful: "calm",
  tranquil: "calm",
  quiet: "calm",
  still: "calm",
  gentle: "calm",
  serene: "serene",
  serenity: "serene",
  idyllic: "serene",
  dramatic: "dramatic",
  epic: "dramatic",
  majestic: "dramatic",
  powerful: "dramatic",
  intense: "dramatic",
  dark: "dark",
  ominous: "dark",
  sinister: "dark",
  eerie: "dark",
  spooky: "dark",
  creepy: "dark",
  haunted: "dark",
  gloomy: "gloomy",
  melancholy: "gloomy",
  melancholic: "gloomy",
  sad: "gloomy",
  bleak: "gloomy",
  somber: "gloomy",
  sombre: "gloomy",
  lonely: "gloomy",
  dreary: "gloomy",
  cheerful: "cheerful",
  happy: "cheerful",
  joyful: "cheerful",
  bright: "cheerful",
  vibrant: "cheerful",
  colorful: "cheerful",
  colourful: "cheerful",
  playful: "cheerful",
  sunny: "cheerful",
  lively: "cheerful",
  dreamy: "dreamy",
  dreamlike: "dreamy",
  magical: "dreamy",
  whimsical: "dreamy",
  fairytale: "dreamy",
  ethereal: "dreamy",
  enchanted: "dreamy",
  fantasy: "dreamy",
  pastel: "dreamy",
  soft: "dreamy",
  mysterious: "mysterious",
  mystical: "mysterious",
  mystic: "mysterious",
  enigmatic: "mysterious",
  mythical: "mysterious",
};

/** Words that change the colour word after them. */
const COLOR_MODIFIERS: Record<string, (c: RGB) => RGB> = {
  light: (c) => mix(c, [255, 255, 255], 0.4),
  pale: (c) => mix(c, [255, 255, 255], 0.5),
  pastel: (c) => mix(c, [255, 255, 255], 0.45),
  dark: (c) => mix(c, [0, 0, 0], 0.45),
  deep: (c) => mix(c, [0, 0, 0], 0.3),
  bright: (c) => c.map((v) => Math.min(255, v * 1.15)) as RGB,
  vivid: (c) => c.map((v) => Math.min(255, v * 1.15)) as RGB,
  neon: (c) => c.map((v) => Math.min(255, v * 1.2)) as RGB,
};

/** Colours a flower word carries when the prompt gives none ("lavender field" is purple). */
const FLOWER_COLORS: Record<string, RGB> = {
  lavender: COLOR_WORDS.lavender!,
  sunflowers: [250, 200, 30],
  sunflower: [250, 200, 30],
  poppies: [225, 40, 30],
  poppy: [225, 40, 30],
  roses: [210, 30, 60],
  rose: [210, 30, 60],
  blossoms: [248, 180, 205],
  daisies: [250, 250, 245],
  daisy: [250, 250, 245],
};

function tokenize(prompt: string): string[] {
  let text = prompt.toLowerCase().replace(/[’']/g, "");
  for (const [pattern, replacement] of PHRASES) text = text.replace(pattern, replacement);
  for (const [pattern, replacement] of MULTI_WORD_NAMES) text = text.replace(pattern, replacement);
  // Punctuation ends a colour's reach: "red, a mountain" should not make the mountain red.
  return text
    .replace(/[^a-z0-9\s,.;:!?-]/g, " ")
    .replace(/([,.;:!?])/g, " $1 ")
    .replace(/-/g, " ")
    .split(/\s+/)
    .filter(Boolean);
}

/** How many of a thing: "two foxes", "a pair of swans", "3 boats". */
const COUNT_WORDS: Record<string, number> = {
  one: 1,
  a: 1,
  an: 1,
  single: 1,
  lone: 1,
  two: 2,
  pair: 2,
  couple: 2,
  twin: 2,
  three: 3,
  four: 4,
  five: 5,
  several: 3,
  few: 3,
  some: 3,
  many: 5,
  flock: 5,
  herd: 5,
  group: 4,
};
/** A plural with no number: a few. */
const PLURAL_COUNT = 3;
const MAX_COUNT = 5;

/** Words that place one thing relative to the next thing or landscape named after it. */
const RELATION_WORDS: Record<string, Relation> = {
  on: "on",
  upon: "on",
  atop: "on",
  onto: "on",
  above: "above",
  over: "above",
  under: "under",
  below: "under",
  beneath: "under",
  underneath: "under",
  in: "in",
  inside: "in",
  within: "in",
  at: "by",
  by: "by",
  near: "by",
  beside: "by",
  around: "by",
  next: "by",
  before: "by",
  behind: "by",
  across: "on",
  crossing: "on",
};

/** Words that put the picture indoors: a room with a wall, a floor or a table top, maybe a window. */
const INDOOR_WORDS = new Set([
  "room",
  "rooms",
  "bedroom",
  "kitchen",
  "interior",
  "indoors",
  "indoor",
  "cafe",
  "study",
  "desk",
  "attic",
  "parlour",
  "parlor",
  "tabletop",
  "stilllife",
  "candlelight",
  "candlelit",
  "windowsill",
]);
const WINDOW_WORDS = new Set(["window", "windows", "windowsill"]);
const READING_WORDS = new Set(["reading", "reads", "studying"]);
/** Size words and how much larger or smaller they make a thing. */
const SIZE_WORDS: Record<string, number> = {
  tiny: 0.6,
  small: 0.75,
  little: 0.75,
  big: 1.3,
  large: 1.3,
  huge: 1.5,
  giant: 1.6,
  enormous: 1.6,
  gigantic: 1.6,
};
/** Names that carry a colour of their own. */
const NAMED_COLOURS: Record<string, RGB> = { goldfish: [238, 120, 28], goldfishes: [238, 120, 28] };

const BREAKS = new Set([
  ",",
  ".",
  ";",
  ":",
  "!",
  "?",
  "and",
  "with",
  "over",
  "under",
  "above",
  "below",
  "behind",
  "near",
  "by",
  "on",
  "at",
]);
const LINKING = new Set(["is", "are", "in", "of", "glowing", "turning", "painted", "lit", "colored", "coloured"]);

export function parsePrompt(prompt: string, options: { christmas: boolean }): Scene {
  const tokens = tokenize(prompt);
  const subjects: SubjectKind[] = [];
  const colors: Partial<Record<ColorTarget, RGB>> = {};
  const palette: RGB[] = [];
  let timeOfDay: TimeOfDay | null = null;
  let weather: Weather = "clear";
  let mood: Mood = "neutral";
  let snowy = false;
  let stillWater = false;
  let scenery = false;
  const treeKinds = new Set<TreeKind>();

  const things: Thing[] = [];
  // "a lighthouse on a cliff": the last thing named, and the relation word met since, wait for
  // the next thing or landscape subject to be tied to.
  let lastThing: Thing | null = null;
  let relation: Relation | null = null;
  // "riding" a thing it cannot sit on ("a girl riding a bicycle") puts the rider beside it.
  let riding = false;
  // "a sleigh pulled by reindeer": the next thing named pulls this one.
  let pulledBy: Thing | null = null;
  let containerOf: Thing | null = null;
  // "a girl with an umbrella": the thing named before "with" carries or accompanies the next one.
  let withThing: Thing | null = null;
  // "apples and pears on a table": things joined by "and" share the relation that follows them.
  let listed: Thing[] = [];
  let joined = false;
  const relate = (target: string) => {
    if (lastThing && relation)
      for (const thing of lastThing === listed.at(-1) ? listed : [lastThing]) {
        if (thing.relation || thing.id === target) continue;
        // A rider sits astride a mount it can ride ("a knight on a horse"), else stands beside it.
        const beside = relation === "on" && isFigureOnAnimal(thing.id, target, riding);
        thing.relation = { kind: beside ? "by" : relation, target };
      }
    relation = null;
    riding = false;
  };
  const addSubject = (kind: SubjectKind) => {
    if (!subjects.includes(kind)) subjects.push(kind);
  };

  // Colours wait here for a noun; a break word or the end of the prompt sends them to the palette.
  let pending: RGB[] = [];
  let modifier: ((c: RGB) => RGB) | null = null;
  let lastTarget: { target: ColorTarget; index: number } | null = null;

  const attach = (target: ColorTarget) => {
    if (pending.length > 0) {
      if (!colors[target]) colors[target] = pending[0]!;
      palette.push(...pending.slice(1));
      pending = [];
    }
  };
  const flush = () => {
    palette.push(...pending);
    pending = [];
  };

  for (let i = 0; i < tokens.length; i++) {
    const next = tokens[i + 1];
    // "an orange on the table": "orange" with nothing after it to colour is the fruit.
    const lonelyOrange =
      tokens[i] === "orange" &&
      (tokens[i - 1] === "an" || tokens[i - 1] === "one") &&
      (!next || BREAKS.has(next) || next in RELATION_WORDS || next === "of");
    // "a knight on horseback": on a horse.
    const word = lonelyOrange ? "mandarin" : tokens[i] === "horseback" ? "horse" : tokens[i]!;

    const colorModifier = COLOR_MODIFIERS[word];
    if (colorModifier && next && COLOR_WORDS[next]) {
      modifier = colorModifier;
      continue;
    }
    // "lavender field": a flower that is also a colour word is the flower when no other noun follows.
    const flowerWord = FLOWER_COLORS[word] && (!next || !SUBJECT_WORDS[next] || SUBJECT_WORDS[next] === "meadow");
    const color = flowerWord ? undefined : COLOR_WORDS[word];
    if (color) {
      const value = modifier ? modifier(color) : color;
      modifier = null;
      const previous = tokens[i - 1];
      // "mountains in purple", "the sky is red": colour after a linking word goes to the noun before.
      if (lastTarget && previous && LINKING.has(previous) && i - lastTarget.index <= 3) {
        if (!colors[lastTarget.target]) colors[lastTarget.target] = value;
        else palette.push(value);
      } else {
        pending.push(value);
      }
      continue;
    }
    modifier = null;

    const time = TIME_WORDS[word];
    if (time && !(word === "day" && timeOfDay)) timeOfDay = time;
    const w = WEATHER_WORDS[word];
    if (w && (weather === "clear" || w === "storm")) weather = w;
    if (SNOWY_WORDS.has(word)) snowy = true;
    const m = MOOD_WORDS[word];
    if (m && mood === "neutral") mood = m;
    if (
      word === "calm" ||
      word === "still" ||
      word === "mirror" ||
      word === "glassy" ||
      word === "reflection" ||
      word === "reflections"
    )
      stillWater = true;
    if (SCENERY.has(word)) scenery = true;

    if (word === "pines" || word === "pine" || word === "taiga") treeKinds.add("conifer");
    else if (word === "palms" || word === "palm" || word === "jungle" || word === "oasis") treeKinds.add("palm");
    else if (
      word === "oak" ||
      word === "oaks" ||
      word === "birch" ||
      word === "birches" ||
      word === "willow" ||
      word === "willows" ||
      word === "blossoms"
    )
      treeKinds.add("broadleaf");

    const relationWord = RIDING_WORDS.has(word) ? "on" : PULLING_WORDS.has(word) ? "pulls" : RELATION_WORDS[word];
    if (relationWord && lastThing && !pulledBy) {
      relation = relationWord;
      riding = RIDING_WORDS.has(word);
    }
    if (PULLED_WORDS.has(word) && lastThing) pulledBy = lastThing;
    // "a bowl of lemons": what follows "of" a container goes in it; the container keeps its own place.
    if (word === "of" && lastThing && subjectById(lastThing.id)?.container) containerOf = lastThing;
    if (word === "with" && lastThing) withThing = lastThing;
    if (word === "and") joined = lastThing !== null && lastThing === listed.at(-1);
    else if (!COUNT_WORDS[word] && !COLOR_WORDS[word] && !subjectByWord(word) && !FILLERS.has(word)) joined = false;

    const named = subjectByWord(word);
    if (named) {
      const { definition, plural } = named;
      const countWord = [tokens[i - 1], tokens[i - 2]]
        .map((t) => (t ? (COUNT_WORDS[t] ?? Number(t)) : NaN))
        .find((n) => n >= 1);
      const count = Math.min(
        MAX_COUNT,
        countWord && (countWord > 1 || !plural) ? countWord : plural ? PLURAL_COUNT : 1,
      );
      const holder: Thing | null = containerOf;
      const companion: Thing | null = holder ? null : withThing;
      const hauled: Thing | null = holder || companion ? null : pulledBy;
      containerOf = null;
      withThing = null;
      pulledBy = null;
      if (!holder && !companion && !hauled) relate(definition.id);
      const existing = things.find((t) => t.id === definition.id);
      if (existing) existing.count = Math.min(MAX_COUNT, Math.max(existing.count, count));
      const thing = existing ?? { id: definition.id, count };
      // Some names carry their colour: a goldfish is orange unless the prompt says otherwise.
      // "a tiny house", "a huge old whale": a size word just before the name.
      const sizeWord = [tokens[i - 1], tokens[i - 2], tokens[i - 3]].find((t) => t !== undefined && t in SIZE_WORDS);
      if (sizeWord && !existing) thing.scale = SIZE_WORDS[sizeWord];
      const ownColour = NAMED_COLOURS[word];
      if (ownColour && pending.length === 0) thing.color ??= ownColour;
      if (pending.length > 0) {
        thing.color ??= pending[0]!;
        palette.push(...pending.slice(1));
        pending = [];
      }
      if (holder && !thing.relation && holder.id !== thing.id) thing.relation = { kind: "in", target: holder.id };
      if (companion && !thing.relation && companion.id !== thing.id) {
        const carried = subjectIs(thing.id, "carried") && subjectById(companion.id)?.category === "figure";
        thing.relation = { kind: carried ? "held" : "by", target: companion.id };
      }
      if (hauled && !thing.relation && hauled.id !== thing.id) thing.relation = { kind: "pulls", target: hauled.id };
      if (!existing) things.push(thing);
      if (!holder && !companion) listed = joined ? [...listed, thing] : [thing];
      joined = false;
      lastThing = holder ?? companion ?? thing;
      continue;
    }

    const subject = SUBJECT_WORDS[word];
    // "a lighthouse on a cliff": the cliff is the rock under the thing, not a mountain range behind it.
    if ((word === "cliff" || word === "cliffs") && relation === "on" && lastThing) {
      relate("cliff");
      continue;
    }
    if (subject) {
      relate(subject);
      addSubject(subject);
      for (const implied of IMPLIED[word] ?? []) addSubject(implied);
      const flowerColor = FLOWER_COLORS[word];
      if (flowerColor && pending.length === 0 && !colors.flowers) colors.flowers = flowerColor;
      attach(subject);
      lastTarget = { target: subject, index: i };
      continue;
    }
    for (const implied of IMPLIED[word] ?? []) addSubject(implied);
    if (SKY_WORDS.has(word)) {
      attach("sky");
      lastTarget = { target: "sky", index: i };
      continue;
    }
    // Adjectives between a colour and its noun keep the colour waiting ("red snowy peaks").
    const joinsColours = word === "and" && next !== undefined && COLOR_WORDS[next] !== undefined;
    if (!joinsColours && (BREAKS.has(word) || !isAdjectiveLike(word))) flush();
  }
  flush();

  if (options.christmas) {
    snowy = true;
    treeKinds.add("conifer");
  }
  // Snowy ground with falling snow when the prompt asks for snow itself, not only snowy peaks.
  const namesFallingSnow = tokens.some((t) => t === "snow" || t === "winter") && !tokens.includes("snowy");
  if (weather === "clear" && namesFallingSnow && !subjects.includes("mountains")) weather = "snow";

  const timeExplicit = timeOfDay !== null;
  if (!timeOfDay) {
    const nightSky = subjects.some((s) => s === "stars" || s === "galaxy" || s === "aurora" || s === "moon");
    timeOfDay = nightSky || things.some((t) => subjectIs(t.id, "nightSky")) ? "night" : "day";
  }
  // Things that live on water bring it when the prompt names none: a whale gets a sea, a swan a lake.
  if (!subjects.some((s) => s === "sea" || s === "lake" || s === "river")) {
    // (A goldfish in a bowl brings no sea: it is in something.)
    const afloat = things
      .filter((t) => t.relation?.kind !== "in")
      .map((t) => subjectById(t.id))
      .find((d) => d?.placement === "water" && d.category !== "sky");
    if (afloat) addSubject(afloat.stillWater ? "lake" : "sea");
  }
  // "a fox reading": something to read beside it.
  const main = things[0];
  if (main && tokens.some((t) => READING_WORDS.has(t)) && !things.some((t) => t.id === "book" || t.id === "book-stack"))
    things.push({ id: "book", count: 1, relation: { kind: "by", target: main.id } });
  const window = tokens.some((t) => WINDOW_WORDS.has(t));
  const indoor =
    tokens.some((t) => INDOOR_WORDS.has(t)) ||
    (subjects.length === 0 && (window || things.some((t) => subjectIs(t.id, "indoor"))));
  // "an owl in a tree": a tree of its own to perch in, in front of the landscape's trees.
  for (const thing of [...things])
    if (subjectIs(thing.id, "sitsInTrees") && thing.relation?.target === "trees" && thing.relation.kind !== "by") {
      if (!things.some((t) => t.id === "lonetree")) things.push({ id: "lonetree", count: 1 });
      thing.relation = { kind: "on", target: "lonetree" };
    }
  // "on the moon": the moon becomes the ground.
  const lunar = things.some((t) => t.relation?.kind === "on" && t.relation.target === "moon");
  // A candle or lantern in a room is lit: evening, unless the prompt says when.
  if (indoor && !timeExplicit && things.some((t) => subjectIs(t.id, "lightsRoom"))) timeOfDay = "night";
  if (subjects.includes("sun") && timeOfDay === "night") subjects.splice(subjects.indexOf("sun"), 1);
  if (subjects.includes("forest") && treeKinds.size === 0 && snowy) treeKinds.add("conifer");

  const treeKind: TreeKind =
    treeKinds.size === 1
      ? [...treeKinds][0]!
      : treeKinds.size > 1
        ? "mixed"
        : subjects.includes("forest")
          ? "conifer"
          : "broadleaf";
  const waterIsStill = stillWater || mood === "calm" || mood === "serene";

  return {
    prompt,
    understood: subjects.length > 0 || things.length > 0 || scenery || indoor,
    subjects,
    things,
    colors,
    palette,
    timeOfDay,
    timeExplicit,
    weather,
    mood,
    snowy,
    stillWater: waterIsStill,
    treeKind,
    christmas: options.christmas,
    indoor,
    window,
    lunar,
  };
}

/** Adjectives and fillers a colour can reach across to find its noun. */
const FILLERS = new Set([
  "a",
  "an",
  "the",
  "tall",
  "big",
  "huge",
  "giant",
  "small",
  "little",
  "tiny",
  "distant",
  "far",
  "old",
  "ancient",
  "beautiful",
  "lovely",
  "wild",
  "rolling",
  "towering",
  "jagged",
  "snowy",
  "frozen",
  "misty",
  "foggy",
  "glowing",
  "shining",
  "sparkling",
  "calm",
  "still",
  "quiet",
  "vast",
  "endless",
  "lush",
  "dense",
  "gentle",
  "rugged",
  "majestic",
  "mighty",
  "magical",
  "dark",
  "bright",
  "cozy",
  "cosy",
  "lonely",
  "full",
  "crescent",
  "autumn",
  "spring",
  "summer",
  "winter",
  "evening",
  "night",
  "morning",
  "of",
  "many",
  "some",
  "two",
  "three",
]);

/** Words that put a rider on its mount ("a girl riding a horse"), read as "on". */
const RIDING_WORDS = new Set(["riding", "rides", "ride", "astride", "mounted"]);
/** "a horse pulling a sleigh": the thing before pulls the thing after along behind it. */
const PULLING_WORDS = new Set(["pulling", "pulls", "pull", "towing", "tows", "hauling", "hauls"]);
/** "a sleigh pulled by reindeer": the thing after pulls the thing before. */
const PULLED_WORDS = new Set(["pulled", "towed", "hauled"]);

/**
 * Whether a thing "on" (or "riding") another stands beside it instead: a figure on an animal it
 * cannot sit astride ("a man on a cat"; a robot has no riding pose), or anything riding what has
 * neither a saddle nor a deck ("a girl riding a bicycle").
 */
function isFigureOnAnimal(thing: string, target: string, riding: boolean): boolean {
  const rider = subjectById(thing);
  const mount = subjectById(target);
  if (!mount) return false;
  if (rider?.category === "figure" && mount.category === "animal") return !canRide(rider, mount);
  return riding && mount.saddle === undefined && mount.surface === undefined && !mount.container;
}

function isAdjectiveLike(word: string): boolean {
  return FILLERS.has(word) || word.endsWith("y") || word.endsWith("ing") || word.endsWith("ed");
}

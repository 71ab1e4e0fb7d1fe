/**
 * What Studio understood of a prompt, in words a person reads beside the picture (issue 19): the
 * subjects it recognised, and the light and weather it was told. An empty list means it
 * recognised no subject and painted an abstract composition from the colours and mood instead.
 * A word read through the open vocabulary (issue 28) says how: "beagle → dog", "lasagna →
 * spaghetti (drawing)"; the words it could not draw are listed apart (notDrawnWords).
 */
import { subjectById } from "../subjects/library";
import { parsePrompt } from "./parse-prompt";
import type { Scene } from "./types";

const TIME_WORDS: Record<Scene["timeOfDay"], string> = {
  dawn: "dawn",
  morning: "morning",
  day: "daylight",
  golden: "golden hour",
  sunset: "sunset",
  dusk: "dusk",
  night: "night",
};

export interface PromptReading {
  /** What was drawn, in the order of the picture's things, then the landscape, light and weather. */
  understood: string[];
  /** Nouns the prompt names that nothing in the picture stands for. */
  notDrawn: string[];
}

const ROOM_NAMES: Record<NonNullable<Scene["room"]>, string> = {
  bedroom: "bedroom",
  kitchen: "kitchen",
  cafe: "cafe",
  classroom: "classroom",
  library: "library",
  livingroom: "living room",
  bathroom: "bathroom",
  shop: "shop",
};

const cache = new Map<string, PromptReading>();
const CACHE_SIZE = 500;

/** How Studio reads a prompt, remembered for the last few hundred prompts: a history page asks for each of its cards. */
export function readPromptWords(prompt: string, christmas: boolean): PromptReading {
  const key = `${christmas ? 1 : 0}${prompt}`;
  const known = cache.get(key);
  if (known) return known;
  const scene = parsePrompt(prompt, { christmas });
  const reading = {
    understood: understood(scene),
    notDrawn: scene.readings.filter((r) => !r.drawn).map((r) => r.words),
  };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, reading);
  return reading;
}

export function understoodWords(prompt: string, christmas: boolean): string[] {
  return readPromptWords(prompt, christmas).understood;
}

function understood(scene: Scene): string[] {
  if (!scene.understood) return [];
  // The things first (the first is the main subject), then the landscape.
  const readingOf = new Map(scene.readings.filter((r) => r.drawn).map((r) => [r.drawn!, r]));
  const things = scene.things.map((thing) => {
    const definition = subjectById(thing.id);
    // (A drawing of the art set has no plural of its own: "2 bouquet" rather than its code.)
    const name = (thing.count > 1 ? definition?.plurals[0] : undefined) ?? definition?.words[0] ?? thing.id;
    const reading = definition ? readingOf.get(definition.words[0]!) : undefined;
    const counted = (word: string) => (thing.count > 1 ? `${thing.count} ${word}` : word);
    if (!reading) return counted(name);
    const drawing = reading.from === "art" ? " (drawing)" : "";
    const drawn = definition!.words[0]!;
    return reading.words === drawn ? counted(`${drawn}${drawing}`) : `${counted(reading.words)} → ${drawn}${drawing}`;
  });
  const cliff = scene.things.some((t) => t.relation?.target === "cliff") ? ["cliff"] : [];
  const landscape = scene.subjects.map((subject) => {
    const reading = scene.readings.find((r) => r.from === "landscape" && r.drawn === subject);
    return reading ? `${reading.words} → ${subject}` : subject;
  });
  // Words read as part of a place or worn ("neon signs → street", "red cape → worn by the knight").
  const named = new Set<string>([...scene.things.map((t) => subjectById(t.id)?.words[0] ?? t.id), ...scene.subjects]);
  const parts = scene.readings
    .filter((r) => r.drawn && r.from !== "art" && !named.has(r.drawn))
    .map((r) => (r.words === r.drawn ? r.words : `${r.words} → ${r.drawn}`));
  const places = [
    scene.street ? "street" : null,
    scene.room ? ROOM_NAMES[scene.room] : null,
    scene.cave ? "inside a cave" : null,
    scene.harbour ? "harbour" : null,
    scene.vessel ? `in a ${scene.vessel === "globe" ? "snow globe" : scene.vessel}` : null,
  ].filter((w): w is string => w !== null);
  const words: string[] = [...things, ...cliff, ...landscape, ...places, ...parts];
  if (scene.indoor && !scene.room) words.push("indoors");
  if (scene.lunar) words.push("moon");
  if (scene.world === "mars") words.push("on mars");
  if (scene.window) words.push("window");
  if (scene.timeExplicit) words.push(TIME_WORDS[scene.timeOfDay]);
  if (scene.weather !== "clear") words.push(scene.weather);
  else if (scene.snowy) words.push("snow");
  if (scene.bareEarth) words.push("bare earth");
  return [...new Set(words)];
}

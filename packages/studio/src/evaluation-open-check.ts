/**
 * Whether a picture of the open-vocabulary evaluation set (issue 28) shows each thing its prompt
 * names: a noun is drawn when the prompt's reading drew something for it, or when the noun read
 * alone brings a thing, a landscape, a room or weather that the prompt's scene has.
 */
import type { OpenEvaluationPrompt } from "./evaluation-open";
import { subjectById } from "./subjects/library";
import { parsePrompt } from "./scene/parse-prompt";
import type { Scene } from "./scene/types";

export interface NounCheck {
  drawn: string[];
  missing: string[];
}

export function drawnNouns(entry: Pick<OpenEvaluationPrompt, "prompt" | "expect">, christmas = false): NounCheck {
  const scene = parsePrompt(entry.prompt, { christmas });
  const drawn: string[] = [];
  const missing: string[] = [];
  for (const noun of entry.expect) (isDrawn(scene, noun, christmas) ? drawn : missing).push(noun);
  return { drawn, missing };
}

function isDrawn(scene: Scene, noun: string, christmas: boolean): boolean {
  const read = scene.readings.find((r) => r.drawn && sameNoun(r.words, noun));
  if (read) return true;
  // A planet stood on is the picture's ground (worlds.ts).
  if (scene.world && /^(planet|world|mars|red planet)$/.test(noun)) return true;
  // "book" is drawn by the library's "stack of books".
  const singular = (w: string) => w.replace(/(?<=[^s])s$/, "");
  if (scene.things.some((t) => subjectById(t.id)?.words.some((w) => w.split(" ").map(singular).includes(noun))))
    return true;
  const alone = parsePrompt(noun, { christmas });
  if (alone.things.some((t) => scene.things.some((s) => s.id === t.id))) return true;
  if (alone.subjects.some((s) => scene.subjects.includes(s))) return true;
  if (alone.readings.some((r) => r.drawn && scene.readings.some((s) => s.drawn === r.drawn))) return true;
  if (alone.window && scene.window) return true;
  if (alone.road && scene.road) return true;
  if (alone.indoor && alone.things.length === 0 && scene.indoor) return true;
  if (alone.weather !== "clear" && alone.weather === scene.weather) return true;
  return alone.snowy && alone.things.length === 0 && scene.snowy;
}

/** "siamese cats" names "siamese cat"; "viking longship" names "longship"; "bookshelves" "bookshelf". */
function sameNoun(words: string, noun: string): boolean {
  const singular = (w: string) => w.replace(/(?<=l)ves$/, "f").replace(/(?<=[^s])s$/, "");
  const a = words.split(" ").map(singular).join(" ");
  const b = noun.split(" ").map(singular).join(" ");
  // ("cabin → indoors" is the log cabin, seen from inside.)
  return a === b || a.endsWith(` ${b}`) || b.endsWith(` ${a}`);
}

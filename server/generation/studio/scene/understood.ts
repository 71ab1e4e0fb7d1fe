/**
 * What Studio understood of a prompt, in words a person reads beside the picture (issue 19): the
 * subjects it recognised, and the light and weather it was told. An empty list means it
 * recognised no subject and painted an abstract composition from the colours and mood instead.
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

export function understoodWords(prompt: string, christmas: boolean): string[] {
  const scene = parsePrompt(prompt, { christmas });
  if (!scene.understood) return [];
  // The library's things first (the first is the main subject), then the landscape.
  const things = scene.things.map((thing) => {
    const definition = subjectById(thing.id);
    const name = (thing.count > 1 ? definition?.plurals[0] : definition?.words[0]) ?? thing.id;
    return thing.count > 1 ? `${thing.count} ${name}` : name;
  });
  const cliff = scene.things.some((t) => t.relation?.target === "cliff") ? ["cliff"] : [];
  const words: string[] = [...things, ...cliff, ...scene.subjects];
  if (scene.indoor) words.push("indoors");
  if (scene.lunar) words.push("moon");
  if (scene.window) words.push("window");
  if (scene.timeExplicit) words.push(TIME_WORDS[scene.timeOfDay]);
  if (scene.weather !== "clear") words.push(scene.weather);
  else if (scene.snowy) words.push("snow");
  return [...new Set(words)];
}

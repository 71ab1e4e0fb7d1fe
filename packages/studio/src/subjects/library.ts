/**
 * Every subject Studio can draw, and how to find one by the words of a prompt (issue 19).
 * Families live in files of their own; this is the index.
 */
import { ANIMALS } from "./animals";
import { ART_PREFIX, artSubject } from "./art-subject";
import { BUILDINGS } from "./buildings";
import { FANTASY } from "./fantasy";
import { FIGURES } from "./figures";
import { MADE_THINGS } from "./made-things";
import { NATURE } from "./nature";
import { OBJECTS } from "./objects";
import { SEASONAL } from "./seasonal";
import { SKY_THINGS } from "./sky-things";
import type { SubjectDefinition } from "./types";
import { VEHICLES } from "./vehicles";

export const SUBJECT_LIBRARY: readonly SubjectDefinition[] = [
  ...ANIMALS,
  ...FIGURES,
  ...BUILDINGS,
  ...VEHICLES,
  ...OBJECTS,
  ...MADE_THINGS,
  ...NATURE,
  ...SKY_THINGS,
  ...FANTASY,
  ...SEASONAL,
];

const byId = new Map(SUBJECT_LIBRARY.map((s) => [s.id, s]));

/** One token per name: a name of several words is written with its spaces taken out ("hotairballoon"). */
export const joinName = (name: string) => name.replace(/[\s-]+/g, "");

const byWord = new Map<string, { definition: SubjectDefinition; plural: boolean }>();
for (const definition of SUBJECT_LIBRARY)
  for (const [words, plural] of [
    [definition.words, false],
    [definition.plurals, true],
  ] as const)
    for (const word of words) {
      const key = joinName(word);
      if (byWord.has(key)) throw new Error(`The subject word "${word}" is used twice (${definition.id})`);
      byWord.set(key, { definition, plural });
    }

/** A library subject, or a drawing of the art set (`art:<hexcode>`, issue 28). */
export function subjectById(id: string): SubjectDefinition | undefined {
  return byId.get(id) ?? (id.startsWith(ART_PREFIX) ? artSubject(id) : undefined);
}

/** The yes-or-no properties of a definition that the composition asks about. */
export type SubjectFlag = "indoor" | "lightsRoom" | "sitsInTrees" | "nightSky" | "stillWater" | "carried";

/** Whether the subject with this id has the property: `subjectIs("candle", "lightsRoom")`. */
export function subjectIs(id: string, flag: SubjectFlag): boolean {
  return subjectById(id)?.[flag] === true;
}

/** Whether a figure can sit astride this mount: it has a riding pose and the mount a saddle. */
export function canRide(rider: SubjectDefinition | undefined, mount: SubjectDefinition | undefined): boolean {
  return rider?.ride !== undefined && mount?.saddle !== undefined;
}

export function subjectByWord(token: string): { definition: SubjectDefinition; plural: boolean } | undefined {
  return byWord.get(token);
}

/** Names of several words, longest first, as patterns that rewrite them into one token before a prompt is read. */
export const MULTI_WORD_NAMES: [RegExp, string][] = SUBJECT_LIBRARY.flatMap((s) => [...s.words, ...s.plurals])
  .filter((w) => /[\s-]/.test(w))
  .sort((a, b) => b.length - a.length)
  .map((w) => [new RegExp(`\\b${w.replace(/[\s-]+/g, "[\\s-]+")}\\b`, "g"), joinName(w)]);

/**
 * The vocabulary report (issue 28, `npm run studio -- --vocabulary`): for the nouns of the public
 * evaluation sets and for the 1,000 commonest concrete nouns of WordNet (by how often their senses
 * were tagged in its semantic concordance), how many Studio draws with a library subject or a
 * landscape, with a drawing the word names, with something WordNet's synonyms and hypernyms led
 * to, and how many not at all.
 */
import { EVALUATION_PROMPTS } from "../evaluation-prompts";
import { OPEN_EVALUATION_PROMPTS } from "../evaluation-open";
import { parsePrompt } from "../scene/parse-prompt";
import { joinName, subjectById, subjectByWord } from "../subjects/library";
import { commonNouns, lookupNoun, readSynset } from "./wordnet";

export type Source = "library" | "art" | "wordnet" | "none";

export interface NounSource {
  noun: string;
  source: Source;
  /** What stands for it: "dog", "sushi (drawing)"; empty when nothing does. */
  drawn: string;
}

export interface VocabularyCounts {
  total: number;
  library: number;
  art: number;
  wordnet: number;
  none: number;
}

/** How Studio draws one noun read alone. */
export function nounSource(noun: string): NounSource {
  if (subjectByWord(joinName(noun)) || subjectById(noun)) return { noun, source: "library", drawn: noun };
  const scene = parsePrompt(noun, { christmas: false });
  const reading = scene.readings[0];
  if (reading?.drawn) {
    const source: Source = reading.via.length > 0 ? "wordnet" : reading.from === "art" ? "art" : "library";
    return { noun, source, drawn: reading.from === "art" ? `${reading.drawn} (drawing)` : reading.drawn };
  }
  // A landscape word ("forest"), a room ("kitchen") or weather the parser reads for itself.
  if (!reading && (scene.understood || scene.weather !== "clear"))
    return { noun, source: "library", drawn: scene.subjects[0] ?? scene.things[0]?.id ?? "scene" };
  return { noun, source: "none", drawn: "" };
}

export function countSources(sources: readonly NounSource[]): VocabularyCounts {
  const count = (s: Source) => sources.filter((n) => n.source === s).length;
  return {
    total: sources.length,
    library: count("library"),
    art: count("art"),
    wordnet: count("wordnet"),
    none: count("none"),
  };
}

/** The nouns the public evaluation sets expect to see, once each. */
export function publicSetNouns(): string[] {
  const nouns = new Set<string>();
  for (const entry of OPEN_EVALUATION_PROMPTS) for (const noun of entry.expect) nouns.add(noun);
  for (const entry of EVALUATION_PROMPTS)
    for (const expectation of entry.expect) {
      // "3 sheep on hills": the thing's name, without its number and relation.
      const name = expectation.replace(/^\d+\s+/, "").split(/\s+(?:on|in|by|above|under|held)\s+/)[0]!;
      if (!/^(indoors|window)$/.test(name)) nouns.add(name);
    }
  return [...nouns];
}

/**
 * The kinds of noun the report counts as concrete: living things, made things, natural objects,
 * body parts, food and stuff; not places ("center", "side") nor phenomena ("light", "current").
 */
const THINGS: ReadonlySet<string> = new Set([
  "noun.animal",
  "noun.artifact",
  "noun.body",
  "noun.food",
  "noun.object",
  "noun.person",
  "noun.plant",
  "noun.substance",
]);

export interface VocabularyReport {
  publicSets: NounSource[];
  common: NounSource[];
}

export function vocabularyReport(commonCount = 1000): VocabularyReport {
  return {
    publicSets: publicSetNouns().map(nounSource),
    common: commonNouns(commonCount, THINGS).map(nounSource),
  };
}

/** The kind of thing a noun's commonest sense is, as WordNet files it: "substance", "body", "artifact". */
export function nounKind(noun: string): string {
  const entry = lookupNoun(noun);
  const sense = entry ? readSynset(entry.senses[0]!) : undefined;
  return sense ? sense.lexName.replace(/^noun\./, "") : "unknown";
}

/** How many nouns of each kind a list has, most first: "substance 58, body 41, …". */
export function kindsOf(sources: readonly NounSource[]): string {
  const counts = new Map<string, number>();
  for (const { noun } of sources) counts.set(nounKind(noun), (counts.get(nounKind(noun)) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([kind, n]) => `${kind} ${n}`)
    .join(", ");
}

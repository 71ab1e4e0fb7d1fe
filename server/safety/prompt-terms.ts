/**
 * Words in prompts, titles, tags and comments (issue 40, ADR 0059), beside the blocked-word list
 * (server/safety/word-filter.ts):
 * - terms that make a prompt *mature* — admins edit them (`mature_terms`); a picture made from such
 *   a prompt is rated at the stricter thresholds;
 * - a fixed refusal, not editable, of any sexual term together with a term for a minor. Its
 *   message never repeats the words back.
 * Terms match whole words (or phrases), case-insensitively.
 */
import { AppError } from "../app-error";
import type { Database } from "../db/client";
import { siteSetting } from "../db/site-setting";
import { termListSchema } from "./word-filter";

export const MATURE_TERMS_KEY = "mature_terms";

/** Words that ask for a suggestive picture without being refused outright. */
export const DEFAULT_MATURE_TERMS: string[] = [
  "sexy",
  "seductive",
  "sensual",
  "lingerie",
  "underwear",
  "bikini",
  "swimsuit",
  "cleavage",
  "boudoir",
  "pin-up",
  "pinup",
  "topless",
  "shirtless",
  "erotic",
  "provocative",
];

const setting = siteSetting(MATURE_TERMS_KEY, termListSchema, DEFAULT_MATURE_TERMS);

export const loadMatureTerms = setting.load;

/** Saves the list (audited by the caller). */
export const saveMatureTerms: (db: Database, terms: unknown) => Promise<string[]> = setting.save;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A pattern matching any of the terms as a whole word or phrase. */
function wholeWords(terms: readonly string[]): RegExp {
  const alternatives = terms.map((t) => escapeRegExp(t.toLowerCase()).replace(/\\?[ -]/g, "[\\s-]*"));
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${alternatives.join("|")})(?=$|[^\\p{L}\\p{N}])`, "u");
}

const matureCache = new WeakMap<readonly string[], RegExp>();

/** True when the text has a term that makes a prompt mature. */
export function hasMatureTerm(text: string, terms: readonly string[]): boolean {
  if (terms.length === 0) return false;
  let pattern = matureCache.get(terms);
  if (!pattern) {
    pattern = wholeWords(terms);
    matureCache.set(terms, pattern);
  }
  return pattern.test(text.toLowerCase());
}

/** Whether a picture made from this prompt is rated at the stricter thresholds. */
export async function isMaturePrompt(db: Database, prompt: string): Promise<boolean> {
  return hasMatureTerm(prompt, await loadMatureTerms(db));
}

// ---------------------------------------------------------------- the fixed refusal

/** Sexual words (with their common spellings). Fixed in code: no admin can shorten it. */
const SEXUAL_TERMS = [
  "sex",
  "sexy",
  "sexual",
  "sexualized",
  "sexualised",
  "nude",
  "nudes",
  "nudity",
  "naked",
  "undressed",
  "undressing",
  "topless",
  "lingerie",
  "erotic",
  "erotica",
  "porn",
  "porno",
  "pornographic",
  "nsfw",
  "hentai",
  "lewd",
  "seductive",
  "sensual",
  "fetish",
  "explicit",
  "boudoir",
  "xxx",
];

/** Words for a child. */
const MINOR_TERMS = [
  "child",
  "children",
  "childs",
  "kid",
  "kids",
  "minor",
  "minors",
  "underage",
  "under-age",
  "preteen",
  "pre-teen",
  "teen",
  "teens",
  "teenage",
  "teenager",
  "teenagers",
  "toddler",
  "infant",
  "baby",
  "babies",
  "schoolgirl",
  "schoolboy",
  "little girl",
  "little boy",
  "young girl",
  "young boy",
  "loli",
  "lolicon",
  "shota",
  "shotacon",
  "jailbait",
];

const SEXUAL = wholeWords(SEXUAL_TERMS);
const MINOR = wholeWords(MINOR_TERMS);
/** "12 year old", "12yo", "12-year-old"… under 18. */
const YOUNG_AGE = /(?:^|[^\p{N}])(?:[1-9]|1[0-7])\s*(?:-?\s*years?\s*-?\s*old|yo|y\/o|yrs?\s*old)(?=$|[^\p{L}])/u;

/** True when the texts, read together, pair a sexual term with a term for a minor. */
export function isForbiddenCombination(...texts: string[]): boolean {
  const text = texts.join(" \n ").toLowerCase();
  return SEXUAL.test(text) && (MINOR.test(text) || YOUNG_AGE.test(text));
}

/** Said instead of the words: nothing is repeated back. */
export const FORBIDDEN_COMBINATION_MESSAGE =
  "This can't be made or posted on Atelier: sexual content involving minors is never allowed.";

/**
 * Refuses texts that pair a sexual term with a term for a minor, next to every field involved
 * (field name → its text). Checked together, so a title and its tags cannot split the words.
 */
export function refuseForbiddenCombination(fields: Record<string, string | readonly string[]>): void {
  const texts = Object.entries(fields).map(
    ([name, value]) => [name, Array.isArray(value) ? value.join(" , ") : value] as const,
  );
  if (!isForbiddenCombination(...texts.map(([, text]) => text as string))) return;
  const involved = texts.filter(
    ([, text]) =>
      SEXUAL.test((text as string).toLowerCase()) ||
      MINOR.test((text as string).toLowerCase()) ||
      YOUNG_AGE.test((text as string).toLowerCase()),
  );
  const named = involved.length > 0 ? involved : texts;
  throw new AppError("content_moderation", FORBIDDEN_COMBINATION_MESSAGE, {
    fields: Object.fromEntries(named.map(([name]) => [name, [FORBIDDEN_COMBINATION_MESSAGE]])),
  });
}

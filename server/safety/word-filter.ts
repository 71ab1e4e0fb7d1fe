/**
 * The blocked-word list (moved here from the community by issue 40): prompts, titles, descriptions,
 * tags and comments that contain a blocked term are refused with a message naming the term. The list
 * is the site setting `blocked_terms` (admins edit it at /admin/safety without a restart); missing or
 * unreadable values fall back to a short default.
 * Terms match whole words, case-insensitively, so "class" does not trip on "ass".
 */
import { z } from "zod";
import type { Database } from "../db/client";
import { siteSetting } from "../db/site-setting";

export const BLOCKED_TERMS_KEY = "blocked_terms";

/** A list of terms as admins keep them: trimmed, lower-cased, each once. */
export const termListSchema = z
  .array(z.string().trim().toLowerCase().min(1).max(60))
  .max(1000)
  .transform((terms) => [...new Set(terms)]);

/** A deliberately short default: obvious profanity and explicit words. */
export const DEFAULT_BLOCKED_TERMS: string[] = [
  "fuck",
  "fucking",
  "shit",
  "cunt",
  "porn",
  "nsfw",
  "nude",
  "nudes",
  "hentai",
  "bitch",
  "motherfucker",
];

const setting = siteSetting(BLOCKED_TERMS_KEY, termListSchema, DEFAULT_BLOCKED_TERMS);

/** The blocked words, read after each change of site_settings. */
export const loadBlockedTerms = setting.load;

/** Saves the list (audited by the caller). */
export const saveBlockedTerms: (db: Database, terms: unknown) => Promise<string[]> = setting.save;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The first blocked term the text contains as a whole word (or phrase), or null. */
export function findBlockedTerm(text: string, terms: string[]): string | null {
  const lower = text.toLowerCase();
  for (const term of terms) {
    if (!term) continue;
    const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(term)}($|[^\\p{L}\\p{N}])`, "u");
    if (pattern.test(lower)) return term;
  }
  return null;
}

/** Field name → the blocked term found in it, for every field that has one. */
export function checkBlockedTerms(fields: Record<string, string | string[]>, terms: string[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [field, value] of Object.entries(fields)) {
    const term = findBlockedTerm(Array.isArray(value) ? value.join(" , ") : value, terms);
    if (term) found[field] = term;
  }
  return found;
}

export function blockedTermMessage(term: string): string {
  return `“${term}” is not allowed here`;
}

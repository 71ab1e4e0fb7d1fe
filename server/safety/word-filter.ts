/**
 * The blocked-word list (moved here from the community by issue 40): prompts, titles, descriptions,
 * tags and comments that contain a blocked term are refused with a message naming the term. The list is the site setting `blocked_terms`
 * (admins edit it without a restart); missing or unreadable values fall back to a short default.
 * Terms match whole words, case-insensitively, so "class" does not trip on "ass".
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client";
import { announceChange } from "../db/change-feed";
import { cachedRead } from "../db/runtime-snapshot";
import { siteSettings } from "../db/schema";

export const BLOCKED_TERMS_KEY = "blocked_terms";

export const blockedTermsSchema = z.array(z.string().trim().toLowerCase().min(1).max(60)).max(1000);

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

/** The blocked words, read after each change of site_settings. */
export const loadBlockedTerms = cachedRead(["site_settings"], async (db): Promise<string[]> => {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, BLOCKED_TERMS_KEY));
  if (!row) return DEFAULT_BLOCKED_TERMS;
  const parsed = blockedTermsSchema.safeParse(row.value);
  return parsed.success ? parsed.data : DEFAULT_BLOCKED_TERMS;
});

export async function saveBlockedTerms(db: Database, terms: unknown): Promise<string[]> {
  const value = [...new Set(blockedTermsSchema.parse(terms))];
  await db
    .insert(siteSettings)
    .values({ key: BLOCKED_TERMS_KEY, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
  announceChange({ kind: "table", table: "site_settings" });
  return value;
}

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

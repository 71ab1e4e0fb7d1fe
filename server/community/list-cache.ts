/**
 * Public artwork lists are the same for every visitor and the hottest read of the site, so
 * their pages are shared for a moment: an answer is reused for LIST_CACHE_TTL_MS, and a burst of
 * identical requests waits for one query instead of running a hundred.
 *
 * Anything that changes what a list may show (publish, edit, unpublish, moderation, deleting an
 * account) calls clearListCache(), so in this process hidden artworks vanish at once. Other
 * processes of a multi-process deployment follow within the TTL, and like and download counts
 * on cards may lag by as much — the detail page always reads them fresh.
 */
import { clearSharedResponses } from "../http/response-cache";

export const LIST_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 500;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

const entries = new Map<string, Entry>();

/** The value under `key` while fresh; otherwise loads it once for every caller waiting on it. */
export function cachedList<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (hit) entries.delete(key);
  const value = load();
  const entry: Entry = { expires: now + LIST_CACHE_TTL_MS, value };
  entries.set(key, entry);
  // A failed load is not kept: the next request tries again.
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  // Map keeps insertion order: past the bound, the oldest entries go first.
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return value;
}

/** Forgets every list page; the next request for each reads the database. */
export function clearListCache(): void {
  entries.clear();
  clearSharedResponses(); // the HTTP answers built from these pages
}

/** A deleted account's artworks left the lists with its rows; shared pages must not keep showing them. */
export function deleteCommunityUserData(): void {
  clearListCache();
}

/**
 * Signed-in pages whose every read of the person is announced by the database when it changes
 * (migrations 0013, 0016, 0018 and 0019: run-time settings, and the person's sessions, account,
 * balance, purchases, notifications, generations, reactions, artworks, follows and hidden people), so the HTTP shell may keep a
 * rendered answer for the person it was rendered for and replay it to their next request with the
 * same cookies, until something they see changes (server/http/response-cache.ts, ADRs 0040 and
 * 0050). What such a page shows of everyone (an artwork's likes, the queue) may be as old as on
 * the pages kept for visitors: two seconds. A page joins this list only if everything its loaders
 * read of the person is announced: tests/integration/personal-pages.test.ts checks the tables.
 */
import type { MiddlewareFunction } from "react-router";
import { getUser } from "./guards";
import { PERSONAL_CACHE_HEADER } from "../http/response-cache";
import { normalizePattern } from "../http/route-patterns";

const PERSONAL_PAGES = new Set([
  "/user-profile",
  "/notifications",
  // An artwork's page: the person's reaction, and whether it is theirs (migration 0018), whether
  // they follow its maker (0019).
  "/community/detail",
  // A creator's page and the Following feed: whom the person follows and hides (migration 0019).
  "/creators/:handle",
  "/community/following",
  // Collections: the person's own (migration 0021).
  "/collections",
  "/collections/:id",
  // The Studio: the person's generations (migration 0018) and balance.
  "/ai/ai-text-to-art",
  "/ai/ai-image-to-art",
  "/ai/ai-doodle-to-art",
  "/ai/christmas-event/ai-text-to-art",
  "/ai/christmas-event/ai-image-to-art",
  "/ai/christmas-event/ai-doodle-to-art",
]);

/**
 * Pages that are personal for some addresses only. The editor of a history picture reads the
 * generation, the balance, settings and engines, all announced; its `?preview=` form reads an
 * uploaded file that nothing announces (a deleted upload would be replayed as still there).
 */
const PERSONAL_ADDRESSES = new Map<string, (url: URL) => boolean>([
  ["/ai/edit", (url) => url.searchParams.has("generation") && !url.searchParams.has("preview")],
]);

export function isPersonalPage(pattern: string, url: string): boolean {
  const page = normalizePattern(pattern).replace(/\/$/, "") || "/";
  if (PERSONAL_PAGES.has(page)) return true;
  // The optional call reads the address only for a page that is personal by address.
  return PERSONAL_ADDRESSES.get(page)?.(new URL(url)) === true;
}

/** Root middleware: marks a signed-in person's answer to a personal page as one the shell may keep for them. */
export const personalPagesMiddleware: MiddlewareFunction<Response> = async ({ request, pattern }, next) => {
  const response = await next();
  if (request.method !== "GET" || response.status !== 200 || !isPersonalPage(pattern, request.url)) return response;
  if (!request.headers.has("cookie") || request.headers.has("authorization")) return response;
  const user = await getUser(request);
  if (!user) return response;
  try {
    response.headers.set(PERSONAL_CACHE_HEADER, user.userUid);
  } catch {
    // a Response with immutable headers is simply not kept
  }
  return response;
};

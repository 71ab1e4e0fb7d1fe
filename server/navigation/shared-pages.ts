/**
 * Pages that show every anonymous visitor the same thing (no form tokens, nothing personal), so
 * the HTTP shell's micro-cache may keep an answer for a couple of seconds and replay it to the
 * next anonymous visitors of the same address (server/http/response-cache.ts, ADR 0026). Signed-in
 * visitors always get a page rendered for them.
 */
import type { MiddlewareFunction } from "react-router";
import { requestScope } from "../http/request-context";
import { SHARED_CACHE_HEADER } from "../http/response-cache";
import { normalizePattern } from "../http/route-patterns";

/** How long a kept page may be replayed: a change an admin makes clears it at once anyway. */
export const SHARED_PAGE_SECONDS = 2;

/** The pages anonymous visitors may be replayed (exported: signed-in-pages.ts takes those that read nothing of a person). */
export const SHARED_PAGES: ReadonlySet<string> = new Set([
  "/",
  "/about-us",
  "/pricing-plans",
  "/checkout-tiers",
  "/product-overview",
  "/community/main",
  "/community/list",
  "/community/detail",
  "/community/christmas-event/list",
  "/creators/:handle",
]);

export function isSharedPage(pattern: string): boolean {
  return SHARED_PAGES.has(normalizePattern(pattern).replace(/\/$/, "") || "/");
}

/** Root middleware: marks an anonymous visitor's answer to a shared page as one the micro-cache may keep. */
export const sharedPagesMiddleware: MiddlewareFunction<Response> = async ({ request, pattern }, next) => {
  const response = await next();
  // A page rendered for every signed-in person (ADR 0050) has no cookies either, but is not for visitors.
  const anonymous =
    !request.headers.has("cookie") && !request.headers.has("authorization") && !requestScope.getStore()?.sharedViewer;
  if (request.method === "GET" && anonymous && response.status === 200 && isSharedPage(pattern)) {
    try {
      response.headers.set(SHARED_CACHE_HEADER, String(SHARED_PAGE_SECONDS));
    } catch {
      // a Response with immutable headers is simply not kept
    }
  }
  return response;
};

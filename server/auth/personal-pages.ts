/**
 * Signed-in pages whose every read is announced by the database when it changes (migrations 0013
 * and 0016: run-time settings, and the person's sessions, account, balance, purchases and
 * notifications), so the HTTP shell may keep a rendered answer for the person it was rendered
 * for and replay it to their next request with the same cookies, until something they see
 * changes (server/http/response-cache.ts, ADR 0040). A page joins this list only if everything its
 * loaders read is announced: tests/integration/personal-pages.test.ts checks the tables.
 */
import type { MiddlewareFunction } from "react-router";
import { getUser } from "./guards";
import { PERSONAL_CACHE_HEADER } from "../http/response-cache";
import { normalizePattern } from "../http/route-patterns";

const PERSONAL_PAGES = new Set(["/user-profile"]);

export function isPersonalPage(pattern: string): boolean {
  return PERSONAL_PAGES.has(normalizePattern(pattern).replace(/\/$/, "") || "/");
}

/** Root middleware: marks a signed-in person's answer to a personal page as one the shell may keep for them. */
export const personalPagesMiddleware: MiddlewareFunction<Response> = async ({ request, pattern }, next) => {
  const response = await next();
  if (request.method !== "GET" || response.status !== 200 || !isPersonalPage(pattern)) return response;
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

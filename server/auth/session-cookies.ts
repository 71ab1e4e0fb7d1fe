/**
 * Root middleware: the session read of a request (server/auth/guards.ts) may refresh the signed
 * cookie copy of the session or renew the session itself; this adds those cookies to whatever
 * answer the request gets, page or API. An answer to a request that carries cookies or
 * credentials, and says nothing about caching itself, is marked private: a CDN or proxy in front
 * of Atelier must not keep one person's page for the next.
 */
import type { MiddlewareFunction } from "react-router";
import { takeSessionCookies } from "./guards";

export const sessionCookiesMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const cookies = takeSessionCookies();
  const personal = request.headers.has("cookie") || request.headers.has("authorization");
  const unmarked = personal && !response.headers.has("cache-control");
  if (cookies.length === 0 && !unmarked) return response;
  const headers = new Headers(response.headers); // a Response's own headers may be immutable
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.set("Cache-Control", cookies.length > 0 ? "private, no-store" : "private, no-cache");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

/**
 * Root middleware: the session read of a request (server/auth/guards.ts) may refresh the signed
 * cookie copy of the session or renew the session itself; this adds those cookies to whatever
 * answer the request gets, page or API.
 */
import type { MiddlewareFunction } from "react-router";
import { takeSessionCookies } from "./guards";

export const sessionCookiesMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  const cookies = takeSessionCookies();
  if (cookies.length === 0) return response;
  const headers = new Headers(response.headers); // a Response's own headers may be immutable
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.set("Cache-Control", "private, no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

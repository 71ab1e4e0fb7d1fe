/**
 * Root middleware for resource routes (/api/*): a method the route does not handle (a POST to a
 * route with only a loader, a GET to one with only an action) gets a 405 in the APIs' own error
 * shape. React Router would answer 405 or 400 with `{"message":"Unexpected Server Error"}`,
 * which reads like a crash to whoever called it.
 */
import type { MiddlewareFunction } from "react-router";
import { isResourcePattern } from "./route-patterns";

export const resourceMethodMiddleware: MiddlewareFunction<Response> = async ({ request, pattern }, next) => {
  const response = await next();
  if (!isResourcePattern(pattern) || (response.status !== 405 && response.status !== 400)) return response;
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  // React Router's own refusal is `{ message }` alone; the routes' errors are `{ error: { code, message } }`.
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  if (!body || "error" in body || typeof body.message !== "string" || Object.keys(body).length !== 1) return response;
  return Response.json(
    { error: { code: "method_not_allowed", message: `This address does not accept ${request.method} requests.` } },
    { status: 405, headers: { "Cache-Control": "no-store" } },
  );
};

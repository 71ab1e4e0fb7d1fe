/**
 * Root route middleware: runs the navigation checks (check-navigation.ts) for every page
 * request — a direct hit, or the data request of a client navigation (the root loader always
 * revalidates, so every navigation reaches the server). Flags, settings and rules are read
 * once here and shared with every loader through the context.
 */
import { data, type MiddlewareFunction, redirect } from "react-router";
import { getConfig } from "../config";
import { getDb } from "../db/client";
import { requestInfoContext } from "../http/request-context";
import { isResourcePattern } from "../http/route-patterns";
import { checkNavigation, loadShellState, shellStateContext } from "./check-navigation";
import { canonicalLocation, originOfRequest } from "./domain-check";

/** The page URL a request is for, without React Router's data-request decorations. */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) {
    url.pathname = url.pathname.slice(0, -".data".length) || "/";
    if (url.pathname === "/_root") url.pathname = "/";
  }
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  return url;
}

export function notFound(pathname: string, message = `Page Not Found: ${pathname}`) {
  return data({ message }, { status: 404 });
}

export const navigationMiddleware: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  if (isResourcePattern(pattern)) return next();
  const url = pageUrl(request);
  const state = await loadShellState(getDb(), getConfig());
  context.set(shellStateContext, state);
  const decision = checkNavigation({ pattern, url, origin: originOfRequest(request), state });
  switch (decision.kind) {
    case "not-found":
      throw notFound(url.pathname);
    case "unavailable":
      throw data({ message: "Service Unavailable" }, { status: 503 });
    case "redirect":
      throw redirect(decision.location, decision.status);
    case "continue": {
      const canonical = canonicalLocation(request, getConfig().canonicalOrigin);
      if (canonical) throw redirect(canonical, 302);
      if (decision.refusedRedirect) {
        context
          .get(requestInfoContext)
          .log.warn(
            { path: url.pathname, ...decision.refusedRedirect },
            "route rule refused: its target is off-site or not allowed",
          );
      }
      return next();
    }
  }
};

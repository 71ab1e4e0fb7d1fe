/**
 * The same-origin check on every state-changing request, pages and APIs alike (OWASP's second
 * layer against cross-site request forgery, behind SameSite=Lax cookies): a POST, PUT, PATCH or
 * DELETE must come from a page of this deployment. What the browser says decides, in order:
 * - `Origin`: this request's own origin, or a host on the allowed-domains list (one deployment
 *   may serve several hosts, and Better Auth trusts the same list); `null` is refused;
 * - without Origin, `Sec-Fetch-Site`: `cross-site` is refused;
 * - without either, `Referer`, by the same rule as Origin.
 * A request with none of the three did not come from a browser page (scripts, server-to-server
 * calls, tests) and cannot ride on a visitor's cookies, so it goes on.
 *
 * Payment webhooks are the one exception: their providers post from their own servers, and
 * each delivery is verified by its signature (server/commerce/webhooks).
 */
import type { Request, RequestHandler } from "express";
import type { Config } from "../config";
import { loadSiteSettings } from "../content/site-settings";
import { getDatabaseHandle } from "../db/client";
import { hostnameOf, isDomainAllowed } from "./hosts";
import { refuseUnreadBody } from "./body-limits";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Paths whose posts come from outside on purpose, verified another way (see above). */
export const CROSS_ORIGIN_EXCEPTIONS = [/^\/api\/payments\/webhooks\//];

export const CROSS_ORIGIN_MESSAGE =
  "This request came from another website, so Atelier refused it. Go back to Atelier and try again from there.";

export interface RequestOriginFacts {
  method: string;
  path: string;
  /** The origin this request was sent to: scheme and host as the server sees them. */
  ownOrigin: string;
  origin?: string | undefined;
  secFetchSite?: string | undefined;
  referer?: string | undefined;
}

/** True when a state-changing request came from a page of another site. */
export function isCrossSiteRequest(request: RequestOriginFacts, allowedDomains: readonly string[]): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (CROSS_ORIGIN_EXCEPTIONS.some((pattern) => pattern.test(request.path))) return false;
  const fromUs = (origin: string) => origin === request.ownOrigin || isDomainAllowed(origin, allowedDomains);
  if (request.origin !== undefined) return request.origin === "null" || !fromUs(request.origin);
  if (request.secFetchSite !== undefined) return request.secFetchSite === "cross-site";
  if (request.referer !== undefined) {
    const origin = originOfUrl(request.referer);
    return origin === null || !fromUs(origin);
  }
  return false;
}

function originOfUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return hostnameOf(parsed.origin) === null ? null : parsed.origin;
  } catch {
    return null;
  }
}

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === "string" ? value : undefined;
}

/** The shell layer: refuses cross-site state changes with 403 and a sentence, JSON for APIs. */
export function sameOriginCheck(config: Config): RequestHandler {
  return async (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    try {
      const handle = getDatabaseHandle();
      const allowedDomains = handle
        ? (await loadSiteSettings(handle.db, config)).allowedDomains
        : config.allowedDomains;
      const facts: RequestOriginFacts = {
        method: req.method,
        path: req.path,
        ownOrigin: `${req.protocol}://${req.host}`,
        origin: header(req, "origin"),
        secFetchSite: header(req, "sec-fetch-site"),
        referer: header(req, "referer"),
      };
      if (!isCrossSiteRequest(facts, allowedDomains)) return next();
      req.log?.warn(
        { origin: facts.origin, secFetchSite: facts.secFetchSite, path: facts.path },
        "cross-site request refused",
      );
      // Refused before its body is read (body-limits.ts reads bodies later in the shell).
      if (req.path.startsWith("/api/"))
        refuseUnreadBody(
          req,
          res,
          403,
          "application/json",
          JSON.stringify({ error: { code: "cross_origin", message: CROSS_ORIGIN_MESSAGE } }),
        );
      else refuseUnreadBody(req, res, 403, "text/plain; charset=utf-8", CROSS_ORIGIN_MESSAGE);
    } catch (error) {
      next(error);
    }
  };
}

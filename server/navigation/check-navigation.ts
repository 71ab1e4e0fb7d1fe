/**
 * The navigation checks of spec §2, in the spec's order, for every page request
 * (a direct hit or a client navigation's data request):
 *   1. route validity → 404 'Page Not Found: {path}'
 *   2. domain availability → 503 'Service Unavailable'
 *   3. route rules → redirect (to a checked path of this site, or external to an allowed host; otherwise refused and logged)
 * An unmatched path falls through to the 404 route after the rules, so a rule can retire an old URL.
 */
import { createContext } from "react-router";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { type FeatureFlags, loadFeatureFlags } from "../content/feature-flags";
import { loadSiteSettings, type SiteSettings } from "../content/site-settings";
import { isDomainAllowed } from "./domain-check";
import { findRouteRule, loadRouteRules, resolveRouteRule, type RouteRule } from "./route-rules";
import { isRouteValid } from "./route-validity";
import { normalizePattern } from "../http/route-patterns";

export interface ShellState {
  flags: FeatureFlags;
  settings: SiteSettings;
  rules: RouteRule[];
}

/** Flags, settings and route rules, read once per page request by the root middleware (middleware.ts). */
export const shellStateContext = createContext<ShellState>();

/** Everything the checks need, read once per request. */
export async function loadShellState(
  db: Database,
  config: Pick<Config, "allowedDomains" | "externalRedirectHosts">,
): Promise<ShellState> {
  const [flags, settings, rules] = await Promise.all([
    loadFeatureFlags(db),
    loadSiteSettings(db, config),
    loadRouteRules(db),
  ]);
  return { flags, settings, rules };
}

export type NavigationDecision =
  | { kind: "continue"; refusedRedirect?: { target: string; reason: string } }
  | { kind: "not-found" }
  | { kind: "unavailable" }
  | { kind: "redirect"; location: string; status: 301 | 302; external: boolean };

/** React Router joins route paths without a leading slash ("ai/ai-text-to-art"); we key by "/ai/ai-text-to-art". */
export function isUnmatchedPattern(pattern: string): boolean {
  return normalizePattern(pattern) === "/*";
}

export function checkNavigation(args: {
  pattern: string;
  url: URL;
  origin: string | null;
  state: ShellState;
}): NavigationDecision {
  const { url, origin, state } = args;
  const pattern = normalizePattern(args.pattern);
  if (!isUnmatchedPattern(pattern) && !isRouteValid(pattern, url, state.flags)) return { kind: "not-found" };
  if (!isDomainAllowed(origin, state.settings.allowedDomains)) return { kind: "unavailable" };
  const rule = findRouteRule(state.rules, url.pathname);
  if (rule) {
    const outcome = resolveRouteRule(rule, url, state.settings.externalRedirectHosts);
    if (outcome.kind === "redirect") return outcome;
    return { kind: "continue", refusedRedirect: { target: outcome.target, reason: outcome.reason } };
  }
  return { kind: "continue" };
}

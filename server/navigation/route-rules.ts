/** Route rules (spec §2 check 3): redirects stored in the database, to a path or an allowed external host. */
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { checkRedirectTarget, redirectRefusalMessage } from "../../app/lib/redirect-target";
import type { Database } from "../db/client";
import { announceChange } from "../db/change-feed";
import { cachedRead } from "../db/runtime-snapshot";
import { routeRules } from "../db/schema";

export type RouteRule = Pick<typeof routeRules.$inferSelect, "id" | "fromPath" | "target" | "permanent">;

const pathPattern = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/[^\s?#]*$/, "Must be a path starting with / (end it with /* to match everything below)");

export const routeRuleInput = z
  .object({
    fromPath: pathPattern,
    // A path of this site, or an http(s) address; whether its host is allowed is decided when the
    // rule is applied (the list can change), and the rule list flags the ones refused today.
    target: z
      .string()
      .trim()
      .superRefine((v, ctx) => {
        const target = checkRedirectTarget(v, { externalHosts: [] });
        if (target.ok || target.reason === "host-not-allowed") return;
        ctx.addIssue({ code: "custom", message: redirectRefusalMessage(target.reason, target.host) });
      }),
    permanent: z.boolean().default(false),
    enabled: z.boolean().default(true),
    note: z.string().trim().max(500).optional(),
  })
  .refine((r) => r.fromPath !== r.target, { message: "A rule cannot redirect a path to itself", path: ["target"] });
export type RouteRuleInput = z.input<typeof routeRuleInput>;

export async function createRouteRule(db: Database, input: RouteRuleInput) {
  const values = routeRuleInput.parse(input);
  const [row] = await db.insert(routeRules).values(values).returning();
  announceChange({ kind: "table", table: "route_rules" });
  return row!;
}

/** The switched-on rules, read after each change. */
export const loadRouteRules = cachedRead(
  ["route_rules"],
  (db): Promise<RouteRule[]> =>
    db
      .select({
        id: routeRules.id,
        fromPath: routeRules.fromPath,
        target: routeRules.target,
        permanent: routeRules.permanent,
      })
      .from(routeRules)
      .where(eq(routeRules.enabled, true))
      .orderBy(asc(routeRules.id)),
);

function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** The rule for a path: an exact match wins over the longest matching `/*` prefix. */
export function findRouteRule(rules: readonly RouteRule[], pathname: string): RouteRule | undefined {
  const path = normalisePath(pathname);
  const exact = rules.find((r) => normalisePath(r.fromPath) === path);
  if (exact) return exact;
  let best: RouteRule | undefined;
  for (const rule of rules) {
    if (!rule.fromPath.endsWith("/*")) continue;
    const prefix = rule.fromPath.slice(0, -2);
    if ((path === prefix || path.startsWith(`${prefix}/`)) && (!best || rule.fromPath.length > best.fromPath.length)) {
      best = rule;
    }
  }
  return best;
}

export type RouteRuleOutcome =
  | { kind: "redirect"; location: string; status: 301 | 302; external: boolean }
  | { kind: "refused"; reason: string; target: string };

/**
 * Where a matched rule sends a visitor. The target is checked again here, as every visitor's
 * `redirectTo` is (app/lib/redirect-target.ts): rules saved before that check existed, or written
 * to the table by hand, cannot send anyone off-site; external hosts must be on the allow-list
 * (spec §8). The redirect goes to the parsed address, never the stored text.
 */
export function resolveRouteRule(rule: RouteRule, url: URL, externalAllowList: readonly string[]): RouteRuleOutcome {
  const status = rule.permanent ? 301 : 302;
  const target = checkRedirectTarget(rule.target, { origin: url.origin, externalHosts: externalAllowList });
  if (!target.ok) {
    const reason =
      target.reason === "host-not-allowed"
        ? `external host ${target.host} is not on the redirect allow-list`
        : `target refused (${target.reason}): ${redirectRefusalMessage(target.reason, target.host)}`;
    return { kind: "refused", reason, target: rule.target };
  }
  if (target.external) return { kind: "redirect", location: target.location, status, external: true };
  // Keep the visitor's query string unless the rule names its own.
  const { pathname, search, hash } = target.url;
  const location = `${pathname}${rule.target.includes("?") ? search : url.search}${hash}`;
  return { kind: "redirect", location, status, external: false };
}

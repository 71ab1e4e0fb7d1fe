/**
 * Settings admins change at run time — token defaults, the generation pause switch, the event
 * and development flags, the allowed domains and redirect hosts, the route rules — each change
 * audited in the same transaction. They take effect on the next request: everything reads them
 * from the database.
 */
import { asc, eq } from "drizzle-orm";
import { type FlagKey, loadFeatureFlags, setFeatureFlag } from "../content/feature-flags";
import { loadSiteSettings, saveSiteSetting, type SiteSettingKey } from "../content/site-settings";
import { getConfig } from "../config";
import { type Database, inTransaction } from "../db/client";
import { announceChange } from "../db/change-feed";
import { routeRules } from "../db/schema";
import { routeRuleInput, type RouteRuleInput } from "../navigation/route-rules";
import { loadTokenSettings, saveTokenSettings, type TokenSettings } from "../generation/token-settings";
import { type Actor, recordAudit } from "../audit/audit";

/** Every settings change runs here: once it is committed, this process's cached settings are dropped. */
async function inTx<T>(db: Database, run: (tx: Database) => Promise<T>): Promise<T> {
  const result = await inTransaction(db, run);
  for (const table of ["feature_flags", "site_settings", "route_rules"]) announceChange({ kind: "table", table });
  return result;
}

export async function changeTokenSettings(
  db: Database,
  actor: Actor,
  change: Partial<TokenSettings>,
): Promise<TokenSettings> {
  return inTx(db, async (tx) => {
    const before = await loadTokenSettings(tx);
    const after = await saveTokenSettings(tx, change);
    const action =
      Object.keys(change).length === 1 && "generationPaused" in change
        ? change.generationPaused
          ? "settings.pause-generation"
          : "settings.resume-generation"
        : "settings.token-defaults";
    await recordAudit(tx, actor, { action, entityType: "settings", entityId: "token_defaults", before, after });
    return after;
  });
}

export async function changeFlag(db: Database, actor: Actor, key: FlagKey, enabled: boolean): Promise<void> {
  await inTx(db, async (tx) => {
    const before = (await loadFeatureFlags(tx))[key];
    await setFeatureFlag(tx, key, enabled);
    await recordAudit(tx, actor, {
      action: enabled ? "settings.flag-on" : "settings.flag-off",
      entityType: "settings",
      entityId: key,
      before: { [key]: before },
      after: { [key]: enabled },
    });
  });
}

export async function changeHostList(db: Database, actor: Actor, key: SiteSettingKey, hosts: string[]): Promise<void> {
  await inTx(db, async (tx) => {
    const current = await loadSiteSettings(tx, getConfig());
    const before = key === "allowed_domains" ? current.allowedDomains : current.externalRedirectHosts;
    await saveSiteSetting(tx, key, hosts);
    await recordAudit(tx, actor, {
      action: `settings.${key.replace(/_/g, "-")}`,
      entityType: "settings",
      entityId: key,
      before: { hosts: before },
      after: { hosts },
    });
  });
}

/** A list of host names typed one per line or separated by commas: trimmed, lower-case, checked. */
export function parseHostList(text: string): { hosts: string[]; error: string | null } {
  const hosts = [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  const bad = hosts.find(
    (h) =>
      !/^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$|^::1$|^\d{1,3}(\.\d{1,3}){3}$/.test(
        h,
      ) || h.length > 253,
  );
  if (bad) return { hosts, error: `"${bad}" is not a host name (such as atelier.example or *.example.com)` };
  if (hosts.length > 200) return { hosts, error: "At most 200 hosts" };
  return { hosts, error: null };
}

// ─── Route rules ────────────────────────────────────────────────────────────────────────────

export type RouteRuleRow = typeof routeRules.$inferSelect;

/** A refusal that belongs beside one field of the rule form. */
export class RouteRuleError extends Error {
  constructor(
    readonly field: "fromPath" | "target" | null,
    message: string,
  ) {
    super(message);
    this.name = "RouteRuleError";
  }
}

export async function listAllRouteRules(db: Database): Promise<RouteRuleRow[]> {
  return db.select().from(routeRules).orderBy(asc(routeRules.fromPath));
}

/** The back office and sign-in stay reachable whatever the rules say, so no rule can lock admins out. */
function isProtectedPath(path: string): boolean {
  const p = path.replace(/\/\*$/, "").replace(/\/+$/, "") || "/";
  return p === "/admin" || p.startsWith("/admin/") || p === "/login" || p.startsWith("/api/") || p === "/api";
}

export async function addRouteRule(db: Database, actor: Actor, input: RouteRuleInput): Promise<RouteRuleRow> {
  const values = routeRuleInput.parse(input);
  if (isProtectedPath(values.fromPath))
    throw new RouteRuleError("fromPath", "The back office, sign-in and API paths cannot be redirected");
  return inTx(db, async (tx) => {
    const [taken] = await tx
      .select({ id: routeRules.id })
      .from(routeRules)
      .where(eq(routeRules.fromPath, values.fromPath));
    if (taken)
      throw new RouteRuleError(
        "fromPath",
        "There is already a rule for this path: switch that one off or delete it first",
      );
    const [row] = await tx
      .insert(routeRules)
      .values({ ...values, note: values.note || null })
      .returning();
    await recordAudit(tx, actor, {
      action: "route-rule.create",
      entityType: "route-rule",
      entityId: String(row!.id),
      after: row,
    });
    return row!;
  });
}

async function lockRule(tx: Database, id: number): Promise<RouteRuleRow> {
  const [row] = Number.isSafeInteger(id)
    ? await tx.select().from(routeRules).where(eq(routeRules.id, id)).for("update")
    : [];
  if (!row) throw new RouteRuleError(null, "That rule does not exist.");
  return row;
}

export async function setRouteRuleEnabled(
  db: Database,
  actor: Actor,
  id: number,
  enabled: boolean,
): Promise<RouteRuleRow> {
  return inTx(db, async (tx) => {
    const before = await lockRule(tx, id);
    const [after] = await tx
      .update(routeRules)
      .set({ enabled, updatedAt: new Date() })
      .where(eq(routeRules.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: enabled ? "route-rule.enable" : "route-rule.disable",
      entityType: "route-rule",
      entityId: String(id),
      before,
      after,
    });
    return after!;
  });
}

export async function deleteRouteRule(db: Database, actor: Actor, id: number): Promise<void> {
  await inTx(db, async (tx) => {
    const before = await lockRule(tx, id);
    await tx.delete(routeRules).where(eq(routeRules.id, id));
    await recordAudit(tx, actor, {
      action: "route-rule.delete",
      entityType: "route-rule",
      entityId: String(id),
      before,
    });
  });
}

/** Site-wide settings stored in the database, falling back to the configured defaults. */
import { inArray } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "../config";
import { announceChange } from "../db/change-feed";
import type { Database } from "../db/client";
import { cachedRead } from "../db/runtime-snapshot";
import { siteSettings } from "../db/schema";

const hostList = z.array(z.string().trim().toLowerCase().min(1).max(253)).max(200);

const settingSchemas = {
  /** Host names this deployment serves; the domain check (spec §7 checkDomain) answers against them. */
  allowed_domains: hostList,
  /** Hosts an external route rule may redirect to; any other external target is refused and logged. */
  external_redirect_hosts: hostList,
} as const;

export type SiteSettingKey = keyof typeof settingSchemas;
export type SiteSettings = { allowedDomains: string[]; externalRedirectHosts: string[] };

/** The valid stored values, read and checked after each change of site_settings. */
const loadStoredSettings = cachedRead(["site_settings"], async (db): Promise<Partial<SiteSettings>> => {
  const rows = await db
    .select()
    .from(siteSettings)
    .where(inArray(siteSettings.key, Object.keys(settingSchemas)));
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const read = (key: SiteSettingKey) => {
    const parsed = settingSchemas[key].safeParse(stored.get(key));
    return parsed.success ? parsed.data : undefined;
  };
  return { allowedDomains: read("allowed_domains"), externalRedirectHosts: read("external_redirect_hosts") };
});

export async function loadSiteSettings(
  db: Database,
  config: Pick<Config, "allowedDomains" | "externalRedirectHosts">,
): Promise<SiteSettings> {
  const stored = await loadStoredSettings(db);
  return {
    allowedDomains: stored.allowedDomains ?? config.allowedDomains,
    externalRedirectHosts: stored.externalRedirectHosts ?? config.externalRedirectHosts,
  };
}

export async function saveSiteSetting(db: Database, key: SiteSettingKey, value: unknown): Promise<void> {
  const parsed = settingSchemas[key].parse(value);
  await db
    .insert(siteSettings)
    .values({ key, value: parsed })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: parsed, updatedAt: new Date() } });
  announceChange({ kind: "table", table: "site_settings" });
}

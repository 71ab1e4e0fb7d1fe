/** Site-wide settings stored in the database, falling back to the configured defaults. */
import { inArray } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "../config";
import type { Database } from "../db/client";
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

export async function loadSiteSettings(db: Database, config: Pick<Config, "allowedDomains" | "externalRedirectHosts">): Promise<SiteSettings> {
  const rows = await db
    .select()
    .from(siteSettings)
    .where(inArray(siteSettings.key, Object.keys(settingSchemas)));
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const read = (key: SiteSettingKey, fallback: string[]) => {
    const parsed = settingSchemas[key].safeParse(stored.get(key));
    return parsed.success ? parsed.data : fallback;
  };
  return {
    allowedDomains: read("allowed_domains", config.allowedDomains),
    externalRedirectHosts: read("external_redirect_hosts", config.externalRedirectHosts),
  };
}

export async function saveSiteSetting(db: Database, key: SiteSettingKey, value: unknown): Promise<void> {
  const parsed = settingSchemas[key].parse(value);
  await db
    .insert(siteSettings)
    .values({ key, value: parsed })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: parsed, updatedAt: new Date() } });
}

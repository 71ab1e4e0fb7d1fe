/**
 * Settings admins change at run time — token defaults, the generation pause switch, the event
 * and development flags, the allowed domains and redirect hosts — each change audited in the
 * same transaction. They take effect on the next request: everything reads them from the database.
 */
import { type FlagKey, loadFeatureFlags, setFeatureFlag } from "../content/feature-flags";
import { loadSiteSettings, saveSiteSetting, type SiteSettingKey } from "../content/site-settings";
import { getConfig } from "../config";
import type { Database } from "../db/client";
import { loadTokenSettings, saveTokenSettings, type TokenSettings } from "../generation/token-settings";
import { type Actor, recordAudit } from "./audit";

async function inTx<T>(db: Database, run: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((txn) => run(txn as unknown as Database));
}

export async function changeTokenSettings(db: Database, actor: Actor, change: Partial<TokenSettings>): Promise<TokenSettings> {
  return inTx(db, async (tx) => {
    const before = await loadTokenSettings(tx);
    const after = await saveTokenSettings(tx, change);
    const action = Object.keys(change).length === 1 && "generationPaused" in change ? (change.generationPaused ? "settings.pause-generation" : "settings.resume-generation") : "settings.token-defaults";
    await recordAudit(tx, actor, { action, entityType: "settings", entityId: "token_defaults", before, after });
    return after;
  });
}

export async function changeFlag(db: Database, actor: Actor, key: FlagKey, enabled: boolean): Promise<void> {
  await inTx(db, async (tx) => {
    const before = (await loadFeatureFlags(tx))[key];
    await setFeatureFlag(tx, key, enabled);
    await recordAudit(tx, actor, { action: enabled ? "settings.flag-on" : "settings.flag-off", entityType: "settings", entityId: key, before: { [key]: before }, after: { [key]: enabled } });
  });
}

export async function changeHostList(db: Database, actor: Actor, key: SiteSettingKey, hosts: string[]): Promise<void> {
  await inTx(db, async (tx) => {
    const current = await loadSiteSettings(tx, getConfig());
    const before = key === "allowed_domains" ? current.allowedDomains : current.externalRedirectHosts;
    await saveSiteSetting(tx, key, hosts);
    await recordAudit(tx, actor, { action: `settings.${key.replace(/_/g, "-")}`, entityType: "settings", entityId: key, before: { hosts: before }, after: { hosts } });
  });
}

/** A list of host names typed one per line or separated by commas: trimmed, lower-case, checked. */
export function parseHostList(text: string): { hosts: string[]; error: string | null } {
  const hosts = [...new Set(text.split(/[\s,]+/).map((h) => h.trim().toLowerCase()).filter(Boolean))];
  const bad = hosts.find((h) => !/^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$|^::1$|^\d{1,3}(\.\d{1,3}){3}$/.test(h) || h.length > 253);
  if (bad) return { hosts, error: `"${bad}" is not a host name (such as atelier.example or *.example.com)` };
  if (hosts.length > 200) return { hosts, error: "At most 200 hosts" };
  return { hosts, error: null };
}

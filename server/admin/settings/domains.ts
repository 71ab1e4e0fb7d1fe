/** The allowed domains and external redirect hosts of /admin/set-token-default. */
import { AppError } from "../../app-error";
import { getConfig } from "../../config";
import { loadSiteSettings, saveSiteSetting, type SiteSettingKey } from "../../content/site-settings";
import type { Database } from "../../db/client";
import { type Actor, recordAudit } from "../../audit/audit";
import { inSettingsTransaction } from "./settings-transaction";

async function changeHostList(tx: Database, actor: Actor, key: SiteSettingKey, hosts: string[]): Promise<void> {
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

/**
 * Both host lists as typed, saved together or refused beside the list at fault. An empty allowed
 * list is refused: every visitor would get "Service Unavailable".
 */
export async function saveDomains(
  db: Database,
  actor: Actor,
  input: { allowedDomains: string; externalRedirectHosts: string },
): Promise<void> {
  const allowed = parseHostList(input.allowedDomains);
  const redirects = parseHostList(input.externalRedirectHosts);
  const fields: Record<string, string[]> = {};
  if (allowed.error) fields.allowedDomains = [allowed.error];
  if (allowed.hosts.length === 0)
    fields.allowedDomains = ["Keep at least one domain, or every visitor gets 'Service Unavailable'"];
  if (redirects.error) fields.externalRedirectHosts = [redirects.error];
  if (Object.keys(fields).length > 0) throw new AppError("invalid_input", "Some values need fixing.", { fields });
  await inSettingsTransaction(db, async (tx) => {
    await changeHostList(tx, actor, "allowed_domains", allowed.hosts);
    await changeHostList(tx, actor, "external_redirect_hosts", redirects.hosts);
  });
}

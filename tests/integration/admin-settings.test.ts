/** Run-time settings changed by admins, on a real database: flags, token defaults and host lists, each audited, effective at once. */
import { describe, expect, it } from "vitest";
import { changeFlag, changeHostList, changeTokenSettings, parseHostList } from "../../server/admin/settings";
import { loadFeatureFlags } from "../../server/content/feature-flags";
import { loadSiteSettings } from "../../server/content/site-settings";
import { getConfig } from "../../server/config";
import { auditLog, user } from "../../server/db/schema";
import { loadTokenSettings } from "../../server/generation/token-settings";
import { useTestDatabase } from "../support/database";

const t = useTestDatabase();
const admin = { userUid: "admin-1", email: "admin@example.test" };

describe("admin settings", () => {
  it("switches flags, changes token defaults and host lists, auditing before and after", async () => {
    await t.db.insert(user).values({ id: admin.userUid, name: "Admin", email: admin.email, emailVerified: true, role: "admin" });
    await changeFlag(t.db, admin, "christmas_event", true);
    expect((await loadFeatureFlags(t.db)).christmas_event).toBe(true);
    await changeTokenSettings(t.db, admin, { signupGrant: 75 });
    await changeTokenSettings(t.db, admin, { generationPaused: true });
    expect(await loadTokenSettings(t.db)).toMatchObject({ signupGrant: 75, generationPaused: true });
    await changeHostList(t.db, admin, "allowed_domains", ["atelier.example", "localhost"]);
    expect((await loadSiteSettings(t.db, getConfig())).allowedDomains).toEqual(["atelier.example", "localhost"]);
    const entries = await t.db.select().from(auditLog);
    expect(entries.map((e) => e.action).sort()).toEqual(["settings.allowed-domains", "settings.flag-on", "settings.pause-generation", "settings.token-defaults"]);
    expect(entries.find((e) => e.action === "settings.flag-on")).toMatchObject({ before: { christmas_event: false }, after: { christmas_event: true } });
    expect(entries.find((e) => e.action === "settings.token-defaults")).toMatchObject({ before: { signupGrant: 50 }, after: { signupGrant: 75 } });
  });

  it("reads host lists typed by people", () => {
    expect(parseHostList("Atelier.example, *.cdn.example\n127.0.0.1  localhost")).toEqual({ hosts: ["atelier.example", "*.cdn.example", "127.0.0.1", "localhost"], error: null });
    expect(parseHostList("https://evil.example/path").error).toBe('"https://evil.example/path" is not a host name (such as atelier.example or *.example.com)');
  });
});

/** Run-time settings changed by admins, on a real database: flags, token defaults and host lists, each audited, effective at once. */
import { describe, expect, it } from "vitest";
import { parseHostList, saveDomains } from "../../server/admin/settings/domains";
import { changeFlag } from "../../server/admin/settings/flags";
import {
  addRouteRule,
  deleteRouteRule,
  listAllRouteRules,
  type RouteRuleError,
  setRouteRuleEnabled,
} from "../../server/admin/settings/route-rules";
import { changeTokenSettings, saveTokenDefaults } from "../../server/admin/settings/token-defaults";
import type { AppError } from "../../server/app-error";
import { findRouteRule, loadRouteRules } from "../../server/navigation/route-rules";
import { loadFeatureFlags } from "../../server/content/feature-flags";
import { loadSiteSettings } from "../../server/content/site-settings";
import { getConfig } from "../../server/config";
import { auditLog, user } from "../../server/db/schema";
import { loadTokenSettings } from "../../server/generation/token-settings";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();
const admin = { userUid: "admin-1", email: "admin@example.test" };

describe("admin settings", () => {
  it("switches flags, changes token defaults and host lists, auditing before and after", async () => {
    await t.db
      .insert(user)
      .values({ id: admin.userUid, name: "Admin", email: admin.email, emailVerified: true, role: "admin" });
    await changeFlag(t.db, admin, "christmas_event", true);
    expect((await loadFeatureFlags(t.db)).christmas_event).toBe(true);
    await changeTokenSettings(t.db, admin, { signupGrant: 75 });
    await changeTokenSettings(t.db, admin, { generationPaused: true });
    expect(await loadTokenSettings(t.db)).toMatchObject({ signupGrant: 75, generationPaused: true });
    await saveDomains(t.db, admin, { allowedDomains: "atelier.example\nlocalhost", externalRedirectHosts: "" });
    expect((await loadSiteSettings(t.db, getConfig())).allowedDomains).toEqual(["atelier.example", "localhost"]);
    const entries = await t.db.select().from(auditLog);
    expect(entries.map((e) => e.action).sort()).toEqual([
      "settings.allowed-domains",
      "settings.external-redirect-hosts",
      "settings.flag-on",
      "settings.pause-generation",
      "settings.token-defaults",
    ]);
    expect(entries.find((e) => e.action === "settings.flag-on")).toMatchObject({
      before: { christmas_event: false },
      after: { christmas_event: true },
    });
    expect(entries.find((e) => e.action === "settings.token-defaults")).toMatchObject({
      before: { signupGrant: 50 },
      after: { signupGrant: 75 },
    });
  });

  it("refuses a form as typed beside the field at fault, changing nothing", async () => {
    const refused = (work: Promise<unknown>) =>
      work.then(
        () => null,
        (error: AppError) => error,
      );
    expect(await refused(changeFlag(t.db, admin, "no_such_flag", true))).toMatchObject({
      code: "invalid_input",
      message: "Unknown flag.",
    });
    expect(
      await refused(saveDomains(t.db, admin, { allowedDomains: " ", externalRedirectHosts: "https://x/y" })),
    ).toMatchObject({
      status: 400,
      fields: {
        allowedDomains: ["Keep at least one domain, or every visitor gets 'Service Unavailable'"],
        externalRedirectHosts: ['"https://x/y" is not a host name (such as atelier.example or *.example.com)'],
      },
    });
    const before = await loadTokenSettings(t.db);
    const form = { signupGrant: "10", preRegistrationBonus: "0", maxConcurrentJobs: "99", "cost-text-512": "-1" };
    expect((await refused(saveTokenDefaults(t.db, admin, form)))?.fields).toMatchObject({
      maxConcurrentJobs: ["A whole number from 1 to 20"],
      "cost-text-512": ["A whole number from 0 to 100000"],
      "cost-doodle-1024": ["A whole number from 0 to 100000"],
    });
    expect(await loadTokenSettings(t.db)).toEqual(before);
    expect(await refused(addRouteRule(t.db, admin, { fromPath: "no-slash", target: "" }))).toMatchObject({
      message: "The rule needs fixing.",
      fields: { fromPath: [expect.any(String)], target: [expect.any(String)] },
    });
  });

  it("reads host lists typed by people", () => {
    expect(parseHostList("Atelier.example, *.cdn.example\n127.0.0.1  localhost")).toEqual({
      hosts: ["atelier.example", "*.cdn.example", "127.0.0.1", "localhost"],
      error: null,
    });
    expect(parseHostList("https://evil.example/path").error).toBe(
      '"https://evil.example/path" is not a host name (such as atelier.example or *.example.com)',
    );
  });

  it("adds, switches off and deletes route rules, refusing duplicates and the back office's paths, each change audited", async () => {
    await t.db
      .insert(user)
      .values({ id: admin.userUid, name: "Admin", email: admin.email, emailVerified: true, role: "admin" });
    const gallery = await addRouteRule(t.db, admin, {
      fromPath: "/old-gallery/*",
      target: "/community/list",
      permanent: true,
      note: "Moved in 2026",
    });
    const shop = await addRouteRule(t.db, admin, { fromPath: "/shop", target: "https://shop.example/sale" });
    expect(findRouteRule(await loadRouteRules(t.db), "/old-gallery/2019/summer")?.target).toBe("/community/list");
    const refusal = (run: Promise<unknown>) =>
      run.then(
        () => null,
        (e: unknown) => e as RouteRuleError,
      );
    expect(await refusal(addRouteRule(t.db, admin, { fromPath: "/shop", target: "/pricing-plans" }))).toMatchObject({
      field: "fromPath",
      message: "There is already a rule for this path: switch that one off or delete it first",
    });
    for (const fromPath of ["/admin/*", "/admin/dashboard", "/login", "/api/artworks"]) {
      expect(await refusal(addRouteRule(t.db, admin, { fromPath, target: "/" })), fromPath).toMatchObject({
        field: "fromPath",
        message: "The back office, sign-in and API paths cannot be redirected",
      });
    }
    await setRouteRuleEnabled(t.db, admin, gallery.id, false);
    expect(findRouteRule(await loadRouteRules(t.db), "/old-gallery/2019")).toBeUndefined();
    await deleteRouteRule(t.db, admin, shop.id);
    expect((await listAllRouteRules(t.db)).map((r) => [r.fromPath, r.enabled])).toEqual([["/old-gallery/*", false]]);
    expect(await refusal(setRouteRuleEnabled(t.db, admin, 999_999, true))).toMatchObject({
      message: "That rule does not exist.",
    });
    const actions = (await t.db.select().from(auditLog)).map((e) => e.action).sort();
    expect(actions).toEqual(["route-rule.create", "route-rule.create", "route-rule.delete", "route-rule.disable"]);
  });
});

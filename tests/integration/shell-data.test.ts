/** Flags, settings, route rules and the navigation state, on a real database. */
import { describe, expect, it } from "vitest";
import { loadFeatureFlags, setFeatureFlag } from "../../server/content/feature-flags";
import { loadSiteSettings, saveSiteSetting } from "../../server/content/site-settings";
import { isDatabaseMigrated } from "../../server/db/migrate";
import { DEMO_ROUTE_RULES, seedDemoData } from "../../server/seed";
import { checkNavigation, loadShellState } from "../../server/navigation/check-navigation";
import { createRouteRule, loadRouteRules } from "../../server/navigation/route-rules";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();
const defaults = { allowedDomains: ["localhost"], externalRedirectHosts: [] };

describe("database", () => {
  it("is migrated", async () => {
    expect(await isDatabaseMigrated(t.handle)).toBe(true);
  });
});

describe("feature flags", () => {
  it("are all off by default (spec §9)", async () => {
    expect(await loadFeatureFlags(t.db)).toEqual({
      development_mode: false,
      countdown_timer_token_redeem: false,
      pre_registration: false,
      christmas_event: false,
    });
  });

  it("turn on and off", async () => {
    await setFeatureFlag(t.db, "christmas_event", true);
    expect((await loadFeatureFlags(t.db)).christmas_event).toBe(true);
    await setFeatureFlag(t.db, "christmas_event", false);
    expect((await loadFeatureFlags(t.db)).christmas_event).toBe(false);
  });
});

describe("site settings", () => {
  it("fall back to the configured defaults", async () => {
    expect(await loadSiteSettings(t.db, defaults)).toEqual(defaults);
  });

  it("use the stored value once saved, normalised", async () => {
    await saveSiteSetting(t.db, "allowed_domains", ["Atelier.Example", " localhost "]);
    expect((await loadSiteSettings(t.db, defaults)).allowedDomains).toEqual(["atelier.example", "localhost"]);
  });

  it("refuse a malformed value", async () => {
    await expect(saveSiteSetting(t.db, "allowed_domains", "localhost")).rejects.toThrow();
  });
});

describe("route rules", () => {
  it("are stored, loaded and applied", async () => {
    await createRouteRule(t.db, { fromPath: "/old-gallery", target: "/community/list" });
    await createRouteRule(t.db, { fromPath: "/off", target: "/about-us", enabled: false });
    const rules = await loadRouteRules(t.db);
    expect(rules.map((r) => r.fromPath)).toEqual(["/old-gallery"]);
    const state = await loadShellState(t.db, defaults);
    expect(
      checkNavigation({
        pattern: "*",
        url: new URL("http://localhost/old-gallery"),
        origin: "http://localhost",
        state,
      }),
    ).toMatchObject({
      kind: "redirect",
      location: "/community/list",
    });
  });

  it("refuse a second rule for the same path", async () => {
    await createRouteRule(t.db, { fromPath: "/x", target: "/a" });
    await expect(createRouteRule(t.db, { fromPath: "/x", target: "/b" })).rejects.toThrow();
  });

  it("refuse invalid targets", async () => {
    await expect(createRouteRule(t.db, { fromPath: "/x", target: "ftp://files" })).rejects.toThrow(/Must be a path/);
  });
});

describe("demo seed", () => {
  it("is idempotent", async () => {
    await seedDemoData(t.db);
    await seedDemoData(t.db);
    expect(await loadRouteRules(t.db)).toHaveLength(DEMO_ROUTE_RULES.length);
  });
});

/** The shell behaviours of spec §2, §4, §7, §8 in a real browser against the production build. */
import { sql } from "drizzle-orm";
import { saveSiteSetting } from "../server/content/site-settings";
import { listErrorReports } from "../server/ops/error-reports";
import { createRouteRule } from "../server/navigation/route-rules";
import { expect, gotoHydrated, test } from "./support/fixtures";
import { E2E_PORT } from "./support/env";

test.describe("domain availability", () => {
  test("GET /api/check-domain answers {success} for the request's Origin", async ({ request, db: _db }) => {
    const ok = await request.get("/api/check-domain", { headers: { Origin: `http://localhost:${E2E_PORT}` } });
    expect(await ok.json()).toEqual({ success: true });
    const bad = await request.get("/api/check-domain", { headers: { Origin: "https://evil.example" } });
    expect(await bad.json()).toEqual({ success: false });
  });

  test("a direct hit from an unlisted domain gets the 503 page", async ({ page, db }) => {
    await saveSiteSetting(db, "allowed_domains", ["localhost"]); // the tests browse 127.0.0.1
    const response = await page.goto("/about-us");
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service Unavailable");
  });

  test("a failed check blocks a client navigation", async ({ page, db }) => {
    await gotoHydrated(page, "/about-us");
    await saveSiteSetting(db, "allowed_domains", ["localhost"]);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service Unavailable");
  });
});

test.describe("route rules", () => {
  test("redirect a direct hit and a client navigation to an internal path", async ({ page, db }) => {
    await createRouteRule(db, { fromPath: "/old-gallery", target: "/community/list" });
    await page.goto("/old-gallery?sort=newest");
    await expect(page).toHaveURL("/community/list?sort=newest");
    // a client-side navigation follows rules too
    await createRouteRule(db, { fromPath: "/about-us", target: "/community/main" });
    await gotoHydrated(page, "/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/community/main");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Community");
  });

  test("follow an external address only when its host is allowed", async ({ page, db }) => {
    await saveSiteSetting(db, "external_redirect_hosts", ["localhost"]);
    await createRouteRule(db, { fromPath: "/docs", target: `http://localhost:${E2E_PORT}/about-us` });
    await createRouteRule(db, { fromPath: "/elsewhere", target: "https://evil.example/phish" });
    // The rule sends the visitor to the allowed host (which, a first visit there, then moves them
    // back to PUBLIC_URL: addresses.spec.ts).
    const followed = await page.request.get("/docs", { maxRedirects: 0 });
    expect(followed.status()).toBe(302);
    expect(followed.headers().location).toBe(`http://localhost:${E2E_PORT}/about-us`);
    const refused = await page.goto("/elsewhere");
    expect(refused?.status()).toBe(404);
    expect(page.url()).toBe(`http://127.0.0.1:${E2E_PORT}/elsewhere`);
  });
});

test.describe("errors", () => {
  test("a server error shows the error page with 500 and is stored as a 'Server' report", async ({ page, db }) => {
    await db.execute(sql`alter table feature_flags rename to feature_flags_unavailable`);
    try {
      const response = await page.goto("/about-us");
      expect(response?.status()).toBe(500);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internal Server Error");
      await expect(page.getByRole("link", { name: "Back to home" })).toBeVisible();
    } finally {
      await db.execute(sql`alter table feature_flags_unavailable rename to feature_flags`);
    }
    await expect.poll(async () => (await listErrorReports(db)).map((r) => r.whatPlatform)).toContain("Server");
  });

  test("an error thrown in the browser is stored as an error report", async ({ page, db }) => {
    await page.goto("/about-us");
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("e2e: something broke in the browser");
      });
    });
    await expect
      .poll(async () => (await listErrorReports(db)).find((r) => r.errorReportBySystem.includes("something broke")))
      .toMatchObject({ whatPlatform: "Client", whatPage: "/about-us", whatFunction: "window.onerror" });
  });

  test("an unhandled rejection is reported too", async ({ page, db }) => {
    await page.goto("/");
    await page.evaluate(() => {
      void Promise.reject(new Error("e2e: rejected promise"));
    });
    await expect
      .poll(
        async () =>
          (await listErrorReports(db)).find((r) => r.errorReportBySystem.includes("rejected promise"))?.whatFunction,
      )
      .toBe("unhandledrejection");
  });
});

test("two chunk-load failures within 10 seconds cause one reload", async ({ page, db: _db }) => {
  await page.goto("/about-us");
  let loads = 0;
  page.on("load", () => (loads += 1));
  const firstReload = page.waitForEvent("load");
  await page.evaluate(() => window.dispatchEvent(new Event("vite:preloadError", { cancelable: true })));
  await firstReload;
  // The guard takes an error it handles (and reloads for) by cancelling it; this one it lets through.
  const handled = await page.evaluate(
    () => !window.dispatchEvent(new Event("vite:preloadError", { cancelable: true })),
  );
  expect(handled).toBe(false);
  expect(loads).toBe(1);
});

test.describe("version watch", () => {
  test("a new build shows a notice and switches at the next navigation", async ({ page, db: _db }) => {
    await page.clock.install();
    await page.goto("/about-us");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" }); // the 60 s timer starts after hydration
    await page.route("**/builds/latest.json*", (route) =>
      route.fulfill({ json: { id: "a-newer-build", timestamp: Date.now() } }),
    );
    await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));
    await page.clock.fastForward("01:01");
    await expect(page.getByRole("status")).toContainText("A new version of Atelier is available");
    // Nothing reloads under the user's hands…
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(
      true,
    );
    // …the next navigation loads a fresh document.
    const reload = page.waitForEvent("load");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await reload;
    await expect(page).toHaveURL("/pricing-plans");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pricing plans");
    expect(
      await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage),
    ).toBeUndefined();
  });

  test("a stale version marker in session storage sends the browser to '/'", async ({ page, db: _db }) => {
    await page.goto("/about-us");
    const current = await page.evaluate(() => sessionStorage.getItem("atelier:version"));
    expect(current).toMatch(/\w+/);
    await page.evaluate(() => sessionStorage.setItem("atelier:version", "an-older-build"));
    await page.reload();
    await expect(page).toHaveURL("/");
    // The home page writes the current marker once its script runs, which may be after the URL changes.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("atelier:version"))).toBe(current);
  });

  test("the server publishes its build", async ({ request, db: _db }) => {
    const latest = await (await request.get(`/builds/latest.json?t=${Date.now()}`)).json();
    const version = await (await request.get("/api/version")).json();
    expect(latest.id).toMatch(/\w+/);
    expect(version).toEqual({ version: latest.id, timestamp: latest.timestamp });
  });
});

test.describe("operations", () => {
  test("security headers: nonce-only scripts, no framing, no sniffing", async ({ request, db: _db }) => {
    const response = await request.get("/");
    const csp = response.headers()["content-security-policy"]!;
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src "))!;
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers()["x-request-id"]).toMatch(/[0-9a-f-]{36}/);
  });

  test("pages run under the CSP without violations", async ({ page, db: _db }) => {
    const violations: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && /Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await gotoHydrated(page, "/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/about-us");
    expect(violations).toEqual([]);
  });

  test("hashed assets are cached as immutable; pages are compressed", async ({ page, request, db: _db }) => {
    const assetUrls: string[] = [];
    page.on("response", (r) => {
      if (r.url().includes("/assets/")) assetUrls.push(r.url());
    });
    await page.goto("/");
    expect(assetUrls.length).toBeGreaterThan(0);
    const asset = await request.get(assetUrls[0]!);
    expect(asset.headers()["cache-control"]).toContain("immutable");
    const html = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(html.headers()["content-encoding"]).toBe("gzip");
  });

  test("health and readiness", async ({ request, db: _db }) => {
    expect(await (await request.get("/healthz")).json()).toEqual({ status: "ok" });
    expect(await (await request.get("/readyz")).json()).toMatchObject({ status: "ready", database: "postgres" });
  });

  test("bad API input gets 400/413/415 JSON, stores nothing, and the server keeps serving", async ({ request, db }) => {
    const malformed = await request.post("/api/error-reports", {
      headers: { "Content-Type": "application/json" },
      data: Buffer.from("{not json"),
    });
    expect(malformed.status()).toBe(400);
    expect(await malformed.json()).toEqual({
      error: { code: "malformed_json", message: "The request body is not valid JSON" },
    });

    const wrongType = await request.post("/api/error-reports", {
      headers: { "Content-Type": "text/plain" },
      data: Buffer.from("hello"),
    });
    expect(wrongType.status()).toBe(415);
    expect((await wrongType.json()).error.code).toBe("unsupported_media_type");

    const huge = await request.post("/api/error-reports", {
      headers: { "Content-Type": "application/json" },
      data: JSON.stringify({ error_report_by_system: "x".repeat(2_000_000) }),
    });
    expect(huge.status()).toBe(413);
    expect((await huge.json()).error.code).toBe("payload_too_large");

    const invalid = await request.post("/api/error-reports", {
      headers: { "Content-Type": "application/json" },
      data: { what_page: 3 },
    });
    expect(invalid.status()).toBe(400);
    expect((await invalid.json()).error.fields).toHaveProperty("error_report_by_system");

    expect(await listErrorReports(db)).toEqual([]);
    expect((await request.get("/healthz")).status()).toBe(200);

    const unknown = await request.get("/api/nothing-here");
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).error.code).toBe("not_found");
  });

  test("a POST with an Idempotency-Key is stored once and replayed", async ({ request, db }) => {
    const send = () =>
      request.post("/api/error-reports", {
        headers: { "Content-Type": "application/json", "Idempotency-Key": "e2e-retry-0001" },
        data: { error_report_by_system: "retried report", what_page: "/x" },
      });
    const first = await send();
    const second = await send();
    expect(first.status()).toBe(201);
    expect(second.status()).toBe(201);
    expect(second.headers()["idempotent-replayed"]).toBe("true");
    expect(await second.json()).toEqual(await first.json());
    expect((await listErrorReports(db)).filter((r) => r.errorReportBySystem === "retried report")).toHaveLength(1);
  });
});

/**
 * Cross-site request forgery, tried against the served build: every state-changing method on
 * every route of the route table (read from app/routes.ts, so a new route cannot escape it) is
 * refused with 403 and a sentence when it comes from another site's page, with the signed-in
 * victim's cookies; payment webhooks are the one documented exception. A real browser posting a
 * form from another origin sees the sentence, and nothing was bought or spent.
 */
import { eq } from "drizzle-orm";
import { signInAsDemoUser, ORIGIN } from "../../e2e/support/accounts";
import { expect, test } from "../../e2e/support/fixtures";
import { routeTablePaths } from "./route-table";
import { user } from "../../server/db/schema";
import { getTokenBalance } from "../../server/generation/ledger";
import { CROSS_ORIGIN_MESSAGE } from "../../server/http/same-origin";

const EVIL = "https://evil.example";
const STATE_CHANGING = ["POST", "PUT", "PATCH", "DELETE"] as const;

const paths = routeTablePaths();

test("the route table was read", () => {
  expect(paths.length).toBeGreaterThan(60);
  expect(paths).toContain("/api/generations");
  expect(paths).toContain("/login");
});

test("every state-changing request from another site is refused, pages and APIs alike", async ({ request }) => {
  await signInAsDemoUser(request);
  const failures: string[] = [];
  for (const path of paths) {
    for (const method of STATE_CHANGING) {
      const res = await request.fetch(path, {
        method,
        headers: { Origin: EVIL, "Content-Type": "application/x-www-form-urlencoded" },
        data: "intent=delete&name=x",
        maxRedirects: 0,
      });
      const body = await res.text();
      const webhook = path.startsWith("/api/payments/webhooks/");
      if (webhook) {
        if (res.status() === 403 && body.includes("another website"))
          failures.push(`${method} ${path}: webhook refused`);
        continue;
      }
      const expected = path.startsWith("/api/")
        ? JSON.stringify({ error: { code: "cross_origin", message: CROSS_ORIGIN_MESSAGE } })
        : CROSS_ORIGIN_MESSAGE;
      if (res.status() !== 403 || body !== expected)
        failures.push(`${method} ${path}: ${res.status()} ${body.slice(0, 80)}`);
    }
  }
  expect(failures).toEqual([]);
});

test("without Origin, Sec-Fetch-Site and Referer still tell another site's request apart", async ({ request }) => {
  await signInAsDemoUser(request);
  const crossSite = await request.put("/api/cart", {
    headers: { "Sec-Fetch-Site": "cross-site" },
    data: { items: [] },
  });
  expect(crossSite.status()).toBe(403);
  const fromReferer = await request.put("/api/cart", { headers: { Referer: `${EVIL}/offer` }, data: { items: [] } });
  expect(fromReferer.status()).toBe(403);
  const opaque = await request.put("/api/cart", { headers: { Origin: "null" }, data: { items: [] } });
  expect(opaque.status()).toBe(403);
  // The same request from Atelier's own pages goes through to the route.
  const own = await request.put("/api/cart", {
    headers: { Origin: ORIGIN(), "Sec-Fetch-Site": "same-origin" },
    data: { items: [] },
  });
  expect(own.status()).not.toBe(403);
});

test("a form on another site cannot spend a signed-in person's tokens", async ({ page, db }) => {
  await signInAsDemoUser(page);
  const [demo] = await db.select({ id: user.id }).from(user).where(eq(user.email, "demo@atelier.local"));
  const before = await getTokenBalance(db, demo!.id);
  // The attacker's page, served from another origin, posts to Atelier with the victim's cookies.
  await page.route(`${EVIL}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!DOCTYPE html><title>Win a prize</title><form method="post" action="${ORIGIN()}/api/generations" enctype="text/plain"><input name='{"prompt":"x","ignore":"' value='"}'><button>Claim</button></form>`,
    }),
  );
  await page.goto(`${EVIL}/prize`);
  await page.getByRole("button", { name: "Claim" }).click();
  await expect(page.locator("body")).toContainText("another website");
  await page.goto(`${EVIL}/prize`);
  await page.evaluate((origin) => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = `${origin}/login`;
    document.body.append(form);
    form.submit();
  }, ORIGIN());
  await expect(page.locator("body")).toHaveText(CROSS_ORIGIN_MESSAGE);
  expect(await getTokenBalance(db, demo!.id)).toBe(before);
});

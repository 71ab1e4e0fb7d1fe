/** Test fixtures: direct access to the end-to-end database through Atelier's own domain functions. */
import { test as base } from "@playwright/test";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../../server/db/client";
import { DEMO_ROUTE_RULES, seedDemoData } from "../../server/seed";
import { e2eDatabaseUrl } from "./env";

/** Puts the shell's state back to a fresh start: flags off, default settings, demo rules only. */
async function resetShellState(db: Database) {
  await db.execute(
    sql`truncate feature_flags, site_settings, route_rules, error_reports, rate_limit_windows, idempotency_keys restart identity`,
  );
  await seedDemoData(db);
}

export const test = base.extend<{ db: Database }, { database: { db: Database; close: () => Promise<void> } }>({
  database: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this object pattern, and this one has none
    async ({}, use) => {
      const handle = await openDatabase({ kind: "postgres", url: e2eDatabaseUrl() });
      await use({ db: handle.db, close: handle.close });
      await handle.close();
    },
    { scope: "worker" },
  ],
  db: async ({ database }, use) => {
    await resetShellState(database.db);
    await use(database.db);
    await resetShellState(database.db);
  },
});

export { expect } from "@playwright/test";
export { DEMO_ROUTE_RULES };

/** Opens a page and waits until React has hydrated it, so clicks are client-side navigations. */
export async function gotoHydrated(page: import("@playwright/test").Page, path: string) {
  const response = await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}

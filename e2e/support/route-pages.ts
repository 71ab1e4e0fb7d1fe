/**
 * The pages of the route table a browser shows, for the suites that walk them all (layout,
 * accessibility): not APIs, not build files or other files (/developers/api-reference.js), not the
 * sign-out action, not the catch-all. Admin
 * pages are walked as the admin only (others are sent away).
 */
import type { Page } from "@playwright/test";
import { routeTablePaths } from "../../tests/security/route-table";

/** Every flag that adds something to pages (events add links to the header, pricing grows a countdown). */
export const PAGE_FLAGS = ["christmas_event", "pre_registration", "countdown_timer_token_redeem"] as const;

const pages = routeTablePaths().filter(
  (path) =>
    !path.startsWith("/api/") &&
    !path.startsWith("/builds/") &&
    !/\.[a-z]+$/.test(path) &&
    path !== "/logout" &&
    path !== "/x",
);
export const adminPages = pages.filter((path) => path.startsWith("/admin/"));
export const publicPages = pages.filter((path) => !path.startsWith("/admin/"));

/** Opens a page and waits for it to come alive; error pages (a detail page without an id) do not mark themselves, and need not. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page
    .locator("html[data-hydrated]")
    .waitFor({ state: "attached", timeout: 1_500 })
    .catch(() => {});
}

/**
 * Pages in walks of a dozen, one test each: a walk of every page took three minutes on a loaded
 * 2-core machine, past its timeout; a dozen pages take well under half of theirs (issue 30).
 */
export const WALK = 12;
export function walks(paths: readonly string[]): { name: string; paths: string[] }[] {
  return Array.from({ length: Math.ceil(paths.length / WALK) }, (_, k) => ({
    name: `pages ${k * WALK + 1}–${Math.min(paths.length, (k + 1) * WALK)}`,
    paths: paths.slice(k * WALK, (k + 1) * WALK),
  }));
}

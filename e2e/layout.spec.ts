/**
 * Layouts that fit, as a rule rather than a list (issue 16): every page of the route table, as a
 * visitor, a signed-in user and an admin, with every feature flag on (events add links to the
 * header), at phone, tablet and laptop widths (390, 768, 1024, 1280 px). A page fails when it
 * scrolls sideways, or when a visible link, button or field sits off-screen outside a box made to
 * scroll sideways (a wide table), or when a centred box of the content starts left of the header's
 * content (pages line up with the header and footer). Admin pages are walked as the admin only.
 * One test per dozen pages and role, each well inside its time on a loaded 2-core machine.
 */
import type { Page } from "@playwright/test";
import { setFeatureFlag } from "../server/content/feature-flags";
import { signInAsAdmin, signInAsDemoUser } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { adminPages, openPage, PAGE_FLAGS, publicPages, walks } from "./support/route-pages";

const WIDTHS = [390, 768, 1024, 1280];

/** What does not fit at the current width: sideways scrolling, or controls off-screen. */
async function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = window.innerWidth;
    const overflow = document.documentElement.scrollWidth - width;
    if (overflow > 0) found.push(`scrolls sideways by ${overflow} px`);
    const scrollsSideways = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === "auto" || style.overflowX === "scroll" || style.overflowX === "hidden") return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === "hidden") continue; // not shown
      if (el.closest(".sr-only, [hidden], [aria-hidden=true]")) continue;
      if ((box.right > width + 1 || box.left < -1) && !scrollsSideways(el)) {
        const name = (el.getAttribute("aria-label") ?? el.textContent ?? el.getAttribute("name") ?? "")
          .trim()
          .slice(0, 40);
        found.push(
          `${el.tagName.toLowerCase()} "${name}" off-screen (${Math.round(box.left)}–${Math.round(box.right)} px)`,
        );
      }
    }
    // Page content lines up with the header and footer: no centred box reaches past the header's edge.
    const bar = document.querySelector("header.sticky > div");
    if (bar) {
      const contentLeft = (el: Element) =>
        el.getBoundingClientRect().left + Number.parseFloat(getComputedStyle(el).paddingLeft);
      const edge = contentLeft(bar);
      for (const el of document.querySelectorAll("main [class*='mx-auto']")) {
        if (el.getBoundingClientRect().width === 0 || el.closest("[role=dialog], dialog")) continue;
        if (contentLeft(el) < edge - 1)
          found.push(
            `${el.tagName.toLowerCase()}.${el.className.split(" ").find((c) => c.startsWith("max-w")) ?? ""} starts left of the header (${Math.round(contentLeft(el))} < ${Math.round(edge)} px)`,
          );
      }
    }
    return found.slice(0, 5);
  });
}

async function walk(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
    await openPage(page, path);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const problem of await misfits(page)) problems.push(`${path} at ${width} px: ${problem}`);
    }
  }
  return problems;
}

test.describe("every page fits phone, tablet and laptop widths", () => {
  test.beforeEach(async ({ db }) => {
    for (const flag of PAGE_FLAGS) await setFeatureFlag(db, flag, true);
  });

  test("the route table was read", () => {
    expect(publicPages.length).toBeGreaterThan(20);
    expect(adminPages.length).toBeGreaterThan(15);
  });

  for (const group of walks(publicPages)) {
    test(`as a visitor, ${group.name}`, async ({ page }) => {
      test.setTimeout(90_000);
      expect(await walk(page, group.paths)).toEqual([]);
    });

    test(`as a signed-in user, ${group.name}`, async ({ page }) => {
      test.setTimeout(90_000);
      await signInAsDemoUser(page);
      expect(await walk(page, group.paths)).toEqual([]);
    });

    test(`as an admin, ${group.name}`, async ({ page }) => {
      test.setTimeout(90_000);
      await signInAsAdmin(page);
      expect(await walk(page, group.paths)).toEqual([]);
    });
  }

  for (const group of walks(adminPages))
    test(`as an admin, admin ${group.name}`, async ({ page }) => {
      test.setTimeout(90_000);
      await signInAsAdmin(page);
      expect(await walk(page, group.paths)).toEqual([]);
    });
});

/**
 * An accessibility pass as a rule (issue 16): axe-core on every page of the route table — the
 * same pages the layout rule walks, as a visitor, a signed-in user and an admin, with every flag
 * on — at a phone and a laptop width. A page fails on any serious or critical finding (missing
 * names and labels, contrast, broken ARIA, duplicate ids…); minor and moderate ones are printed
 * for the record but do not fail.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { setFeatureFlag } from "../server/content/feature-flags";
import { signInAsAdmin, signInAsDemoUser } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { adminPages, openPage, PAGE_FLAGS, publicPages, walks } from "./support/route-pages";

const WIDTHS = [390, 1280];
const FAILING = new Set(["serious", "critical"]);

async function audit(page: Page, paths: readonly string[], width: number): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize({ width, height: 900 });
  for (const path of paths) {
    await openPage(page, path);
    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .analyze();
    for (const violation of violations) {
      const where = violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(" | ");
      const line = `${path} at ${width} px: [${violation.impact}] ${violation.id} — ${violation.help} (${violation.nodes.length}×: ${where})`;
      if (FAILING.has(violation.impact ?? "")) problems.push(line);
      else console.log(line);
    }
  }
  return problems;
}

test.describe("every page passes axe-core without serious or critical findings", () => {
  test.beforeEach(async ({ db }) => {
    for (const flag of PAGE_FLAGS) await setFeatureFlag(db, flag, true);
  });

  test("the route table was read", () => {
    expect(publicPages.length).toBeGreaterThan(20);
    expect(adminPages.length).toBeGreaterThan(15);
  });

  for (const width of WIDTHS)
    for (const walk of walks(publicPages)) {
      test(`as a visitor at ${width} px, ${walk.name}`, async ({ page }) => {
        test.setTimeout(120_000);
        expect(await audit(page, walk.paths, width)).toEqual([]);
      });

      test(`as a signed-in user at ${width} px, ${walk.name}`, async ({ page }) => {
        test.setTimeout(120_000);
        await signInAsDemoUser(page);
        expect(await audit(page, walk.paths, width)).toEqual([]);
      });
    }

  for (const width of WIDTHS)
    for (const walk of walks(adminPages))
      test(`as an admin at ${width} px, ${walk.name}`, async ({ page }) => {
        test.setTimeout(120_000);
        await signInAsAdmin(page);
        expect(await audit(page, walk.paths, width)).toEqual([]);
      });
});

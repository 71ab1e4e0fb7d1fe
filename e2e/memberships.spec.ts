/**
 * Memberships in the browser, on the embedded sandbox (issue 41): a person joins a plan from the
 * pricing page and pays on the sandbox's page, finds the plan and its allowance on their profile
 * and in the header, previews and confirms an upgrade (what is charged now, line by line), schedules
 * a downgrade and takes it back, cancels and resumes — on a desktop and on a phone. An
 * administrator moves the sandbox's clock and the member's renewal shows in their invoices.
 */
import AxeBuilder from "@axe-core/playwright";
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { membershipInvoices, memberships } from "../server/db/schema";
import { getTokenAccount } from "../server/generation/ledger";
import { createVerifiedUser, signInAs, signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

/** The member's section as a person meets it: no serious accessibility finding, nothing off the screen's side. */
async function checkSection(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .include("#membership")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

async function joinOnSandbox(page: Page, plan: "Plus" | "Pro") {
  await gotoHydrated(page, "/pricing-plans");
  const memberships = page.getByRole("region", { name: "Memberships" });
  await expect(memberships.getByRole("heading", { name: plan, exact: true })).toBeVisible();
  await memberships.getByRole("button", { name: `Join ${plan}` }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\?session=cs_sbx_/);
  await expect(page.getByText(`${plan} membership, monthly`)).toBeVisible();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/40");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/user-profile\?membership=[0-9a-f-]{36}#membership/);
}

for (const size of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`joins, upgrades, schedules a downgrade and takes it back, cancels and resumes (${size.name})`, async ({
    page,
    db,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const person = await createVerifiedUser(db, `Mia ${size.name}`);
    await signInAs(page, person.email, person.password);
    await joinOnSandbox(page, "Plus");

    const section = page.locator("#membership");
    await expect(section.getByTestId("membership-plan")).toHaveText("Plus");
    await expect(section.getByTestId("membership-allowance")).toContainText("600 tokens");
    await expect(section.getByTestId("membership-next-charge")).toContainText("$9.99");
    await expect(section.getByTestId("membership-invoices")).toContainText("$9.99");
    expect(await getTokenAccount(db, person.id)).toMatchObject({ balance: 650, allowance: 600 });
    await checkSection(page);

    // Up to Pro: the preview says what is charged now and why; confirming charges exactly that.
    await section.getByRole("button", { name: "Preview Pro, monthly" }).click();
    const preview = section.getByTestId("membership-preview");
    await expect(preview).toContainText("Unused time on Plus");
    await expect(preview).toContainText("Remaining time on Pro");
    await checkSection(page);
    const confirm = preview.getByRole("button", { name: /^Confirm: pay \$/ });
    const charged = ((await confirm.textContent()) ?? "").replace("Confirm: pay ", "");
    await confirm.click();
    await expect(section.getByTestId("membership-plan")).toHaveText("Pro");
    await expect(section.getByTestId("membership-invoices")).toContainText(charged);
    const [row] = await db.select().from(memberships).where(eq(memberships.userId, person.id));
    expect(row).toMatchObject({ status: "active" });

    // Down to Plus from the renewal, then kept as it is.
    await section.getByRole("button", { name: "Preview Plus, monthly" }).click();
    await expect(section.getByTestId("membership-preview")).toContainText("Nothing is charged today");
    await section.getByRole("button", { name: "Confirm the change" }).click();
    await expect(section.getByTestId("membership-scheduled")).toContainText("Plus");
    await expect(section.getByTestId("membership-next-charge")).toContainText("$9.99");
    await section.getByRole("button", { name: "Keep Pro" }).click();
    await expect(section.getByTestId("membership-scheduled")).toHaveCount(0);
    await expect(section.getByTestId("membership-next-charge")).toContainText("$24.99");

    // Cancel (asked first), keep everything to the period's end, and resume.
    await section.getByRole("link", { name: "Cancel membership" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel your membership?" });
    await expect(dialog).toContainText("stay until then");
    await dialog.getByRole("button", { name: "Cancel membership" }).click();
    await expect(section.getByTestId("membership-status")).toHaveText("Ending");
    await expect(section.getByTestId("membership-next-charge")).toContainText("nothing more is charged");
    await section.getByRole("button", { name: "Resume my membership" }).click();
    await expect(section.getByTestId("membership-status")).not.toHaveText("Ending");
    await expect(section.getByTestId("membership-next-charge")).toContainText("$24.99");
  });
}

test("an administrator moves the sandbox's clock and the member's renewal arrives", async ({ page, browser, db }) => {
  test.setTimeout(90_000);
  const person = await createVerifiedUser(db, "Renata Renewal");
  await signInAs(page, person.email, person.password);
  await joinOnSandbox(page, "Plus");
  await expect(page.locator("#membership").getByTestId("membership-plan")).toHaveText("Plus");

  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  await gotoHydrated(admin, "/admin/members");
  await expect(admin.getByRole("heading", { level: 1 })).toContainText("Members");
  await expect(admin.getByRole("link", { name: person.name })).toBeVisible();
  await admin.getByRole("button", { name: "+1 month (31 days)" }).click();
  await expect(admin.getByText(/Moved the sandbox's clock forward 31 days/)).toBeVisible();

  // The sandbox renews, its webhook reaches Atelier, and the allowance of the new period is granted.
  await expect
    .poll(
      async () =>
        (await db.select().from(membershipInvoices).where(eq(membershipInvoices.userId, person.id))).filter(
          (i) => i.status === "paid",
        ).length,
      { timeout: 20_000 },
    )
    .toBe(2);
  await gotoHydrated(page, "/user-profile#membership");
  await expect(page.locator("#membership").getByTestId("membership-invoices").getByRole("listitem")).toHaveCount(2);
  await admin.close();
});

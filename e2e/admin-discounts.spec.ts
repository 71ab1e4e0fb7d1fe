/** Discounts from the back office: an admin creates a code (field errors first), a buyer's cart takes it, the admin switches it off. */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { auditLog, discounts } from "../server/db/schema";
import { signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

test("an admin creates a discount, a cart uses it, and switching it off ends it", async ({ page, browser, db }) => {
  test.setTimeout(90_000);
  const code = `TEAM${randomBytes(3).toString("hex").toUpperCase()}`;
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/manage-discount");
  await page.getByRole("link", { name: "New discount" }).click();
  await page.getByLabel("Code").fill(code);
  await page.getByRole("textbox", { name: "Percent" }).fill("150");
  await page.getByRole("button", { name: "Create discount" }).click();
  await expect(page.getByText("A percent from 1 to 100")).toBeVisible();
  await page.getByRole("textbox", { name: "Percent" }).fill("30");
  await page.getByLabel("Uses in total").fill("5");
  await page.getByRole("button", { name: "Create discount" }).click();
  await expect(page.getByText("Created.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Discount ${code}`);
  await expect(page.getByLabel("Usage")).toContainText("Paid orders");

  // A visitor's cart takes the code (priced by the server).
  const visitor = await browser.newContext();
  const shopper = await visitor.newPage();
  await gotoHydrated(shopper, "/pricing-plans");
  await shopper.getByRole("link", { name: "Choose Creator" }).click();
  await shopper.getByRole("button", { name: "Add to cart" }).click();
  await shopper.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await shopper.getByRole("button", { name: "Apply" }).click();
  await expect(shopper.getByRole("status").filter({ hasText: "applied" })).toContainText(
    `${code} applied: you save $2.99.`,
  );

  // Switched off, the code no longer applies.
  await gotoHydrated(page, `/admin/manage-discount?q=${code}`);
  await page.getByRole("button", { name: `Switch off ${code}` }).click();
  await expect(page.getByText(`${code} is off.`)).toBeVisible();
  await shopper.reload();
  await expect(shopper.getByText("We don't know this code. Check the spelling.")).toBeVisible();
  await visitor.close();

  const [row] = await db.select().from(discounts).where(eq(discounts.code, code));
  const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, row!.id)))
    .map((a) => a.action)
    .sort();
  expect(actions).toEqual(["discount.create", "discount.deactivate"]);
});

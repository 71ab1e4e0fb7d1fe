/**
 * The product catalogue from the back office, signed in as the seeded admin: create a product
 * and see it on /pricing-plans, duplicate it (the copy waits, inactive), edit it (with the field
 * errors of a bad price first), archive it and see it leave the shop — each change audited.
 */
import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { auditLog, products } from "../server/db/schema";
import { signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

test("an admin creates, duplicates, edits and archives a product, and the pricing page follows", async ({
  page,
  db,
}) => {
  test.setTimeout(90_000);
  const name = `Aurora ${randomBytes(3).toString("hex")}`;
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/list-product");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Products");
  await expect(page.getByRole("table", { name: "Products" })).toContainText("Creator");
  await page.getByRole("link", { name: "Add a product" }).click();

  // The server's rules answer next to the fields.
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Tier").fill("aurora");
  await page.getByLabel("Price").fill("7,5");
  await page.getByLabel("Tokens", { exact: true }).fill("900");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Enter a price such as 9.99")).toBeVisible();
  await page.getByLabel("Price").fill("7.50");
  await page.getByLabel("Features").fill("Northern lights\nEvery style");
  await page.getByLabel("Badge").fill("New");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Created.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit ${name}`);

  await gotoHydrated(page, "/pricing-plans");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card).toContainText("$7.50");
  await expect(card).toContainText("Northern lights");
  await expect(card).toContainText("New");

  // Duplicate: a prefilled copy saved as new and inactive.
  await gotoHydrated(page, `/admin/list-product?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Duplicate ${name}` }).click();
  await expect(page.getByLabel("Name")).toHaveValue(`${name} (copy)`);
  await expect(page.getByLabel("On sale")).not.toBeChecked();
  await page.getByRole("button", { name: "Save the copy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit ${name} (copy)`);

  // Edit the original's price; the shop shows it at once.
  await gotoHydrated(page, `/admin/list-product?q=${encodeURIComponent(name)}&status=active`);
  await expect(page.getByRole("table", { name: "Products" }).getByRole("row")).toHaveCount(2);
  await page.getByRole("link", { name: `Edit ${name}`, exact: true }).click();
  await page.getByLabel("Price").fill("6.00");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved. The pricing page shows it now.")).toBeVisible();
  await gotoHydrated(page, "/pricing-plans");
  await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) })).toContainText("$6.00");
  await expect(page.getByRole("heading", { name: `${name} (copy)` })).toHaveCount(0);

  // Archive: it leaves the shop.
  await gotoHydrated(page, `/admin/list-product?q=${encodeURIComponent(name)}&status=active`);
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain(`Archive ${name}?`);
    void dialog.accept();
  });
  await page.getByRole("button", { name: `Archive ${name}` }).click();
  await expect(page.getByText(`${name} is archived`)).toBeVisible();
  await gotoHydrated(page, "/pricing-plans");
  await expect(page.getByRole("heading", { name })).toHaveCount(0);

  const ids = (
    await db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.name, [name, `${name} (copy)`]))
  ).map((r) => r.id);
  const actions = (
    await db
      .select({ action: auditLog.action, actor: auditLog.actorEmail })
      .from(auditLog)
      .where(inArray(auditLog.entityId, ids))
  ).map((a) => `${a.action} ${a.actor}`);
  expect(actions.sort()).toEqual(
    ["product.archive", "product.create", "product.duplicate", "product.update"]
      .map((a) => `${a} admin@atelier.local`)
      .sort(),
  );
  // The log page finds them too, and the error reports have their own tab.
  const [original] = await db.select({ id: products.id }).from(products).where(eq(products.name, name));
  await gotoHydrated(page, `/admin/list-log?q=${original!.id}`);
  await expect(page.getByRole("table", { name: "Admin actions" })).toContainText("product.create");
  await expect(page.getByRole("table", { name: "Admin actions" })).toContainText("admin@atelier.local");
  await page.getByRole("link", { name: "Error reports" }).click();
  await expect(page.getByRole("table", { name: "Error reports" })).toBeVisible();
  await db
    .delete(products)
    .where(inArray(products.id, ids))
    .catch(() => {});
  await db.delete(auditLog).where(eq(auditLog.entityType, "product"));
});

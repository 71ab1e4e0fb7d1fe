/** The FAQ from the back office: add a question (field errors first), see it on the pricing page, move it to the top, unpublish it. */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { auditLog, faqs } from "../server/db/schema";
import { signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

test("an admin adds a question, moves it first and unpublishes it; the pricing page follows", async ({ page, db }) => {
  const question = `Can I paint with ${randomBytes(3).toString("hex")}?`;
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/list-faq");
  await page.getByRole("link", { name: "Add a question" }).click();
  await expect(page.getByRole("heading", { name: "Add a question" })).toBeVisible();
  await page.getByLabel("Question", { exact: true }).fill(question);
  await page.getByRole("button", { name: "Add the question" }).click();
  await expect(page.getByText("Write the answer (at least 5 characters)")).toBeVisible();
  await page.getByLabel("Answer").fill("Yes, with every brush.");
  await page.getByRole("button", { name: "Add the question" }).click();
  await expect(page.getByText("Created.")).toBeVisible();

  await gotoHydrated(page, "/admin/list-faq");
  const list = page.getByRole("list", { name: "Questions" });
  // A new question comes last; each move up takes it one place higher, until it is first.
  const items = list.getByRole("listitem");
  for (let position = (await items.count()) - 1; position > 0; position--) {
    await expect(items.nth(position)).toContainText(question);
    await page.getByRole("button", { name: `Move up: ${question}` }).click();
    await expect(items.nth(position - 1)).toContainText(question);
  }
  await expect(page.getByRole("button", { name: `Move up: ${question}` })).toBeDisabled();

  await gotoHydrated(page, "/pricing-plans");
  await expect(page.locator("details").first()).toContainText(question);

  await gotoHydrated(page, "/admin/list-faq");
  await page.getByRole("button", { name: `Unpublish: ${question}` }).click();
  await expect(page.getByText("Unpublished: kept as a draft.")).toBeVisible();
  await gotoHydrated(page, "/pricing-plans");
  await expect(page.getByText(question)).toHaveCount(0);

  const [row] = await db.select().from(faqs).where(eq(faqs.question, question));
  const actions = (
    await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, row!.id))
  ).map((a) => a.action);
  expect(actions).toEqual(expect.arrayContaining(["faq.create", "faq.move-up", "faq.unpublish"]));
  await db.delete(faqs).where(eq(faqs.id, row!.id));
});

test("an editor with unsaved typing asks before leaving, and stays when told to", async ({ page }) => {
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/detail-list-faq");
  await page.getByLabel("Question", { exact: true }).fill("Half a question");
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  const products = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Products" });
  await products.click();
  await expect.poll(() => asked).toEqual(["You have unsaved changes. Leave this page and lose them?"]);
  await expect(page).toHaveURL(/\/admin\/detail-list-faq$/);
  await expect(page.getByLabel("Question", { exact: true })).toHaveValue("Half a question");

  page.once("dialog", (dialog) => void dialog.accept());
  await products.click();
  await expect(page).toHaveURL(/\/admin\/list-product$/);
});

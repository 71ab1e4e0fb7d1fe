/**
 * The log page as an admin uses it: an error a visitor's browser hit is found by its words, with
 * the page and function it came from; an admin's own changes are found in the audit log with who
 * made them and what changed.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { faqs } from "../server/db/schema";
import { signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

test("an admin finds a visitor's error report and the audit entries of their own changes", async ({
  page,
  browser,
  db,
}) => {
  const marker = `e2e-log-${randomBytes(4).toString("hex")}`;
  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  await gotoHydrated(guest, "/about-us");
  await guest.evaluate((words) => {
    setTimeout(() => {
      throw new Error(`${words}: the gallery failed to load`);
    });
  }, marker);

  await signInAsAdmin(page);
  await expect
    .poll(async () => {
      await gotoHydrated(page, `/admin/list-log?tab=errors&q=${marker}`);
      return page.getByRole("table", { name: "Error reports" }).getByRole("row").count();
    })
    .toBe(2); // the header and the one report
  const report = page.getByRole("table", { name: "Error reports" });
  await expect(report).toContainText(`${marker}: the gallery failed to load`);
  await expect(report).toContainText("/about-us");
  await expect(report).toContainText("window.onerror");
  await visitor.close();

  // An audited change: a draft question, renamed, then deleted.
  await gotoHydrated(page, "/admin/detail-list-faq");
  await page.getByLabel("Question", { exact: true }).fill(`What is ${marker}?`);
  await page.getByLabel("Answer").fill("A word the tests made up.");
  await page.getByLabel("Published on the pricing page").uncheck();
  await page.getByRole("button", { name: "Add the question" }).click();
  await expect(page.getByText("Created.")).toBeVisible();
  const [faq] = await db
    .select()
    .from(faqs)
    .where(eq(faqs.question, `What is ${marker}?`));
  await page.getByLabel("Question", { exact: true }).fill(`What was ${marker}?`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Delete this question" }).click();
  await expect(page).toHaveURL(/\/admin\/list-faq$/);

  await gotoHydrated(page, `/admin/list-log?q=${faq!.id}`);
  const audit = page.getByRole("table", { name: "Admin actions" });
  // What happened in words (the code beside it), who did it, and the question by its words.
  for (const action of ["FAQ question created", "FAQ question edited", "FAQ question deleted"])
    await expect(audit).toContainText(action);
  await expect(audit).toContainText("faq.update");
  await expect(audit).toContainText("admin@atelier.local");
  // The edit shows the changed field, before beside after.
  const edit = audit.getByRole("row").filter({ hasText: "FAQ question edited" });
  const question = edit.getByRole("row", { name: /^question/ });
  await expect(question).toContainText(`What is ${marker}?`);
  await expect(question).toContainText(`What was ${marker}?`);
  await expect(edit.getByRole("link", { name: `What was ${marker}?` })).toHaveAttribute(
    "href",
    `/admin/detail-list-faq?id=${faq!.id}`,
  );
  // The stored JSON is still there to read.
  await edit.getByText("Stored after").click();
  await expect(edit).toContainText(`"question": "What was ${marker}?"`);

  // Filters: every kind of record, by admin, by UTC day.
  await gotoHydrated(page, "/admin/list-log");
  const kinds = page.getByLabel("Record type");
  for (const kind of ["Home page slide", "Image engine", "Route rule", "Token pack"])
    await expect(kinds.locator("option", { hasText: kind })).toHaveCount(1);
  const today = new Date().toISOString().slice(0, 10);
  await gotoHydrated(
    page,
    `/admin/list-log?entity=faq&actor=${encodeURIComponent("admin@atelier.local")}&from=${today}&to=${today}&q=${faq!.id}`,
  );
  await expect(
    page.getByRole("table", { name: "Admin actions" }).getByText(/^FAQ question (created|edited|deleted)$/),
  ).toHaveCount(3);
  await expect(page.getByRole("combobox", { name: "Admin" })).toHaveValue("admin@atelier.local");
  await gotoHydrated(page, `/admin/list-log?entity=faq&from=2001-01-01&to=2001-01-31&q=${faq!.id}`);
  await expect(page.getByText("No admin action matches.")).toBeVisible();
});

/** Settings from the back office: the christmas flag turns its pages on and off at once, audited. */
import { eq } from "drizzle-orm";
import { auditLog } from "../server/db/schema";
import { signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

test("an admin turns the christmas event on and off; its pages follow", async ({ page, browser, db }) => {
  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  expect((await guest.goto("/ai/christmas-event/ai-text-to-art"))?.status()).toBe(404);

  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/set-token-default");
  await page.getByRole("button", { name: "Turn on: Christmas event" }).click();
  await expect(page.getByText("Christmas event is on.")).toBeVisible();
  expect((await guest.goto("/ai/christmas-event/ai-text-to-art"))?.status()).toBe(200);
  expect((await guest.goto("/community/christmas-event/list"))?.status()).toBe(200);

  await page.getByRole("button", { name: "Turn off: Christmas event" }).click();
  await expect(page.getByText("Christmas event is off.")).toBeVisible();
  expect((await guest.goto("/ai/christmas-event/ai-text-to-art"))?.status()).toBe(404);
  await visitor.close();

  // A host list with a mistake is refused next to the field.
  await page.getByLabel("Hosts route rules may send visitors to").fill("https://not a host");
  await page.getByRole("button", { name: "Save domains" }).click();
  await expect(page.getByText(/is not a host name/)).toBeVisible();

  const actions = (
    await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, "christmas_event"))
  ).map((a) => a.action);
  expect(actions).toEqual(expect.arrayContaining(["settings.flag-on", "settings.flag-off"]));
  await db.delete(auditLog).where(eq(auditLog.entityType, "settings"));
});

test("an admin adds a route rule, visitors follow it at once, and switching it off ends it", async ({
  page,
  browser,
  db,
}) => {
  const from = `/e2e-old-${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/set-token-default");
  const form = page.getByRole("form", { name: "Add a route rule" });
  await form.getByLabel("From path").fill("/admin/*");
  await form.getByLabel("To").fill("/");
  await form.getByRole("button", { name: "Add the rule" }).click();
  await expect(page.getByText("The back office, sign-in and API paths cannot be redirected")).toBeVisible();
  await form.getByLabel("From path").fill(from);
  await form.getByLabel("To").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Add the rule" }).click();
  await expect(page.getByText("Must be a path starting with / or an http(s) address")).toBeVisible();
  await form.getByLabel("To").fill("/pricing-plans");
  await form.getByRole("button", { name: "Add the rule" }).click();
  await expect(page.getByText(`Rule added: ${from} now leads to /pricing-plans.`)).toBeVisible();

  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  await guest.goto(from);
  await expect(guest).toHaveURL(/\/pricing-plans$/);

  await page.getByRole("button", { name: `Switch off the rule for ${from}` }).click();
  await expect(page.getByText(`Rule off: ${from} is no longer redirected.`)).toBeVisible();
  expect((await guest.goto(from))?.status()).toBe(404);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: `Delete the rule for ${from}` }).click();
  await expect(page.getByText("Rule deleted.")).toBeVisible();
  await visitor.close();

  const actions = (
    await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityType, "route-rule"))
  ).map((a) => a.action);
  expect(actions).toEqual(expect.arrayContaining(["route-rule.create", "route-rule.disable", "route-rule.delete"]));
});

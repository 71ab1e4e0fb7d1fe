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

  const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, "christmas_event"))).map((a) => a.action);
  expect(actions).toEqual(expect.arrayContaining(["settings.flag-on", "settings.flag-off"]));
  await db.delete(auditLog).where(eq(auditLog.entityType, "settings"));
});

/**
 * The token redeem event from the back office (issue 16): an admin creates a code with a UTC
 * window, a total and a per-person limit (mistakes shown beside their fields), a person redeems it
 * as often as allowed, the admin sees who
 * did and that it is used up, switches it off (nobody can redeem it then), and finds it all in
 * the audit log.
 */
import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { setFeatureFlag } from "../server/content/feature-flags";
import { auditLog, redeemCodes } from "../server/db/schema";
import { createVerifiedUser, ORIGIN, signInAs, signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

/** A `datetime-local` value in UTC, `minutes` from now. */
const utcInput = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);

test("an admin creates, watches and switches off a redeem code", async ({ page, browser, db }) => {
  await setFeatureFlag(db, "countdown_timer_token_redeem", true);
  const name = `E2E${randomBytes(3).toString("hex").toUpperCase()}`;
  try {
    await signInAsAdmin(page);
    await gotoHydrated(page, "/admin/redeem-codes");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Redeem codes");
    const form = page.getByRole("region", { name: "New code" });
    await form.getByLabel("Code").fill("x");
    await form.getByLabel("Tokens each").fill("0");
    await form.getByLabel("Opens (UTC)").fill(utcInput(60));
    await form.getByLabel("Closes (UTC)").fill(utcInput(-60));
    await form.getByRole("button", { name: "Create the code" }).click();
    await expect(form.getByText("3 to 40 letters, digits, - or _")).toBeVisible();
    await expect(form.getByText("At least 1 token")).toBeVisible();
    await expect(form.getByText("It must close after it opens")).toBeVisible();

    await form.getByLabel("Code").fill(name.toLowerCase());
    await form.getByLabel("Tokens each").fill("75");
    await form.getByLabel("Opens (UTC)").fill(utcInput(-60));
    await form.getByLabel("Closes (UTC)").fill(utcInput(60));
    await form.getByLabel("Redemptions in all, at most").fill("2");
    await form.getByLabel("Times per person").fill("0");
    await form.getByRole("button", { name: "Create the code" }).click();
    await expect(form.getByText("At least once")).toBeVisible();
    await form.getByLabel("Times per person").fill("2");
    await form.getByRole("button", { name: "Create the code" }).click();
    await expect(
      page.getByText(
        `${name} is saved: 75 tokens each time, up to 2 times per person, 2 redemptions in all, in its window.`,
      ),
    ).toBeVisible();
    const card = page.getByRole("listitem", { name });
    await expect(card.getByTestId(`status-${name}`)).toHaveText("Open now");
    await expect(card).toContainText("redeemed 0 of 2 times · up to 2 times per person");

    // Someone redeems it twice, as it allows; the total of two is reached.
    const person = await createVerifiedUser(db, "Rita Redeemer");
    const theirs = await browser.newContext();
    await signInAs(theirs.request, person.email, person.password);
    const redeem = () =>
      theirs.request.post("/api/redeem", { data: { code: name.toLowerCase() }, headers: { Origin: ORIGIN() } });
    const first = await redeem();
    expect(first.status()).toBe(200);
    expect(await first.json()).toMatchObject({ tokens: 75, balance: 125 });
    expect(await (await redeem()).json()).toMatchObject({ tokens: 75, balance: 200 });
    const third = await redeem();
    expect(third.status()).toBe(409);
    expect(await third.json()).toMatchObject({
      error: { message: "This code has been redeemed as many times as it allows." },
    });

    await gotoHydrated(page, "/admin/redeem-codes");
    await expect(card.getByTestId(`status-${name}`)).toHaveText("All redeemed");
    await card.getByText("Who redeemed it").click();
    await expect(card.getByRole("list", { name: `Redemptions of ${name}` })).toContainText("Rita Redeemer");
    await expect(card.getByRole("list", { name: `Redemptions of ${name}` }).getByRole("listitem")).toHaveCount(2);

    // Switched off, it is refused like an unknown code.
    await card.getByRole("button", { name: `Switch off ${name}` }).click();
    await expect(page.getByText(`${name} is off: nobody can redeem it.`)).toBeVisible();
    await expect(card.getByTestId(`status-${name}`)).toHaveText("Off");
    const other = await createVerifiedUser(db, "Otto Other");
    const late = await browser.newContext();
    await signInAs(late.request, other.email, other.password);
    expect(
      (await late.request.post("/api/redeem", { data: { code: name }, headers: { Origin: ORIGIN() } })).status(),
    ).toBe(404);
    await theirs.close();
    await late.close();

    // The audit log tells the story.
    const [row] = await db.select({ id: redeemCodes.id }).from(redeemCodes).where(eq(redeemCodes.code, name));
    await gotoHydrated(page, `/admin/list-log?entity=redeem_code&q=${row!.id}`);
    const audit = page.getByRole("table", { name: "Admin actions" });
    await expect(audit.getByText("Redeem code created", { exact: true })).toBeVisible();
    await expect(audit.getByText("Redeem code switched off", { exact: true })).toBeVisible();
  } finally {
    const rows = await db.select({ id: redeemCodes.id }).from(redeemCodes).where(eq(redeemCodes.code, name));
    if (rows.length) {
      await db.delete(auditLog).where(
        inArray(
          auditLog.entityId,
          rows.map((r) => r.id),
        ),
      );
      await db.delete(redeemCodes).where(eq(redeemCodes.code, name));
    }
  }
});

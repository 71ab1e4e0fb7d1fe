/** Users from the back office: find an account, adjust its tokens with a reason (the ledger shows it), ban it (its session ends), unban it. */
import { eq } from "drizzle-orm";
import { ACCOUNT_SUSPENDED_MESSAGE } from "../server/auth/auth";
import { auditLog, errorReports } from "../server/db/schema";
import { latestOutboxEmail, readOutbox } from "../server/notify/email/transport";
import { createVerifiedUser, ORIGIN, signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

test("an admin adjusts a user's tokens and bans then unbans them", async ({ page, browser, db }) => {
  const person = await createVerifiedUser(db, "Uma User");
  const theirs = await browser.newContext();
  await theirs.request.post("/api/auth/sign-in/email", {
    data: { email: person.email, password: person.password },
    headers: { Origin: ORIGIN() },
  });
  expect((await theirs.request.get("/api/tokens")).status()).toBe(200);

  await signInAsAdmin(page);
  await gotoHydrated(page, `/admin/manage-user?q=${encodeURIComponent(person.email)}`);
  await page.getByRole("link", { name: "Uma User" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Uma User");
  await expect(page.getByTestId("admin-user-balance")).toHaveText("50 tokens");

  const tokens = page.getByRole("region", { name: "Tokens" });
  await tokens.getByLabel("Amount").fill("-60");
  await tokens.getByLabel("Reason").fill("Testing the floor");
  await tokens.getByRole("button", { name: "Adjust" }).click();
  await expect(tokens.getByText("They have 50 tokens: a balance cannot go below zero.")).toBeVisible();
  await tokens.getByLabel("Amount").fill("25");
  await tokens.getByLabel("Reason").fill("Sorry for the outage");
  await tokens.getByRole("button", { name: "Adjust" }).click();
  await expect(tokens.getByText("Done: the balance is now 75 tokens.")).toBeVisible();
  await expect(tokens.getByRole("list", { name: "Ledger" })).toContainText("Sorry for the outage");
  expect(await (await theirs.request.get("/api/tokens")).json()).toEqual({ balance: 75 });

  // A custom email with an attachment, checked by content.
  const email = page.getByRole("region", { name: "Email" });
  await email.getByLabel("Subject").fill("Your invoice");
  await email.getByLabel(/^Message to/).fill("Attached, as promised.");
  await email
    .getByLabel(/^Attachment/)
    .setInputFiles({ name: "fake.pdf", mimeType: "application/pdf", buffer: Buffer.from("not a pdf") });
  await email.getByRole("button", { name: "Send email" }).click();
  await expect(email.getByText("Failed to send email with attachment: fake.pdf is not a real PDF file")).toBeVisible();
  await email
    .getByLabel(/^Attachment/)
    .setInputFiles({ name: "huge.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(9 * 1024 * 1024, 37) });
  await email.getByRole("button", { name: "Send email" }).click();
  await expect(email.getByText("The attachment is larger than 5 MB")).toBeVisible();
  await email.getByLabel("Subject").fill("Your invoice");
  await email.getByLabel(/^Message to/).fill("Attached, as promised.");
  await email
    .getByLabel(/^Attachment/)
    .setInputFiles({ name: "invoice.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% test\n") });
  await email.getByRole("button", { name: "Send email" }).click();
  await expect(email.getByText("Email with invoice.pdf queued.")).toBeVisible();
  await expect
    .poll(async () => (await readOutbox(db, { to: person.email, kind: "custom-attachment" })).length, {
      timeout: 15_000,
    })
    .toBe(1);

  await page.getByLabel("Reason (kept for admins)").fill("Spam");
  // Banning asks first.
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain("Ban Uma User?");
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Ban and end their sessions" }).click();
  await expect(page.getByText("Banned; 1 session ended.")).toBeVisible();
  expect((await theirs.request.get("/api/tokens")).status()).toBe(401);
  const again = await theirs.request.post("/api/auth/sign-in/email", {
    data: { email: person.email, password: person.password },
    headers: { Origin: ORIGIN() },
  });
  expect(again.status()).toBe(403);
  expect(await again.json()).toMatchObject({ code: "BANNED_USER", message: ACCOUNT_SUSPENDED_MESSAGE });
  // On the sign-in page they are told why, next to the form; it is not an error of ours.
  const reportsBefore = (await db.select({ id: errorReports.id }).from(errorReports)).length;
  const theirPage = await theirs.newPage();
  await gotoHydrated(theirPage, "/login");
  await theirPage.getByLabel("Email").fill(person.email);
  await theirPage.getByLabel("Password").fill(person.password);
  await theirPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(theirPage.getByText(ACCOUNT_SUSPENDED_MESSAGE)).toBeVisible();
  // The header's sign-in dialog says the same.
  await gotoHydrated(theirPage, "/base-product-layout-sample");
  await theirPage
    .getByRole("navigation", { name: "Main" })
    .locator("..")
    .getByRole("link", { name: "Sign in" })
    .click();
  const dialog = theirPage.getByRole("dialog", { name: "Sign in" });
  await dialog.getByLabel("Email").fill(person.email);
  await dialog.getByLabel("Password").fill(person.password);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(dialog.getByText(ACCOUNT_SUSPENDED_MESSAGE)).toBeVisible();
  // And so does signing in by the emailed link.
  await gotoHydrated(theirPage, "/login");
  await theirPage.getByLabel("Email").fill(person.email);
  await theirPage.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(theirPage).toHaveURL(/\/enter-otp\?purpose=sign-in/);
  let link = "";
  await expect
    .poll(
      async () => {
        const email = await latestOutboxEmail(db, person.email);
        link =
          email?.kind === "sign-in-link" ? (/https?:\/\/[^\s)]+\/enter-otp\?[^\s)]+/.exec(email.text)?.[0] ?? "") : "";
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  await theirPage.goto(link);
  await expect(theirPage.getByText(ACCOUNT_SUSPENDED_MESSAGE)).toBeVisible();
  expect((await db.select({ id: errorReports.id }).from(errorReports)).length).toBe(reportsBefore);
  await theirPage.close();

  await page.getByRole("button", { name: "Unban" }).click();
  await expect(page.getByText("Unbanned: they can sign in again.")).toBeVisible();
  const back = await theirs.request.post("/api/auth/sign-in/email", {
    data: { email: person.email, password: person.password },
    headers: { Origin: ORIGIN() },
  });
  expect(back.status()).toBe(200);
  await theirs.close();

  const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, person.id)))
    .map((a) => a.action)
    .sort();
  expect(actions).toEqual(["user.adjust-tokens", "user.ban", "user.email", "user.unban"]);
});

/** The profile page: name, avatar (checked by content), password, sessions, deletion with re-authentication. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { user } from "../server/db/schema";
import { latestOutboxEmail } from "../server/notify/email/transport";
import { createVerifiedUser, signInAs } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

test("signed-out visitors are sent to sign in and come back", async ({ page, db: _db }) => {
  await page.goto("/user-profile");
  await expect(page).toHaveURL("/login?redirectTo=%2Fuser-profile");
});

test("change the display name and the picture; a file that is not an image is refused", async ({ page, db }) => {
  const person = await createVerifiedUser(db, "Paula Profile");
  await signInAs(page, person.email, person.password);
  await gotoHydrated(page, "/user-profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paula Profile");
  // The sign-up grant, from the ledger; the header shows the same balance.
  await expect(page.getByTestId("token-balance")).toHaveText("50");
  await expect(page.getByTestId("header-token-balance")).toContainText("50");
  await expect(page.getByTestId("token-history")).toContainText("Welcome tokens");
  // The footer offers their own pages, not signing in again.
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Your profile" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  await expect(footer.getByRole("link", { name: "Create an account" })).toHaveCount(0);

  await page.getByLabel("Display name").fill("Paula Pastel");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Your name is saved.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paula Pastel");

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "avatar-"));
  const fake = path.join(dir, "photo.png");
  fs.writeFileSync(fake, "this is not a png at all");
  await page.getByLabel("Profile picture").setInputFiles(fake);
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect(page.getByText("That file is not an image we can read")).toBeVisible();

  const real = path.join(dir, "photo.jpg");
  fs.writeFileSync(
    real,
    await sharp({ create: { width: 640, height: 480, channels: 3, background: "#6d3fd6" } })
      .jpeg()
      .toBuffer(),
  );
  await page.getByLabel("Profile picture").setInputFiles(real);
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect(page.getByText("Your picture is updated.")).toBeVisible();
  const [row] = await db.select().from(user).where(eq(user.id, person.id));
  expect(row!.image).toMatch(new RegExp(`^/api/files/users/${person.id}/avatar/\\d{14}-[0-9a-f-]+\\.webp$`));
  // The page and the header's account link show the new picture at once, and after a reload.
  await expect(page.locator(`main img[src="${row!.image}"]`)).toBeVisible();
  await expect(page.getByRole("banner").locator(`img[src="${row!.image}"]`)).toBeVisible();
  await gotoHydrated(page, "/user-profile");
  await expect(page.locator(`main img[src="${row!.image}"]`)).toBeVisible();
  await expect(page.getByRole("banner").locator(`img[src="${row!.image}"]`)).toBeVisible();
  const image = await page.request.get(row!.image!);
  expect(image.headers()["content-type"]).toBe("image/webp");
  const meta = await sharp(Buffer.from(await image.body())).metadata();
  expect([meta.width, meta.height]).toEqual([256, 256]);
});

test("change the password: other sessions end, an email tells the owner", async ({ page, browser, db }) => {
  const person = await createVerifiedUser(db);
  const other = await browser.newContext();
  await signInAs(other.request, person.email, person.password);
  await signInAs(page, person.email, person.password);
  await gotoHydrated(page, "/user-profile");
  await expect(page.getByText("Where you are signed in")).toBeVisible();
  const sessions = page.locator("section", { hasText: "Where you are signed in" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  // This browser's session is marked and listed first.
  await expect(sessions.first()).toContainText("This device");
  await expect(page.getByText("This device")).toHaveCount(1);

  await page.getByLabel("Current password").fill("not my password");
  await page.getByLabel("New password", { exact: true }).fill("an entirely new secret 9");
  await page.getByLabel("New password, again").fill("an entirely new secret 9");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is not right")).toBeVisible();

  await page.getByLabel("Current password").fill(person.password);
  await page.getByLabel("New password", { exact: true }).fill("an entirely new secret 9");
  await page.getByLabel("New password, again").fill("an entirely new secret 9");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password is changed.")).toBeVisible();
  // The passwords do not stay typed in the form.
  await expect(page.getByLabel("Current password")).toHaveValue("");
  await expect(page.getByLabel("New password", { exact: true })).toHaveValue("");
  await expect(page.locator("section", { hasText: "Where you are signed in" }).getByRole("listitem")).toHaveCount(1);
  expect((await other.request.get("/api/auth/get-session")).status()).toBe(200);
  expect(await (await other.request.get("/api/auth/get-session")).json()).toBeNull();
  await expect
    .poll(async () => (await latestOutboxEmail(db, person.email))?.kind, { timeout: 15_000 })
    .toBe("password-changed");
  await other.close();
});

test("sign out other sessions", async ({ page, browser, db }) => {
  const person = await createVerifiedUser(db);
  const other = await browser.newContext();
  await signInAs(other.request, person.email, person.password);
  await signInAs(page, person.email, person.password);
  await gotoHydrated(page, "/user-profile");
  await page.getByRole("button", { name: "Sign out other sessions" }).click();
  await expect(page.getByText("Every other device is signed out.")).toBeVisible();
  expect(await (await other.request.get("/api/auth/get-session")).json()).toBeNull();
  await other.close();
});

test("delete the account: needs the password and DELETE; removes data and files", async ({ page, db }) => {
  const person = await createVerifiedUser(db);
  await signInAs(page, person.email, person.password);
  await gotoHydrated(page, "/user-profile");
  const danger = page.locator("section", { hasText: "Delete your account" });
  await danger.getByLabel("Your password").fill("wrong password here");
  await danger.getByLabel("Type DELETE to confirm").fill("DELETE");
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("That password is not right")).toBeVisible();
  await danger.getByLabel("Your password").fill(person.password);
  await danger.getByLabel("Type DELETE to confirm").fill("DELETE");
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL("/?deleted=1");
  await expect(page.getByRole("status").filter({ hasText: "Your account is deleted" })).toBeVisible();
  expect(await db.select().from(user).where(eq(user.id, person.id))).toEqual([]);
  expect(
    (
      await page.request.post("/api/auth/sign-in/email", {
        data: { email: person.email, password: person.password },
        headers: { Origin: page.url().split("/?")[0]! },
      })
    ).status(),
  ).toBe(401);
});

test("change the email: password first, a code to the new address, the old address is told", async ({ page, db }) => {
  const person = await createVerifiedUser(db);
  const newEmail = `moved-${Date.now()}@example.test`;
  await signInAs(page, person.email, person.password);
  await gotoHydrated(page, "/user-profile");
  await page.getByText("Change email address").click();
  await page.getByLabel("New email").fill("admin@atelier.local");
  await page
    .locator("form", { hasText: "Send a code to the new address" })
    .getByLabel("Password")
    .fill(person.password);
  await page.getByRole("button", { name: "Send a code to the new address" }).click();
  await expect(page.getByText("Another account already uses this email address")).toBeVisible();

  await page.getByLabel("New email").fill(newEmail);
  await page
    .locator("form", { hasText: "Send a code to the new address" })
    .getByLabel("Password")
    .fill("wrong password");
  await page.getByRole("button", { name: "Send a code to the new address" }).click();
  await expect(page.getByText("That password is not right")).toBeVisible();

  await page.getByLabel("New email").fill(newEmail);
  await page
    .locator("form", { hasText: "Send a code to the new address" })
    .getByLabel("Password")
    .fill(person.password);
  await page.getByRole("button", { name: "Send a code to the new address" }).click();
  await expect(page.getByText(`We sent a code to ${newEmail}`)).toBeVisible();
  let link = "";
  await expect
    .poll(
      async () => {
        link = /https?:\/\/\S+email-code=\d{6}/.exec((await latestOutboxEmail(db, newEmail))?.text ?? "")?.[0] ?? "";
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  await gotoHydrated(page, link);
  await page.getByRole("button", { name: "Confirm new email" }).click();
  await expect(page.getByText(`Your email is now ${newEmail}.`)).toBeVisible();
  await expect(page.getByTestId("current-email")).toHaveText(newEmail);
  await expect
    .poll(async () => (await latestOutboxEmail(db, person.email))?.subject, { timeout: 15_000 })
    .toBe("Your Atelier email address was changed");
  const [row] = await db.select().from(user).where(eq(user.id, person.id));
  expect(row).toMatchObject({ email: newEmail, emailVerified: true });
});

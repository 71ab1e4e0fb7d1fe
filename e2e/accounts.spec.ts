/** Accounts in a real browser: sign-up, verification by link and by code, sign-in by password and by email link, reset, sign-out. */
import type { Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { latestOutboxEmail } from "../server/notify/email/transport";
import type { Database } from "../server/db/client";
import { expect, gotoHydrated, test } from "./support/fixtures";

let counter = 0;
const newEmail = () => `e2e-${Date.now()}-${counter++}@example.test`;
const PASSWORD = "violet lighthouse 42";

/** Waits for the queued email of a kind to reach the outbox, and returns its text part. */
async function emailText(db: Database, to: string, kind: string): Promise<string> {
  let text = "";
  await expect
    .poll(
      async () => {
        const email = await latestOutboxEmail(db, to);
        text = email && email.kind === kind ? email.text : "";
        return text;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  return text;
}

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`https?://[^\\s)]+${path}\\?[^\\s)]+`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[0];
};
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? "";

/** Signs up and opens the verification link, which signs the new person in. */
async function signUpVerified(page: Page, db: Database, email: string) {
  await signUp(page, email);
  await page.goto(linkIn(await emailText(db, email, "verification"), "/verify-email"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your email is verified");
}

async function signUp(page: Page, email: string, name = "Ada Painter") {
  await gotoHydrated(page, "/sign-up");
  await page.getByLabel("Display name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/verify-email\?/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
}

test("sign up, then verify by the link in the email: signed in, welcomed", async ({ page, db }) => {
  const email = newEmail();
  await signUp(page, email);
  const text = await emailText(db, email, "verification");
  await page.goto(linkIn(text, "/verify-email"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your email is verified");
  await expect(page.getByRole("button", { name: "Sign out" }).first()).toBeAttached();
  await expect(page.getByRole("link", { name: "Ada Painter" })).toBeVisible();
  await emailText(db, email, "welcome");
});

test("verify by typing the code; a wrong code says so", async ({ page, db }) => {
  const email = newEmail();
  await signUp(page, email);
  const code = codeIn(await emailText(db, email, "verification"));
  await page.getByRole("link", { name: "Enter the code" }).click();
  await page.getByLabel("Code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not right")).toBeVisible();
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your email is verified");
});

test("five wrong codes invalidate the code", async ({ page, db }) => {
  const email = newEmail();
  await signUp(page, email);
  const code = codeIn(await emailText(db, email, "verification"));
  const wrong = code === "123456" ? "654321" : "123456";
  await gotoHydrated(page, `/enter-otp?purpose=email-verification&email=${encodeURIComponent(email)}`);
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Code").fill(wrong);
    await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/enter-otp"),
      ),
      page.getByRole("button", { name: "Verify" }).click(),
    ]);
    await expect(page.getByText("That code is not right")).toBeVisible();
  }
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText(/Too many wrong tries|not right, or it was already used/)).toBeVisible();
});

test("sign-up refuses a taken email and a common password, next to the fields", async ({ page, db: _db }) => {
  await gotoHydrated(page, "/sign-up");
  await page.getByLabel("Display name").fill("Someone");
  await page.getByLabel("Email").fill("  ADMIN@atelier.local ");
  await page.getByLabel("Password").fill("password123");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("This password is too common")).toBeVisible();
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("An account with this email already exists")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
});

test("sign in with a password, keep the session, sign out; wrong passwords lock the account for a while", async ({
  page,
  db,
}) => {
  const email = newEmail();
  await signUpVerified(page, db, email);
  await page.getByRole("button", { name: "Sign out" }).first().click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();

  await gotoHydrated(page, "/login?redirectTo=/community/main");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not the password at all");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("That email and password do not match an account.")).toBeVisible();
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/community/main");
  await page.getByRole("button", { name: "Sign out" }).first().click();

  await gotoHydrated(page, "/login");
  // One wrong password above, four more here: the fifth failure locks the account.
  for (let i = 0; i < 4; i++) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(`wrong password ${i}`);
    // Wait for each answer: the next try must not race the one before.
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login")),
      page.getByRole("button", { name: "Sign in", exact: true }).click(),
    ]);
    await expect(page.getByRole("alert")).toHaveText("That email and password do not match an account.");
  }
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText(/Too many wrong passwords for this account\. Try again in \d+ minutes?/)).toBeVisible();
});

test("an unverified account is sent to verify its email; redirectTo never leaves the site", async ({
  page,
  db: _db,
}) => {
  const email = newEmail();
  await signUp(page, email);
  await gotoHydrated(page, "/login?redirectTo=//evil.example/steal");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/verify-email\?/);

  await gotoHydrated(page, "/login?redirectTo=https://evil.example/");
  await page.getByLabel("Email").fill("demo@atelier.local");
  await page.getByLabel("Password").fill("e2e-user-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/");
});

test("sign in with an emailed link", async ({ page, db }) => {
  await gotoHydrated(page, "/login");
  await page.getByLabel("Email").fill("demo@atelier.local");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page).toHaveURL(/\/enter-otp\?purpose=sign-in/);
  const text = await emailText(db, "demo@atelier.local", "sign-in-link");
  await page.goto(linkIn(text, "/enter-otp"));
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Demo Creator" })).toBeVisible();
});

test("reset a forgotten password: same answer for unknown emails, other sessions end, the new password works", async ({
  page,
  browser,
  db,
}) => {
  const email = newEmail();
  await signUpVerified(page, db, email);

  // Another browser asks for the reset.
  const other = await browser.newPage();
  await gotoHydrated(other, "/reset-password");
  await other.getByLabel("Email").fill("nobody-here@example.test");
  await other.getByRole("button", { name: "Send me a link" }).click();
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  await expect(other.getByText("If an account exists for nobody-here@example.test")).toBeVisible();
  await gotoHydrated(other, "/reset-password");
  await other.getByLabel("Email").fill(email);
  await other.getByRole("button", { name: "Send me a link" }).click();
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  await expect(other.getByText(`If an account exists for ${email}`)).toBeVisible();

  await other.goto(linkIn(await emailText(db, email, "password-reset"), "/new-password"));
  const NEW = "a brand new password 7";
  await other.getByLabel("New password", { exact: true }).fill(NEW);
  await other.getByLabel("New password, again").fill(NEW);
  await other.getByRole("button", { name: "Save the new password" }).click();
  await expect(other).toHaveURL("/login?reset=1");
  // The URL changes before the sign-in page replaces the form (whose code field is labelled "…email").
  await expect(other.getByText("Your password is changed. Sign in with the new one.")).toBeVisible();
  await other.getByLabel("Email", { exact: true }).fill(email);
  await other.getByLabel("Password", { exact: true }).fill(NEW);
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(other).toHaveURL("/");
  await emailText(db, email, "password-changed");

  // The first browser's session was signed out by the reset.
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  await other.close();
});

test("an expired verification link says so and offers a new email", async ({ page, db }) => {
  const email = newEmail();
  await signUp(page, email);
  const link = linkIn(await emailText(db, email, "verification"), "/verify-email");
  await db.execute(
    sql`update verification set expires_at = now() - interval '1 minute' where identifier = ${`email-verification-otp-${email}`}`,
  );
  await page.goto(link);
  await expect(page.getByText("That code has expired. Ask for a new one below.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Send a new email/ })).toBeVisible();
});

test("a tampered link is refused with a clear message", async ({ page, db }) => {
  const email = newEmail();
  await signUp(page, email);
  const link = linkIn(await emailText(db, email, "verification"), "/verify-email");
  const code = /code=(\d{6})/.exec(link)![1]!;
  await page.goto(link.replace(`code=${code}`, `code=${code === "999999" ? "000000" : "999999"}`));
  await expect(page.getByText("That code is not right, or it was already used.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link did not work");
});

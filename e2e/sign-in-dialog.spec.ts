/** The sign-in dialog keeps what the visitor was doing; Better Auth's endpoints obey Atelier's limits. */
import { DEMO_USER_PASSWORD } from "./support/env";
import { ORIGIN } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

test("sign in from the header dialog without leaving the page", async ({ page, db: _db }) => {
  await gotoHydrated(page, "/base-product-layout-sample");
  await page.getByRole("radio", { name: /Studio/ }).check({ force: true }); // something the visitor was doing
  await page.getByRole("navigation", { name: "Main" }).locator("..").getByRole("link", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Email").fill("demo@atelier.local");
  await dialog.getByLabel("Password").fill("wrong password here");
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(dialog.getByText("That email and password do not match an account.")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/reset-password");
  await dialog.getByLabel("Password").fill(DEMO_USER_PASSWORD);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL("/base-product-layout-sample");
  await expect(page.getByRole("link", { name: "Demo Creator" })).toBeVisible();
  await expect(page.getByRole("radio", { name: /Studio/ })).toBeChecked();
});

test("Better Auth's endpoints refuse common passwords and lock an account after wrong passwords", async ({
  request,
  db: _db,
}) => {
  const weak = await request.post("/api/auth/sign-up/email", {
    data: { name: "X", email: "weak@example.test", password: "password123" },
    headers: { Origin: ORIGIN() },
  });
  expect(weak.status()).toBe(400);
  expect((await weak.json()).code).toBe("WEAK_PASSWORD");
  for (let i = 0; i < 5; i++) {
    const wrong = await request.post("/api/auth/sign-in/email", {
      data: { email: "demo@atelier.local", password: `nope-${i}-nope` },
      headers: { Origin: ORIGIN() },
    });
    expect(wrong.status()).toBe(401);
  }
  const locked = await request.post("/api/auth/sign-in/email", {
    data: { email: "demo@atelier.local", password: DEMO_USER_PASSWORD },
    headers: { Origin: ORIGIN() },
  });
  expect(locked.status()).toBe(429);
  expect((await locked.json()).message).toMatch(/Too many wrong passwords/);
  expect(locked.headers()["retry-after"]).toMatch(/^\d+$/);
});

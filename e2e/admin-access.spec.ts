/** Roles (spec §6): the seeded demo admin reaches the back office; nobody else does. */
import { signInAs as signIn } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";
import { DEMO_ADMIN_PASSWORD, DEMO_USER_PASSWORD, E2E_PORT } from "./support/env";

test("the demo admin reaches every admin page, and the login area sends them to the dashboard", async ({
  page,
  db: _db,
}) => {
  await signIn(page, "admin@atelier.local", DEMO_ADMIN_PASSWORD);
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link")).toHaveCount(18);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL("/admin/set-token-default");
  await page.goto("/login");
  await expect(page).toHaveURL("/admin/dashboard");
  await page.goto("/sign-up");
  await expect(page).toHaveURL("/admin/dashboard");
});

test("an admin who signs in on the sign-in page starts on the dashboard", async ({ page, db: _db }) => {
  await gotoHydrated(page, "/login");
  await page.getByLabel("Email").fill("admin@atelier.local");
  await page.getByLabel("Password").fill(DEMO_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/admin/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
});

test("a signed-in user who is not an admin is sent to '/'", async ({ page, db: _db }) => {
  await signIn(page, "demo@atelier.local", DEMO_USER_PASSWORD);
  await page.goto("/admin/manage-user");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Demo Creator" })).toBeVisible();
});

test("a wrong password does not sign in", async ({ page, db: _db }) => {
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: "admin@atelier.local", password: "not-the-password" },
    headers: { Origin: `http://127.0.0.1:${E2E_PORT}` },
  });
  expect(response.status()).toBe(401);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL("/");
});

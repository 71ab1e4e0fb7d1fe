/** Every path of spec §2 answers an anonymous visitor as it should, in a real browser. */
import { setFeatureFlag } from "../server/content/feature-flags";
import { ADMIN_PATHS } from "./support/admin-paths";
import { expect, gotoHydrated, test } from "./support/fixtures";

const PUBLIC_PATHS = [
  "/",
  "/about-us",
  "/login",
  "/sign-up",
  "/verify-email",
  "/enter-otp",
  "/reset-password",
  "/new-password",
  "/pricing-plans",
  "/checkout-tiers",
  "/product-overview",
  "/product-payment",
  "/base-product-layout-sample",
  "/ai/ai-text-to-art",
  "/ai/ai-image-to-art",
  "/ai/ai-doodle-to-art",
  "/community/main",
  "/community/list",
  "/community/detail",
];

const EVENT_PATHS = [
  "/pre-registration-event",
  "/ai/christmas-event/ai-text-to-art",
  "/ai/christmas-event/ai-image-to-art",
  "/ai/christmas-event/ai-doodle-to-art",
  "/community/christmas-event/list",
];

test.describe("public pages answer 200 with their layout", () => {
  for (const path of PUBLIC_PATHS) {
    test(path, async ({ page, db: _db }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });
  }
});

test.describe("event pages", () => {
  for (const path of EVENT_PATHS) {
    test(`${path} answers 404 while its flag is off`, async ({ page, db: _db }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
      await expect(page.getByTestId("error-message")).toHaveText(`Page Not Found: ${path}`);
    });
  }

  test("open when their flags are on, and the navigation offers them", async ({ page, db }) => {
    await setFeatureFlag(db, "christmas_event", true);
    await setFeatureFlag(db, "pre_registration", true);
    for (const path of EVENT_PATHS) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
    }
    // Live first: a click on the menu before the page's scripts run opens nothing.
    await gotoHydrated(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    // The ways of creating sit behind one button, the event's among them.
    await nav.getByRole("button", { name: "Create" }).click();
    await expect(nav.getByRole("link", { name: "Christmas styles" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Christmas styles" })).toBeHidden();
    await expect(nav.getByRole("button", { name: "Create" })).toBeFocused();
    await expect(nav.getByRole("link", { name: "Pre-register" })).toBeVisible();
  });
});

test.describe("admin pages send a visitor who is not an admin to '/'", () => {
  for (const path of ADMIN_PATHS) {
    test(path, async ({ page, db: _db }) => {
      await page.goto(path);
      await expect(page).toHaveURL("/");
    });
  }
});

test("the profile asks a visitor to sign in first", async ({ page, db: _db }) => {
  await page.goto("/user-profile");
  await expect(page).toHaveURL("/login?redirectTo=%2Fuser-profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
});

test("an unknown path shows the 404 page with a way back", async ({ page, db: _db }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(/Page Not Found/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(page.getByTestId("error-message")).toHaveText("Page not found: /no-such-page");
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL("/");
});

test("client-side navigation reaches pages through the header", async ({ page, db: _db }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL("/about-us");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL("/pricing-plans");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pricing plans");
});

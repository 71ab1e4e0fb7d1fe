/** The pages this foundation completes: home (slideshow), about, and the product layout sample. */
import { expect, test } from "./support/fixtures";

test("home: hero, slideshow controls, the three modes and a call to action", async ({ page, db: _db }) => {
  await page.emulateMedia({ reducedMotion: "reduce" }); // no auto-advance: the test drives the slides
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Make art from a sentence");
  const carousel = page.locator('[aria-roledescription="carousel"]');
  const active = carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');
  await expect(active).toHaveAttribute("aria-label", /^1 of \d+$/);
  await page.getByRole("button", { name: "Next slide" }).click();
  await expect(active).toHaveAttribute("aria-label", /^2 of \d+$/);
  await page.getByRole("button", { name: "Previous slide" }).click();
  await expect(active).toHaveAttribute("aria-label", /^1 of \d+$/);
  await expect(page.getByRole("button", { name: /Play slideshow|Pause slideshow/ })).toBeVisible();
  const main = page.locator("main");
  for (const mode of ["Text to art", "Image to art", "Doodle to art"]) {
    await expect(main.getByRole("link", { name: mode, exact: true })).toBeVisible();
  }
  await main.getByRole("link", { name: "Doodle to art", exact: true }).click();
  await expect(page).toHaveURL("/ai/ai-doodle-to-art");
});

test("about us tells what Atelier is", async ({ page, db: _db }) => {
  await page.goto("/about-us");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("main")).toContainText("Studio");
});

test("product layout sample: choosing a pack updates the order summary", async ({ page, db: _db }) => {
  await page.goto("/base-product-layout-sample");
  await expect(page.getByText("Sample layout — the products shown are examples")).toBeVisible();
  const summary = page
    .getByRole("complementary")
    .or(page.locator("[aria-labelledby]").filter({ hasText: "Order summary" }))
    .first();
  // The radios are visually hidden behind their cards; people click the card.
  await page.getByRole("radio", { name: /Studio/ }).check({ force: true });
  await expect(page.getByRole("radio", { name: /Studio/ })).toBeChecked();
  await expect(summary).toContainText("$21.99");
  await page.getByRole("radio", { name: /Starter/ }).focus();
  await page.keyboard.press("Space");
  await expect(summary).toContainText("$4.99");
});

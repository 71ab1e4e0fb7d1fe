/**
 * The slideshow and product pictures from the back office: a file that is not a picture is refused
 * beside its field, a real one becomes a background the home page shows; switched off, the home
 * page goes back to its built-in artwork. A product's picture appears on the pricing page.
 */
import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { auditLog, products, slideshowBackgrounds } from "../server/db/schema";
import { signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();

test("an admin adds a slideshow background, sees it on the home page, and switches it off", async ({ page, db }) => {
  const title = `Harbour ${randomBytes(3).toString("hex")}`;
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/list-slideshow-bg");
  await page.getByRole("link", { name: "Add a background" }).click();
  await expect(page.getByRole("heading", { name: "Add a background" })).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Link (optional)").fill("/community/main");
  await page
    .getByLabel("Choose a picture")
    .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("\x89PNG\r\n\x1a\nnot a picture") });
  await page.getByRole("button", { name: "Add the background" }).click();
  await expect(
    page.getByText("That file is not an image we can read (use JPEG, PNG, WebP, GIF or AVIF)"),
  ).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title); // nothing typed is lost

  await page
    .getByLabel("Choose a picture")
    .setInputFiles({ name: "harbour.png", mimeType: "image/png", buffer: await picture(1600, 900) });
  await expect(page.getByRole("img", { name: "What you chose" })).toBeVisible();
  await page.getByRole("button", { name: "Add the background" }).click();
  await expect(page.getByText("Added.")).toBeVisible();
  await expect(page.getByText("Current: 1600×900.")).toBeVisible();

  await gotoHydrated(page, "/admin/list-slideshow-bg");
  const row = page
    .getByRole("list", { name: "Slideshow backgrounds" })
    .getByRole("listitem")
    .filter({ hasText: title });
  await expect(row).toContainText("Showing");

  await gotoHydrated(page, "/");
  const slide = page.getByRole("group", { name: /^1 of / });
  await expect(slide).toContainText(title);
  const src = await slide.locator("img").getAttribute("src");
  expect(src).toMatch(/^\/api\/files\/site\/slides\/.+\.webp$/);
  const file = await page.request.get(src!);
  expect(file.headers()["content-type"]).toBe("image/webp");
  await expect(page.getByRole("link", { name: `View ${title}` })).toHaveAttribute("href", "/community/main");

  await gotoHydrated(page, "/admin/list-slideshow-bg");
  await page.getByRole("button", { name: `Switch off: ${title}` }).click();
  await expect(page.getByText("Switched off: the home page no longer shows it.")).toBeVisible();
  await gotoHydrated(page, "/");
  await expect(page.getByText(title)).toHaveCount(0);
  await expect(page.getByRole("group", { name: /^1 of / })).toContainText("Dusk over the salt dunes");

  const [saved] = await db.select().from(slideshowBackgrounds).where(eq(slideshowBackgrounds.title, title));
  const actions = (
    await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, saved!.id))
  ).map((a) => a.action);
  expect(actions).toEqual(expect.arrayContaining(["slide.create", "slide.deactivate"]));
  await db.delete(slideshowBackgrounds).where(eq(slideshowBackgrounds.id, saved!.id));
});

test("an admin gives a product a picture, and the pricing page shows it", async ({ page, db }) => {
  const name = `Pictured ${randomBytes(3).toString("hex")}`;
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/add-list-product");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Tier").fill("creator");
  await page.getByLabel("Price").fill("7.50");
  await page.getByLabel("Tokens", { exact: true }).fill("150");
  await page
    .getByLabel("Picture (optional)")
    .setInputFiles({ name: "pack.png", mimeType: "image/png", buffer: await picture(800, 450) });
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Created.")).toBeVisible();
  await expect(page.getByRole("img", { name: "The pack's current artwork" })).toBeVisible();

  await gotoHydrated(page, "/pricing-plans");
  const card = page.getByRole("list", { name: "Token packs" }).getByRole("listitem").filter({ hasText: name });
  await expect(card.locator("img")).toHaveAttribute("src", /^\/api\/files\/site\/products\/.+\.webp$/);

  const rows = await db.select({ id: products.id }).from(products).where(eq(products.name, name));
  await db
    .update(products)
    .set({ active: false, archivedAt: new Date() })
    .where(
      inArray(
        products.id,
        rows.map((r) => r.id),
      ),
    );
});

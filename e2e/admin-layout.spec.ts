/**
 * Every admin page fits a tablet (768 px) and a laptop (1280 px): nothing pushes the page wider
 * than the screen (wide tables scroll inside their own box), and the admin menu is reachable.
 * Detail pages are opened on a real record where one exists.
 */
import { products, faqs, discounts, transactions, user } from "../server/db/schema";
import { ADMIN_PATHS } from "./support/admin-paths";
import { signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

const WITH_ID: Record<string, (ids: Record<string, string | undefined>) => string | undefined> = {
  "/admin/edit-list-product": (ids) => ids.product,
  "/admin/duplicate-list-product": (ids) => ids.product,
  "/admin/detail-history-transaction": (ids) => ids.transaction,
  "/admin/detail-list-faq": (ids) => ids.faq,
  "/admin/detail-list-discount": (ids) => ids.discount,
  "/admin/user-form": (ids) => ids.user,
};

for (const width of [768, 1280]) {
  test(`admin pages fit a ${width} px screen`, async ({ page, db }) => {
    test.setTimeout(90_000);
    const first = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows)[0]?.id;
    const ids = {
      product: await first(db.select({ id: products.id }).from(products).limit(1)),
      transaction: await first(db.select({ id: transactions.id }).from(transactions).limit(1)),
      faq: await first(db.select({ id: faqs.id }).from(faqs).limit(1)),
      discount: await first(db.select({ id: discounts.id }).from(discounts).limit(1)),
      user: await first(db.select({ id: user.id }).from(user).limit(1)),
    };
    await page.setViewportSize({ width, height: 1000 });
    await signInAsAdmin(page);
    for (const path of ADMIN_PATHS) {
      const id = WITH_ID[path]?.(ids);
      await gotoHydrated(page, id ? `${path}?id=${id}` : path);
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} is ${overflow} px wider than the screen`).toBeLessThanOrEqual(0);
    }
    // Below the laptop breakpoint the menu folds into a button.
    if (width < 1024) {
      await page.getByRole("button", { name: /menu/i }).click();
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Slideshow" }).click();
      await expect(page).toHaveURL(/\/admin\/list-slideshow-bg$/);
    } else {
      await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    }
  });
}

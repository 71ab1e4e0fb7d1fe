/**
 * The admin dashboard in a browser: figures for the default 30 days, a switch to 7 days by
 * keyboard (the URL and the marked range follow), the revenue chart's accessible summary and its
 * table, a figure that opens its list with the same days, and no sideways scrolling on a tablet
 * or a phone.
 */
import { loadDashboard } from "../server/admin/dashboard";
import { errorReports, generations } from "../server/db/schema";
import { formatMoney } from "../app/lib/format";
import { insertPaidStarterPurchase } from "../tests/support/purchases";
import { studioGenerationRow } from "../tests/support/rows";
import { createVerifiedUser, signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

test("an admin reads the dashboard, switches to 7 days and opens a figure's list", async ({ page, db }) => {
  const buyer = await createVerifiedUser(db, "Dana Dashboard");
  await insertPaidStarterPurchase(db, buyer.id);
  await db.insert(errorReports).values({
    errorReportBySystem: "TypeError: dashboard test",
    whatPlatform: "Client",
    whatPage: "/ai/ai-text-to-art",
  });
  // Other browser tests may have sold things too: the page must show what the database holds.
  const week = await loadDashboard(db, { days: 7 });
  const usd = week.revenue.find((r) => r.currency === "USD")!;

  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
  const ranges = page.getByRole("navigation", { name: "Date range" });
  await expect(ranges.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("The last 30 days")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Accounts \d/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Latest transactions" })).toContainText(buyer.email);
  await expect(page.getByRole("table", { name: "Latest errors" })).toContainText("TypeError: dashboard test");

  await ranges.getByRole("link", { name: "7 days" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/dashboard\?days=7$/);
  await expect(ranges.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
  await expect(ranges.getByRole("link", { name: "30 days" })).not.toHaveAttribute("aria-current", "page");
  await expect(page.getByText("The last 7 days")).toBeVisible();

  const chart = page.getByRole("img", { name: /^Revenue per day in USD/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute(
    "aria-label",
    new RegExp(`${formatMoney(usd.netMinor, "USD").replace(/[$.]/g, "\\$&")} in all`),
  );
  await expect(chart.locator("rect")).toHaveCount(7);
  await page.getByText("Show the numbers").first().click();
  await expect(page.getByRole("table", { name: "Revenue per day (USD, net of refunds)" }).getByRole("row")).toHaveCount(
    8,
  );
  await expect(page.getByRole("link", { name: /^Revenue, net of refunds/ })).toContainText(
    formatMoney(usd.netMinor, "USD"),
  );
  await expect(page.getByRole("list", { name: "Top products" })).toContainText("Starter");

  for (const width of [768, 390]) {
    await page.setViewportSize({ width, height: 1000 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("link", { name: /^Orders placed/ }).click();
  await expect(page).toHaveURL(`/admin/history-transaction?from=${week.from}&to=${week.to}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transactions");
  await expect(page.getByRole("table", { name: "Transactions" })).toContainText(buyer.email);

  await page.goBack();
  await page.getByRole("link", { name: /^Errors in 7 days/ }).click();
  await expect(page).toHaveURL("/admin/list-log?tab=errors");
  await expect(page.getByRole("table", { name: "Error reports" })).toContainText("TypeError: dashboard test");
});

test("the dashboard's generation figures open the list of generations, with what a failure said", async ({
  page,
  db,
}) => {
  const person = await createVerifiedUser(db, "Gina Generations");
  await db.insert(generations).values([
    studioGenerationRow(person.id, { status: "succeeded", finishedAt: new Date() }),
    studioGenerationRow(person.id, {
      mode: "image",
      status: "failed",
      prompt: "a fox in the snow",
      error: "The engine could not paint this one. Your tokens were refunded.",
      errorDetail: "CUDA out of memory (gina test)",
      refunded: true,
      attempts: 3,
      finishedAt: new Date(),
    }),
  ]);

  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/dashboard?days=7");
  const week = await loadDashboard(db, { days: 7 });
  await page.getByRole("link", { name: /^Failed \d/ }).click();
  await expect(page).toHaveURL(`/admin/generations?status=failed&from=${week.from}&to=${week.to}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Generations");
  const table = page.getByRole("table", { name: "Generations" });
  const failed = table.getByRole("row").filter({ hasText: "a fox in the snow" });
  await expect(failed).toContainText("Image to art · Studio — offline engine");
  await expect(failed).toContainText("3 tries");
  await expect(failed).toContainText("Your tokens were refunded.");
  await expect(failed).toContainText("refunded");
  await failed.getByText("What the engine said").click();
  await expect(failed).toContainText("CUDA out of memory (gina test)");
  await expect(table).not.toContainText("a lighthouse on a cliff");

  // Every status, narrowed to one person by the search box.
  await page.getByLabel("Status").selectOption("all");
  await page.getByLabel("Person").fill("Gina Generations");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=all.*user=Gina\+Generations/);
  await expect(table.getByRole("row")).toHaveCount(3); // the header and two
  await expect(table).toContainText("a lighthouse on a cliff");
  await expect(table.getByRole("link", { name: "Gina Generations" }).first()).toHaveAttribute(
    "href",
    `/admin/user-form?id=${person.id}`,
  );
});

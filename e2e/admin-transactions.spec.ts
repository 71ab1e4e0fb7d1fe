/**
 * The transaction history from the back office: find a buyer's purchase, open it, refund it with
 * a reason (the buyer has spent part of the tokens: the balance stops at zero and the page says
 * so), see the audit entry; export the history as CSV.
 */
import { eq } from "drizzle-orm";
import { auditLog } from "../server/db/schema";
import { applyTokenMovement, getTokenBalance } from "../server/generation/ledger";
import { insertPaidStarterPurchase } from "../tests/support/purchases";
import { createVerifiedUser, signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

test("an admin finds a purchase, refunds it with a reason, and exports the history", async ({ page, db }) => {
  const buyer = await createVerifiedUser(db, "Ray Refund");
  const row = await insertPaidStarterPurchase(db, buyer.id);
  await applyTokenMovement(db, {
    userId: buyer.id,
    amount: 500,
    reason: "purchase",
    idempotencyKey: `purchase:${row!.id}`,
    reference: row!.id,
  });
  await applyTokenMovement(db, {
    userId: buyer.id,
    amount: -450,
    reason: "generation",
    idempotencyKey: `spent:${row!.id}`,
  });
  expect(await getTokenBalance(db, buyer.id)).toBe(100);

  await signInAsAdmin(page);
  await gotoHydrated(page, `/admin/history-transaction?user=${encodeURIComponent(buyer.email)}`);
  const table = page.getByRole("table", { name: "Transactions" });
  await expect(table).toContainText(buyer.email);
  await expect(table).toContainText("$4.99");

  const csv = await page.request.get(`/api/admin/transactions.csv?user=${encodeURIComponent(buyer.email)}`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect((await csv.text()).trim().split("\r\n")).toHaveLength(2);

  await table.getByRole("row").nth(1).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("$4.99 · Paid");
  await page.getByRole("button", { name: "Refund" }).click();
  await expect(page.getByText("Say why, for the record (at least 3 characters)")).toBeVisible();
  await page.getByLabel("Reason").fill("Asked within 14 days");
  await page.getByRole("button", { name: "Refund" }).click();
  // The answer, and the same words on the status timeline below.
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Refunded the payment and took back 100 of 500 tokens; 400 were already spent." }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("$4.99 · Refunded");
  expect(await getTokenBalance(db, buyer.id)).toBe(0);
  const [audit] = await db.select().from(auditLog).where(eq(auditLog.entityId, row!.id));
  expect(audit).toMatchObject({ action: "transaction.refund", actorEmail: "admin@atelier.local" });
});

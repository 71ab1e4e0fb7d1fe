/**
 * A paid purchase of the demo shop's Starter pack ($4.99, 500 tokens) as the checkout leaves it —
 * transaction, line and "paid" event — for tests that need history without walking the checkout.
 * The tokens are not credited: tests that need them say so with their own ledger movement.
 */
import type { Database } from "../../server/db/client";
import { listShopProducts } from "../../server/commerce/products";
import { transactionEvents, transactionLines, transactions } from "../../server/db/schema";

export async function insertPaidStarterPurchase(db: Database, userId: string) {
  const starter = (await listShopProducts(db)).find((p) => p.name === "Starter");
  if (!starter) throw new Error("the demo shop's Starter pack is missing: seed the shop first");
  const [row] = await db
    .insert(transactions)
    .values({
      userId,
      status: "paid",
      provider: "none",
      currency: "USD",
      subtotalMinor: 499,
      totalMinor: 499,
      tokens: 500,
      paidAt: new Date(),
    })
    .returning();
  await db.insert(transactionLines).values({
    transactionId: row!.id,
    productId: starter.id,
    productName: "Starter",
    unitPriceMinor: 499,
    quantity: 1,
    unitTokens: 500,
    lineTotalMinor: 499,
  });
  await db.insert(transactionEvents).values({ transactionId: row!.id, status: "paid", source: "checkout" });
  return row!;
}

/** A product line of an order: the unit price is the line's total over its quantity. */
export interface OrderLine {
  product: { id: string; name: string };
  quantity: number;
  lineTotalMinor: number;
  unitTokens: number;
}

/**
 * A sandbox order written straight to the database: the transaction, totalled from its lines
 * (no discount, no tax), and the lines. `fields` sets the rest (status, dates, currency…).
 */
export async function insertSandboxOrder(
  db: Database,
  fields: Omit<typeof transactions.$inferInsert, "provider" | "subtotalMinor" | "totalMinor">,
  lines: OrderLine[],
) {
  const total = lines.reduce((sum, l) => sum + l.lineTotalMinor, 0);
  const [row] = await db
    .insert(transactions)
    .values({ provider: "sandbox", subtotalMinor: total, totalMinor: total, ...fields })
    .returning();
  await db.insert(transactionLines).values(
    lines.map((l) => ({
      transactionId: row!.id,
      productId: l.product.id,
      productName: l.product.name,
      unitPriceMinor: l.lineTotalMinor / l.quantity,
      quantity: l.quantity,
      unitTokens: l.unitTokens,
      lineTotalMinor: l.lineTotalMinor,
    })),
  );
  return row!;
}

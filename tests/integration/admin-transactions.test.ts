/** The transaction history for admins on a real database: filters, pages, the detail and a CSV that spreadsheets cannot run. */
import { describe, expect, it } from "vitest";
import { transactionListQuery } from "../../app/lib/admin-transactions";
import {
  csvCell,
  exportTransactionsCsv,
  getTransactionForAdmin,
  listTransactionsForAdmin,
} from "../../server/commerce/admin-transactions";
import { listShopProducts, seedDemoShop } from "../../server/commerce/products";
import { transactionEvents, user } from "../../server/db/schema";
import { setUpTestDatabase } from "../support/database";
import { insertSandboxOrder } from "../support/purchases";

const t = setUpTestDatabase();

async function seed() {
  await seedDemoShop(t.db);
  const [starter, creator] = await listShopProducts(t.db);
  await t.db.insert(user).values([
    { id: "ada", name: "Ada", email: "ada@example.test", emailVerified: true },
    { id: "bob", name: '=HYPERLINK("http://evil")', email: "bob@example.test", emailVerified: true },
  ]);
  const add = async (
    userId: string,
    status: "paid" | "failed" | "pending",
    product: typeof starter,
    day: string,
    code: string | null = null,
  ) => {
    const row = await insertSandboxOrder(
      t.db,
      {
        userId,
        status,
        currency: "USD",
        tokens: product!.tokens,
        discountCode: code,
        createdAt: new Date(`${day}T12:00:00Z`),
      },
      [{ product: product!, quantity: 1, lineTotalMinor: product!.priceMinor, unitTokens: product!.tokens }],
    );
    await t.db.insert(transactionEvents).values({ transactionId: row.id, status, source: "test" });
    return row;
  };
  const a = await add("ada", "paid", starter, "2026-11-01");
  const b = await add("ada", "failed", creator, "2026-11-05");
  const c = await add("bob", "paid", creator, "2026-11-10", "+SUM(A1)");
  return { a, b, c, starter: starter!, creator: creator! };
}

const list = (q: Record<string, string>) => listTransactionsForAdmin(t.db, transactionListQuery.parse(q));

describe("the transaction history", () => {
  it("filters by status, dates, buyer, product and provider, newest first", async () => {
    const { a, b, c, creator } = await seed();
    expect((await list({})).rows.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect((await list({ status: "paid" })).rows.map((r) => r.id)).toEqual([c.id, a.id]);
    expect((await list({ from: "2026-11-02", to: "2026-11-05" })).rows.map((r) => r.id)).toEqual([b.id]);
    expect((await list({ user: "bob@" })).rows.map((r) => r.id)).toEqual([c.id]);
    expect((await list({ product: creator.id })).rows.map((r) => r.id)).toEqual([c.id, b.id]);
    expect((await list({ provider: "stripe" })).total).toBe(0);
    expect((await list({ sort: "total", dir: "asc" })).rows[0]!.id).toBe(a.id);
    expect((await list({ status: "bogus", from: "yesterday", product: "nope" })).total).toBe(3);
  });

  it("shows one transaction with its buyer, lines and history", async () => {
    const { c } = await seed();
    expect(await getTransactionForAdmin(t.db, c.id)).toMatchObject({
      buyer: { email: "bob@example.test" },
      lines: [{ name: "Creator", quantity: 1 }],
      events: [{ status: "paid", source: "test" }],
    });
    expect(await getTransactionForAdmin(t.db, "not-a-uuid")).toBeNull();
  });

  it("exports CSV whose cells cannot start a formula", async () => {
    await seed();
    expect(csvCell("=1+1")).toBe(`"'=1+1"`);
    expect(csvCell("-2")).toBe(`"'-2"`);
    expect(csvCell("@x")).toBe(`"'@x"`);
    expect(csvCell('say "hi"')).toBe(`"say ""hi"""`);
    expect(csvCell(null)).toBe(`""`);
    const csv = await exportTransactionsCsv(t.db, transactionListQuery.parse({ user: "bob" }));
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      `"id","created_at","status","provider","buyer_email","buyer_name","currency","total_minor","discount_minor","discount_code","tokens"`,
    );
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain(`"'+SUM(A1)"`);
  });
});

/**
 * The admin dashboard's figures on a real database: a known mix of accounts, generations, ledger
 * movements, orders, reports and errors around the edges of the 7- and 30-day ranges.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dashboardQuery, dashboardRange, loadDashboard } from "../../server/admin/dashboard";
import { listShopProducts, seedDemoShop } from "../../server/commerce/products";
import {
  artworkReports,
  artworks,
  errorReports,
  generations,
  products,
  tokenAccounts,
  tokenLedger,
  transactionLines,
  transactions,
  user,
} from "../../server/db/schema";
import type { LedgerReason } from "../../server/db/schema";
import { setUpTestDatabase } from "../support/database";
import { insertSandboxOrder } from "../support/purchases";
import { publishedArtworkRow } from "../support/rows";

const t = setUpTestDatabase();

/** "Now" for every test: mid-afternoon on the last day of November (UTC). */
const NOW = new Date("2026-11-30T15:00:00Z");
const at = (iso: string) => new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);

async function seedUsers() {
  await t.db.insert(user).values([
    {
      id: "old",
      name: "Old Admin",
      email: "old@example.test",
      emailVerified: true,
      role: "admin",
      createdAt: at("2026-10-01"),
    },
    // One second before the 7-day range starts, and its very first instant.
    { id: "ada", name: "Ada", email: "ada@example.test", emailVerified: true, createdAt: at("2026-11-23T23:59:59Z") },
    { id: "bob", name: "Bob", email: "bob@example.test", emailVerified: false, createdAt: at("2026-11-24T00:00:00Z") },
    {
      id: "cy",
      name: "Cy",
      email: "cy@example.test",
      emailVerified: true,
      banned: true,
      createdAt: at("2026-11-30T10:00:00Z"),
    },
  ]);
}

async function seedGenerations() {
  const gen = (
    userId: string,
    mode: string,
    engineId: string,
    engineLabel: string,
    status: string,
    day: string,
    refunded = false,
  ) => ({
    userId,
    mode,
    status,
    engineId,
    engineLabel,
    prompt: "a lake",
    style: "watercolor",
    aspectRatio: "1:1",
    size: 512,
    width: 512,
    height: 512,
    count: 1,
    seed: 1,
    strength: 0.75,
    cost: 2,
    refunded,
    createdAt: at(day),
  });
  await t.db
    .insert(generations)
    .values([
      gen("ada", "text", "studio", "Studio", "succeeded", "2026-11-25"),
      gen("ada", "text", "studio", "Studio", "failed", "2026-11-26", true),
      gen("bob", "image", "studio", "Studio", "succeeded", "2026-11-28"),
      gen("bob", "text", "studio", "Studio", "canceled", "2026-11-29"),
      gen("cy", "text", "studio", "Studio", "queued", "2026-11-30T14:00:00Z"),
      gen("ada", "doodle", "sdxl", "Remote SDXL", "succeeded", "2026-11-10"),
      gen("old", "image", "studio", "Studio", "succeeded", "2026-10-15"),
    ]);
}

async function seedLedger() {
  const move = (userId: string, amount: number, reason: LedgerReason, day: string) => ({
    userId,
    amount,
    balanceAfter: 0,
    reason,
    idempotencyKey: randomUUID(),
    createdAt: at(day),
  });
  await t.db.insert(tokenLedger).values([
    move("bob", 50, "signup_grant", "2026-11-24T00:00:00Z"),
    move("cy", 50, "signup_grant", "2026-11-30"),
    move("cy", 20, "admin_adjustment", "2026-11-30"),
    move("cy", -5, "admin_adjustment", "2026-11-30"),
    move("bob", 10, "event_bonus", "2026-11-26"),
    move("bob", 15, "redeem_code", "2026-11-26"),
    move("ada", 500, "purchase", "2026-11-25"),
    move("ada", -4, "generation", "2026-11-25"),
    move("ada", -4, "generation", "2026-11-26"),
    move("ada", 4, "generation_refund", "2026-11-26"),
    move("bob", -2, "generation", "2026-11-28"),
    move("ada", -100, "purchase_refund", "2026-11-27"),
    // Inside 30 days only.
    move("ada", 50, "signup_grant", "2026-11-23T23:59:59Z"),
    move("ada", 1200, "purchase", "2026-11-10"),
    move("ada", -8, "generation", "2026-11-10"),
    // Before both ranges.
    move("old", 50, "signup_grant", "2026-10-01"),
  ]);
  await t.db.insert(tokenAccounts).values([
    { userId: "ada", balance: 1234 },
    { userId: "cy", balance: 10 },
  ]);
}

async function seedOrders() {
  await seedDemoShop(t.db);
  const shop = await listShopProducts(t.db);
  const product = (name: string) => shop.find((p) => p.name === name)!;
  const [starter, creator, studio] = [product("Starter"), product("Creator"), product("Studio")];
  const order = async (
    userId: string,
    status: "paid" | "pending" | "failed" | "refunded",
    created: string,
    paid: string | null,
    lines: { p: typeof starter; quantity: number; total: number }[],
    currency = "USD",
  ) => {
    const total = lines.reduce((sum, l) => sum + l.total, 0);
    const row = await insertSandboxOrder(
      t.db,
      {
        userId,
        status,
        currency,
        tokens: 100,
        createdAt: at(created),
        paidAt: paid ? at(paid) : null,
        refundedMinor: status === "refunded" ? total : null,
      },
      lines.map((l) => ({ product: l.p, quantity: l.quantity, lineTotalMinor: l.total, unitTokens: 100 })),
    );
    return row.id;
  };
  const ids = {
    // Settled without a payment time: counted on the day it was made, the range's first instant.
    noPaidAt: await order("cy", "paid", "2026-11-24T00:00:00Z", null, [{ p: starter, quantity: 1, total: 499 }]),
    t1: await order("ada", "paid", "2026-11-25T10:00:00Z", "2026-11-25T10:05:00Z", [
      { p: starter, quantity: 1, total: 499 },
    ]),
    refunded: await order("cy", "refunded", "2026-11-26T09:00:00Z", "2026-11-26T09:01:00Z", [
      { p: creator, quantity: 1, total: 1999 },
    ]),
    // Placed just before midnight, paid just after: an order of the 27th, money of the 28th.
    midnight: await order("bob", "paid", "2026-11-27T23:59:00Z", "2026-11-28T00:01:00Z", [
      { p: starter, quantity: 2, total: 998 },
      { p: creator, quantity: 1, total: 1999 },
    ]),
    pending: await order("ada", "pending", "2026-11-29T10:00:00Z", null, [{ p: starter, quantity: 1, total: 499 }]),
    failed: await order("bob", "failed", "2026-11-29T11:00:00Z", null, [{ p: creator, quantity: 1, total: 1999 }]),
    euro: await order(
      "cy",
      "paid",
      "2026-11-30T09:00:00Z",
      "2026-11-30T09:00:30Z",
      [{ p: studio, quantity: 1, total: 900 }],
      "EUR",
    ),
    // Inside 30 days only, and before both ranges.
    november: await order("ada", "paid", "2026-11-10T08:00:00Z", "2026-11-10T08:01:00Z", [
      { p: creator, quantity: 1, total: 1999 },
    ]),
    october: await order("old", "paid", "2026-10-15T08:00:00Z", "2026-10-15T08:01:00Z", [
      { p: starter, quantity: 1, total: 499 },
    ]),
  };
  return { ids, starter, creator, studio };
}

async function seedReportsAndErrors() {
  const art = () => {
    const id = randomUUID();
    return publishedArtworkRow("ada", `Art ${id.slice(0, 4)}`, { id });
  };
  const [a1, a2] = [art(), art()];
  await t.db.insert(artworks).values([a1, a2]);
  await t.db.insert(artworkReports).values([
    { artworkId: a1.id, reporterId: "bob", reason: "spam", createdAt: at("2026-11-28") },
    { artworkId: a1.id, reporterId: "cy", reason: "spam", createdAt: at("2026-11-01") },
    { artworkId: a2.id, reporterId: "old", reason: "other", createdAt: at("2026-10-01") },
    {
      artworkId: a2.id,
      reporterId: "bob",
      reason: "spam",
      status: "dismissed",
      createdAt: at("2026-11-29"),
      resolvedAt: at("2026-11-29"),
    },
  ]);
  await t.db.insert(errorReports).values([
    {
      errorReportBySystem: "TypeError: newest",
      whatPlatform: "Client",
      whatPage: "/ai/ai-text-to-art",
      createdDate: at("2026-11-30T08:00:00Z"),
    },
    { errorReportBySystem: "Server boom", whatPlatform: "Server", createdDate: at("2026-11-25") },
    { errorReportBySystem: "Client in November", whatPlatform: "Client", createdDate: at("2026-11-20") },
    { errorReportBySystem: "Server in October", whatPlatform: "Server", createdDate: at("2026-10-01") },
  ]);
}

async function seedAll() {
  await seedUsers();
  await seedGenerations();
  await seedLedger();
  const orders = await seedOrders();
  await seedReportsAndErrors();
  return orders;
}

describe("the dashboard query", () => {
  it("takes 7, 30 or 90 days and falls back to 30", () => {
    expect(dashboardQuery.parse({})).toEqual({ days: 30 });
    expect(dashboardQuery.parse({ days: "7" })).toEqual({ days: 7 });
    expect(dashboardQuery.parse({ days: "90" })).toEqual({ days: 90 });
    expect(dashboardQuery.parse({ days: "8" })).toEqual({ days: 30 });
    expect(dashboardQuery.parse({ days: "7; drop table" })).toEqual({ days: 30 });
  });

  it("covers whole UTC days ending today", () => {
    const range = dashboardRange(7, NOW);
    expect(range.start.toISOString()).toBe("2026-11-24T00:00:00.000Z");
    expect(range.end.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(range.dates).toEqual([
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
      "2026-11-30",
    ]);
    expect(dashboardRange(90, NOW).dates).toHaveLength(90);
  });
});

describe("the dashboard's figures", () => {
  it("shows zeros and zero-filled days on an empty database", async () => {
    const d = await loadDashboard(t.db, { days: 30, now: NOW });
    expect(d.users).toEqual({ total: 0, new: 0, newVerified: 0, verified: 0, unverified: 0, banned: 0, admins: 0 });
    expect(d.generations).toEqual({
      total: 0,
      succeeded: 0,
      failed: 0,
      canceled: 0,
      active: 0,
      refunded: 0,
      byMode: [],
      byEngine: [],
    });
    expect(d.tokens).toEqual({
      granted: 0,
      sold: 0,
      spent: 0,
      refundedToCreators: 0,
      takenBackByRefunds: 0,
      removedByAdmins: 0,
      held: 0,
    });
    expect(d.orders).toEqual({ total: 0, pending: 0, paid: 0, failed: 0, canceled: 0, refunded: 0 });
    expect(d.revenue).toHaveLength(1);
    expect(d.revenue[0]).toMatchObject({ currency: "USD", sales: 0, grossMinor: 0, refundedMinor: 0, netMinor: 0 });
    expect(d.revenue[0]!.days).toHaveLength(30);
    expect(d.revenue[0]!.days.every((p) => p.amountMinor === 0)).toBe(true);
    expect(d.topProducts).toEqual([]);
    expect(d.reports).toEqual({ open: 0, openArtworks: 0, newInRange: 0 });
    expect(d.errors).toEqual({ total: 0, client: 0, server: 0 });
    expect(d.recentTransactions).toEqual([]);
    expect(d.recentErrors).toEqual([]);
    // Plain JSON: what the loader sends survives a round trip unchanged.
    expect(JSON.parse(JSON.stringify(d))).toEqual(d);
  });

  it("counts the last 7 days exactly, edges included", async () => {
    const { ids, starter, creator, studio } = await seedAll();
    const d = await loadDashboard(t.db, { days: 7, now: NOW });
    expect(d).toMatchObject({ days: 7, from: "2026-11-24", to: "2026-11-30" });
    expect(d.users).toEqual({ total: 4, new: 2, newVerified: 1, verified: 3, unverified: 1, banned: 1, admins: 1 });
    expect(d.generations).toEqual({
      total: 5,
      succeeded: 2,
      failed: 1,
      canceled: 1,
      active: 1,
      refunded: 1,
      byMode: [
        { mode: "text", count: 4 },
        { mode: "image", count: 1 },
      ],
      byEngine: [{ engineId: "studio", label: "Studio", count: 5 }],
    });
    expect(d.tokens).toEqual({
      granted: 145,
      sold: 500,
      spent: 6,
      refundedToCreators: 4,
      takenBackByRefunds: 100,
      removedByAdmins: 5,
      held: 1244,
    });
    expect(d.orders).toEqual({ total: 7, pending: 1, paid: 4, failed: 1, canceled: 0, refunded: 1 });

    const [usd, eur] = d.revenue;
    expect(d.revenue.map((r) => r.currency)).toEqual(["USD", "EUR"]);
    expect(usd).toMatchObject({ sales: 4, grossMinor: 5994, refunds: 1, refundedMinor: 1999, netMinor: 3995 });
    expect(usd!.days).toEqual([
      { date: "2026-11-24", amountMinor: 499 },
      { date: "2026-11-25", amountMinor: 499 },
      { date: "2026-11-26", amountMinor: 0 },
      { date: "2026-11-27", amountMinor: 0 },
      { date: "2026-11-28", amountMinor: 2997 },
      { date: "2026-11-29", amountMinor: 0 },
      { date: "2026-11-30", amountMinor: 0 },
    ]);
    expect(eur).toMatchObject({ sales: 1, grossMinor: 900, netMinor: 900 });
    expect(eur!.days.map((p) => p.amountMinor)).toEqual([0, 0, 0, 0, 0, 0, 900]);

    expect(d.topProducts).toEqual([
      { productId: starter.id, name: "Starter", currency: "USD", units: 4, revenueMinor: 1996 },
      { productId: creator.id, name: "Creator", currency: "USD", units: 1, revenueMinor: 1999 },
      { productId: studio.id, name: "Studio", currency: "EUR", units: 1, revenueMinor: 900 },
    ]);
    expect(d.reports).toEqual({ open: 3, openArtworks: 2, newInRange: 2 });
    expect(d.errors).toEqual({ total: 2, client: 1, server: 1 });
    expect(d.recentTransactions.map((r) => r.id)).toEqual([
      ids.euro,
      ids.failed,
      ids.pending,
      ids.midnight,
      ids.refunded,
      ids.t1,
    ]);
    expect(d.recentTransactions[0]).toMatchObject({
      status: "paid",
      currency: "EUR",
      totalMinor: 900,
      userEmail: "cy@example.test",
      createdAt: "2026-11-30T09:00:00.000Z",
    });
    expect(d.recentErrors.map((r) => r.message)).toEqual(["TypeError: newest", "Server boom"]);
  });

  it("widens to 30 days", async () => {
    const { creator, starter } = await seedAll();
    const d = await loadDashboard(t.db, { days: 30, now: NOW });
    expect(d).toMatchObject({ days: 30, from: "2026-11-01", to: "2026-11-30" });
    expect(d.users).toMatchObject({ total: 4, new: 3, newVerified: 2 });
    expect(d.generations).toMatchObject({
      total: 6,
      byMode: [
        { mode: "text", count: 4 },
        { mode: "doodle", count: 1 },
        { mode: "image", count: 1 },
      ],
      byEngine: [
        { engineId: "studio", label: "Studio", count: 5 },
        { engineId: "sdxl", label: "Remote SDXL", count: 1 },
      ],
    });
    expect(d.tokens).toEqual({
      granted: 195,
      sold: 1700,
      spent: 14,
      refundedToCreators: 4,
      takenBackByRefunds: 100,
      removedByAdmins: 5,
      held: 1244,
    });
    expect(d.orders).toMatchObject({ total: 8, paid: 5 });
    const usd = d.revenue[0]!;
    expect(usd).toMatchObject({ currency: "USD", sales: 5, grossMinor: 7993, netMinor: 5994 });
    expect(usd.days).toHaveLength(30);
    expect(usd.days.map((p) => p.date)).toEqual(dashboardRange(30, NOW).dates);
    expect(usd.days.find((p) => p.date === "2026-11-10")).toEqual({ date: "2026-11-10", amountMinor: 1999 });
    expect(usd.days.reduce((sum, p) => sum + p.amountMinor, 0)).toBe(usd.netMinor);
    // Starter still sold more units than Creator, though Creator brought in more.
    expect(d.topProducts.map((p) => [p.name, p.units, p.revenueMinor])).toEqual([
      ["Starter", 4, 1996],
      ["Creator", 2, 3998],
      ["Studio", 1, 900],
    ]);
    expect(d.topProducts[1]!.productId).toBe(creator.id);
    expect(d.topProducts[0]!.productId).toBe(starter.id);
    expect(d.reports).toEqual({ open: 3, openArtworks: 2, newInRange: 3 });
    expect(d.errors).toEqual({ total: 3, client: 2, server: 1 });
  });

  it("orders top products by units, then revenue, and names them as the shop does now", async () => {
    const { starter, creator } = await seedAll();
    await t.db.update(products).set({ name: "Starter pack" }).where(eq(products.id, starter.id));
    // Three more Creator packs this week: now it leads.
    const [row] = await t.db
      .insert(transactions)
      .values({
        userId: "bob",
        status: "paid",
        provider: "sandbox",
        currency: "USD",
        subtotalMinor: 5997,
        totalMinor: 5997,
        tokens: 300,
        createdAt: at("2026-11-29"),
        paidAt: at("2026-11-29"),
      })
      .returning();
    await t.db.insert(transactionLines).values({
      transactionId: row!.id,
      productId: creator.id,
      productName: "Creator",
      unitPriceMinor: 1999,
      quantity: 3,
      unitTokens: 100,
      lineTotalMinor: 5997,
    });
    const d = await loadDashboard(t.db, { days: 7, now: NOW });
    expect(d.topProducts.map((p) => [p.name, p.units])).toEqual([
      ["Creator", 4],
      ["Starter pack", 4],
      ["Studio", 1],
    ]);
  });
});

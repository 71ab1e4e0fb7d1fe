/**
 * Commerce on a real database (PGlite and PostgreSQL) with the embedded sandbox provider:
 * server-side pricing, discounts' edge cases, checkout → sandbox payment → signed webhook →
 * credit (once, however often delivered), declines, reconciliation, refunds that never take a
 * balance below zero, exact limits under concurrency (codes, redeem codes), receipts with a PDF
 * through the outbox, and the pre-registration bonus.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, checkoutInput, quoteInput } from "../../app/lib/commerce";
import { CommerceError } from "../../server/commerce/errors";
import { creditPreRegistrationBonus, preRegister } from "../../server/commerce/pre-registration";
import { priceOrder, spreadDiscount } from "../../server/commerce/pricing";
import { type DEMO_PRODUCTS, listShopProducts, seedDemoShop } from "../../server/commerce/products";
import { sendReceiptJob } from "../../server/commerce/receipts";
import { redeemCode } from "../../server/commerce/redeem-codes";
import { refundTransaction } from "../../server/commerce/refunds";
import {
  deliverSandboxWebhookJob,
  expireSandboxCheckout,
  paySandboxCheckout,
  sandboxEventBody,
  sandboxWebhookSecret,
  signSandboxPayload,
} from "../../server/commerce/payments/sandbox";
import {
  cancelTransaction,
  closeTransaction,
  getUserTransaction,
  listUserTransactions,
  reconcileTransactions,
  settleTransaction,
  startCheckout,
} from "../../server/commerce/transactions";
import { handlePaymentWebhook } from "../../server/commerce/webhooks";
import { mergeCart, getCart } from "../../server/commerce/cart";
import {
  auditLog,
  discountRedemptions,
  discounts,
  emailOutbox,
  errorReports,
  preRegistrations,
  products,
  redeemCodes,
  sandboxPayments,
  tokenLedger,
  transactions,
  user,
} from "../../server/db/schema";
import { applyTokenMovement, getTokenBalance, sumTokenLedger } from "../../server/generation/ledger";
import { startJobQueue, stopJobQueue } from "../../server/jobs/queue";
import { sendEmailJob } from "../../server/notify/send-email";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();

beforeAll(async () => {
  // Jobs are queued (webhook deliveries, receipts, emails) but run only where a test runs them.
  await startJobQueue(t.target, t.handle, {
    definitions: [sendReceiptJob, sendEmailJob, deliverSandboxWebhookJob] as never,
    work: false,
  });
});
afterAll(() => stopJobQueue());

async function createUser(id: string) {
  await t.db.insert(user).values({ id, name: `User ${id}`, email: `${id}@example.test`, emailVerified: true });
  return { userId: id, email: `${id}@example.test` };
}

async function shop() {
  await seedDemoShop(t.db);
  const list = await listShopProducts(t.db);
  const byName = Object.fromEntries(list.map((p) => [p.name, p])) as Record<
    (typeof DEMO_PRODUCTS)[number]["name"],
    (typeof list)[number]
  >;
  return byName;
}

async function addDiscount(values: Partial<typeof discounts.$inferInsert> & { code: string }) {
  const [row] = await t.db
    .insert(discounts)
    .values({ kind: "percent", value: 10, ...values })
    .returning();
  return row!;
}

async function refusal(run: Promise<unknown>): Promise<CommerceError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CommerceError);
  return error as CommerceError;
}

const checkout = (items: { productId: string; quantity: number }[], code = "") => checkoutInput.parse({ items, code });

/** What the sandbox sends after a payment: a signed delivery of an event about the checkout. */
function signedDelivery(type: string, checkoutId: string) {
  const body = sandboxEventBody(type, checkoutId);
  return {
    body,
    headers: new Headers({
      "content-type": "application/json",
      "atelier-sandbox-signature": signSandboxPayload(body, sandboxWebhookSecret()),
    }),
  };
}

async function sessionOf(transactionId: string): Promise<string> {
  const [row] = await t.db
    .select({ session: transactions.providerSessionId })
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  return row!.session!;
}

const CARD = { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };

describe("pricing", () => {
  it("prices from the product table and ignores prices and tokens a browser sends", async () => {
    const packs = await shop();
    const input = quoteInput.parse({
      items: [
        { productId: packs.Creator.id, quantity: 2, priceMinor: 1, tokens: 999_999 },
        { productId: packs.Starter.id, quantity: 1 },
      ],
      totalMinor: 1,
    });
    const quote = await priceOrder(t.db, input);
    expect(quote).toMatchObject({
      currency: "USD",
      subtotalMinor: 2 * 999 + 499,
      totalMinor: 2 * 999 + 499,
      tokens: 2 * 1300 + 500,
      codeError: null,
    });
    expect(quote.lines.map((l) => [l.name, l.quantity, l.unitPriceMinor])).toEqual([
      ["Creator", 2, 999],
      ["Starter", 1, 499],
    ]);
  });

  it("refuses quantities below one or absurd, unknown and withdrawn packs", async () => {
    const packs = await shop();
    for (const quantity of [0, -3, 1.5, 21, 1e9])
      expect(quoteInput.safeParse({ items: [{ productId: packs.Creator.id, quantity }] }).success).toBe(false);
    expect(
      quoteInput.safeParse({
        items: Array.from({ length: 11 }, () => ({ productId: crypto.randomUUID(), quantity: 1 })),
      }).success,
    ).toBe(false);
    expect((await refusal(priceOrder(t.db, { items: [{ productId: crypto.randomUUID(), quantity: 1 }] }))).code).toBe(
      "unknown_product",
    );
    await t.db.update(products).set({ active: false }).where(eq(products.id, packs.Studio.id));
    const inactive = await refusal(priceOrder(t.db, { items: [{ productId: packs.Studio.id, quantity: 1 }] }));
    expect(inactive.message).toBe("The Studio pack is no longer sold. Remove it from your cart to continue.");
  });

  it("spreads a discount over lines in whole units that add up exactly", () => {
    expect(spreadDiscount(100, [333, 333, 334])).toEqual([33, 33, 34]);
    expect(spreadDiscount(7, [1, 1, 1])).toEqual([3, 2, 2]);
    expect(spreadDiscount(0, [5, 5])).toEqual([0, 0]);
    for (let i = 0; i < 50; i++) {
      const amounts = Array.from({ length: 1 + (i % 4) }, (_, k) => 1 + ((i * 37 + k * 101) % 5000));
      const total = Math.floor(amounts.reduce((a, b) => a + b) * ((i % 10) / 10));
      const parts = spreadDiscount(total, amounts);
      expect(parts.reduce((a, b) => a + b)).toBe(total);
      for (const [k, p] of parts.entries()) expect(p).toBeLessThanOrEqual(amounts[k]!);
    }
  });
});

describe("discount codes", () => {
  it("applies percent and fixed codes, in any case, never below zero", async () => {
    const packs = await shop();
    await addDiscount({ code: "TENOFF", kind: "percent", value: 10 });
    await addDiscount({ code: "FIVE", kind: "fixed", value: 500 });
    await addDiscount({ code: "HUGE", kind: "fixed", value: 100_000 });
    const items = [{ productId: packs.Creator.id, quantity: 1 }];
    expect(await priceOrder(t.db, { items, code: "tenoff" })).toMatchObject({
      discountMinor: 99,
      totalMinor: 900,
      discount: { code: "TENOFF", label: "TENOFF · 10% off" },
    });
    expect(await priceOrder(t.db, { items, code: "FIVE" })).toMatchObject({ discountMinor: 500, totalMinor: 499 });
    expect(await priceOrder(t.db, { items, code: "HUGE" })).toMatchObject({ discountMinor: 999, totalMinor: 0 });
  });

  it("says why a code does not apply", async () => {
    const packs = await shop();
    const now = new Date("2026-12-01T12:00:00Z");
    await addDiscount({ code: "LATER", validFrom: new Date("2026-12-24T00:00:00Z") });
    await addDiscount({ code: "OLD", validUntil: new Date("2026-11-30T00:00:00Z") });
    await addDiscount({ code: "OFF", active: false });
    await addDiscount({ code: "BIG", minOrderMinor: 2000 });
    await addDiscount({ code: "STUDIOONLY", productIds: [packs.Studio.id] });
    await addDiscount({ code: "EUROS", kind: "fixed", value: 100, currency: "EUR" });
    await addDiscount({ code: "GONE", maxRedemptions: 3, redemptions: 3 });
    const items = [{ productId: packs.Creator.id, quantity: 1 }];
    const why = async (code: string) => (await priceOrder(t.db, { items, code }, { now })).codeError;
    expect(await why("NOPE")).toBe("We don't know this code. Check the spelling.");
    expect(await why("OFF")).toBe("We don't know this code. Check the spelling.");
    expect(await why("LATER")).toBe("This code is not valid yet.");
    expect(await why("OLD")).toBe("This code has expired.");
    expect(await why("BIG")).toBe("This code needs an order of at least $20.00.");
    expect(await why("STUDIOONLY")).toBe("This code does not apply to the packs in your cart.");
    expect(await why("EUROS")).toBe("This code is for orders in EUR.");
    expect(await why("GONE")).toBe("This code has been used up.");
    // A code limited to some packs discounts those lines only.
    const mixed = await priceOrder(
      t.db,
      { items: [...items, { productId: packs.Studio.id, quantity: 1 }], code: "STUDIOONLY" },
      { now },
    );
    expect(mixed).toMatchObject({ discountMinor: 219, totalMinor: 999 + 2199 - 219 });
    expect(mixed.lines.map((l) => l.discountMinor)).toEqual([0, 219]);
    // The checkout refuses an order whose code does not apply, naming the reason.
    const ada = await createUser("ada");
    const refused = await refusal(startCheckout(t.db, ada, checkout(items, "OLD"), { baseUrl: "", now }));
    expect(refused).toMatchObject({
      status: 409,
      message: "This code has expired.",
      fields: { code: ["This code has expired."] },
    });
  });

  it("holds exactly as many redemptions as a code allows when 50 buyers race for 10", async () => {
    const packs = await shop();
    const code = await addDiscount({ code: "TEN", maxRedemptions: 10 });
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => createUser(`racer${i}`)));
    const results = await Promise.allSettled(
      buyers.map((b) =>
        startCheckout(t.db, b, checkout([{ productId: packs.Starter.id, quantity: 1 }], "TEN"), { baseUrl: "" }),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    expect(ok).toHaveLength(10);
    for (const r of results)
      if (r.status === "rejected") expect((r.reason as CommerceError).message).toBe("This code has been used up.");
    const [row] = await t.db.select().from(discounts).where(eq(discounts.id, code.id));
    expect(row!.redemptions).toBe(10);
    const [held] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.discountId, code.id));
    expect(held!.n).toBe(10);
  });

  it("refuses a code a user has used, and gives a code back when its payment fails", async () => {
    const packs = await shop();
    await addDiscount({ code: "ONCE", maxPerUser: 1, maxRedemptions: 1 });
    const ada = await createUser("ada");
    const items = [{ productId: packs.Starter.id, quantity: 1 }];
    const first = await startCheckout(t.db, ada, checkout(items, "ONCE"), { baseUrl: "" });
    expect((await refusal(startCheckout(t.db, ada, checkout(items, "ONCE"), { baseUrl: "" }))).message).toBe(
      "You have already used this code.",
    );
    expect((await priceOrder(t.db, { items, code: "ONCE" }, { userId: ada.userId })).codeError).toBe(
      "You have already used this code.",
    );
    expect((await priceOrder(t.db, { items, code: "ONCE" })).codeError).toBe("This code has been used up.");
    // Declined: the redemption is released, so the code works again.
    const result = await paySandboxCheckout(t.db, await sessionOf(first.transactionId), {
      ...CARD,
      number: "4000 0000 0000 0002",
    });
    expect(result).toMatchObject({ kind: "declined", message: "Your card was declined." });
    await settleTransaction(t.db, first.transactionId, "test");
    const [discount] = await t.db.select().from(discounts).where(eq(discounts.code, "ONCE"));
    expect(discount!.redemptions).toBe(0);
    const again = await priceOrder(t.db, { items, code: "ONCE" }, { userId: ada.userId });
    expect(again.codeError).toBeNull();
  });
});

describe("checkout and payment on the sandbox", () => {
  it("credits once when the sandbox reports a payment, however often the webhook is delivered", async () => {
    const packs = await shop();
    const ada = await createUser("ada");
    await addDiscount({ code: "WELCOME", value: 20 });
    const start = await startCheckout(t.db, ada, checkout([{ productId: packs.Creator.id, quantity: 2 }], "WELCOME"), {
      baseUrl: "http://shop.test",
    });
    expect(start.redirectTo).toMatch(/^\/sandbox\/checkout\?session=cs_sbx_/);
    const session = await sessionOf(start.transactionId);
    const [sandbox] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, session));
    expect(sandbox).toMatchObject({
      amountMinor: 1998 - 399,
      currency: "USD",
      reference: start.transactionId,
      status: "open",
    });
    expect(sandbox!.successUrl).toBe(
      `http://shop.test/product-payment?transaction=${start.transactionId}&checkout={CHECKOUT_SESSION_ID}`,
    );

    // A webhook before the payment changes nothing.
    const early = signedDelivery("checkout.session.completed", session);
    expect(await handlePaymentWebhook(t.db, "sandbox", early.body, early.headers)).toMatchObject({ status: "pending" });
    expect(await getTokenBalance(t.db, ada.userId)).toBe(0);

    const paid = await paySandboxCheckout(t.db, session, CARD);
    expect(paid).toEqual({
      kind: "paid",
      redirectTo: `http://shop.test/product-payment?transaction=${start.transactionId}&checkout=${session}`,
    });
    const delivery = signedDelivery("checkout.session.completed", session);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => handlePaymentWebhook(t.db, "sandbox", delivery.body, delivery.headers)),
    );
    expect(outcomes.filter((o) => !o.duplicate)).toHaveLength(1);
    expect(outcomes.every((o) => o.status === "paid")).toBe(true);
    expect(await getTokenBalance(t.db, ada.userId)).toBe(2600);
    expect(await sumTokenLedger(t.db, ada.userId)).toBe(2600);
    const view = await getUserTransaction(t.db, ada.userId, start.transactionId);
    expect(view).toMatchObject({
      status: "paid",
      totalMinor: 1599,
      discountMinor: 399,
      discountCode: "WELCOME",
      tokens: 2600,
      balance: 2600,
    });
    expect(view!.events.map((e) => e.status)).toEqual(["pending", "paid"]);
    // Another user cannot read it.
    await createUser("bob");
    expect(await getUserTransaction(t.db, "bob", start.transactionId)).toBeNull();
  });

  it("refuses deliveries with a bad signature, a stale timestamp or an unknown checkout", async () => {
    const packs = await shop();
    const ada = await createUser("ada");
    const start = await startCheckout(t.db, ada, checkout([{ productId: packs.Starter.id, quantity: 1 }]), {
      baseUrl: "",
    });
    const session = await sessionOf(start.transactionId);
    await paySandboxCheckout(t.db, session, CARD);
    const body = sandboxEventBody("checkout.session.completed", session);
    const forged = new Headers({ "atelier-sandbox-signature": signSandboxPayload(body, "not-the-secret") });
    expect(await refusal(handlePaymentWebhook(t.db, "sandbox", body, forged))).toMatchObject({
      status: 400,
      code: "bad_signature",
    });
    const stale = new Headers({
      "atelier-sandbox-signature": signSandboxPayload(
        body,
        sandboxWebhookSecret(),
        Math.floor(Date.now() / 1000) - 3600,
      ),
    });
    expect((await refusal(handlePaymentWebhook(t.db, "sandbox", body, stale))).message).toMatch(/too old/);
    const tampered = new Headers({ "atelier-sandbox-signature": signSandboxPayload(body, sandboxWebhookSecret()) });
    expect(
      (await refusal(handlePaymentWebhook(t.db, "sandbox", body.replace(session, "cs_sbx_other"), tampered))).code,
    ).toBe("bad_signature");
    const unknown = signedDelivery("checkout.session.completed", "cs_sbx_unknown");
    expect((await refusal(handlePaymentWebhook(t.db, "sandbox", unknown.body, unknown.headers))).status).toBe(404);
    expect(await getTokenBalance(t.db, ada.userId)).toBe(0);
  });

  it("leaves nothing credited after a decline, and lets the buyer confirm or refuse a payment that asks", async () => {
    const packs = await shop();
    const ada = await createUser("ada");
    const items = [{ productId: packs.Starter.id, quantity: 1 }];
    const declined = await startCheckout(t.db, ada, checkout(items), { baseUrl: "" });
    const invalid = await paySandboxCheckout(t.db, await sessionOf(declined.transactionId), {
      number: "1234",
      expiry: "13/20",
      cvc: "x",
    });
    expect(invalid).toMatchObject({
      kind: "invalid",
      fields: {
        number: ["Enter the card number: 16 digits"],
        expiry: ["Enter the expiry as MM/YY"],
        cvc: ["Enter the 3 digits on the back"],
      },
    });
    expect(
      await paySandboxCheckout(t.db, await sessionOf(declined.transactionId), { ...CARD, expiry: "01/20" }),
    ).toMatchObject({ fields: { expiry: ["This card has expired"] } });
    expect(
      await paySandboxCheckout(t.db, await sessionOf(declined.transactionId), {
        ...CARD,
        number: "5555 5555 5555 4444",
      }),
    ).toMatchObject({ kind: "invalid" });
    await paySandboxCheckout(t.db, await sessionOf(declined.transactionId), { ...CARD, number: "4000000000009995" });
    expect(await settleTransaction(t.db, declined.transactionId, "test")).toMatchObject({
      status: "failed",
      failureMessage: "Your card has insufficient funds.",
    });

    const confirmed = await startCheckout(t.db, ada, checkout(items), { baseUrl: "" });
    const { confirmSandboxCheckout } = await import("../../server/commerce/payments/sandbox");
    expect(
      await paySandboxCheckout(t.db, await sessionOf(confirmed.transactionId), {
        ...CARD,
        number: "4000 0025 0000 3155",
      }),
    ).toEqual({ kind: "confirm" });
    expect(await settleTransaction(t.db, confirmed.transactionId, "test")).toMatchObject({ status: "pending" });
    await confirmSandboxCheckout(t.db, await sessionOf(confirmed.transactionId), true);
    expect(await settleTransaction(t.db, confirmed.transactionId, "test")).toMatchObject({ status: "paid" });

    const abandoned = await startCheckout(t.db, ada, checkout(items), { baseUrl: "" });
    await expireSandboxCheckout(t.db, await sessionOf(abandoned.transactionId));
    expect(await settleTransaction(t.db, abandoned.transactionId, "test")).toMatchObject({ status: "canceled" });
    expect(await getTokenBalance(t.db, ada.userId)).toBe(500);
  });

  it("recovers a lost webhook by reconciliation, and cancels checkouts abandoned for a day", async () => {
    const packs = await shop();
    const ada = await createUser("ada");
    const items = [{ productId: packs.Starter.id, quantity: 1 }];
    const paid = await startCheckout(t.db, ada, checkout(items), { baseUrl: "" });
    await paySandboxCheckout(t.db, await sessionOf(paid.transactionId), CARD);
    const left = await startCheckout(t.db, ada, checkout(items), { baseUrl: "" });
    const later = new Date(Date.now() + 10 * 60_000);
    expect(await reconcileTransactions(t.db, { now: later })).toEqual({ settled: 1, abandoned: 0 });
    expect(await getTokenBalance(t.db, ada.userId)).toBe(500);
    expect(await reconcileTransactions(t.db, { now: new Date(Date.now() + 25 * 60 * 60_000) })).toEqual({
      settled: 0,
      abandoned: 1,
    });
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, left.transactionId));
    expect(row!.status).toBe("canceled");
    const [sandbox] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, row!.providerSessionId!));
    expect(sandbox!.status).toBe("expired");
  });

  it("credits a payment that arrives after the transaction was closed on our side, and reports it", async () => {
    const packs = await shop();
    const ada = await createUser("ada");
    const start = await startCheckout(t.db, ada, checkout([{ productId: packs.Starter.id, quantity: 1 }]), {
      baseUrl: "",
    });
    await closeTransaction(t.db, start.transactionId, "canceled", {
      source: "test",
      failureMessage: "Closed too early.",
    });
    await paySandboxCheckout(t.db, await sessionOf(start.transactionId), CARD);
    expect(await settleTransaction(t.db, start.transactionId, "late webhook")).toMatchObject({ status: "paid" });
    expect(await getTokenBalance(t.db, ada.userId)).toBe(500);
    const reports = await t.db.select().from(errorReports);
    expect(reports.map((r) => r.errorReportBySystem)).toEqual([
      expect.stringMatching(/was canceled on our side but paid at the provider/),
    ]);
  });

  it("cancels an open checkout at the buyer's word, and refuses ids that are not purchases", async () => {
    const packs = await shop();
    const ada = await createUser("ada");
    const start = await startCheckout(t.db, ada, checkout([{ productId: packs.Starter.id, quantity: 1 }]), {
      baseUrl: "",
    });
    expect(await cancelTransaction(t.db, "bob", start.transactionId)).toBeNull();
    expect(await cancelTransaction(t.db, ada.userId, "------------------------------------")).toBeNull();
    expect(await cancelTransaction(t.db, ada.userId, start.transactionId)).toMatchObject({ status: "canceled" });
    const [sandbox] = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, await sessionOf(start.transactionId)));
    expect(sandbox!.status).toBe("expired");
    // The sandbox page can no longer take it.
    expect(await paySandboxCheckout(t.db, sandbox!.id, CARD)).toMatchObject({ kind: "closed" });
  });

  it("lists a buyer's purchases newest first, each with its own lines and history, who moved it left out", async () => {
    const packs = await shop();
    const ada = await createUser("ada");
    const bob = await createUser("bob");
    const paid = await startCheckout(t.db, ada, checkout([{ productId: packs.Starter.id, quantity: 1 }]), {
      baseUrl: "",
    });
    await paySandboxCheckout(t.db, await sessionOf(paid.transactionId), CARD);
    await settleTransaction(t.db, paid.transactionId, "return");
    const canceled = await startCheckout(
      t.db,
      ada,
      checkout([
        { productId: packs.Creator.id, quantity: 2 },
        { productId: packs.Starter.id, quantity: 1 },
      ]),
      { baseUrl: "" },
    );
    await closeTransaction(t.db, canceled.transactionId, "canceled", { source: "admin", failureMessage: "Canceled." });
    await startCheckout(t.db, bob, checkout([{ productId: packs.Starter.id, quantity: 3 }]), { baseUrl: "" });
    await t.db
      .update(transactions)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(transactions.id, paid.transactionId));

    const list = await listUserTransactions(t.db, ada.userId);
    expect(list.map((v) => [v.id, v.status])).toEqual([
      [canceled.transactionId, "canceled"],
      [paid.transactionId, "paid"],
    ]);
    expect(list[0]!.lines.map((l) => [l.name, l.quantity]).sort()).toEqual([
      ["Creator", 2],
      ["Starter", 1],
    ]);
    expect(list[1]!.lines.map((l) => [l.name, l.quantity])).toEqual([["Starter", 1]]);
    expect(list[0]!.events.map((e) => e.status)).toEqual(["pending", "canceled"]);
    expect(list[1]!.events.map((e) => e.status)).toEqual(["pending", "paid"]);
    expect(list.flatMap((v) => v.events).every((e) => e.source === "" && e.note === null)).toBe(true);
    // Each view equals the one read on its own.
    const { balance: _balance, ...single } = (await getUserTransaction(t.db, ada.userId, canceled.transactionId))!;
    expect({ ...list[0]!, lines: [...list[0]!.lines].sort((a, b) => a.name.localeCompare(b.name)) }).toEqual({
      ...single,
      lines: [...single.lines].sort((a, b) => a.name.localeCompare(b.name)),
    });
    expect(await listUserTransactions(t.db, "nobody")).toEqual([]);
  });

  it("keeps reconciling when one transaction's provider cannot be asked", async () => {
    const packs = await shop();
    const ada = await createUser("ada");
    // A Stripe purchase from before the keys were removed: Stripe is not configured here.
    await t.db.insert(transactions).values({
      userId: ada.userId,
      provider: "stripe",
      providerSessionId: "cs_test_gone",
      currency: "USD",
      subtotalMinor: 499,
      totalMinor: 499,
      tokens: 500,
      createdAt: new Date(Date.now() - 60 * 60_000),
    });
    const paid = await startCheckout(t.db, ada, checkout([{ productId: packs.Starter.id, quantity: 1 }]), {
      baseUrl: "",
    });
    await paySandboxCheckout(t.db, await sessionOf(paid.transactionId), CARD);
    expect(await reconcileTransactions(t.db, { now: new Date(Date.now() + 10 * 60_000) })).toEqual({
      settled: 1,
      abandoned: 0,
    });
    expect(await getTokenBalance(t.db, ada.userId)).toBe(500);
  });

  it("completes a free order (a 100% code) without a provider", async () => {
    const packs = await shop();
    const ada = await createUser("ada");
    await addDiscount({ code: "FREE", value: 100 });
    const start = await startCheckout(t.db, ada, checkout([{ productId: packs.Starter.id, quantity: 1 }], "FREE"), {
      baseUrl: "",
    });
    expect(start.redirectTo).toBe(`/product-payment?transaction=${start.transactionId}`);
    expect(await getUserTransaction(t.db, ada.userId, start.transactionId)).toMatchObject({
      status: "paid",
      totalMinor: 0,
      provider: "none",
      balance: 500,
    });
  });
});

describe("refunds", () => {
  it("takes back what is left and never goes below zero, saying what was spent", async () => {
    const packs = await shop();
    const ada = await createUser("ada");
    const start = await startCheckout(t.db, ada, checkout([{ productId: packs.Starter.id, quantity: 1 }]), {
      baseUrl: "",
    });
    await paySandboxCheckout(t.db, await sessionOf(start.transactionId), CARD);
    await settleTransaction(t.db, start.transactionId, "test");
    await applyTokenMovement(t.db, { userId: ada.userId, amount: -320, reason: "generation", idempotencyKey: "spent" });
    await createUser("admin-x");
    const result = await refundTransaction(t.db, start.transactionId, {
      actor: { userUid: "admin-x", email: "admin@example.test" },
      reason: "asked within 14 days",
    });
    expect(result).toEqual({
      refundedMinor: 499,
      reversedTokens: 180,
      unrecoveredTokens: 320,
      message: "Refunded the payment and took back 180 of 500 tokens; 320 were already spent.",
    });
    expect(await getTokenBalance(t.db, ada.userId)).toBe(0);
    expect(await sumTokenLedger(t.db, ada.userId)).toBe(0);
    expect(
      (
        await refusal(
          refundTransaction(t.db, start.transactionId, {
            actor: { userUid: "admin-x", email: "admin@example.test" },
            reason: "again",
          }),
        )
      ).code,
    ).toBe("already_refunded");
    const [sandbox] = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, await sessionOf(start.transactionId)));
    expect(sandbox!.refundedMinor).toBe(499);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, start.transactionId));
    expect(audit).toMatchObject({
      action: "transaction.refund",
      actorId: "admin-x",
      after: { status: "refunded", reason: "asked within 14 days", unrecoveredTokens: 320 },
    });
  });
});

describe("receipts", () => {
  it("emails a receipt with a PDF invoice through the attachment path, once", async () => {
    const packs = await shop();
    const ada = await createUser("ada");
    const start = await startCheckout(t.db, ada, checkout([{ productId: packs.Creator.id, quantity: 1 }]), {
      baseUrl: "",
    });
    await paySandboxCheckout(t.db, await sessionOf(start.transactionId), CARD);
    await settleTransaction(t.db, start.transactionId, "test");
    await stopJobQueue();
    // Only receipts and email run here: the webhook deliveries queued by other tests have no server to reach.
    await startJobQueue(t.target, t.handle, {
      definitions: [sendReceiptJob, sendEmailJob] as never,
      work: true,
      pollingIntervalSeconds: 0.5,
    });
    try {
      await expect
        .poll(async () => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, ada.email))).length, {
          timeout: 20_000,
          interval: 250,
        })
        .toBe(1);
    } finally {
      await stopJobQueue();
      await startJobQueue(t.target, t.handle, {
        definitions: [sendReceiptJob, sendEmailJob, deliverSandboxWebhookJob] as never,
        work: false,
      });
    }
    const [email] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, ada.email));
    expect(email!.subject).toMatch(/^Your Atelier receipt AT-[0-9A-F]{8}$/);
    expect(email!.text).toContain("1,300 tokens are on your Atelier account now");
    expect(email!.attachments).toHaveLength(1);
    const pdf = Buffer.from(email!.attachments[0]!.contentBase64, "base64");
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(email!.attachments[0]).toMatchObject({
      contentType: "application/pdf",
      filename: expect.stringMatching(/^atelier-invoice-AT-[0-9A-F]{8}\.pdf$/),
    });
    // Running the job again sends nothing more.
    await sendReceiptJob.handle({ transactionId: start.transactionId }, { db: t.db } as never);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, ada.email))).toHaveLength(1);
  });
});

describe("carts", () => {
  it("merges a visitor's cart into the account's, adding quantities and dropping withdrawn packs", async () => {
    const packs = await shop();
    const ada = await createUser("ada");
    await mergeCart(t.db, ada.userId, [{ productId: packs.Creator.id, quantity: 1 }]);
    await t.db.update(products).set({ active: false }).where(eq(products.id, packs.Studio.id));
    const merged = await mergeCart(t.db, ada.userId, [
      { productId: packs.Creator.id, quantity: 19 },
      { productId: packs.Starter.id, quantity: 2 },
      { productId: packs.Studio.id, quantity: 1 },
    ]);
    expect(merged).toEqual([
      { productId: packs.Creator.id, quantity: 20 },
      { productId: packs.Starter.id, quantity: 2 },
    ]);
    expect(await getCart(t.db, ada.userId)).toEqual(merged);
  });

  it("counts a cart's packs after adding repeats together", async () => {
    const ids = Array.from({ length: 10 }, () => crypto.randomUUID());
    const full = ids.map((productId) => ({ productId, quantity: 1 }));
    expect(cartItems.safeParse([...full, { productId: ids[0], quantity: 2 }]).data).toHaveLength(10);
    expect(cartItems.safeParse([...full, { productId: crypto.randomUUID(), quantity: 1 }]).success).toBe(false);
  });
});

describe("token events", () => {
  it("redeems a code once per user, inside its window, exactly up to its limit when 50 race for 10", async () => {
    const now = new Date();
    const [code] = await t.db
      .insert(redeemCodes)
      .values({
        code: "SNOW",
        tokens: 25,
        startsAt: new Date(now.getTime() - 60_000),
        endsAt: new Date(now.getTime() + 60_000),
        maxRedemptions: 10,
      })
      .returning();
    const users = await Promise.all(Array.from({ length: 50 }, (_, i) => createUser(`snow${i}`)));
    const results = await Promise.allSettled(users.map((u) => redeemCode(t.db, u.userId, "snow")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    const [row] = await t.db.select().from(redeemCodes).where(eq(redeemCodes.id, code!.id));
    expect(row!.redemptions).toBe(10);
    const [credited] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tokenLedger)
      .where(eq(tokenLedger.reason, "redeem_code"));
    expect(credited!.n).toBe(10);
    const winner = users[results.findIndex((r) => r.status === "fulfilled")]!;
    await t.db.update(redeemCodes).set({ maxRedemptions: null }).where(eq(redeemCodes.id, code!.id));
    expect((await refusal(redeemCode(t.db, winner.userId, "SNOW"))).message).toBe(
      "You have already redeemed this code.",
    );
    expect((await refusal(redeemCode(t.db, "snow49", "SNOW", new Date(now.getTime() - 120_000)))).message).toBe(
      "This code cannot be redeemed yet. Watch the countdown.",
    );
    expect((await refusal(redeemCode(t.db, "snow49", "SNOW", new Date(now.getTime() + 120_000)))).message).toBe(
      "This code's redeem window has closed.",
    );
    expect((await refusal(redeemCode(t.db, "snow49", "NOPE"))).status).toBe(404);
  });

  it("lets a person redeem a code as many times as it allows each person, exactly, when their tries race", async () => {
    const now = new Date();
    await t.db.insert(redeemCodes).values({
      code: "TWICE",
      tokens: 10,
      startsAt: new Date(now.getTime() - 60_000),
      endsAt: new Date(now.getTime() + 60_000),
      maxPerPerson: 2,
    });
    const { userId } = await createUser("twice");
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => redeemCode(t.db, userId, "twice")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(await getTokenBalance(t.db, userId)).toBe(20);
    expect((await refusal(redeemCode(t.db, userId, "TWICE"))).message).toBe(
      "You have redeemed this code 2 times, as many as it allows.",
    );
    const keys = await t.db
      .select({ key: tokenLedger.idempotencyKey })
      .from(tokenLedger)
      .where(eq(tokenLedger.reason, "redeem_code"));
    expect(keys.filter((k) => k.key.endsWith(`:${userId}`) || k.key.endsWith(`:${userId}:2`))).toHaveLength(2);
  });

  it("credits the pre-registration bonus once, to a verified account with that email", async () => {
    expect(await preRegister(t.db, "Early@Example.test")).toEqual({ created: true });
    expect(await preRegister(t.db, "early@example.test")).toEqual({ created: false });
    await t.db.insert(user).values({ id: "early", name: "Early", email: "early@example.test", emailVerified: false });
    expect(
      await creditPreRegistrationBonus(t.db, { id: "early", email: "early@example.test", emailVerified: false }),
    ).toBe(0);
    const account = { id: "early", email: "early@example.test", emailVerified: true };
    const credits = await Promise.all([
      creditPreRegistrationBonus(t.db, account),
      creditPreRegistrationBonus(t.db, account),
    ]);
    expect(credits.sort()).toEqual([0, 100]);
    expect(await getTokenBalance(t.db, "early")).toBe(100);
    const [row] = await t.db.select().from(preRegistrations);
    expect(row).toMatchObject({ email: "early@example.test", userId: "early" });
  });
});

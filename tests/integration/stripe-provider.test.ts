/**
 * The Stripe provider against a local server that speaks Stripe's documented API for the calls we
 * make for packs (POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id}, POST …/{id}/expire,
 * POST /v1/refunds; tests/support/stripe-server.ts): requests are checked field by field (form
 * encoding, bearer key, idempotency keys), answers are Stripe-shaped objects and errors. Webhook
 * signatures are made by Stripe's own test helper. Then a purchase settles through it end to end
 * on the database. Memberships (Stripe Billing) are in stripe-billing.test.ts.
 */
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkoutInput } from "../../app/lib/commerce";
import { createStripeProvider } from "../../server/commerce/payments/stripe";
import { type CheckoutRequest, WebhookSignatureError } from "../../server/commerce/payments/provider";
import { listShopProducts, seedDemoShop } from "../../server/commerce/products";
import { sendReceiptJob } from "../../server/commerce/receipts";
import { refundTransaction } from "../../server/commerce/refunds";
import { settleTransaction, startCheckout } from "../../server/commerce/transactions";
import { transactions, user } from "../../server/db/schema";
import { getTokenBalance } from "../../server/generation/ledger";
import { startJobQueue, stopJobQueue } from "../../server/jobs/queue";
import { setUpTestDatabase } from "../support/database";
import { type StripeServer, startStripeServer } from "../support/stripe-server";

const t = setUpTestDatabase();
const SECRET_KEY = "sk_test_atelier_contract";
const WEBHOOK_SECRET = "whsec_atelier_contract";

let fake: StripeServer;
let apiBase = "";

beforeAll(async () => {
  fake = await startStripeServer({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  apiBase = fake.url;
  await startJobQueue(t.target, t.handle, { definitions: [sendReceiptJob] as never, work: false });
});
afterAll(async () => {
  await stopJobQueue();
  await fake.close();
});
beforeEach(() => fake.reset());

const provider = () => createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase });
/** A $4.99 Starter checkout with no lines, for tests about a session's life rather than its contents. */
const starterCheckout = (reference: string): CheckoutRequest => ({
  reference,
  amountMinor: 499,
  currency: "USD",
  description: "Starter",
  lines: [],
  customerEmail: "a@example.test",
  successUrl: "https://a.test/s",
  cancelUrl: "https://a.test/c",
});

describe("the Stripe provider", () => {
  it("opens a Checkout Session for exactly our total, keyed by the transaction", async () => {
    const checkout = await provider().createCheckout({
      reference: "6b0d6c0e-1111-4222-8333-444455556666",
      amountMinor: 1599,
      currency: "USD",
      description: "2 × Creator (2600 tokens)",
      lines: [{ name: "Creator", quantity: 2, unitAmountMinor: 999 }],
      customerEmail: "bea@example.test",
      successUrl: "https://atelier.test/product-payment?transaction=x&checkout={CHECKOUT_SESSION_ID}",
      cancelUrl: "https://atelier.test/product-payment?transaction=x&canceled=1",
    });
    expect(checkout.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const [request] = fake.requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/v1/checkout/sessions");
    expect(request!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request!.headers["idempotency-key"]).toBe("checkout-6b0d6c0e-1111-4222-8333-444455556666");
    expect(Object.fromEntries(request!.form)).toMatchObject({
      mode: "payment",
      client_reference_id: "6b0d6c0e-1111-4222-8333-444455556666",
      customer_email: "bea@example.test",
      "metadata[transaction_id]": "6b0d6c0e-1111-4222-8333-444455556666",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "1599",
      "line_items[0][price_data][product_data][name]": "2 × Creator (2600 tokens)",
      success_url: "https://atelier.test/product-payment?transaction=x&checkout={CHECKOUT_SESSION_ID}",
    });
  });

  it("reads a session's state: open, paid (with its PaymentIntent) and expired", async () => {
    const stripe = provider();
    const { id } = await stripe.createCheckout(starterCheckout("r1"));
    expect(await stripe.getCheckout(id)).toEqual({
      id,
      reference: "r1",
      status: "open",
      amountMinor: 499,
      currency: "USD",
      paymentId: null,
      failureMessage: null,
    });
    const { paymentIntentId } = await fake.completeCheckout(id);
    expect(paymentIntentId).toMatch(/^pi_test_/);
    expect(await stripe.getCheckout(id)).toMatchObject({ status: "paid", paymentId: paymentIntentId });
    expect(fake.requests.at(-1)!.path).toBe(`/v1/checkout/sessions/${id}`);
    await stripe.expireCheckout(id); // complete: nothing to expire
    expect(fake.requests.some((r) => r.path.endsWith("/expire"))).toBe(false);
    const other = await stripe.createCheckout(starterCheckout("r2"));
    await stripe.expireCheckout(other.id);
    expect(await stripe.getCheckout(other.id)).toMatchObject({ status: "expired" });
    await expect(stripe.getCheckout("cs_test_missing")).rejects.toThrow(/No such checkout.session/);
  });

  it("refunds by PaymentIntent with an idempotency key, and reports a wrong key as an error", async () => {
    const { id } = await provider().createCheckout(starterCheckout("r3"));
    const pi = (await fake.completeCheckout(id)).paymentIntentId!;
    expect(await provider().refundPayment(pi, 499)).toEqual({ refundId: expect.stringMatching(/^re_test_/) });
    const request = fake.requests.at(-1)!;
    expect(Object.fromEntries(request.form)).toEqual({ payment_intent: pi, amount: "499" });
    expect(request.headers["idempotency-key"]).toBe(`refund-${pi}-499`);
    // Retried with the same key: Stripe answers the first refund again rather than refunding twice.
    expect(await provider().refundPayment(pi, 499)).toEqual({ refundId: [...fake.refunds.keys()][0] });
    expect(fake.refunds.size).toBe(1);
    await expect(provider().refundPayment("pi_test_missing", 1)).rejects.toThrow(/No such payment_intent/);
    const wrong = createStripeProvider({ secretKey: "sk_test_wrong", webhookSecret: WEBHOOK_SECRET, apiBase });
    await expect(wrong.refundPayment(pi, 1)).rejects.toThrow(/Invalid API Key provided/);
  });

  it("accepts webhooks signed with the endpoint's secret and refuses others", async () => {
    const payload = JSON.stringify({
      id: "evt_test_1",
      object: "event",
      type: "checkout.session.completed",
      data: { object: { id: "cs_test_42", object: "checkout.session" } },
    });
    const stripe = new Stripe(SECRET_KEY);
    const good = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(await provider().parseWebhook(payload, new Headers({ "stripe-signature": good }))).toEqual({
      id: "evt_test_1",
      type: "checkout.session.completed",
      checkoutId: "cs_test_42",
      subscriptionId: null,
      invoiceId: null,
    });
    const bad = stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    await expect(provider().parseWebhook(payload, new Headers({ "stripe-signature": bad }))).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(
      provider().parseWebhook(payload.replace("cs_test_42", "cs_test_43"), new Headers({ "stripe-signature": good })),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider().parseWebhook(payload, new Headers())).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it("carries a purchase from checkout to a credit and a refund", async () => {
    await seedDemoShop(t.db);
    const creator = (await listShopProducts(t.db)).find((p) => p.name === "Creator")!;
    await t.db.insert(user).values({ id: "bea", name: "Bea", email: "bea@example.test", emailVerified: true });
    const stripe = provider();
    const start = await startCheckout(
      t.db,
      { userId: "bea", email: "bea@example.test" },
      checkoutInput.parse({ items: [{ productId: creator.id, quantity: 1 }] }),
      {
        baseUrl: "https://atelier.test",
        provider: stripe,
      },
    );
    expect(start.redirectTo).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, start.transactionId));
    expect(row).toMatchObject({ provider: "stripe", status: "pending", totalMinor: 999 });
    expect(await settleTransaction(t.db, row!.id, "test", stripe)).toMatchObject({ status: "pending" });
    // A session whose amount is not ours is never credited.
    const { paymentIntentId } = await fake.completeCheckout(row!.providerSessionId!);
    Object.assign(fake.sessions.get(row!.providerSessionId!)!, { amount_total: 1 });
    expect(await settleTransaction(t.db, row!.id, "test", stripe)).toMatchObject({ status: "pending" });
    Object.assign(fake.sessions.get(row!.providerSessionId!)!, { amount_total: 999 });
    expect(await settleTransaction(t.db, row!.id, "test", stripe)).toMatchObject({
      status: "paid",
      providerPaymentId: paymentIntentId,
    });
    expect(await getTokenBalance(t.db, "bea")).toBe(1300);
  });
});

it("refunds through the configured provider", async () => {
  // refundTransaction picks the provider by the transaction's own provider id; Stripe is not
  // configured in tests, so a Stripe transaction's refund reports it instead of guessing.
  await seedDemoShop(t.db);
  await t.db.insert(user).values({ id: "cy", name: "Cy", email: "cy@example.test", emailVerified: true });
  const [row] = await t.db
    .insert(transactions)
    .values({
      userId: "cy",
      status: "paid",
      provider: "stripe",
      providerPaymentId: "pi_x",
      currency: "USD",
      subtotalMinor: 499,
      totalMinor: 499,
      tokens: 500,
    })
    .returning();
  await expect(
    refundTransaction(t.db, row!.id, { actor: { userUid: "admin-x", email: "admin@example.test" }, reason: "test" }),
  ).rejects.toThrow(/did not refund/);
  expect((await t.db.select().from(transactions).where(eq(transactions.id, row!.id)))[0]!.status).toBe("paid");
});

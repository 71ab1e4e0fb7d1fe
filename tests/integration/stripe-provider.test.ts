/**
 * The Stripe provider against a local server that speaks Stripe's documented API for the calls we
 * make (POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id}, POST …/{id}/expire,
 * POST /v1/refunds): requests are checked field by field (form encoding, bearer key, idempotency
 * keys), answers are Stripe-shaped objects and errors. Webhook signatures are made by Stripe's
 * own test helper. Then a purchase settles through it end to end on the database.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
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

const t = setUpTestDatabase();
const SECRET_KEY = "sk_test_atelier_contract";
const WEBHOOK_SECRET = "whsec_atelier_contract";

interface Recorded {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

/** Just enough of Stripe: sessions kept in memory, answered as Stripe answers them. */
function startFakeStripe() {
  const requests: Recorded[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  let counter = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stripe.test");
      const form = new URLSearchParams(body);
      requests.push({ method: req.method ?? "", path: url.pathname, form, headers: req.headers });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${++counter}` });
        res.end(JSON.stringify(value));
      };
      if (req.headers.authorization !== `Bearer ${SECRET_KEY}`) {
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const id = `cs_test_${++counter}`;
        const session = {
          id,
          object: "checkout.session",
          mode: form.get("mode"),
          status: "open",
          payment_status: "unpaid",
          amount_total:
            Number(form.get("line_items[0][price_data][unit_amount]")) * Number(form.get("line_items[0][quantity]")),
          currency: form.get("line_items[0][price_data][currency]"),
          client_reference_id: form.get("client_reference_id"),
          metadata: { transaction_id: form.get("metadata[transaction_id]") },
          customer_email: form.get("customer_email"),
          payment_intent: null,
          success_url: form.get("success_url"),
          cancel_url: form.get("cancel_url"),
          url: `https://checkout.stripe.test/c/pay/${id}`,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
      if (match) {
        const session = sessions.get(match[1]!);
        if (!session)
          return send(404, {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              message: `No such checkout.session: '${match[1]}'`,
            },
          });
        if (match[2] && req.method === "POST") {
          session.status = "expired";
          return send(200, session);
        }
        const expanded = url.searchParams.getAll("expand[]").includes("payment_intent");
        const intent = session.payment_intent as string | null;
        return send(200, {
          ...session,
          payment_intent:
            expanded && intent ? { id: intent, object: "payment_intent", last_payment_error: null } : intent,
        });
      }
      if (req.method === "POST" && url.pathname === "/v1/refunds") {
        return send(200, {
          id: `re_test_${++counter}`,
          object: "refund",
          amount: Number(form.get("amount")),
          payment_intent: form.get("payment_intent"),
          status: "succeeded",
        });
      }
      send(404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      });
    });
  });
  return { server, requests, sessions };
}

let fake: ReturnType<typeof startFakeStripe>;
let apiBase = "";

beforeAll(async () => {
  fake = startFakeStripe();
  await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
  apiBase = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  await startJobQueue(t.target, t.handle, { definitions: [sendReceiptJob] as never, work: false });
});
afterAll(async () => {
  await stopJobQueue();
  await new Promise((resolve) => fake.server.close(resolve));
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.sessions.clear();
});

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
    Object.assign(fake.sessions.get(id)!, { status: "complete", payment_status: "paid", payment_intent: "pi_test_1" });
    expect(await stripe.getCheckout(id)).toMatchObject({ status: "paid", paymentId: "pi_test_1" });
    expect(fake.requests.at(-1)!.path).toBe(`/v1/checkout/sessions/${id}`);
    await stripe.expireCheckout(id); // complete: nothing to expire
    expect(fake.requests.some((r) => r.path.endsWith("/expire"))).toBe(false);
    const other = await stripe.createCheckout(starterCheckout("r2"));
    await stripe.expireCheckout(other.id);
    expect(await stripe.getCheckout(other.id)).toMatchObject({ status: "expired" });
    await expect(stripe.getCheckout("cs_test_missing")).rejects.toThrow(/No such checkout.session/);
  });

  it("refunds by PaymentIntent with an idempotency key, and reports a wrong key as an error", async () => {
    expect(await provider().refundPayment("pi_test_9", 1599)).toEqual({ refundId: expect.stringMatching(/^re_test_/) });
    const request = fake.requests.at(-1)!;
    expect(Object.fromEntries(request.form)).toEqual({ payment_intent: "pi_test_9", amount: "1599" });
    expect(request.headers["idempotency-key"]).toBe("refund-pi_test_9-1599");
    const wrong = createStripeProvider({ secretKey: "sk_test_wrong", webhookSecret: WEBHOOK_SECRET, apiBase });
    await expect(wrong.refundPayment("pi_test_9", 1)).rejects.toThrow(/Invalid API Key provided/);
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
    Object.assign(fake.sessions.get(row!.providerSessionId!)!, {
      status: "complete",
      payment_status: "paid",
      payment_intent: "pi_test_bea",
      amount_total: 1,
    });
    expect(await settleTransaction(t.db, row!.id, "test", stripe)).toMatchObject({ status: "pending" });
    Object.assign(fake.sessions.get(row!.providerSessionId!)!, { amount_total: 999 });
    expect(await settleTransaction(t.db, row!.id, "test", stripe)).toMatchObject({
      status: "paid",
      providerPaymentId: "pi_test_bea",
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

/**
 * The Stripe provider's memberships (`billing`, Stripe Billing) against the local server that
 * speaks Stripe's API (tests/support/stripe-server.ts): what each call sends, and what it reads
 * back from the subscription and its invoices as the server's test clock renews, retries and ends
 * them. Webhooks are delivered by the server, signed, to a local endpoint and parsed by the provider.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PlanPrice } from "../../server/commerce/payments/billing";
import { WebhookSignatureError } from "../../server/commerce/payments/provider";
import { createStripeProvider, priceLookupKey } from "../../server/commerce/payments/stripe";
import { readBody } from "../support/fake-http";
import { type StripeServer, startStripeServer } from "../support/stripe-server";

const SECRET_KEY = "sk_test_atelier_billing";
const WEBHOOK_SECRET = "whsec_atelier_billing";
const START = new Date("2030-04-01T00:00:00Z");
const at = (iso: string) => new Date(`${iso}T00:00:00Z`);

const SILVER: PlanPrice = {
  planId: "5a1e0000-0000-4000-8000-000000000001",
  planName: "Silver",
  interval: "month",
  amountMinor: 1000,
  currency: "USD",
};
const GOLD: PlanPrice = {
  ...SILVER,
  planId: "601d0000-0000-4000-8000-000000000002",
  planName: "Gold",
  amountMinor: 2000,
};

let fake: StripeServer;
let receiver: http.Server;
const received: { body: string; signature: string }[] = [];

beforeAll(async () => {
  receiver = http.createServer(async (req, res) => {
    received.push({ body: (await readBody(req)).toString("utf8"), signature: String(req.headers["stripe-signature"]) });
    res.writeHead(200).end("{}");
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  fake = await startStripeServer({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`,
    now: START,
  });
});
afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  fake.reset();
  received.length = 0;
});

/** A fresh provider (and so a fresh price cache) for each test's fresh server state. */
const provider = () =>
  createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: fake.url });
const formOf = (path: string, method = "POST") =>
  Object.fromEntries(fake.requests.filter((r) => r.path === path && r.method === method).at(-1)!.form);

async function subscribe(billing = provider().billing, reference = "m-1", price = SILVER) {
  const checkout = await billing.createSubscriptionCheckout({
    reference,
    customerEmail: "bea@example.test",
    customerId: null,
    price,
    successUrl: "https://atelier.test/membership?checkout={CHECKOUT_SESSION_ID}",
    cancelUrl: "https://atelier.test/pricing-plans",
  });
  await fake.completeCheckout(checkout.id);
  const subscriptionId = (await billing.getCheckoutSubscription(checkout.id)) as string;
  return { checkoutId: checkout.id, subscriptionId, customerId: fake.subscriptions.get(subscriptionId)!.customer };
}

describe("Stripe Billing through the provider", () => {
  it("opens Checkout in subscription mode on the plan's price, found or made by its lookup key", async () => {
    const { billing } = provider();
    const checkout = await billing.createSubscriptionCheckout({
      reference: "m-1",
      customerEmail: "bea@example.test",
      customerId: null,
      price: SILVER,
      successUrl: "https://atelier.test/ok",
      cancelUrl: "https://atelier.test/no",
    });
    const key = `atelier_${SILVER.planId}_month_1000_usd`;
    expect(priceLookupKey(SILVER)).toBe(key);
    expect(formOf("/v1/prices", "GET")).toEqual({ "lookup_keys[0]": key, active: "true", limit: "1" });
    const price = formOf("/v1/prices");
    expect(price).toEqual({
      currency: "usd",
      unit_amount: "1000",
      "recurring[interval]": "month",
      "product_data[name]": "Silver",
      lookup_key: key,
      "metadata[plan_id]": SILVER.planId,
      "metadata[interval]": "month",
    });
    const priceId = [...fake.prices.keys()][0]!;
    const session = fake.requests.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(session.headers["idempotency-key"]).toBe("membership-checkout-m-1");
    expect(Object.fromEntries(session.form)).toEqual({
      mode: "subscription",
      client_reference_id: "m-1",
      customer_email: "bea@example.test",
      "line_items[0][price]": priceId,
      "line_items[0][quantity]": "1",
      "metadata[membership_id]": "m-1",
      "subscription_data[metadata][membership_id]": "m-1",
      success_url: "https://atelier.test/ok",
      cancel_url: "https://atelier.test/no",
    });
    expect(checkout.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(await billing.getCheckoutSubscription(checkout.id)).toBeNull();

    // The same reference again is the same session (idempotency key); the price is cached.
    const again = await billing.createSubscriptionCheckout({
      reference: "m-1",
      customerEmail: "bea@example.test",
      customerId: null,
      price: SILVER,
      successUrl: "https://atelier.test/ok",
      cancelUrl: "https://atelier.test/no",
    });
    expect(again.id).toBe(checkout.id);
    expect(fake.requests.filter((r) => r.path === "/v1/prices")).toHaveLength(2);

    // Another process finds the price by its key instead of making a second; a known customer is reused.
    const { completeCheckout } = fake;
    const done = await completeCheckout(checkout.id);
    expect(await billing.getCheckoutSubscription(checkout.id)).toBe(done.subscriptionId);
    const other = await provider().billing.createSubscriptionCheckout({
      reference: "m-2",
      customerEmail: "bea@example.test",
      customerId: done.customerId,
      price: SILVER,
      successUrl: "https://atelier.test/ok",
      cancelUrl: "https://atelier.test/no",
    });
    expect(fake.prices.size).toBe(1);
    expect(formOf("/v1/checkout/sessions")).toMatchObject({
      customer: done.customerId,
      "line_items[0][price]": priceId,
    });
    expect(formOf("/v1/checkout/sessions")).not.toHaveProperty("customer_email");
    await fake.advanceDays(2); // an unpaid session expires after a day
    expect(await billing.getCheckoutSubscription(other.id)).toBe("expired");
  });

  it("reads the subscription and its first invoice back", async () => {
    const { billing } = provider();
    const { subscriptionId, customerId } = await subscribe(billing);
    expect(await billing.getSubscription(subscriptionId)).toEqual({
      id: subscriptionId,
      customerId,
      reference: "m-1",
      status: "active",
      planId: SILVER.planId,
      interval: "month",
      amountMinor: 1000,
      currency: "USD",
      currentPeriodStart: START,
      currentPeriodEnd: at("2030-05-01"),
      cancelAtPeriodEnd: false,
    });
    const [first, ...rest] = await billing.listInvoices(subscriptionId);
    expect(rest).toEqual([]);
    expect(first).toEqual({
      id: fake.subscriptions.get(subscriptionId)!.latest_invoice,
      subscriptionId,
      reason: "first",
      status: "paid",
      amountMinor: 1000,
      currency: "USD",
      planId: SILVER.planId,
      planName: "Silver",
      interval: "month",
      lines: [{ description: "1 × Silver (at $10.00 / month)", amountMinor: 1000, planId: SILVER.planId }],
      periodStart: START,
      periodEnd: at("2030-05-01"),
      attemptCount: 1,
      nextAttemptAt: null,
      paymentId: expect.stringMatching(/^pi_test_/),
    });
    expect(await billing.getInvoice(first!.id)).toEqual(first);
    await expect(billing.getSubscription("sub_missing")).rejects.toThrow(/No such subscription: 'sub_missing'/);
  });

  it("upgrades now with prorated lines charged at once, and downgrades from the next renewal", async () => {
    const { billing } = provider();
    const { subscriptionId } = await subscribe(billing);
    await fake.advanceTo(at("2030-04-16")); // half of a 30-day period left
    const lines = [
      { description: "Unused time on Silver after 16 Apr 2030", amountMinor: -500 },
      { description: "Remaining time on Gold after 16 Apr 2030", amountMinor: 1000 },
    ];
    expect(await billing.previewChange(subscriptionId, GOLD)).toEqual({ amountMinor: 500, lines });
    // A new interval starts a new period now (Stripe resets the cycle): the year is charged less the unused month.
    expect(await billing.previewChange(subscriptionId, { ...GOLD, interval: "year", amountMinor: 20000 })).toEqual({
      amountMinor: 19500,
      lines: [lines[0], { description: "1 × Gold (at $200.00 / year)", amountMinor: 20000 }],
    });
    expect(fake.invoices.size).toBe(1); // a preview makes nothing

    const { invoiceId } = await billing.changePrice(subscriptionId, GOLD, "now");
    const item = fake.subscriptions.get(subscriptionId)!.items.data[0]!;
    expect(formOf(`/v1/subscriptions/${subscriptionId}`)).toEqual({
      "items[0][id]": item.id,
      "items[0][price]": item.price.id,
      proration_behavior: "always_invoice",
      payment_behavior: "error_if_incomplete",
    });
    expect(await billing.getInvoice(invoiceId!)).toMatchObject({
      reason: "change",
      status: "paid",
      amountMinor: 500,
      planId: GOLD.planId,
      planName: "Gold",
      // Each line names its plan: the credit the one left, the charge the one joined.
      lines: [
        { ...lines[0], planId: SILVER.planId },
        { ...lines[1], planId: GOLD.planId },
      ],
      periodStart: at("2030-04-16"),
      periodEnd: at("2030-05-01"),
      paymentId: expect.stringMatching(/^pi_test_/),
    });
    expect(await billing.getSubscription(subscriptionId)).toMatchObject({
      planId: GOLD.planId,
      amountMinor: 2000,
      currentPeriodEnd: at("2030-05-01"),
    });

    expect(await billing.changePrice(subscriptionId, SILVER, "renewal")).toEqual({ invoiceId: null });
    expect(formOf(`/v1/subscriptions/${subscriptionId}`)).toMatchObject({ proration_behavior: "none" });
    expect(fake.invoices.size).toBe(2);
    await fake.advanceTo(at("2030-05-01"));
    const [renewal] = await billing.listInvoices(subscriptionId);
    expect(renewal).toMatchObject({
      reason: "renewal",
      status: "paid",
      amountMinor: 1000,
      planId: SILVER.planId,
      lines: [{ description: "1 × Silver (at $10.00 / month)", amountMinor: 1000, planId: SILVER.planId }],
      periodStart: at("2030-05-01"),
      periodEnd: at("2030-06-01"),
    });
  });

  it("cancels at the period's end, resumes, and ends there when not resumed", async () => {
    const { billing } = provider();
    const { subscriptionId } = await subscribe(billing);
    await billing.setCancelAtPeriodEnd(subscriptionId, true);
    expect(formOf(`/v1/subscriptions/${subscriptionId}`)).toEqual({ cancel_at_period_end: "true" });
    expect(await billing.getSubscription(subscriptionId)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    await billing.setCancelAtPeriodEnd(subscriptionId, false);
    expect(await billing.getSubscription(subscriptionId)).toMatchObject({ cancelAtPeriodEnd: false });

    // The Customer Portal cancels with `cancel_at` at the period's end: read as the same, undone by clearing it.
    Object.assign(fake.subscriptions.get(subscriptionId)!, { cancel_at: at("2030-05-01").getTime() / 1000 });
    expect(await billing.getSubscription(subscriptionId)).toMatchObject({ cancelAtPeriodEnd: true });
    await billing.setCancelAtPeriodEnd(subscriptionId, false);
    expect(formOf(`/v1/subscriptions/${subscriptionId}`)).toEqual({ cancel_at: "" });
    expect(await billing.getSubscription(subscriptionId)).toMatchObject({ cancelAtPeriodEnd: false });

    await billing.setCancelAtPeriodEnd(subscriptionId, true);
    await fake.advanceTo(at("2030-04-30"));
    expect(await billing.getSubscription(subscriptionId)).toMatchObject({ status: "active" });
    await fake.advanceTo(at("2030-06-15"));
    expect(await billing.getSubscription(subscriptionId)).toMatchObject({ status: "canceled" });
    expect(await billing.listInvoices(subscriptionId)).toHaveLength(1); // no renewal charged
  });

  it("retries a declined renewal, refuses an upgrade on that card, and recovers once the card works", async () => {
    const { billing } = provider();
    const { subscriptionId, customerId } = await subscribe(billing);
    fake.setCard(customerId, "decline");
    await fake.advanceTo(at("2030-05-01"));
    expect(await billing.getSubscription(subscriptionId)).toMatchObject({
      status: "past_due",
      currentPeriodStart: at("2030-05-01"),
    });
    const [failed] = await billing.listInvoices(subscriptionId);
    expect(failed).toMatchObject({
      reason: "renewal",
      status: "open",
      attemptCount: 1,
      nextAttemptAt: at("2030-05-04"),
      paymentId: null,
    });
    await fake.advanceTo(at("2030-05-04"));
    expect(await billing.getInvoice(failed!.id)).toMatchObject({ attemptCount: 2, nextAttemptAt: at("2030-05-09") });

    await expect(billing.changePrice(subscriptionId, GOLD, "now")).rejects.toThrow(/Your card was declined/);
    expect(await billing.getSubscription(subscriptionId)).toMatchObject({ planId: SILVER.planId });

    fake.setCard(customerId, "ok");
    await fake.advanceTo(at("2030-05-09"));
    expect(await billing.getInvoice(failed!.id)).toMatchObject({
      status: "paid",
      attemptCount: 3,
      nextAttemptAt: null,
      paymentId: expect.stringMatching(/^pi_test_/),
    });
    expect(await billing.getSubscription(subscriptionId)).toMatchObject({ status: "active" });
  });

  it("cancels the subscription after the last failed attempt", async () => {
    const { billing } = provider();
    const { subscriptionId, customerId } = await subscribe(billing);
    fake.setCard(customerId, "decline");
    await fake.advanceTo(at("2030-05-16")); // attempts on May 1, 4, 9 and 16
    const [failed] = await billing.listInvoices(subscriptionId);
    expect(failed).toMatchObject({ status: "uncollectible", attemptCount: 4, nextAttemptAt: null });
    expect(await billing.getSubscription(subscriptionId)).toMatchObject({ status: "canceled" });
  });

  it("cancels now without a charge, opens the portal, and refunds an invoice's payment", async () => {
    const { billing } = provider();
    const { subscriptionId, customerId } = await subscribe(billing);
    const [first] = await billing.listInvoices(subscriptionId);

    const url = await billing.portalUrl(customerId, "https://atelier.test/profile#membership");
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_test_/);
    expect(formOf("/v1/billing_portal/sessions")).toEqual({
      customer: customerId,
      return_url: "https://atelier.test/profile#membership",
    });

    const { refundId } = await billing.refundInvoice(first!.id, 400);
    expect(fake.refunds.get(refundId)).toMatchObject({ amount: 400, payment_intent: first!.paymentId });
    expect(fake.requests.at(-1)!.headers["idempotency-key"]).toBe(`refund-invoice-${first!.id}-400`);
    await expect(billing.refundInvoice(first!.id, 700)).rejects.toThrow(/greater than unrefunded amount/);

    await billing.cancelNow(subscriptionId);
    expect(formOf(`/v1/subscriptions/${subscriptionId}`, "DELETE")).toEqual({ prorate: "false", invoice_now: "false" });
    expect(await billing.getSubscription(subscriptionId)).toMatchObject({ status: "canceled" });
    await fake.advanceTo(at("2030-07-01"));
    expect(await billing.listInvoices(subscriptionId)).toHaveLength(1);
    await expect(billing.cancelNow(subscriptionId)).rejects.toThrow(/already been canceled/);
  });
});

describe("Stripe Billing's webhooks", () => {
  const parse = (delivery: { body: string; signature: string }) =>
    provider().parseWebhook(delivery.body, new Headers({ "stripe-signature": delivery.signature }));

  it("are signed deliveries whose ids say which checkout, subscription and invoice they are about", async () => {
    const { billing } = provider();
    const { checkoutId, subscriptionId, customerId } = await subscribe(billing);
    await billing.changePrice(subscriptionId, GOLD, "now");
    fake.setCard(customerId, "decline");
    await fake.advanceTo(at("2030-05-16"));
    await fake.webhooksSettled();
    const parsed = await Promise.all(received.map(parse));
    expect(parsed.map((e) => e.id)).toEqual(fake.events.map((e) => e.id));
    const seen = new Map(parsed.map((e, i) => [`${e.type}#${i}`, e]));
    for (const [key, event] of seen) {
      const object = fake.events.find((e) => e.id === event.id)!.data.object;
      if (key.startsWith("checkout.session.completed"))
        expect(event).toEqual({ id: event.id, type: event.type, checkoutId, subscriptionId, invoiceId: null });
      else if (key.startsWith("customer.subscription."))
        expect(event).toEqual({ id: event.id, type: event.type, checkoutId: null, subscriptionId, invoiceId: null });
      else if (key.startsWith("invoice."))
        expect(event).toEqual({
          id: event.id,
          type: event.type,
          checkoutId: null,
          subscriptionId,
          invoiceId: object.id,
        });
    }
    expect(new Set(parsed.map((e) => e.type))).toEqual(
      new Set([
        "checkout.session.completed",
        "customer.subscription.created",
        "customer.subscription.updated",
        "customer.subscription.deleted",
        "invoice.paid",
        "invoice.payment_failed",
      ]),
    );
    // invoice.payment_failed carries the retry schedule in Stripe's shape.
    const failures = fake.eventsOf("invoice.payment_failed").map((e) => e.data.object);
    expect(failures.map((o) => [o.attempt_count, o.next_payment_attempt])).toEqual([
      [1, at("2030-05-04").getTime() / 1000],
      [2, at("2030-05-09").getTime() / 1000],
      [3, at("2030-05-16").getTime() / 1000],
      [4, null],
    ]);
  });

  it("can be replayed and delivered out of order, and refuse bad signatures", async () => {
    const { billing } = provider();
    const { subscriptionId } = await subscribe(billing);
    await fake.webhooksSettled();
    received.length = 0;
    fake.holdWebhooks();
    await billing.setCancelAtPeriodEnd(subscriptionId, true);
    await billing.setCancelAtPeriodEnd(subscriptionId, false);
    expect(received).toHaveLength(0);
    const made = fake.eventsOf("customer.subscription.updated").map((e) => e.id);
    await fake.releaseWebhooks("reversed");
    expect((await Promise.all(received.map(parse))).map((e) => e.id)).toEqual([...made].reverse());

    const replayed = await fake.replayEvent(made[0]!);
    expect(replayed.status).toBe(200);
    expect((await parse(received.at(-1)!)).id).toBe(made[0]);
    expect(received.at(-1)!.body).toBe(received[1]!.body); // the same event, signed again

    const delivery = received[0]!;
    await expect(
      parse({ ...delivery, body: delivery.body.replace(subscriptionId, "sub_other") }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(
      parse({ ...delivery, signature: fake.sign(delivery.body, "whsec_someone_else") }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    // An endpoint on an older API version gets an invoice's subscription at its top level.
    const legacy = JSON.stringify({
      id: "evt_legacy",
      object: "event",
      type: "invoice.paid",
      data: { object: { id: "in_legacy", object: "invoice", subscription: "sub_legacy" } },
    });
    expect(await parse({ body: legacy, signature: fake.sign(legacy) })).toEqual({
      id: "evt_legacy",
      type: "invoice.paid",
      checkoutId: null,
      subscriptionId: "sub_legacy",
      invoiceId: "in_legacy",
    });
  });
});

/**
 * Memberships on Stripe, end to end (issue 41): Atelier configured for Stripe (keys and
 * STRIPE_API_BASE pointing at the local server that speaks Stripe's API), a member joining through
 * Checkout in subscription mode, the server's signed webhooks delivered to the webhook handler —
 * held and released backwards, and replayed — its test clock renewing, an upgrade prorated by
 * Stripe, a declined renewal retried and recovered, and a cancellation at the period's end.
 */
import http from "node:http";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  cancelMembership,
  changeMembershipPlan,
  getMembershipView,
  startMembership,
} from "../../server/commerce/memberships/memberships";
import { listPlansForSale, seedDemoPlans } from "../../server/commerce/memberships/plans";
import { handlePaymentWebhook } from "../../server/commerce/webhooks";
import { membershipInvoices, memberships, notifications, tokenLedger, user } from "../../server/db/schema";
import { getTokenAccount, sumTokenLedger } from "../../server/generation/ledger";
import { startJobQueue, stopJobQueue } from "../../server/jobs/queue";
import { sendEmailJob } from "../../server/notify/send-email";
import { setUpTestDatabase } from "../support/database";
import { readBody } from "../support/fake-http";
import { type StripeServer, startStripeServer } from "../support/stripe-server";

// The configuration is read once per process, before the server can be started: name its port now.
const stripe = vi.hoisted(() => {
  const port = 41_000 + (process.pid % 9_000);
  process.env.STRIPE_SECRET_KEY = "sk_test_atelier_memberships";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_atelier_memberships";
  process.env.STRIPE_API_BASE = `http://127.0.0.1:${port}`;
  process.env.PAYMENT_PROVIDER = "stripe";
  return { port, secretKey: process.env.STRIPE_SECRET_KEY, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET };
});

const t = setUpTestDatabase();
let fake: StripeServer;
let receiver: http.Server;

beforeAll(async () => {
  await startJobQueue(t.target, t.handle, { definitions: [sendEmailJob] as never, work: false });
  // Atelier's webhook endpoint, as the route calls it: 200 when handled, the error's status when refused.
  receiver = http.createServer(async (req, res) => {
    const body = (await readBody(req)).toString("utf8");
    const headers = new Headers({ "stripe-signature": String(req.headers["stripe-signature"] ?? "") });
    try {
      res.writeHead(200).end(JSON.stringify(await handlePaymentWebhook(t.db, "stripe", body, headers)));
    } catch (error) {
      res.writeHead((error as { status?: number }).status ?? 500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const address = receiver.address() as { port: number };
  fake = await startStripeServer({
    secretKey: stripe.secretKey,
    webhookSecret: stripe.webhookSecret,
    webhookUrl: `http://127.0.0.1:${address.port}/api/payments/webhooks/stripe`,
    port: stripe.port,
  });
});
afterAll(async () => {
  await stopJobQueue();
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => fake.reset());

async function member(id: string) {
  await t.db.insert(user).values({ id, name: `Member ${id}`, email: `${id}@example.test`, emailVerified: true });
  return { userId: id, email: `${id}@example.test` };
}

async function join(id: string, plan: "Plus" | "Pro", card: "ok" | "decline" = "ok") {
  await seedDemoPlans(t.db);
  const chosen = (await listPlansForSale(t.db)).find((p) => p.name === plan)!;
  const who = await member(id);
  const started = await startMembership(
    t.db,
    who,
    { planId: chosen.id, interval: "month" },
    { baseUrl: "http://atelier.test" },
  );
  const [row] = await t.db.select().from(memberships).where(eq(memberships.id, started.membershipId));
  await fake.completeCheckout(row!.providerCheckoutId!);
  if (card === "decline") fake.setCard(fake.sessions.get(row!.providerCheckoutId!)!.customer!, "decline");
  await fake.webhooksSettled();
  return started.membershipId;
}

async function state(userId: string) {
  const [row] = await t.db.select().from(memberships).where(eq(memberships.userId, userId));
  const account = await getTokenAccount(t.db, userId);
  expect(await sumTokenLedger(t.db, userId)).toBe(account.balance);
  return { membership: row!, account };
}

describe("memberships on Stripe", () => {
  it("joins through Checkout, and renews once per paid invoice however the events come", async () => {
    await join("ana", "Plus");
    let now = await state("ana");
    expect(now.membership).toMatchObject({ status: "active", provider: "stripe" });
    expect(now.account).toMatchObject({ balance: 600, allowance: 600 });
    const form = Object.fromEntries(fake.requests.find((r) => r.path === "/v1/checkout/sessions")!.form);
    expect(form).toMatchObject({
      mode: "subscription",
      "subscription_data[metadata][membership_id]": now.membership.id,
    });

    // A renewal whose events arrive backwards, then all over again.
    fake.holdWebhooks();
    await fake.advanceDays(31);
    const deliveries = await fake.releaseWebhooks("reversed");
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
    for (const delivery of deliveries) expect((await fake.replayEvent(delivery.eventId)).status).toBe(200);
    now = await state("ana");
    expect(now.account).toMatchObject({ balance: 600, allowance: 600 });
    const grants = await t.db
      .select()
      .from(tokenLedger)
      .where(sql`${tokenLedger.userId} = 'ana' and ${tokenLedger.reason} = 'membership_allowance'`);
    expect(grants).toHaveLength(2);
    expect(await t.db.select().from(membershipInvoices).where(eq(membershipInvoices.userId, "ana"))).toHaveLength(2);
  });

  it("upgrades with Stripe's proration and grants the prorated difference", async () => {
    await join("bo", "Plus");
    await fake.advanceDays(10);
    await fake.webhooksSettled();
    const { membership } = await state("bo");
    const pro = (await listPlansForSale(t.db)).find((p) => p.name === "Pro")!;
    const change = await changeMembershipPlan(t.db, "bo", { planId: pro.id, interval: "month" });
    await fake.webhooksSettled();
    if (change.kind !== "upgrade") throw new Error(`expected an upgrade, got ${change.kind}`);
    const total = membership.currentPeriodEnd!.getTime() - membership.currentPeriodStart!.getTime();
    const share = (membership.currentPeriodEnd!.getTime() - fake.now().getTime()) / total;
    expect(change.amountMinor).toBeGreaterThan(0);
    expect(Math.abs(change.amountMinor - Math.round((2499 - 999) * share))).toBeLessThanOrEqual(2);
    const after = await state("bo");
    expect(after.membership.planId).toBe(pro.id);
    expect(Math.abs(after.account.allowance - (600 + Math.round(1400 * share)))).toBeLessThanOrEqual(2);
  });

  it("keeps the perks through a declined renewal, tells the member, and recovers on the retry", async () => {
    await join("cy", "Plus", "decline");
    await fake.advanceDays(31);
    await fake.webhooksSettled();
    let now = await state("cy");
    expect(now.membership.status).toBe("past_due");
    expect(now.account.allowance).toBe(600); // the housekeeping ends it at the period's end (tested on the sandbox)
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, "cy"));
    expect(told.map((n) => n.title)).toContain("Your membership payment failed");
    expect((await getMembershipView(t.db, "cy"))!.pastDue!.nextAttemptAt).not.toBeNull();

    fake.setCard(now.membership.providerCustomerId!, "ok");
    await fake.advanceDays(3);
    await fake.webhooksSettled();
    now = await state("cy");
    expect(now.membership).toMatchObject({ status: "active", pastDueSince: null });
    // The renewal's allowance replaced what was left of the first period's.
    expect(now.account).toMatchObject({ balance: 600, allowance: 600 });
    const reasons = await t.db
      .select({ reason: tokenLedger.reason, amount: tokenLedger.amount })
      .from(tokenLedger)
      .where(eq(tokenLedger.userId, "cy"))
      .orderBy(tokenLedger.createdAt);
    expect(reasons).toEqual([
      { reason: "membership_allowance", amount: 600 },
      { reason: "allowance_expired", amount: -600 },
      { reason: "membership_allowance", amount: 600 },
    ]);
  });

  it("cancels at the period's end: nothing more is charged and the allowance ends", async () => {
    await join("di", "Plus");
    await cancelMembership(t.db, "di");
    await fake.webhooksSettled();
    expect((await state("di")).membership).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    await fake.advanceDays(32);
    await fake.webhooksSettled();
    const now = await state("di");
    expect(now.membership).toMatchObject({ status: "ended", endReason: "canceled" });
    expect(now.account).toMatchObject({ balance: 0, allowance: 0 });
    expect(await t.db.select().from(membershipInvoices).where(eq(membershipInvoices.userId, "di"))).toHaveLength(1);
  });
});

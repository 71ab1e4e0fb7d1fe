/**
 * Memberships on the embedded sandbox, end to end on the database (issue 41): a checkout in
 * subscription mode paid on the sandbox, its signed webhooks delivered (twice, and out of order),
 * a year of renewals walked through by moving the sandbox's clock, an upgrade charged for the rest
 * of the period, a downgrade and a cancellation at the period's end, a resume, a renewal declined
 * and retried until it is fixed or the membership lapses — each checked in the ledger, where the
 * allowance is granted once per paid invoice and bought tokens are never touched.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepAllowances } from "../../server/commerce/memberships/allowance";
import { runMembershipHousekeeping } from "../../server/commerce/memberships/housekeeping";
import {
  cancelMembership,
  changeMembershipPlan,
  getMembershipView,
  resumeMembership,
  startMembership,
} from "../../server/commerce/memberships/memberships";
import { listPlansForSale, seedDemoPlans } from "../../server/commerce/memberships/plans";
import {
  deliverSandboxWebhookJob,
  paySandboxCheckout,
  queueSandboxEvent,
} from "../../server/commerce/payments/sandbox";
import {
  advanceSandboxClock,
  replaceSandboxCard,
  runSandboxBilling,
  sandboxNow,
} from "../../server/commerce/payments/sandbox-billing";
import { membershipInvoices, memberships, notifications, tokenLedger, user } from "../../server/db/schema";
import { applyTokenMovement, getTokenAccount, sumTokenLedger } from "../../server/generation/ledger";
import { startJobQueue, stopJobQueue } from "../../server/jobs/queue";
import { sendEmailJob } from "../../server/notify/send-email";
import { setUpTestDatabase } from "../support/database";
import { deliverSandboxEvents, takeSandboxEvents } from "../support/sandbox-events";

const t = setUpTestDatabase();
const DAY = 86_400;

beforeAll(async () => {
  await startJobQueue(t.target, t.handle, {
    definitions: [deliverSandboxWebhookJob, sendEmailJob] as never,
    work: false,
  });
});
afterAll(() => stopJobQueue());

async function member(id: string, bought = 0) {
  await t.db.insert(user).values({ id, name: `Member ${id}`, email: `${id}@example.test`, emailVerified: true });
  if (bought > 0)
    await applyTokenMovement(t.db, {
      userId: id,
      amount: bought,
      reason: "purchase",
      idempotencyKey: `test-buy:${id}`,
    });
  return { userId: id, email: `${id}@example.test` };
}

async function plans() {
  await seedDemoPlans(t.db);
  const list = await listPlansForSale(t.db);
  return { plus: list.find((p) => p.name === "Plus")!, pro: list.find((p) => p.name === "Pro")! };
}

/** Joins a plan on the sandbox and pays with `card`, delivering the sandbox's webhooks. */
async function join(who: { userId: string; email: string }, planId: string, card = "4242 4242 4242 4242") {
  const started = await startMembership(t.db, who, { planId, interval: "month" }, { baseUrl: "http://atelier.test" });
  const session = new URL(started.url, "http://atelier.test").searchParams.get("session")!;
  expect(await paySandboxCheckout(t.db, session, { number: card, expiry: "12/40", cvc: "123" })).toMatchObject({
    kind: "paid",
  });
  return { ...started, events: await takeSandboxEvents(t.db) };
}

/** Moves the sandbox's clock, delivers what it reported, and runs the housekeeping that would follow. */
async function moveClock(days: number) {
  await advanceSandboxClock(t.db, days * DAY, queueSandboxEvent);
  await deliverSandboxEvents(t.db);
  await runMembershipHousekeeping(t.db);
  await deliverSandboxEvents(t.db);
}

async function ledgerOf(userId: string) {
  return t.db
    .select({ amount: tokenLedger.amount, allowance: tokenLedger.allowanceAmount, reason: tokenLedger.reason })
    .from(tokenLedger)
    .where(eq(tokenLedger.userId, userId))
    .orderBy(tokenLedger.createdAt);
}

async function membershipOf(userId: string) {
  const [row] = await t.db
    .select()
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(sql`created_at desc`);
  return row!;
}

async function balanced(userId: string) {
  const account = await getTokenAccount(t.db, userId);
  expect(await sumTokenLedger(t.db, userId)).toBe(account.balance);
  const [split] = await t.db
    .select({ allowance: sql<number>`coalesce(sum(${tokenLedger.allowanceAmount}), 0)::int` })
    .from(tokenLedger)
    .where(eq(tokenLedger.userId, userId));
  expect(split!.allowance).toBe(account.allowance);
  return account;
}

describe("joining a plan", () => {
  it("grants the allowance once per paid invoice, whatever the order and number of deliveries", async () => {
    const { plus } = await plans();
    const ana = await member("ana", 120);
    const { events, membershipId } = await join(ana, plus.id);
    expect(events.map((e) => JSON.parse(e).type)).toEqual([
      "customer.subscription.created",
      "invoice.paid",
      "checkout.session.completed",
    ]);
    // Backwards, then all again: the result is the same as one delivery in order.
    await deliverSandboxEvents(t.db, [...events].reverse());
    const again = await deliverSandboxEvents(t.db, events);
    expect(again.every((d) => d.outcome.duplicate && d.outcome.membershipId === membershipId)).toBe(true);

    const row = await membershipOf("ana");
    expect(row).toMatchObject({ status: "active", planId: plus.id, interval: "month", cancelAtPeriodEnd: false });
    expect(await balanced("ana")).toMatchObject({ balance: 720, allowance: 600 });
    const view = await getMembershipView(t.db, "ana");
    expect(view).toMatchObject({
      plan: { name: "Plus" },
      allowance: { tokens: 600 },
      bought: 120,
      nextCharge: { amountMinor: 999, currency: "USD" },
    });
    expect(view!.invoices).toHaveLength(1);
    expect(view!.invoices[0]).toMatchObject({ status: "paid", tokensGranted: 600, amountMinor: 999 });

    // Generations spend the allowance first; bought tokens wait.
    await applyTokenMovement(t.db, { userId: "ana", amount: -100, reason: "generation", idempotencyKey: "gen-1" });
    expect(await balanced("ana")).toMatchObject({ balance: 620, allowance: 500 });
    await expect(
      startMembership(t.db, ana, { planId: plus.id, interval: "year" }, { baseUrl: "http://x" }),
    ).rejects.toMatchObject({
      code: "already_member",
    });
  });

  it("closes an earlier unpaid checkout when the person starts again, so one membership is ever live", async () => {
    const { plus, pro } = await plans();
    const jo = await member("jo");
    const first = await startMembership(t.db, jo, { planId: plus.id, interval: "month" }, { baseUrl: "http://x" });
    const second = await join(jo, pro.id);
    await deliverSandboxEvents(t.db, second.events);
    const firstSession = new URL(first.url, "http://x").searchParams.get("session")!;
    expect(
      await paySandboxCheckout(t.db, firstSession, { number: "4242424242424242", expiry: "12/40", cvc: "123" }),
    ).toMatchObject({
      kind: "closed",
    });
    await deliverSandboxEvents(t.db);
    const rows = await t.db.select().from(memberships).where(eq(memberships.userId, "jo"));
    expect(rows.map((r) => [r.planId, r.status, r.endReason]).sort()).toEqual(
      [
        [plus.id, "ended", "abandoned"],
        [pro.id, "active", null],
      ].sort(),
    );
  });

  it("walks a year of monthly renewals: one allowance each, the unused rest ending at each renewal", async () => {
    const { plus } = await plans();
    const bo = await member("bo", 50);
    await deliverSandboxEvents(t.db, (await join(bo, plus.id)).events);
    // Spend a little in the first month; the rest ends at the renewal.
    await applyTokenMovement(t.db, { userId: "bo", amount: -200, reason: "generation", idempotencyKey: "gen-bo" });
    const start = await sandboxNow(t.db);
    await moveClock(366);

    const invoices = await t.db.select().from(membershipInvoices).where(eq(membershipInvoices.userId, "bo"));
    expect(invoices).toHaveLength(13);
    expect(invoices.every((i) => i.status === "paid" && i.tokensGranted === 600)).toBe(true);
    const ledger = await ledgerOf("bo");
    expect(ledger.filter((r) => r.reason === "membership_allowance")).toHaveLength(13);
    const expiries = ledger.filter((r) => r.reason === "allowance_expired").map((r) => r.amount);
    expect(expiries).toEqual([-400, ...Array(11).fill(-600)]);
    expect(await balanced("bo")).toMatchObject({ balance: 650, allowance: 600 });
    const row = await membershipOf("bo");
    expect(row.status).toBe("active");
    expect(row.currentPeriodStart!.getTime()).toBeGreaterThan(start.getTime() + 364 * DAY * 1000);
  });
});

describe("changing plans", () => {
  it("upgrades at once with a prorated charge and allowance; downgrades at the renewal", async () => {
    const { plus, pro } = await plans();
    const cy = await member("cy");
    await deliverSandboxEvents(t.db, (await join(cy, plus.id)).events);
    await moveClock(10);
    const before = await membershipOf("cy");
    const share =
      (before.currentPeriodEnd!.getTime() - (await sandboxNow(t.db)).getTime()) /
      (before.currentPeriodEnd!.getTime() - before.currentPeriodStart!.getTime());

    const upgrade = await changeMembershipPlan(t.db, "cy", { planId: pro.id, interval: "month" });
    await deliverSandboxEvents(t.db);
    expect(upgrade.kind).toBe("upgrade");
    if (upgrade.kind !== "upgrade") throw new Error("not an upgrade");
    expect(upgrade.lines.map((l) => l.amountMinor)).toEqual([-Math.round(999 * share), Math.round(2499 * share)]);
    expect(upgrade.amountMinor).toBe(Math.round(2499 * share) - Math.round(999 * share));
    expect(await membershipOf("cy")).toMatchObject({ planId: pro.id, scheduledPlanId: null });
    const extra = Math.round((2000 - 600) * share);
    expect(await balanced("cy")).toMatchObject({ allowance: 600 + extra });

    // Down again: nothing charged now, Pro until the period ends, then Plus at Plus's price.
    const down = await changeMembershipPlan(t.db, "cy", { planId: plus.id, interval: "month" });
    expect(down.kind).toBe("at_renewal");
    expect(await membershipOf("cy")).toMatchObject({ planId: pro.id, scheduledPlanId: plus.id });
    expect((await getMembershipView(t.db, "cy"))!.nextCharge).toMatchObject({ amountMinor: 999 });
    await moveClock(25);
    const after = await membershipOf("cy");
    expect(after).toMatchObject({ planId: plus.id, scheduledPlanId: null, status: "active" });
    const last = await t.db
      .select()
      .from(membershipInvoices)
      .where(and(eq(membershipInvoices.userId, "cy"), eq(membershipInvoices.reason, "renewal")));
    expect(last.map((i) => [i.amountMinor, i.tokensGranted])).toEqual([[999, 600]]);
    expect(await balanced("cy")).toMatchObject({ allowance: 600 });
  });

  it("a declined upgrade changes nothing", async () => {
    const { plus, pro } = await plans();
    const di = await member("di");
    await deliverSandboxEvents(t.db, (await join(di, plus.id, "4000 0000 0000 0341")).events);
    await expect(changeMembershipPlan(t.db, "di", { planId: pro.id, interval: "month" })).rejects.toMatchObject({
      code: "card_declined",
    });
    expect(await membershipOf("di")).toMatchObject({ planId: plus.id, scheduledPlanId: null });
  });
});

describe("cancelling", () => {
  it("keeps the perks to the period's end, can be resumed until then, and charges nothing after", async () => {
    const { plus } = await plans();
    const ed = await member("ed", 75);
    await deliverSandboxEvents(t.db, (await join(ed, plus.id)).events);
    await cancelMembership(t.db, "ed");
    expect(await membershipOf("ed")).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect((await getMembershipView(t.db, "ed"))!.nextCharge).toBeNull();
    await resumeMembership(t.db, "ed");
    expect(await membershipOf("ed")).toMatchObject({ cancelAtPeriodEnd: false });
    await cancelMembership(t.db, "ed");
    await moveClock(20);
    expect((await membershipOf("ed")).status).toBe("active");
    await moveClock(20);
    expect(await membershipOf("ed")).toMatchObject({ status: "ended", endReason: "canceled" });
    const invoices = await t.db.select().from(membershipInvoices).where(eq(membershipInvoices.userId, "ed"));
    expect(invoices).toHaveLength(1);
    // The allowance ended with the membership; what was bought stays.
    expect(await balanced("ed")).toMatchObject({ balance: 75, allowance: 0 });
    expect(await getMembershipView(t.db, "ed")).toBeNull();
  });
});

describe("a failed renewal", () => {
  it("is retried with the member told each time, keeps the perks, and recovers when the card is replaced", async () => {
    const { plus } = await plans();
    const fa = await member("fa", 30);
    await deliverSandboxEvents(t.db, (await join(fa, plus.id, "4000 0000 0000 0341")).events);
    await moveClock(32);
    let row = await membershipOf("fa");
    expect(row.status).toBe("past_due");
    expect((await getMembershipView(t.db, "fa"))!.pastDue!.nextAttemptAt).not.toBeNull();
    // The first period's allowance ended; the new one waits for the payment.
    expect(await balanced("fa")).toMatchObject({ balance: 30, allowance: 0 });
    await moveClock(3);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, "fa"));
    expect(told.filter((n) => n.title === "Your membership payment failed")).toHaveLength(2);
    const emails = (await t.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'email.send' and data->>'to' = 'fa@example.test'`,
    )) as unknown as { rows: { n: number }[] };
    expect(emails.rows[0]!.n).toBe(2);

    await replaceSandboxCard(t.db, row.providerCustomerId!, "4242", "succeed", queueSandboxEvent);
    await deliverSandboxEvents(t.db);
    row = await membershipOf("fa");
    expect(row).toMatchObject({ status: "active", pastDueSince: null });
    expect(await balanced("fa")).toMatchObject({ balance: 630, allowance: 600 });
  });

  it("lapses after the last retry with nothing bought lost, and a failing member can cancel at once", async () => {
    const { plus } = await plans();
    const gi = await member("gi", 40);
    await deliverSandboxEvents(t.db, (await join(gi, plus.id, "4000 0000 0000 0341")).events);
    await moveClock(31);
    await moveClock(16);
    expect(await membershipOf("gi")).toMatchObject({ status: "ended", endReason: "payment_failed" });
    const failed = await t.db.select().from(membershipInvoices).where(eq(membershipInvoices.userId, "gi"));
    expect(failed.find((i) => i.reason === "renewal")).toMatchObject({ status: "failed", attemptCount: 4 });
    expect(await balanced("gi")).toMatchObject({ balance: 40, allowance: 0 });

    const ha = await member("ha");
    await deliverSandboxEvents(t.db, (await join(ha, plus.id, "4000 0000 0000 0341")).events);
    await moveClock(31);
    expect((await membershipOf("ha")).status).toBe("past_due");
    await cancelMembership(t.db, "ha");
    await deliverSandboxEvents(t.db);
    expect(await membershipOf("ha")).toMatchObject({ status: "ended", endReason: "canceled" });
    // No more attempts once it has ended.
    expect(
      await runSandboxBilling(t.db, new Date(Date.now() + 400 * DAY * 1000), queueSandboxEvent),
    ).toBeGreaterThanOrEqual(0);
    const attempts = await t.db.select().from(membershipInvoices).where(eq(membershipInvoices.userId, "ha"));
    expect(attempts.find((i) => i.reason === "renewal")!.attemptCount).toBe(1);
  });
});

describe("the allowance's end", () => {
  it("tells the member once, a few days before, how much will end", async () => {
    const { plus } = await plans();
    const io = await member("io");
    await deliverSandboxEvents(t.db, (await join(io, plus.id)).events);
    const end = (await membershipOf("io")).currentPeriodEnd!;
    const early = new Date(end.getTime() - 5 * DAY * 1000);
    expect((await sweepAllowances(t.db, early)).noticed).toBe(0);
    const soon = new Date(end.getTime() - 2 * DAY * 1000);
    expect((await sweepAllowances(t.db, soon)).noticed).toBe(1);
    expect((await sweepAllowances(t.db, soon)).noticed).toBe(0);
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.userId, "io"));
    expect(notice!.message).toMatch(/^600 tokens of your membership's allowance end on/);
  });
});

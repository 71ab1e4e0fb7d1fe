/**
 * The admin side of memberships (issue 41) on a real database: the members page's figures to the
 * minor unit (recurring revenue with a yearly member, joins, churn), the members list, a refund of
 * a membership invoice through the sandbox — only the unspent allowance of the current period taken
 * back, never bought tokens, the membership ended, refused twice, audited — and the sandbox's
 * clock, which only an admin moves and only on the sandbox.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberListQuery } from "../../app/lib/admin-members";
import { loadDashboard } from "../../server/admin/dashboard";
import {
  getSandboxClock,
  listMembers,
  memberHistory,
  membershipFigures,
  moveSandboxClock,
  refundMembershipInvoice,
} from "../../server/commerce/memberships/admin-memberships";
import { startMembership } from "../../server/commerce/memberships/memberships";
import { listPlansForSale, monthlyValueMinor, seedDemoPlans } from "../../server/commerce/memberships/plans";
import { deliverSandboxWebhookJob, paySandboxCheckout } from "../../server/commerce/payments/sandbox";
import { sandboxClockOffsetSeconds } from "../../server/commerce/payments/sandbox-billing";
import { getConfig } from "../../server/config";
import {
  auditLog,
  membershipInvoices,
  memberships,
  notifications,
  plans,
  sandboxInvoices,
  user,
} from "../../server/db/schema";
import { applyTokenMovement, getTokenAccount } from "../../server/generation/ledger";
import { startJobQueue, stopJobQueue } from "../../server/jobs/queue";
import { setUpTestDatabase } from "../support/database";
import { deliverSandboxEvents } from "../support/sandbox-events";

const t = setUpTestDatabase();
const admin = { userUid: "admin", email: "admin@example.test" };

beforeAll(async () => {
  await startJobQueue(t.target, t.handle, { definitions: [deliverSandboxWebhookJob] as never, work: false });
});
afterAll(() => stopJobQueue());

async function person(id: string, role: "user" | "admin" = "user") {
  await t.db.insert(user).values({ id, name: `Person ${id}`, email: `${id}@example.test`, emailVerified: true, role });
}

async function demoPlans() {
  await seedDemoPlans(t.db);
  const list = await listPlansForSale(t.db);
  return { plus: list.find((p) => p.name === "Plus")!, pro: list.find((p) => p.name === "Pro")! };
}

describe("the members' figures", () => {
  it("counts recurring revenue per currency (a yearly member a twelfth), joins, churn and past due exactly", async () => {
    const { plus, pro } = await demoPlans();
    const [euro] = await t.db
      .insert(plans)
      .values({
        name: "Euro",
        currency: "EUR",
        monthlyPriceMinor: 500,
        yearlyPriceMinor: 5_000,
        tokensPerMonth: 300,
        maxConcurrentJobs: 2,
        badge: "Euro",
        sortOrder: 30,
      })
      .returning();
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    const rows = [
      // id, plan, interval, status, created, ended, reason
      ["a", plus.id, "month", "active", "2026-01-01", null, null], // live since before the window
      ["b", plus.id, "year", "active", "2026-06-10", null, null], // joined in the window, yearly
      ["c", pro.id, "month", "past_due", "2026-03-01", null, null], // live, past due
      ["d", plus.id, "month", "ended", "2026-02-01", "2026-06-15", "canceled"], // churned
      ["e", pro.id, "month", "ended", "2026-06-05", "2026-06-20", "payment_failed"], // joined and churned
      ["f", plus.id, "month", "ended", "2026-06-20", "2026-06-21", "abandoned"], // never paid: not counted
      ["g", plus.id, "month", "incomplete", "2026-06-25", null, null], // checkout open: not counted
      ["h", plus.id, "month", "ended", "2026-01-01", "2026-05-01", "canceled"], // ended before the window
      ["i", euro!.id, "month", "active", "2026-04-01", null, null], // another currency
    ] as const;
    for (const [id, planId, interval, status, created, ended, endReason] of rows) {
      await person(id);
      await t.db.insert(memberships).values({
        userId: id,
        planId,
        interval,
        status,
        provider: "sandbox",
        createdAt: at(created),
        currentPeriodEnd: at("2026-07-10"),
        endedAt: ended ? at(ended) : null,
        endReason,
      });
    }
    const now = new Date("2026-06-30T00:00:00Z");
    const figures = await membershipFigures(t.db, now);
    const yearly = monthlyValueMinor(plus, "year");
    expect(yearly).toBe(833); // 9,990 ÷ 12 = 832.5, rounded as plans.ts does
    expect(figures).toEqual({
      since: "2026-05-31T00:00:00.000Z",
      windowDays: 30,
      recurring: [
        { currency: "USD", amountMinor: 999 + yearly + 2_499 },
        { currency: "EUR", amountMinor: 500 },
      ],
      live: 4,
      pastDue: 1,
      joined: 2,
      churned: 2,
      liveAtStart: 4,
      churnRate: 0.5,
      byPlan: [
        { planId: plus.id, name: "Plus", live: 2, monthly: 1, yearly: 1, retired: false },
        { planId: pro.id, name: "Pro", live: 1, monthly: 1, yearly: 0, retired: false },
        { planId: euro!.id, name: "Euro", live: 1, monthly: 1, yearly: 0, retired: false },
      ],
    });
    // The dashboard shows the same figures, whatever its range.
    expect((await loadDashboard(t.db, { days: 7, now })).memberships).toEqual(figures);
    // Nobody live at the window's start: no rate rather than a division by zero.
    expect((await membershipFigures(t.db, new Date("2025-12-01T00:00:00Z"))).churnRate).toBeNull();

    // The list: live by default, by status, plan and search, newest first.
    const list = (q: Record<string, string>) => listMembers(t.db, memberListQuery.parse(q));
    expect((await list({})).rows.map((r) => r.userId)).toEqual(["b", "i", "c", "a"]);
    expect((await list({ status: "ended" })).rows.map((r) => r.userId)).toEqual(["f", "e", "d", "h"]);
    expect((await list({ status: "all", plan: pro.id })).rows.map((r) => r.userId)).toEqual(["e", "c"]);
    expect((await list({ status: "all", q: "i@example" })).rows).toMatchObject([
      { userId: "i", planName: "Euro", currency: "EUR", monthlyValueMinor: 500 },
    ]);
    expect((await list({ q: "b@", status: "bogus" })).rows).toMatchObject([{ monthlyValueMinor: yearly }]);
    expect(await list({ q: "100%_\\" })).toMatchObject({ total: 0, page: 1, pages: 1 });
  });
});

describe("refunding a membership invoice", () => {
  /** Joins Plus monthly on the sandbox, paid, with the webhooks delivered by hand. */
  async function join(id: string, bought: number) {
    const { plus } = await demoPlans();
    await person(id);
    await applyTokenMovement(t.db, { userId: id, amount: bought, reason: "purchase", idempotencyKey: `buy:${id}` });
    const started = await startMembership(
      t.db,
      { userId: id, email: `${id}@example.test` },
      { planId: plus.id, interval: "month" },
      { baseUrl: "http://atelier.test" },
    );
    const session = new URL(started.url, "http://atelier.test").searchParams.get("session")!;
    expect(
      await paySandboxCheckout(t.db, session, { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" }),
    ).toMatchObject({ kind: "paid" });
    await deliverSandboxEvents(t.db);
    return started.membershipId;
  }
  const invoicesOf = (userId: string) =>
    t.db
      .select()
      .from(membershipInvoices)
      .where(eq(membershipInvoices.userId, userId))
      .orderBy(membershipInvoices.periodStart);

  it("of the current period takes back only the unspent allowance, never bought tokens, and ends the membership", async () => {
    await person("admin", "admin");
    const membershipId = await join("ana", 120);
    // 180 tokens of the allowance spent on pictures.
    await applyTokenMovement(t.db, { userId: "ana", amount: -180, reason: "generation", idempotencyKey: "gen-ana" });
    expect(await getTokenAccount(t.db, "ana")).toMatchObject({ balance: 540, allowance: 420 });
    const [invoice] = await invoicesOf("ana");
    expect(invoice).toMatchObject({ status: "paid", tokensGranted: 600, amountMinor: 999 });

    const result = await refundMembershipInvoice(t.db, invoice!.id, { actor: admin, reason: "Charged by mistake" });
    expect(result).toEqual({
      refundedMinor: 999,
      tokensTakenBack: 420,
      unrecoveredTokens: 180,
      endedMembership: true,
      message: "Refunded $9.99 and took back 420 of 600 tokens; 180 were already spent. The membership ended at once.",
    });
    await deliverSandboxEvents(t.db);
    expect(await getTokenAccount(t.db, "ana")).toMatchObject({ balance: 120, allowance: 0 });
    const [membership] = await t.db.select().from(memberships).where(eq(memberships.id, membershipId));
    expect(membership).toMatchObject({ status: "ended", endReason: "refunded" });
    const [refunded] = await invoicesOf("ana");
    expect(refunded).toMatchObject({
      status: "refunded",
      tokensTakenBack: 420,
      unrecoveredTokens: 180,
      refundedMinor: 999,
    });
    const [atProvider] = await t.db
      .select()
      .from(sandboxInvoices)
      .where(eq(sandboxInvoices.id, refunded!.providerInvoiceId));
    expect(atProvider!.refundedMinor).toBe(999);

    await expect(refundMembershipInvoice(t.db, invoice!.id, { actor: admin, reason: "Again" })).rejects.toMatchObject({
      code: "already_refunded",
    });
    await expect(
      refundMembershipInvoice(t.db, invoice!.id, { actor: admin, reason: "Elsewhere", userId: "someone-else" }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await getTokenAccount(t.db, "ana")).toMatchObject({ balance: 120, allowance: 0 });

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityType, "membership_invoice"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "membership.refund",
      entityId: invoice!.id,
      actorEmail: admin.email,
      after: { status: "refunded", reason: "Charged by mistake", tokensTakenBack: 420, unrecoveredTokens: 180 },
    });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, "ana"));
    expect(told.map((n) => n.title)).toContain("A membership payment was refunded");

    // The user record shows it all.
    const history = await memberHistory(t.db, "ana");
    expect(history).toMatchObject([
      {
        id: membershipId,
        planName: "Plus",
        status: "ended",
        endReason: "refunded",
        invoices: [{ status: "refunded", tokensGranted: 600, tokensTakenBack: 420, refundedMinor: 999 }],
      },
    ]);
  });

  it("of an earlier period takes nothing back (its allowance ended) and keeps the membership", async () => {
    await person("admin", "admin");
    const membershipId = await join("bo", 50);
    // A month and a bit on the sandbox's clock: the membership renews.
    await moveSandboxClock(t.db, 32, admin);
    await deliverSandboxEvents(t.db);
    const [first, renewal] = await invoicesOf("bo");
    expect(renewal).toMatchObject({ reason: "renewal", status: "paid", tokensGranted: 600 });
    expect(await getTokenAccount(t.db, "bo")).toMatchObject({ balance: 650, allowance: 600 });

    const older = await refundMembershipInvoice(t.db, first!.id, { actor: admin, reason: "Goodwill" });
    expect(older).toMatchObject({
      refundedMinor: 999,
      tokensTakenBack: 0,
      unrecoveredTokens: 600,
      endedMembership: false,
    });
    expect(older.message).toMatch(/^Refunded \$9\.99; the allowance of that period .* had already ended/);
    expect(await getTokenAccount(t.db, "bo")).toMatchObject({ balance: 650, allowance: 600 });
    const [still] = await t.db.select().from(memberships).where(eq(memberships.id, membershipId));
    expect(still).toMatchObject({ status: "active", endReason: null });

    const current = await refundMembershipInvoice(t.db, renewal!.id, { actor: admin, reason: "Leaving" });
    expect(current.message).toBe("Refunded $9.99 and took back all 600 tokens. The membership ended at once.");
    expect(await getTokenAccount(t.db, "bo")).toMatchObject({ balance: 50, allowance: 0 });
  });
});

describe("the sandbox's clock", () => {
  it("moves only for an admin, only on the sandbox, and is audited", async () => {
    await person("admin", "admin");
    await person("plain");
    const before = await sandboxClockOffsetSeconds(t.db);
    await expect(moveSandboxClock(t.db, 1, { userUid: "plain", email: "plain@example.test" })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(moveSandboxClock(t.db, 0, admin)).rejects.toMatchObject({ code: "invalid_input" });
    const payments = getConfig().payments as { provider: string };
    payments.provider = "stripe";
    try {
      await expect(moveSandboxClock(t.db, 1, admin)).rejects.toMatchObject({ code: "forbidden" });
      expect(await getSandboxClock(t.db)).toBeNull();
    } finally {
      payments.provider = "sandbox";
    }
    expect(await sandboxClockOffsetSeconds(t.db)).toBe(before);

    const moved = await moveSandboxClock(t.db, 7, admin);
    expect(moved.message).toMatch(
      /^Moved the sandbox's clock forward 7 days to \d{4}-\d{2}-\d{2}: nothing fell due\.$/,
    );
    expect(await sandboxClockOffsetSeconds(t.db)).toBe(before + 7 * 86_400);
    expect(await getSandboxClock(t.db)).toMatchObject({ offsetDays: Math.floor(before / 86_400) + 7 });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "sandbox"), eq(auditLog.action, "sandbox.clock")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: "admin", after: { days: 7, billingSteps: 0 } });
  });
});

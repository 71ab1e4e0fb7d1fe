/**
 * Membership plans as admins edit them (issue 41), on a real database: the form's rules field by
 * field; create, edit, retire and put back on sale, each audited with before and after; delete
 * refused while anyone is on the plan or any record names it; the shop sells only plans on sale.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  createPlan,
  deletePlan,
  listPlansForAdmin,
  type PlanInput,
  planFormValues,
  readPlanForm,
  restorePlan,
  retirePlan,
  updatePlan,
} from "../../server/commerce/memberships/admin-plans";
import { findLivePlanId, listPlansForSale } from "../../server/commerce/memberships/plans";
import { CommerceError } from "../../server/commerce/errors";
import { auditLog, type MembershipStatus, membershipInvoices, memberships, plans, user } from "../../server/db/schema";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();
const admin = { userUid: "admin-1", email: "admin@example.test" };

const GOOD = {
  name: "Plus",
  description: "For most days",
  currency: "USD",
  monthlyPrice: "9.99",
  yearlyPrice: "99.90",
  tokensPerMonth: "600",
  maxConcurrentJobs: "5",
  queuePriority: "5",
  maxSize: "1536",
  badge: "Plus",
  sortOrder: "10",
};

function read(change: Record<string, string | null> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...GOOD, ...change })) if (value !== null) form.set(key, value);
  return readPlanForm(form);
}

function input(change: Record<string, string> = {}): PlanInput {
  const parsed = read(change);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

beforeEach(async () => {
  await t.db
    .insert(user)
    .values({ id: admin.userUid, name: "Admin", email: admin.email, emailVerified: true, role: "admin" });
});

let people = 0;
async function member(planId: string, status: MembershipStatus) {
  const id = `person-${++people}`;
  await t.db.insert(user).values({ id, name: `Person ${people}`, email: `${id}@example.test`, emailVerified: true });
  const [row] = await t.db
    .insert(memberships)
    .values({ userId: id, planId, interval: "month", status, provider: "sandbox" })
    .returning();
  return row!;
}

async function refusal(work: Promise<unknown>): Promise<CommerceError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CommerceError);
  return error as CommerceError;
}

async function auditOf(id: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.createdAt);
}

describe("the plan editor's rules", () => {
  it("reads prices in major units as minor units, and whole numbers", () => {
    expect(input()).toMatchObject({
      name: "Plus",
      monthlyPrice: 999,
      yearlyPrice: 9_990,
      tokensPerMonth: 600,
      maxConcurrentJobs: 5,
      queuePriority: 5,
      maxSize: 1536,
      badge: "Plus",
      sortOrder: 10,
    });
    expect(input({ monthlyPrice: "12", yearlyPrice: " 120.5 " })).toMatchObject({
      monthlyPrice: 1_200,
      yearlyPrice: 12_050,
    });
  });

  it.each([
    ["name", "", "Name the plan"],
    ["name", "x".repeat(61), "Keep the name to 60 characters"],
    ["monthlyPrice", "9,99", "Enter the monthly price such as 9.99"],
    ["monthlyPrice", "0", "The monthly price must be at least 0.50"],
    ["monthlyPrice", "-5", "Enter the monthly price such as 9.99"],
    ["yearlyPrice", "9.999", "Enter the yearly price such as 9.99"],
    ["tokensPerMonth", "0", "The tokens each month must be at least 1"],
    ["tokensPerMonth", "2.5", "Enter the tokens each month as a whole number"],
    ["tokensPerMonth", "many", "Enter the tokens each month as a number"],
    ["maxConcurrentJobs", "0", "The pictures at once must be at least 1"],
    ["maxConcurrentJobs", "21", "The pictures at once must be at most 20"],
    ["queuePriority", "-1", "The queue priority must be at least 0"],
    ["queuePriority", "11", "The queue priority must be at most 10"],
    ["maxSize", "2048", "Choose 1024 or 1536"],
    ["maxSize", "big", "Choose 1024 or 1536"],
    ["badge", " ", "Give the plan a badge"],
    ["badge", "x".repeat(17), "Keep the badge to 16 characters"],
    ["currency", "JPY", "Choose USD, EUR, GBP"],
    ["name", "Plus\u0000", "Remove the invisible control characters from this text."],
  ])("refuses %s %j beside its field", (field, value, message) => {
    const parsed = read({ [field]: value });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.fields).toEqual({ [field]: message });
    expect(parsed.values[field]).toBe(value);
  });

  it("names every missing field at once", () => {
    const parsed = readPlanForm(new FormData());
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors.fields).sort()).toEqual(
      [
        "badge",
        "maxConcurrentJobs",
        "maxSize",
        "monthlyPrice",
        "name",
        "queuePriority",
        "tokensPerMonth",
        "yearlyPrice",
      ].sort(),
    );
  });
});

describe("plans as admins change them", () => {
  it("creates, edits, retires and puts back on sale, each audited; the shop sells only plans on sale", async () => {
    const plus = await createPlan(t.db, admin, input());
    expect(plus).toMatchObject({ name: "Plus", monthlyPriceMinor: 999, yearlyPriceMinor: 9_990, retiredAt: null });
    expect(planFormValues(plus)).toMatchObject({ monthlyPrice: "9.99", yearlyPrice: "99.90", maxSize: "1536" });
    const pro = await createPlan(t.db, admin, input({ name: "Pro", monthlyPrice: "24.99", sortOrder: "20" }));
    expect((await listPlansForSale(t.db)).map((p) => p.name)).toEqual(["Plus", "Pro"]);

    const edited = await updatePlan(t.db, admin, plus.id, input({ name: "Plus+", tokensPerMonth: "700" }));
    expect(edited).toMatchObject({ name: "Plus+", tokensPerMonth: 700 });

    const retired = await retirePlan(t.db, admin, plus.id);
    expect(retired.retiredAt).toBeInstanceOf(Date);
    expect((await listPlansForSale(t.db)).map((p) => p.name)).toEqual(["Pro"]);
    // Retiring twice changes nothing and writes no second entry.
    await retirePlan(t.db, admin, plus.id);
    const admins = await listPlansForAdmin(t.db);
    expect(admins.map((p) => [p.name, p.retiredAt !== null])).toEqual([
      ["Pro", false],
      ["Plus+", true],
    ]);

    const restored = await restorePlan(t.db, admin, plus.id);
    expect(restored.retiredAt).toBeNull();
    expect((await listPlansForSale(t.db)).map((p) => p.name)).toEqual(["Plus+", "Pro"]);

    const entries = await auditOf(plus.id);
    expect(entries.map((e) => e.action)).toEqual(["plan.create", "plan.update", "plan.retire", "plan.restore"]);
    expect(entries.every((e) => e.entityType === "plan" && e.actorEmail === admin.email)).toBe(true);
    expect(entries[1]!.before).toMatchObject({ name: "Plus", tokensPerMonth: 600 });
    expect(entries[1]!.after).toMatchObject({ name: "Plus+", tokensPerMonth: 700 });
    expect((entries[2]!.after as { retiredAt: string | null }).retiredAt).not.toBeNull();
    expect((await auditOf(pro.id)).map((e) => e.action)).toEqual(["plan.create"]);
  });

  it("counts live members (active or past due) and finds a person's live plan", async () => {
    const plus = await createPlan(t.db, admin, input());
    const active = await member(plus.id, "active");
    await member(plus.id, "past_due");
    await member(plus.id, "incomplete");
    const ended = await member(plus.id, "ended");
    expect((await listPlansForAdmin(t.db))[0]!.members).toBe(2);
    expect(await findLivePlanId(t.db, active.userId)).toBe(plus.id);
    expect(await findLivePlanId(t.db, ended.userId)).toBeNull();
    expect(await findLivePlanId(t.db, "nobody")).toBeNull();
  });

  it("refuses to delete a plan while anyone is on it, or while any record names it", async () => {
    const plus = await createPlan(t.db, admin, input());
    const first = await member(plus.id, "active");
    await member(plus.id, "incomplete");
    let error = await refusal(deletePlan(t.db, admin, plus.id));
    expect(error.status).toBe(409);
    expect(error.message).toBe("Retire it instead: 2 members are on it.");

    // A member moving to it at their renewal holds it too.
    const pro = await createPlan(t.db, admin, input({ name: "Pro" }));
    await t.db.update(memberships).set({ scheduledPlanId: pro.id }).where(eq(memberships.id, first.id));
    error = await refusal(deletePlan(t.db, admin, pro.id));
    expect(error.message).toBe("Retire it instead: 1 member moves to it at their next renewal.");

    // Once everyone has left, the past memberships and their invoices still name it.
    await t.db.update(memberships).set({ status: "ended" }).where(eq(memberships.planId, plus.id));
    await t.db.insert(membershipInvoices).values({
      membershipId: first.id,
      userId: first.userId,
      provider: "sandbox",
      providerInvoiceId: "in_1",
      reason: "first",
      planId: plus.id,
      planName: "Plus",
      interval: "month",
      amountMinor: 999,
      currency: "USD",
      periodStart: new Date(),
      periodEnd: new Date(),
    });
    error = await refusal(deletePlan(t.db, admin, plus.id));
    expect(error.message).toBe(
      "It can't be deleted: 2 past memberships and 1 invoice name it, kept for their records. Retire it instead.",
    );
    // Pro was only ever scheduled: that past membership names it as well.
    error = await refusal(deletePlan(t.db, admin, pro.id));
    expect(error.message).toBe(
      "It can't be deleted: 1 past membership names it, kept for their records. Retire it instead.",
    );
    expect((await auditOf(plus.id)).map((e) => e.action)).toEqual(["plan.create"]);
    expect(await t.db.select({ id: plans.id }).from(plans)).toHaveLength(2);
  });

  it("deletes a plan nobody was ever on, audited with what it was", async () => {
    const plus = await createPlan(t.db, admin, input());
    await deletePlan(t.db, admin, plus.id);
    expect(await t.db.select().from(plans).where(eq(plans.id, plus.id))).toEqual([]);
    const entries = await auditOf(plus.id);
    expect(entries.map((e) => e.action)).toEqual(["plan.create", "plan.delete"]);
    expect(entries[1]!.before).toMatchObject({ name: "Plus" });
    expect(entries[1]!.after).toBeNull();
  });

  it("answers not found for an id that is no plan, malformed or not", async () => {
    for (const id of ["nope", "00000000-0000-4000-8000-000000000000"]) {
      // One at a time: started together, a refusal not yet awaited would be an unhandled rejection.
      for (const work of [
        () => updatePlan(t.db, admin, id, input()),
        () => retirePlan(t.db, admin, id),
        () => restorePlan(t.db, admin, id),
        () => deletePlan(t.db, admin, id),
      ])
        expect((await refusal(work())).status).toBe(404);
    }
  });
});

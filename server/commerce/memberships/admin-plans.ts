/**
 * Membership plans as admins edit them (issue 41), at /admin/plans beside the token packs: the
 * list with each plan's live members, the editor's form checked here with zod (every problem
 * beside its field), create, edit, retire (no longer sold; members keep it until they change),
 * put back on sale, and delete — only a plan nobody was ever on, since memberships and invoices
 * name it. Every change is audited in its own transaction, as the packs' are.
 */
import { and, asc, count, eq, inArray, ne, or } from "drizzle-orm";
import { z } from "zod";
import { SHOP_CURRENCIES } from "~/lib/admin-products";
import { formatCount } from "~/lib/format";
import { type FormResult, parseForm } from "~/lib/forms";
import { type Actor, recordAudit } from "../../audit/audit";
import { announceChange } from "../../db/change-feed";
import { type Database, inTransaction } from "../../db/client";
import { isUuid } from "../../db/ids";
import { membershipInvoices, memberships, PLAN_SIZES, plans } from "../../db/schema";
import { CommerceError } from "../errors";
import type { Plan } from "./plans";

/** The sizes a plan may allow as its largest, for the editor's menu. */
export { PLAN_SIZES };

const PLAN_NOT_FOUND = "That plan does not exist.";

/** A price typed in the currency's major units ("9.99"), kept in minor units; Stripe charges 0.50 at least. */
const price = (label: string) =>
  z
    .string({ error: `Enter the ${label} price, such as 9.99` })
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, `Enter the ${label} price such as 9.99`)
    .transform((v) => Math.round(Number(v) * 100))
    .refine((minor) => minor >= 50, `The ${label} price must be at least 0.50`);

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `Enter ${label} as a number` })
    .int(`Enter ${label} as a whole number`)
    .min(min, `${label[0]!.toUpperCase()}${label.slice(1)} must be at least ${formatCount(min)}`)
    .max(max, `${label[0]!.toUpperCase()}${label.slice(1)} must be at most ${formatCount(max)}`);

/** The plan editor's fields, as the form sends them. */
export const planForm = z.object({
  name: z.string({ error: "Name the plan" }).trim().min(1, "Name the plan").max(60, "Keep the name to 60 characters"),
  description: z.string().trim().max(300, "Keep the description to 300 characters").default(""),
  currency: z.enum(SHOP_CURRENCIES, { error: `Choose ${SHOP_CURRENCIES.join(", ")}` }).default("USD"),
  monthlyPrice: price("monthly"),
  yearlyPrice: price("yearly"),
  tokensPerMonth: whole("the tokens each month", 1, 1_000_000),
  maxConcurrentJobs: whole("the pictures at once", 1, 20),
  queuePriority: whole("the queue priority", 0, 10),
  maxSize: z.coerce
    .number({ error: `Choose ${PLAN_SIZES.join(" or ")}` })
    .refine((size): size is (typeof PLAN_SIZES)[number] => (PLAN_SIZES as readonly number[]).includes(size), {
      message: `Choose ${PLAN_SIZES.join(" or ")}`,
    }),
  badge: z
    .string({ error: "Give the plan a badge" })
    .trim()
    .min(1, "Give the plan a badge")
    .max(16, "Keep the badge to 16 characters"),
  sortOrder: whole("the order", 0, 100_000).default(0),
});
export type PlanInput = z.output<typeof planForm>;

/** Reads the editor's form: the plan, or each field's problem (control characters included). */
export function readPlanForm(formData: FormData): FormResult<PlanInput> {
  return parseForm(formData, planForm);
}

function columnsOf(input: PlanInput) {
  return {
    name: input.name,
    description: input.description,
    currency: input.currency,
    monthlyPriceMinor: input.monthlyPrice,
    yearlyPriceMinor: input.yearlyPrice,
    tokensPerMonth: input.tokensPerMonth,
    maxConcurrentJobs: input.maxConcurrentJobs,
    queuePriority: input.queuePriority,
    maxSize: input.maxSize,
    badge: input.badge,
    sortOrder: input.sortOrder,
  };
}

/** The editor's values for a plan as it is. */
export function planFormValues(row: Plan): Record<string, string> {
  return {
    name: row.name,
    description: row.description,
    currency: row.currency,
    monthlyPrice: (row.monthlyPriceMinor / 100).toFixed(2),
    yearlyPrice: (row.yearlyPriceMinor / 100).toFixed(2),
    tokensPerMonth: String(row.tokensPerMonth),
    maxConcurrentJobs: String(row.maxConcurrentJobs),
    queuePriority: String(row.queuePriority),
    maxSize: String(row.maxSize),
    badge: row.badge,
    sortOrder: String(row.sortOrder),
  };
}

export type AdminPlanRow = Plan & {
  /** Live memberships: active or past due. */
  members: number;
};

/** Every plan, on sale first, in shop order, with its live members. */
export async function listPlansForAdmin(db: Database): Promise<AdminPlanRow[]> {
  const rows = await db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.monthlyPriceMinor), asc(plans.id));
  const counts = await db
    .select({ planId: memberships.planId, n: count() })
    .from(memberships)
    .where(inArray(memberships.status, ["active", "past_due"]))
    .groupBy(memberships.planId);
  const members = new Map(counts.map((c) => [c.planId, Number(c.n)]));
  const withMembers = rows.map((row) => ({ ...row, members: members.get(row.id) ?? 0 }));
  return [...withMembers.filter((r) => !r.retiredAt), ...withMembers.filter((r) => r.retiredAt)];
}

export async function getPlanForAdmin(db: Database, id: string): Promise<Plan | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row ?? null;
}

/** Every plan change runs here: once it is committed, this process's cached plans are dropped. */
async function inPlanTx<T>(db: Database, run: (tx: Database) => Promise<T>): Promise<T> {
  const result = await inTransaction(db, run);
  announceChange({ kind: "table", table: "plans" });
  return result;
}

async function lockPlan(tx: Database, id: string): Promise<Plan> {
  if (!isUuid(id)) throw new CommerceError("not_found", PLAN_NOT_FOUND);
  const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for("update");
  if (!row) throw new CommerceError("not_found", PLAN_NOT_FOUND);
  return row;
}

async function changePlan(tx: Database, id: string, change: Partial<typeof plans.$inferInsert>): Promise<Plan> {
  const [after] = await tx
    .update(plans)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(plans.id, id))
    .returning();
  return after!;
}

export async function createPlan(db: Database, actor: Actor, input: PlanInput): Promise<Plan> {
  return inPlanTx(db, async (tx) => {
    const [row] = await tx.insert(plans).values(columnsOf(input)).returning();
    await recordAudit(tx, actor, { action: "plan.create", entityType: "plan", entityId: row!.id, after: row });
    return row!;
  });
}

/** Changes a plan; members on it have its new perks at once and its new price from the provider's next charge. */
export async function updatePlan(db: Database, actor: Actor, id: string, input: PlanInput): Promise<Plan> {
  return inPlanTx(db, async (tx) => {
    const before = await lockPlan(tx, id);
    const after = await changePlan(tx, id, columnsOf(input));
    await recordAudit(tx, actor, { action: "plan.update", entityType: "plan", entityId: id, before, after });
    return after;
  });
}

/** Takes a plan off sale; its members keep it until they change. Retiring a retired plan changes nothing. */
export async function retirePlan(db: Database, actor: Actor, id: string): Promise<Plan> {
  return inPlanTx(db, async (tx) => {
    const before = await lockPlan(tx, id);
    if (before.retiredAt) return before;
    const after = await changePlan(tx, id, { retiredAt: new Date() });
    await recordAudit(tx, actor, { action: "plan.retire", entityType: "plan", entityId: id, before, after });
    return after;
  });
}

/** Puts a retired plan back on sale. A plan on sale already changes nothing. */
export async function restorePlan(db: Database, actor: Actor, id: string): Promise<Plan> {
  return inPlanTx(db, async (tx) => {
    const before = await lockPlan(tx, id);
    if (!before.retiredAt) return before;
    const after = await changePlan(tx, id, { retiredAt: null });
    await recordAudit(tx, actor, { action: "plan.restore", entityType: "plan", entityId: id, before, after });
    return after;
  });
}

/** "1 member", "3 invoices". */
const counted = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

async function countOf(query: PromiseLike<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}

/**
 * Deletes a plan nobody was ever on. While any membership that has not ended is on it (or moves
 * to it at its renewal) it is refused — retire it instead; and a plan that past memberships or
 * invoices name stays for their records. The plan's row is locked first, so a membership started
 * meanwhile waits for the answer (and is then refused by the foreign key).
 */
export async function deletePlan(db: Database, actor: Actor, id: string): Promise<Plan> {
  return inPlanTx(db, async (tx) => {
    const before = await lockPlan(tx, id);
    const live = ne(memberships.status, "ended");
    const onIt = await countOf(
      tx
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.planId, id), live)),
    );
    if (onIt > 0)
      throw new CommerceError(
        "closed",
        `Retire it instead: ${counted(onIt, "member", "members")} ${onIt === 1 ? "is" : "are"} on it.`,
      );
    const moving = await countOf(
      tx
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.scheduledPlanId, id), live)),
    );
    if (moving > 0)
      throw new CommerceError(
        "closed",
        `Retire it instead: ${counted(moving, "member moves", "members move")} to it at their next renewal.`,
      );
    const past = await countOf(
      tx
        .select({ n: count() })
        .from(memberships)
        .where(or(eq(memberships.planId, id), eq(memberships.scheduledPlanId, id))),
    );
    const invoices = await countOf(
      tx.select({ n: count() }).from(membershipInvoices).where(eq(membershipInvoices.planId, id)),
    );
    const named = [
      past > 0 ? counted(past, "past membership", "past memberships") : null,
      invoices > 0 ? counted(invoices, "invoice", "invoices") : null,
    ].filter(Boolean);
    if (named.length > 0)
      throw new CommerceError(
        "closed",
        `It can't be deleted: ${named.join(" and ")} ${past + invoices === 1 ? "names" : "name"} it, kept for their records. Retire it instead.`,
      );
    await tx.delete(plans).where(eq(plans.id, id));
    await recordAudit(tx, actor, { action: "plan.delete", entityType: "plan", entityId: id, before });
    return before;
  });
}

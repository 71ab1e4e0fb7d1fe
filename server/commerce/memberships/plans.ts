/**
 * Membership plans as the shop and the membership code read them: the plans on sale, one plan,
 * its price at an interval. Administrators edit them in admin-plans.ts. Demo plans are seeded on
 * first start beside the demo packs.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cachedRead } from "../../db/runtime-snapshot";
import { memberships, type PlanInterval, plans } from "../../db/schema";
import type { PlanPrice } from "../payments/billing";

export type Plan = typeof plans.$inferSelect;

/** What the pricing page and the member's profile show of a plan. */
export interface ShopPlan {
  id: string;
  name: string;
  description: string;
  currency: string;
  monthlyPriceMinor: number;
  yearlyPriceMinor: number;
  tokensPerMonth: number;
  maxConcurrentJobs: number;
  queuePriority: number;
  maxSize: number;
  badge: string;
}

export function toShopPlan(row: Plan): ShopPlan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    currency: row.currency,
    monthlyPriceMinor: row.monthlyPriceMinor,
    yearlyPriceMinor: row.yearlyPriceMinor,
    tokensPerMonth: row.tokensPerMonth,
    maxConcurrentJobs: row.maxConcurrentJobs,
    queuePriority: row.queuePriority,
    maxSize: row.maxSize,
    badge: row.badge,
  };
}

/** The plans on sale (not retired), cheapest first within the admins' order; read after each change. */
export const listPlansForSale = cachedRead(["plans"], async (db): Promise<ShopPlan[]> => {
  const rows = await db
    .select()
    .from(plans)
    .where(isNull(plans.retiredAt))
    .orderBy(asc(plans.sortOrder), asc(plans.monthlyPriceMinor));
  return rows.map(toShopPlan);
});

export async function getPlan(db: Database, id: string): Promise<Plan | null> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row ?? null;
}

/** The plan of the person's live membership (active or past due), or null when they have none. */
export async function findLivePlanId(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ planId: memberships.planId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), inArray(memberships.status, ["active", "past_due"])))
    .limit(1);
  return row?.planId ?? null;
}

export function planPrice(plan: Plan | ShopPlan, interval: PlanInterval): PlanPrice {
  return {
    planId: plan.id,
    planName: plan.name,
    interval,
    amountMinor: interval === "year" ? plan.yearlyPriceMinor : plan.monthlyPriceMinor,
    currency: plan.currency,
  };
}

/** The allowance one invoice of this plan grants: a month's, or twelve for a yearly membership. */
export function allowancePerPeriod(plan: Pick<Plan, "tokensPerMonth">, interval: PlanInterval): number {
  return interval === "year" ? plan.tokensPerMonth * 12 : plan.tokensPerMonth;
}

/** A plan's price per month, for comparing plans and for monthly recurring revenue. */
export function monthlyValueMinor(plan: Pick<Plan, "monthlyPriceMinor" | "yearlyPriceMinor">, interval: PlanInterval) {
  return interval === "year" ? Math.round(plan.yearlyPriceMinor / 12) : plan.monthlyPriceMinor;
}

const DEMO_PLANS = [
  {
    name: "Plus",
    description: "For people who make something most days.",
    monthlyPriceMinor: 999,
    yearlyPriceMinor: 9_990,
    tokensPerMonth: 600,
    maxConcurrentJobs: 5,
    queuePriority: 5,
    maxSize: 1024,
    badge: "Plus",
    sortOrder: 10,
  },
  {
    name: "Pro",
    description: "For people who make art every day, large.",
    monthlyPriceMinor: 2_499,
    yearlyPriceMinor: 24_990,
    tokensPerMonth: 2_000,
    maxConcurrentJobs: 10,
    queuePriority: 10,
    maxSize: 1536,
    badge: "Pro",
    sortOrder: 20,
  },
] as const;

/** Writes the demo plans when there are none yet (first start). */
export async function seedDemoPlans(db: Database): Promise<void> {
  const [any] = await db.select({ id: plans.id }).from(plans).limit(1);
  if (!any) await db.insert(plans).values(DEMO_PLANS.map((p) => ({ ...p, currency: "USD" })));
}

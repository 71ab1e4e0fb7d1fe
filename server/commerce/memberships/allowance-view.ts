/**
 * The balance as the header shows it (issue 41): one total, and for a member the part of it that
 * is their plan's allowance — which plan, and when it ends — beside what they bought. A person with
 * no allowance costs the one read of their token account, as before memberships.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { memberships, plans } from "../../db/schema";
import { getTokenAccount } from "../../generation/ledger";

export interface BalanceParts {
  balance: number;
  /** The part of the balance that came from a membership's allowance (0 for everyone else). */
  allowance: number;
  allowanceEndsAt: Date | null;
  /** The live membership's plan, when the allowance comes with one. */
  plan: string | null;
}

export async function getBalanceParts(db: Database, userId: string): Promise<BalanceParts> {
  const account = await getTokenAccount(db, userId);
  if (account.allowance <= 0) return { balance: account.balance, allowance: 0, allowanceEndsAt: null, plan: null };
  const [live] = await db
    .select({ name: plans.name })
    .from(memberships)
    .innerJoin(plans, eq(plans.id, memberships.planId))
    .where(and(eq(memberships.userId, userId), inArray(memberships.status, ["active", "past_due"])))
    .limit(1);
  return {
    balance: account.balance,
    allowance: account.allowance,
    allowanceEndsAt: account.allowanceExpiresAt,
    plan: live?.name ?? null,
  };
}

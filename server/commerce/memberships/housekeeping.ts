/**
 * Memberships' part of the five-minute housekeeping: the sandbox bills what fell due by its
 * clock (Stripe does its own), allowances whose period is over end and those ending soon are
 * told, and memberships whose webhook never came are synced from the provider — as lost pack
 * webhooks are reconciled — so a lost delivery costs minutes, not a month.
 */
import { and, eq, inArray, isNotNull, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { memberships } from "../../db/schema";
import { logger } from "../../logger";
import { getPaymentProvider } from "../payments";
import { runSandboxBilling, sandboxNow } from "../payments/sandbox-billing";
import { queueSandboxEvent } from "../payments/sandbox";
import { sweepAllowances } from "./allowance";
import { syncMembershipCheckout, syncSubscription } from "./sync";

/** How long a checkout or a renewal may wait for its webhook before we ask the provider ourselves. */
const WEBHOOK_GRACE_MS = 10 * 60_000;
/** A checkout left open this long is closed at the provider, as abandoned pack checkouts are. */
const ABANDONED_AFTER_MS = 24 * 3_600_000;

export async function runMembershipHousekeeping(db: Database) {
  const provider = getPaymentProvider(db);
  const now = await provider.billing.now();
  const sandboxSteps = await runSandboxBilling(db, await sandboxNow(db), queueSandboxEvent);
  const allowances = await sweepAllowances(db, now);
  const stale = new Date(Date.now() - WEBHOOK_GRACE_MS);
  const waiting = await db
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.status, "incomplete"),
        isNotNull(memberships.providerCheckoutId),
        lt(memberships.createdAt, stale),
      ),
    )
    .limit(100);
  const overdue = await db
    .select()
    .from(memberships)
    .where(
      and(
        inArray(memberships.status, ["active", "past_due"]),
        isNotNull(memberships.providerSubscriptionId),
        lt(memberships.currentPeriodEnd, new Date(now.getTime() - WEBHOOK_GRACE_MS)),
      ),
    )
    .limit(100);
  let synced = 0;
  for (const membership of [...waiting, ...overdue]) {
    try {
      const owner = getPaymentProvider(db, membership.provider);
      if (membership.status === "incomplete") {
        if (membership.createdAt.getTime() < Date.now() - ABANDONED_AFTER_MS)
          await owner.expireCheckout(membership.providerCheckoutId!);
        await syncMembershipCheckout(db, owner, membership);
      } else await syncSubscription(db, owner, membership.providerSubscriptionId!);
      synced++;
    } catch (err) {
      logger.warn({ err, membership: membership.id }, "could not sync a membership from its provider");
    }
  }
  return { sandboxSteps, ...allowances, synced };
}

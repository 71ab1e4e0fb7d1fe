/**
 * Housekeeping, every five minutes on the job queue's schedule (one run across all processes):
 * drop expired rate-limit windows and idempotency keys, recompute trending scores (they decay
 * with age even when nobody reacts), reconcile payments whose webhook never came, and bill
 * memberships (the sandbox's renewals, allowances that end, memberships whose webhook was lost).
 */
import { z } from "zod";
import { runMembershipHousekeeping } from "./commerce/memberships/housekeeping";
import { reconcileTransactions } from "./commerce/transactions";
import { refreshTrendingScores } from "./community/trending";
import { defineJob } from "./jobs/define";
import { pruneExpiredRows } from "./ops/maintenance";

export const housekeepingJob = defineJob({
  name: "ops.housekeeping",
  schema: z.object({}).passthrough(),
  cron: "*/5 * * * *",
  // The next tick is five minutes away: no retries.
  retry: { limit: 0, delaySeconds: 60 },
  expireInSeconds: 240,
  async handle(_payload, { db, log }) {
    const failures: unknown[] = [];
    const step = (name: string, run: () => Promise<unknown>) =>
      run().catch((err: unknown) => {
        log.warn({ err }, `${name} failed`);
        failures.push(err);
      });
    await step("pruning expired rows", () => pruneExpiredRows(db));
    await step("refreshing trending scores", () => refreshTrendingScores(db));
    await step("reconciling payments", async () => {
      const result = await reconcileTransactions(db);
      if (result.settled || result.abandoned) log.info(result, "reconciled payments");
    });
    await step("billing memberships", async () => {
      const result = await runMembershipHousekeeping(db);
      if (result.sandboxSteps || result.expired || result.noticed || result.synced)
        log.info(result, "billed memberships");
    });
    if (failures.length > 0) throw new Error(`${failures.length} housekeeping step(s) failed`);
  },
});

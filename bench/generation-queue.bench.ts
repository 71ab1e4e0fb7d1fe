/**
 * Queue overhead per generation on PostgreSQL, with the "blank" engine (no rendering): how many
 * generations per second go queued → running → succeeded through pg-boss, the claim, progress
 * writes, the thumbnail and the final transaction. Printed beside the throughput of bare pg-boss
 * jobs with an empty handler, measured in the same run. Target: ≥ 200 generations/s.
 *   TEST_POSTGRES_URL=postgres://… node bench/run-ts.mjs bench/generation-queue.bench.ts [jobs] [concurrency]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { z } from "zod";
import { createScratchDatabase, openAppDatabase } from "./support/database";
import { queueBenchGenerations } from "./support/generations";

export async function main(args: string[]) {
  const jobs = Number(args[0] ?? 1000);
  const concurrency = Number(args[1] ?? 32);
  const server = process.env.TEST_POSTGRES_URL ?? process.env.DATABASE_URL;
  if (!server)
    throw new Error(
      "Set TEST_POSTGRES_URL (or DATABASE_URL) to a PostgreSQL server; a database is created and dropped.",
    );
  const { url, drop: dropDatabase } = await createScratchDatabase(server, "atelier_bench");
  Object.assign(process.env, {
    DATABASE_URL: url,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "atelier-bench-")),
    GENERATION_CONCURRENCY: String(concurrency),
    LOG_LEVEL: "warn",
    NODE_ENV: "test",
  });
  const { generations, user } = await import("../server/db/schema");
  const { defineJob } = await import("../server/jobs/define");
  const { startJobQueue, stopJobQueue, enqueueJob } = await import("../server/jobs/queue");
  const { routeEngines } = await import("../server/generation/engines/registry");
  const { applyTokenMovement } = await import("../server/generation/ledger");
  const { saveTokenSettings } = await import("../server/generation/token-settings");
  const { renderGenerationJob } = await import("../server/generation/render-job");

  const { config, handle, db } = await openAppDatabase();

  let bareDone = 0;
  const bareJob = defineJob({
    name: "bench.noop",
    schema: z.object({ n: z.number() }),
    retry: { limit: 0, delaySeconds: 1 },
    expireInSeconds: 60,
    concurrency: () => concurrency,
    handle: async () => void bareDone++,
  });
  const definitions = [bareJob as never, renderGenerationJob as never];
  // Jobs are queued with no worker running, then workers start: the clock measures processing only.
  const startWorkers = async () => {
    await stopJobQueue();
    await startJobQueue(config.database, handle, { definitions, work: true, pollingIntervalSeconds: 0.5 });
  };
  await startJobQueue(config.database, handle, { definitions, work: false });

  const waitFor = async (done: () => Promise<boolean>) => {
    while (!(await done())) await new Promise((r) => setTimeout(r, 20));
  };

  // Baseline: bare pg-boss jobs.
  for (let i = 0; i < jobs; i += 50)
    await Promise.all(Array.from({ length: Math.min(50, jobs - i) }, (_, k) => enqueueJob(bareJob, { n: i + k })));
  let t = performance.now();
  await startWorkers();
  await waitFor(async () => bareDone >= jobs);
  const bareSeconds = (performance.now() - t) / 1000;

  // Generations through the whole pipeline with the blank engine.
  routeEngines({ text: "blank", image: "blank", doodle: "blank" });
  await saveTokenSettings(db, { maxConcurrentJobs: 20 });
  const users = Array.from({ length: Math.ceil(jobs / 20) }, (_, i) => `bench-${i}`);
  for (const id of users) {
    await db.insert(user).values({ id, name: id, email: `${id}@bench.test`, emailVerified: true });
    await applyTokenMovement(db, {
      userId: id,
      amount: 1000,
      reason: "admin_adjustment",
      idempotencyKey: `bench:${id}`,
    });
  }
  await stopJobQueue();
  await startJobQueue(config.database, handle, { definitions, work: false });
  t = performance.now();
  await queueBenchGenerations(db, users, jobs);
  const createdSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  await startWorkers();
  await waitFor(
    async () =>
      ((await db.select({ n: count() }).from(generations).where(eq(generations.status, "succeeded")))[0]?.n ?? 0) >=
      jobs,
  );
  const pipelineSeconds = (performance.now() - t) / 1000;

  await stopJobQueue();
  await handle.close();
  await dropDatabase();

  const rate = (n: number, s: number) => `${(n / s).toFixed(0).padStart(5)}/s`;
  console.log(`Job queue on PostgreSQL, ${jobs} jobs, ${concurrency} at once per process`);
  console.log(`bare pg-boss jobs (baseline)        ${rate(jobs, bareSeconds)}`);
  console.log(`generations created (debit + queue) ${rate(jobs, createdSeconds)}   (${users.length} users at once)`);
  const pipeline = jobs / pipelineSeconds;
  console.log(
    `generations finished (blank engine) ${rate(jobs, pipelineSeconds)}   ×${(pipeline / (jobs / bareSeconds)).toFixed(2)} of bare jobs   target ≥ 200/s: ${pipeline >= 200 ? "met" : "MISSED"}`,
  );
}

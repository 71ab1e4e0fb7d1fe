/**
 * Memory of the whole process while 4 Studio generations (1024², one image each) run at once,
 * on the embedded database with the real queue and worker threads. Samples RSS every 20 ms and
 * prints the baseline (idle, everything started) and the peak. Target: peak RSS under 1 GB.
 *   node bench/run-ts.mjs bench/generation-memory.bench.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { openAppDatabase } from "./support/database";

export async function main() {
  Object.assign(process.env, {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "atelier-bench-")),
    LOG_LEVEL: "warn",
    NODE_ENV: "test",
    GENERATION_CONCURRENCY: "4",
  });
  const { generations, user } = await import("../server/db/schema");
  const { startJobQueue, stopJobQueue } = await import("../server/jobs/queue");
  const { closeEngines } = await import("../server/generation/engines/registry");
  const { createGeneration } = await import("../server/generation/generations");
  const { applyTokenMovement } = await import("../server/generation/ledger");
  const { saveTokenSettings } = await import("../server/generation/token-settings");
  const { enqueueRenderJob, renderGenerationJob } = await import("../server/generation/render-job");

  const { config, handle, db } = await openAppDatabase();
  await startJobQueue(config.database, handle, {
    definitions: [renderGenerationJob as never],
    work: true,
    pollingIntervalSeconds: 0.5,
  });
  await db.insert(user).values({ id: "bench", name: "bench", email: "bench@bench.test", emailVerified: true });
  await applyTokenMovement(db, { userId: "bench", amount: 1000, reason: "admin_adjustment", idempotencyKey: "bench" });
  await saveTokenSettings(db, { maxConcurrentJobs: 4 });

  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const prompts = [
    "a red sunset over snowy mountains and a calm lake",
    "a city at night",
    "a foggy forest at dawn",
    "galaxy over the sea",
  ];
  const ids: string[] = [];
  for (const [i, prompt] of prompts.entries()) {
    const { generation } = await createGeneration(db, {
      userId: "bench",
      input: {
        mode: "text",
        prompt,
        negativePrompt: "",
        style: ["watercolor", "oil-painting", "stained-glass", "low-poly"][i]!,
        aspectRatio: "1:1",
        size: 1024,
        count: 1,
        seed: i,
        strength: 1,
        christmas: false,
      },
      enqueue: (id, priority) => enqueueRenderJob(id, 0, priority),
    });
    ids.push(generation.id);
  }
  for (;;) {
    const rows = await db.select({ status: generations.status }).from(generations).where(inArray(generations.id, ids));
    if (rows.every((r) => r.status === "succeeded" || r.status === "failed")) {
      if (rows.some((r) => r.status === "failed"))
        console.log(
          "some generations failed:",
          await db.select().from(generations).where(eq(generations.status, "failed")),
        );
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  await stopJobQueue();
  await closeEngines();
  await handle.close();
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `4 Studio generations at 1024² on ${config.studioThreads} thread(s), embedded database: ${seconds.toFixed(1)} s`,
  );
  console.log(
    `RSS idle ${mb(baseline)}, peak ${mb(peak)} (×${(peak / baseline).toFixed(2)})   target peak < 1024 MB: ${peak < 1024 ** 3 ? "met" : "MISSED"}`,
  );
}

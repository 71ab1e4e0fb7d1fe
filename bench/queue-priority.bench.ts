/**
 * Members' jobs start first when the queue is long (issue 41, item 5): one worker slot
 * (GENERATION_CONCURRENCY=1), a backlog of non-members' pictures, more of them arriving all along,
 * and a few members on a plan with queue priority 10 arriving while the line is long. Every picture
 * goes the real way — createGeneration (debit, job limit) → enqueueRenderJob with the owner's
 * priority → pg-boss → the render job (claim, engine, screening, store) — on an engine that takes
 * `jobMs` per picture. The same arrivals run twice: with the members' priority, and with it left at 0
 * (everyone first come, first served, as before), and each prints how long members and non-members
 * waited from asking to starting, and how many jobs started ahead of each member's.
 * Embedded PGlite in a scratch folder, or PostgreSQL with TEST_POSTGRES_URL.
 *   node bench/run-ts.mjs bench/queue-priority.bench.ts [backlog=40] [members=5] [jobMs=200]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase, openAppDatabase } from "./support/database";

interface Arrival {
  at: number;
  userId: string;
  member: boolean;
}

export async function main(args: string[]) {
  const backlog = Number(args[0] ?? 40);
  const memberJobs = Number(args[1] ?? 5);
  const jobMs = Number(args[2] ?? 200);
  const server = process.env.TEST_POSTGRES_URL;
  const scratch = server ? await createScratchDatabase(server, "atelier_bench_priority") : null;
  Object.assign(process.env, {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "atelier-bench-priority-")),
    GENERATION_CONCURRENCY: "1",
    LOG_LEVEL: "warn",
    NODE_ENV: "test",
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  delete process.env.S3_URL;
  if (!scratch) delete process.env.DATABASE_URL;
  const { inArray } = await import("drizzle-orm");
  const schema = await import("../server/db/schema");
  const { startJobQueue, stopJobQueue } = await import("../server/jobs/queue");
  const { registerEngine, routeEngines, closeEngines } = await import("../server/generation/engines/registry");
  const { FULL_CAPABILITIES } = await import("../server/generation/engines/engine");
  const { applyTokenMovement } = await import("../server/generation/ledger");
  const { saveTokenSettings } = await import("../server/generation/token-settings");
  const { createGeneration } = await import("../server/generation/generations");
  const { enqueueRenderJob, renderGenerationJob } = await import("../server/generation/render-job");
  const { closeClassifier, warmClassifier } = await import("../server/safety/classifier");
  const sharp = (await import("sharp")).default;
  const { config, handle, db } = await openAppDatabase();

  // An engine that takes `jobMs` per picture, as a slow backend would, and paints a flat swatch.
  const swatch = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#6d3fd6" } })
    .png()
    .toBuffer();
  registerEngine({
    id: "bench-slow",
    label: "Bench — a fixed time per picture",
    capabilities: { ...FULL_CAPABILITIES, edits: [] },
    validate: () => [],
    async generate(request) {
      await new Promise((r) => setTimeout(r, jobMs));
      return { images: [{ bytes: swatch, mime: "image/png", width: 64, height: 64, seed: request.seed }] };
    },
  });
  routeEngines({ text: "bench-slow", image: "bench-slow", doodle: "bench-slow" });
  await saveTokenSettings(db, { maxConcurrentJobs: 20 });
  await warmClassifier();

  // People: non-members enough that their job limit never refuses an arrival; members on a Pro plan.
  const arrivalsPerRun = backlog + Math.ceil(backlog * 0.75) + memberJobs;
  const nonMembers = Array.from({ length: Math.ceil(arrivalsPerRun / 15) }, (_, i) => `bench-free-${i}`);
  const members = Array.from({ length: memberJobs }, (_, i) => `bench-member-${i}`);
  for (const id of [...nonMembers, ...members]) {
    await db.insert(schema.user).values({ id, name: id, email: `${id}@bench.test`, emailVerified: true });
    await applyTokenMovement(db, { userId: id, amount: 100_000, reason: "admin_adjustment", idempotencyKey: id });
  }
  const [plan] = await db
    .insert(schema.plans)
    .values({
      name: "Pro",
      monthlyPriceMinor: 1500,
      yearlyPriceMinor: 15000,
      tokensPerMonth: 1000,
      maxConcurrentJobs: 6,
      queuePriority: 10,
      maxSize: 1536,
      badge: "Pro",
    })
    .returning();
  await db.insert(schema.memberships).values(
    members.map((userId) => ({
      userId,
      planId: plan!.id,
      interval: "month" as const,
      status: "active" as const,
      provider: "sandbox",
    })),
  );

  // The arrivals, in seconds from the start: the backlog at once; non-members every `gap`, a little
  // faster than one slot serves them, so the line stays long; members spread over the middle.
  const slot = Math.max(jobMs, 500) / 1000; // pg-boss polls a one-job worker every 0.5 s at the fastest
  const gap = slot * 1.3;
  const schedule: Arrival[] = [];
  for (let i = 0; i < backlog; i++) schedule.push({ at: 0, userId: nonMembers[i % nonMembers.length]!, member: false });
  const later = Math.ceil(backlog * 0.75);
  for (let i = 0; i < later; i++)
    schedule.push({ at: 1 + i * gap, userId: nonMembers[(backlog + i) % nonMembers.length]!, member: false });
  for (let i = 0; i < memberJobs; i++)
    schedule.push({ at: 2 + ((i + 0.5) * later * gap) / memberJobs, userId: members[i]!, member: true });
  schedule.sort((a, b) => a.at - b.at);

  let seed = 0;
  const run = async (withPriority: boolean) => {
    await startJobQueue(config.database, handle, {
      definitions: [renderGenerationJob as never],
      work: true,
      pollingIntervalSeconds: 0.5,
    });
    const ids: string[] = [];
    const start = performance.now();
    for (const arrival of schedule) {
      const wait = start + arrival.at * 1000 - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const { generation } = await createGeneration(db, {
        userId: arrival.userId,
        input: {
          mode: "text",
          prompt: "bench",
          negativePrompt: "",
          style: "natural",
          aspectRatio: "1:1",
          size: 512,
          count: 1,
          seed: seed++,
          strength: 1,
          christmas: false,
        },
        // Without: what every job had before memberships, priority 0.
        enqueue: (id, priority) => enqueueRenderJob(id, 0, withPriority ? priority : 0),
      });
      ids.push(generation.id);
    }
    for (;;) {
      const rows = await db
        .select({ status: schema.generations.status })
        .from(schema.generations)
        .where(inArray(schema.generations.id, ids));
      if (rows.every((r) => r.status === "succeeded" || r.status === "failed")) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const seconds = (performance.now() - start) / 1000;
    await stopJobQueue();
    const rows = await db
      .select({
        id: schema.generations.id,
        userId: schema.generations.userId,
        status: schema.generations.status,
        createdAt: schema.generations.createdAt,
        startedAt: schema.generations.startedAt,
      })
      .from(schema.generations)
      .where(inArray(schema.generations.id, ids));
    return { rows, seconds };
  };

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const report = (label: string, result: Awaited<ReturnType<typeof run>>) => {
    const { rows } = result;
    const failed = rows.filter((r) => r.status !== "succeeded").length;
    const started = rows.filter((r) => r.startedAt).sort((a, b) => a.startedAt!.getTime() - b.startedAt!.getTime());
    const t0 = Math.min(...rows.map((r) => r.createdAt.getTime()));
    const isMember = (r: (typeof rows)[number]) => members.includes(r.userId);
    const waitOf = (r: (typeof rows)[number]) => (r.startedAt!.getTime() - r.createdAt.getTime()) / 1000;
    const memberRows = started.filter(isMember);
    const otherRows = started.filter((r) => !isMember(r));
    const m = median(memberRows.map(waitOf));
    const o = median(otherRows.map(waitOf));
    console.log(
      `\n${label}: ${rows.length} pictures in ${result.seconds.toFixed(1)} s${failed ? `, ${failed} failed` : ""}`,
    );
    for (const r of memberRows) {
      const waiting = rows.filter(
        (x) => x.createdAt < r.createdAt && (x.startedAt === null || x.startedAt > r.createdAt),
      ).length;
      const ahead = started.filter((x) => x.startedAt! > r.createdAt && x.startedAt! < r.startedAt!).length;
      console.log(
        `  member's job asked at ${((r.createdAt.getTime() - t0) / 1000).toFixed(1).padStart(5)} s with ${String(waiting).padStart(3)} waiting: started after ${waitOf(r).toFixed(1).padStart(5)} s, ${String(ahead).padStart(3)} jobs started before it`,
      );
    }
    console.log(
      `  median wait: members ${m.toFixed(2)} s, non-members ${o.toFixed(2)} s — members wait ${(m / o).toFixed(3)} of non-members' (p90 non-members ${[...otherRows.map(waitOf)].sort((a, b) => a - b)[Math.floor(otherRows.length * 0.9)]!.toFixed(1)} s)`,
    );
    return m / o;
  };

  console.log(
    `Queue priority, one worker slot, ${jobMs} ms per picture (one slot serves one picture per ~${slot.toFixed(1)} s): ${backlog} non-members' pictures waiting, ${later} more arriving every ${gap.toFixed(2)} s, ${memberJobs} members' (plan priority 10) arriving meanwhile — ${config.database.kind === "pglite" ? "embedded PGlite" : "PostgreSQL"}`,
  );
  const withRatio = report("With members' priority", await run(true));
  const withoutRatio = report("Without (everyone priority 0, first come first served)", await run(false));
  console.log(
    `\nMedian wait ratio members/non-members: ${withRatio.toFixed(3)} with priority, ${withoutRatio.toFixed(3)} without`,
  );

  await closeClassifier();
  await closeEngines();
  await handle.close();
  await scratch?.drop();
}

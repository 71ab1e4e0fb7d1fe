/**
 * Atelier on several processes (issue 18), with the cluster of the scale-out walk
 * (e2e/support/cluster.ts: PostgreSQL, an S3-protocol server, web and worker processes as
 * `npm run serve` / `npm run worker` start them, Debian's nginx with deploy/nginx/):
 * - generations per second through the queue with 1, 2 and 4 worker processes ("blank" engine:
 *   no painting, so the queue, the claim, progress, thumbnails and the final transaction are what
 *   is measured), beside bare pg-boss jobs with an empty handler in this process, same database;
 * - a public page (micro-cached) and a signed-in profile rendered each time, through nginx with 1
 *   and 2 web processes (round robin), 5 s at 50 connections each;
 * - a 10 MB picture downloaded through a web process (streamed from S3) beside the same object
 *   read straight from the S3 server.
 * Needs `npm run build`, TEST_POSTGRES_URL and nginx. On a 2-core machine every process shares
 * the same two cores: more processes add capacity only where a machine has cores to give them.
 *
 *   TEST_POSTGRES_URL=postgres://… node bench/run-ts.mjs bench/scale-out.bench.ts [generations=400]
 */
import { randomBytes, randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { z } from "zod";
import { type Cluster, startCluster } from "../e2e/support/cluster";
import { DEMO_USER_PASSWORD } from "../e2e/support/env";
import { queueBenchGenerations } from "./support/generations";
import { load } from "./support/load";

// LOG_LEVEL info: the bench waits for each worker's "worker is running" line.
const BLANK = { ENGINE_ROUTES: "blank", GENERATION_CONCURRENCY: "16", LOG_LEVEL: "info" };

export async function main(args: string[]) {
  const total = Number(args[0] ?? 400);
  if (!process.env.TEST_POSTGRES_URL)
    throw new Error("Set TEST_POSTGRES_URL to a PostgreSQL server (a database is created and dropped).");
  console.log("Atelier on several processes: PostgreSQL, S3 server, nginx; all on this machine's cores\n");
  await queueThroughput(total);
  await pagesThroughNginx();
  await downloadFromS3();
}

async function queueThroughput(total: number) {
  const cluster = await startCluster({ webs: 1, workers: 0, env: BLANK });
  try {
    const { generations, user } = await import("../server/db/schema");
    const { applyTokenMovement } = await import("../server/generation/ledger");
    const { saveTokenSettings } = await import("../server/generation/token-settings");
    const { defineJob } = await import("../server/jobs/define");
    const { enqueueJob, startJobQueue, stopJobQueue } = await import("../server/jobs/queue");
    const { openDatabase, setDatabase } = await import("../server/db/client");
    const dbUrl = cluster.databaseUrl;
    const handle = await openDatabase({ kind: "postgres", url: dbUrl });
    setDatabase(handle);

    // Baseline: bare pg-boss jobs in this process, queued first, then worked.
    let bareDone = 0;
    const bare = defineJob({
      name: "bench.noop",
      schema: z.object({ n: z.number() }),
      retry: { limit: 0, delaySeconds: 1 },
      expireInSeconds: 60,
      concurrency: () => 16,
      handle: async () => void bareDone++,
    });
    const target = { kind: "postgres", url: dbUrl } as const;
    await startJobQueue(target, handle, { definitions: [bare as never], work: false });
    for (let i = 0; i < total; i++) await enqueueJob(bare, { n: i });
    await stopJobQueue();
    let started = performance.now();
    await startJobQueue(target, handle, { definitions: [bare as never], work: true, pollingIntervalSeconds: 0.5 });
    while (bareDone < total) await new Promise((r) => setTimeout(r, 20));
    const bareRate = total / ((performance.now() - started) / 1000);
    await stopJobQueue();
    await startJobQueue(target, handle, { definitions: [], work: false });
    console.log(`Queue: ${total} generations per run, blank engine, 16 at once per worker process`);
    console.log(`  bare pg-boss jobs, this process (baseline)  ${bareRate.toFixed(0).padStart(6)}/s`);

    await saveTokenSettings(handle.db, { maxConcurrentJobs: 20 }); // 20 people × 20 jobs each at most
    const people = Array.from({ length: 20 }, (_, i) => `bench-${i}`);
    for (const id of people) {
      await handle.db.insert(user).values({ id, name: id, email: `${id}@bench.test`, emailVerified: true });
      await applyTokenMovement(handle.db, {
        userId: id,
        amount: 100_000,
        reason: "admin_adjustment",
        idempotencyKey: `b:${id}`,
      });
    }
    let finished = 0;
    for (const workers of [1, 2, 4]) {
      // Workers start and settle, then wait stopped (SIGSTOP) while the generations are queued, so
      // the clock measures processing only.
      const running = Array.from({ length: workers }, () => cluster.startWorker());
      for (const worker of running) await waitForLine(worker, "worker is running");
      for (const worker of running) worker.child.kill("SIGSTOP");
      await queueBenchGenerations(handle.db, people, total);
      finished += total;
      started = performance.now();
      for (const worker of running) worker.child.kill("SIGCONT");
      const succeeded = async () =>
        (await handle.db.select({ n: count() }).from(generations).where(eq(generations.status, "succeeded")))[0]?.n ??
        0;
      while ((await succeeded()) < finished) await new Promise((r) => setTimeout(r, 50));
      const rate = total / ((performance.now() - started) / 1000);
      console.log(
        `  generations, ${workers} worker process${workers > 1 ? "es" : "  "}         ${rate.toFixed(0).padStart(6)}/s   ×${(rate / bareRate).toFixed(2)} of bare jobs`,
      );
      for (const worker of running) worker.child.kill("SIGTERM");
      await Promise.all(running.map((w) => w.exited));
    }
    await stopJobQueue();
    await handle.close();
  } finally {
    await cluster.stop();
  }
}

async function waitForLine(process: Cluster["workers"][number], line: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!process.output().includes(line)) {
    if (Date.now() > deadline || process.child.exitCode !== null)
      throw new Error(`${process.name} did not say "${line}":\n${process.output().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email: "demo@atelier.local", password: DEMO_USER_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function pagesThroughNginx() {
  console.log("\nThrough nginx, 50 connections × 5 s");
  console.log("  web processes   /pricing-plans req/s  p99    /user-profile rendered req/s  p99   failed");
  for (const webs of [1, 2]) {
    const cluster = await startCluster({ webs, workers: 0, roundRobin: true });
    try {
      const cookie = await signIn(cluster.origin);
      const pricing = await load(`${cluster.origin}/pricing-plans`, 50, 5);
      let n = 0;
      const profile = await load(
        `${cluster.origin}/user-profile`,
        50,
        5,
        {},
        {
          cookieEachTime: () => `${cookie}; bench=${n++}`,
        },
      );
      console.log(
        `  ${String(webs).padStart(13)}   ${pricing.rps.toFixed(0).padStart(20)}  ${`${pricing.p99}ms`.padStart(5)}   ${profile.rps.toFixed(0).padStart(28)}  ${`${profile.p99}ms`.padStart(5)}   ${[pricing, profile].reduce((n, r) => n + r.errors + r.timeouts + r.fiveXx, 0)}`,
      );
    } finally {
      await cluster.stop();
    }
  }
}

async function downloadFromS3() {
  // Streamed through the web process, not redirected to the bucket.
  const cluster: Cluster = await startCluster({ webs: 1, workers: 0, env: { S3_SIGNED_URLS: "false" } });
  try {
    const { user } = await import("../server/db/schema");
    const { createS3Storage, s3Client } = await import("../server/storage/s3-storage");
    const settings = {
      bucket: cluster.s3.bucket,
      prefix: "atelier",
      endpoint: cluster.s3.endpoint,
      region: "us-east-1",
      credentials: cluster.s3.credentials,
      forcePathStyle: true,
      signedUrls: false,
    };
    const bucket = createS3Storage(settings, s3Client(settings));
    const [demo] = await cluster.db.select().from(user).where(eq(user.email, "demo@atelier.local"));
    // One of the demo user's own files: /api/files serves it to them, streamed from the bucket.
    const key = `users/${demo!.id}/generations/${randomUUID()}.png`;
    const bytes = randomBytes(10 * 1024 * 1024);
    await bucket.put(key, bytes, "image/png");
    const cookie = await signIn(cluster.origin);
    const web = `http://127.0.0.1:${cluster.webs[0]!.port}/api/files/${key}`;
    const rounds = 10;
    const time = async (read: () => Promise<number>) => {
      const started = performance.now();
      let got = 0;
      for (let i = 0; i < rounds; i++) got += await read();
      if (got !== rounds * bytes.length) throw new Error(`read ${got} bytes, expected ${rounds * bytes.length}`);
      return got / 1024 / 1024 / ((performance.now() - started) / 1000);
    };
    const direct = await time(async () => {
      const file = await bucket.open(key);
      let n = 0;
      for await (const chunk of file!.stream) n += (chunk as Buffer).length;
      return n;
    });
    const through = await time(
      async () => (await (await fetch(web, { headers: { cookie } })).arrayBuffer()).byteLength,
    );
    console.log(`\nDownload of a 10 MB picture, ${rounds} times, one at a time`);
    console.log(`  straight from the S3 server (baseline)  ${direct.toFixed(0).padStart(5)} MB/s`);
    console.log(
      `  through a web process (streamed)       ${through.toFixed(0).padStart(5)} MB/s   ×${(through / direct).toFixed(2)}`,
    );
  } finally {
    await cluster.stop();
  }
}

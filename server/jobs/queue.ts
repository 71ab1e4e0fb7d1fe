/**
 * The job queue: pg-boss on the application's own database (PGlite through pg-boss's adapter,
 * or PostgreSQL). Slow work — sending email today, generation later — is queued, never awaited
 * inside a request. Jobs survive restarts; a crashed run is retried after it expires.
 */
import type { PGlite } from "@electric-sql/pglite";
import { fromPglite, PgBoss } from "pg-boss";
import type { z } from "zod";
import type { Database, DatabaseHandle, DatabaseTarget } from "../db/client";
import { logger } from "../logger";
import type { JobDefinition } from "./define";
import { jobDuration } from "../metrics";

const globalKey = Symbol.for("atelier.jobQueue");
type GlobalWithQueue = typeof globalThis & { [globalKey]?: JobQueue };

export interface JobQueue {
  boss: PgBoss;
  definitions: Map<string, JobDefinition>;
  db: Database;
}

export interface StartJobQueueOptions {
  definitions: readonly JobDefinition[];
  /** Run handlers in this process (embedded mode, worker processes); web-only processes just enqueue. */
  work: boolean;
  pollingIntervalSeconds?: number;
}

/** Starts pg-boss on the open database and, when asked, the workers for every definition. */
export async function startJobQueue(
  target: DatabaseTarget,
  handle: DatabaseHandle,
  options: StartJobQueueOptions,
): Promise<JobQueue> {
  const boss =
    target.kind === "pglite"
      ? new PgBoss({ db: fromPglite((handle.db as unknown as { $client: PGlite }).$client), backend: "pglite" })
      : new PgBoss({ connectionString: target.url, max: 5 });
  boss.on("error", (err: unknown) => logger.error({ err }, "job queue error"));
  await boss.start();
  const definitions = new Map<string, JobDefinition>();
  for (const definition of options.definitions) {
    definitions.set(definition.name, definition);
    await boss.createQueue(definition.name, {
      ...(definition.policy ? { policy: definition.policy } : {}),
      retryLimit: definition.retry.limit,
      retryDelay: definition.retry.delaySeconds,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds,
    });
    if (!options.work) continue;
    if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: "UTC" });
    // N jobs at once: up to 4 pollers, each fetching a batch and running its jobs side by side.
    // A full batch fetches again at once (burst), so a backlog drains without waiting for the poll.
    const concurrency = Math.max(1, definition.concurrency?.() ?? 1);
    const pollers = Math.min(concurrency, 4);
    const batchSize = Math.ceil(concurrency / pollers);
    await boss.work(
      definition.name,
      {
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
        includeMetadata: true,
        localConcurrency: pollers,
        batchSize,
        ...(batchSize > 1 ? { burstWhenBatchFull: true } : {}),
        perJobResults: true,
      },
      async (jobs) =>
        Promise.all(
          jobs.map(async (job) => {
            try {
              await runJob(definition, job, handle.db);
              return { id: job.id, status: "completed" as const };
            } catch (error) {
              // pg-boss records the failure and schedules the retry.
              return {
                id: job.id,
                status: "failed" as const,
                output: { message: error instanceof Error ? error.message : String(error) },
              };
            }
          }),
        ),
    );
  }
  const queue = { boss, definitions, db: handle.db };
  (globalThis as GlobalWithQueue)[globalKey] = queue;
  return queue;
}

async function runJob(
  definition: JobDefinition,
  job: { id: string; data: unknown; retryCount: number; retryLimit: number },
  db: Database,
): Promise<void> {
  const log = logger.child({ job: definition.name, jobId: job.id, retry: job.retryCount });
  const context = { db, log, jobId: job.id, retryCount: job.retryCount, lastAttempt: job.retryCount >= job.retryLimit };
  const payload = definition.schema.parse(job.data);
  const finished = jobDuration.startTimer({ kind: definition.name });
  try {
    await definition.handle(payload, context);
    finished({ outcome: "completed" });
  } catch (error) {
    finished({ outcome: context.lastAttempt ? "failed" : "retried" });
    log.warn({ err: error }, context.lastAttempt ? "job failed for good" : "job failed; it will be retried");
    if (context.lastAttempt) await definition.onFinalFailure?.(payload, error, context);
    throw error;
  }
}

export function getJobQueue(): JobQueue {
  const queue = (globalThis as GlobalWithQueue)[globalKey];
  if (!queue) throw new Error("The job queue is not started: startServer() starts it.");
  return queue;
}

export interface EnqueueOptions {
  id?: string;
  singletonKey?: string;
  startAfterSeconds?: number;
  /**
   * Higher runs first when jobs wait (pg-boss fetches by priority, then age, whatever the queue's
   * policy); 0, everyone's, by default. A member's plan raises their jobs' (issue 41). A retry by
   * pg-boss is the same job, so it keeps its priority.
   */
  priority?: number;
}

/** Queues a job after checking its payload; returns the job id. */
export async function enqueueJob<D extends JobDefinition>(
  definition: D,
  payload: z.input<D["schema"]>,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const data = definition.schema.parse(payload) as object;
  return getJobQueue().boss.send(definition.name, data, {
    // A fixed id makes sending twice harmless: pg-boss keeps the first job with that id.
    ...(options.id ? { id: options.id } : {}),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    ...(options.priority ? { priority: Math.trunc(options.priority) } : {}),
  });
}

export async function stopJobQueue(): Promise<void> {
  const queue = (globalThis as GlobalWithQueue)[globalKey];
  if (!queue) return;
  (globalThis as GlobalWithQueue)[globalKey] = undefined;
  await queue.boss.stop({ graceful: true, timeout: 10_000 });
}

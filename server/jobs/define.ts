/**
 * Typed job definitions: a name, a zod schema for the payload, retry options and a handler.
 * Handlers must be idempotent: a job can run again after a crash or a retry.
 */
import type { z } from "zod";
import type { Database } from "../db/client";
import type { Logger } from "../logger";

export interface JobContext {
  db: Database;
  log: Logger;
  jobId: string;
  /** 0 on the first run, then 1, 2… on retries. */
  retryCount: number;
  /** True on the last allowed attempt: a failure now is final. */
  lastAttempt: boolean;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  /** Retries with exponential backoff; only for work that is safe to repeat. */
  retry: { limit: number; delaySeconds: number };
  /** How long one run may take before it is considered lost and retried. */
  expireInSeconds: number;
  /**
   * pg-boss queue policy; `exclusive` keeps one queued-or-active job per singletonKey, `stately` one
   * queued and one active (a running job can queue its successor). Default `standard`.
   */
  policy?: "standard" | "exclusive" | "stately";
  /** A cron expression (UTC) to run this job on a schedule; pg-boss starts one run per tick across all processes. */
  cron?: string;
  /** Jobs of this kind one process runs at once (default 1). */
  concurrency?: () => number;
  handle(payload: z.output<S>, context: JobContext): Promise<void>;
  /** Called once when the last attempt failed. */
  onFinalFailure?(payload: z.output<S>, error: unknown, context: JobContext): Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

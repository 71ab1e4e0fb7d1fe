/** Housekeeping of short-lived rows; run from time to time by every process (idempotent). */
import type { Database } from "../db/client";
import { pruneIdempotencyKeys } from "./idempotency";
import { pruneRateLimitWindows } from "./rate-limit";

/** Rate-limit windows are minutes long; idempotency keys cover retries, which come within a day. */
export const RATE_LIMIT_RETENTION_MS = 60 * 60 * 1000;
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

export async function pruneExpiredRows(db: Database, now: Date = new Date()): Promise<void> {
  await pruneRateLimitWindows(db, new Date(now.getTime() - RATE_LIMIT_RETENTION_MS));
  await pruneIdempotencyKeys(db, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS));
}

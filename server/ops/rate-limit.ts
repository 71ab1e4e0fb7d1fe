/**
 * Fixed-window rate limits counted in the database, so the limit holds when Atelier runs
 * as several processes. One upsert per hit.
 */
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimitWindows } from "../db/schema";

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  limit: number;
  /** Seconds until the window resets, for a Retry-After header. */
  retryAfterSeconds: number;
}

/** The fixed window a moment falls in, and the seconds left in it. */
function windowOf(now: Date, windowMs: number) {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { windowStart, retryAfterSeconds };
}

export async function hitRateLimit(
  db: Database,
  key: string,
  options: { limit: number; windowMs: number; now?: Date },
): Promise<RateLimitResult> {
  const { windowStart, retryAfterSeconds } = windowOf(options.now ?? new Date(), options.windowMs);
  const [row] = await db
    .insert(rateLimitWindows)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitWindows.key, rateLimitWindows.windowStart],
      set: { count: sql`${rateLimitWindows.count} + 1` },
    })
    .returning({ count: rateLimitWindows.count });
  const count = row?.count ?? 1;
  return { allowed: count <= options.limit, count, limit: options.limit, retryAfterSeconds };
}

/** Drops windows that ended before `before`; run from time to time. */
export async function pruneRateLimitWindows(db: Database, before: Date): Promise<void> {
  await db.delete(rateLimitWindows).where(lt(rateLimitWindows.windowStart, before));
}

/**
 * Hits over a sliding window, without adding one (for limits that count failures only). Hits
 * are recorded in short buckets — `hitRateLimit` with `windowMs: bucketMs` — and every bucket
 * that overlaps the last `windowMs` counts, so failures either side of a boundary add up and the
 * wait it answers is real: the time until enough of the oldest buckets leave the window.
 */
export async function peekSlidingWindow(
  db: Database,
  key: string,
  options: { limit: number; windowMs: number; bucketMs: number; now?: Date },
): Promise<RateLimitResult> {
  const now = (options.now ?? new Date()).getTime();
  const oldestCounted = new Date(now - options.windowMs - options.bucketMs);
  const buckets = await db
    .select({ windowStart: rateLimitWindows.windowStart, count: rateLimitWindows.count })
    .from(rateLimitWindows)
    .where(and(eq(rateLimitWindows.key, key), gt(rateLimitWindows.windowStart, oldestCounted)))
    .orderBy(asc(rateLimitWindows.windowStart));
  const count = buckets.reduce((sum, b) => sum + b.count, 0);
  let retryAfterSeconds = 0;
  let remaining = count;
  for (const bucket of buckets) {
    if (remaining < options.limit) break;
    remaining -= bucket.count;
    const leavesAt = bucket.windowStart.getTime() + options.bucketMs + options.windowMs;
    retryAfterSeconds = Math.max(1, Math.ceil((leavesAt - now) / 1000));
  }
  return { allowed: count < options.limit, count, limit: options.limit, retryAfterSeconds };
}

/** "Try again in 3 minutes" from a number of seconds. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

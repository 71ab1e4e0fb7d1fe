/**
 * Fixed-window rate limits counted in the database, so the limit holds when Atelier runs
 * as several processes. One upsert per hit.
 */
import { and, eq, inArray, lt, sql } from "drizzle-orm";
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
 * The count without adding a hit (for limits that count failures only). It adds the previous
 * window's count, so failures just before and just after a window boundary still add up.
 */
export async function peekRateLimit(
  db: Database,
  key: string,
  options: { limit: number; windowMs: number; now?: Date },
): Promise<RateLimitResult> {
  const { windowStart, retryAfterSeconds } = windowOf(options.now ?? new Date(), options.windowMs);
  const previousStart = new Date(windowStart.getTime() - options.windowMs);
  const rows = await db
    .select({ count: rateLimitWindows.count })
    .from(rateLimitWindows)
    .where(and(eq(rateLimitWindows.key, key), inArray(rateLimitWindows.windowStart, [previousStart, windowStart])));
  const count = rows.reduce((sum, r) => sum + r.count, 0);
  return { allowed: count < options.limit, count, limit: options.limit, retryAfterSeconds };
}

/** "Try again in 3 minutes" from a number of seconds. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

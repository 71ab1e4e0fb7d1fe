/** Rate limits, idempotency keys and error reports, on a real database. */
import { describe, expect, it } from "vitest";
import { claimIdempotencyKey, hashRequestBody, storeIdempotentResponse } from "../../server/ops/idempotency";
import {
  addErrorReport,
  clientErrorReportInput,
  ERROR_REPORT_LIMITS,
  listErrorReports,
  reportServerError,
} from "../../server/ops/error-reports";
import { hitRateLimit } from "../../server/ops/rate-limit";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();

describe("rate limits", () => {
  it("count exactly under concurrency and reset with the window", async () => {
    const now = new Date("2026-11-22T10:00:30Z");
    const results = await Promise.all(
      Array.from({ length: 12 }, () => hitRateLimit(t.db, "k", { limit: 10, windowMs: 60_000, now })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(results[0]!.retryAfterSeconds).toBe(30);
    const later = await hitRateLimit(t.db, "k", { limit: 10, windowMs: 60_000, now: new Date("2026-11-22T10:01:01Z") });
    expect(later).toMatchObject({ allowed: true, count: 1 });
  });

  it("keeps keys apart", async () => {
    const now = new Date();
    await hitRateLimit(t.db, "a", { limit: 1, windowMs: 60_000, now });
    expect((await hitRateLimit(t.db, "b", { limit: 1, windowMs: 60_000, now })).allowed).toBe(true);
    expect((await hitRateLimit(t.db, "a", { limit: 1, windowMs: 60_000, now })).allowed).toBe(false);
  });
});

describe("idempotency keys", () => {
  it("run once, then replay; refuse the key for another body", async () => {
    const hash = hashRequestBody('{"a":1}');
    expect(await claimIdempotencyKey(t.db, "s", "key-1", hash)).toEqual({ kind: "first" });
    expect(await claimIdempotencyKey(t.db, "s", "key-1", hash)).toEqual({ kind: "in-progress" });
    await storeIdempotentResponse(t.db, "s", "key-1", { status: 201, body: '{"id":1}' });
    expect(await claimIdempotencyKey(t.db, "s", "key-1", hash)).toEqual({
      kind: "replay",
      response: { status: 201, body: '{"id":1}' },
    });
    expect(await claimIdempotencyKey(t.db, "s", "key-1", hashRequestBody("{}"))).toEqual({ kind: "mismatch" });
    expect(await claimIdempotencyKey(t.db, "other-scope", "key-1", hash)).toEqual({ kind: "first" });
  });

  it("let exactly one of several concurrent requests run", async () => {
    const hash = hashRequestBody("x");
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimIdempotencyKey(t.db, "s", "race", hash)));
    expect(claims.filter((c) => c.kind === "first")).toHaveLength(1);
  });
});

describe("error reports", () => {
  it("store the spec's fields with a server timestamp and 'Client' by default", async () => {
    const before = Date.now();
    await addErrorReport(t.db, {
      errorReportBySystem: "boom",
      whatPlatform: "Client",
      whatPage: "/ai/ai-text-to-art",
      whatFunction: "generate",
    });
    const [row] = await listErrorReports(t.db);
    expect(row).toMatchObject({
      errorReportBySystem: "boom",
      whatPlatform: "Client",
      whatPage: "/ai/ai-text-to-art",
      whatFunction: "generate",
    });
    expect(row!.createdDate.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it("cut oversized fields", async () => {
    const parsed = clientErrorReportInput.parse({
      error_report_by_system: "m".repeat(10_000),
      error_stack_report_by_system: "s".repeat(50_000),
    });
    expect(parsed.error_report_by_system).toHaveLength(ERROR_REPORT_LIMITS.message);
    expect(parsed.error_stack_report_by_system).toHaveLength(ERROR_REPORT_LIMITS.stack);
  });

  it("record server errors as 'Server' and never throw", async () => {
    await reportServerError(t.db, new Error("db went away"), { page: "/x", fn: "loader" });
    const [row] = await listErrorReports(t.db);
    expect(row).toMatchObject({ whatPlatform: "Server", errorReportBySystem: "db went away", whatPage: "/x" });
    await expect(reportServerError(undefined, new Error("no db"), {})).resolves.toBeUndefined();
  });
});

describe("housekeeping", () => {
  it("drops expired rate-limit windows and idempotency keys, keeps current ones", async () => {
    const { pruneExpiredRows } = await import("../../server/ops/maintenance");
    const { idempotencyKeys, rateLimitWindows } = await import("../../server/db/schema");
    const now = new Date("2026-11-22T12:00:00Z");
    await hitRateLimit(t.db, "old", { limit: 5, windowMs: 60_000, now: new Date("2026-11-22T10:00:00Z") });
    await hitRateLimit(t.db, "new", { limit: 5, windowMs: 60_000, now });
    await t.db.insert(idempotencyKeys).values([
      { scope: "s", key: "old-key-1", requestHash: "h", createdAt: new Date("2026-11-20T12:00:00Z") },
      { scope: "s", key: "new-key-1", requestHash: "h", createdAt: now },
    ]);
    await pruneExpiredRows(t.db, now);
    expect((await t.db.select().from(rateLimitWindows)).map((r) => r.key)).toEqual(["new"]);
    expect((await t.db.select().from(idempotencyKeys)).map((r) => r.key)).toEqual(["new-key-1"]);
  });
});

describe("failure counting over a sliding window", () => {
  it("adds buckets either side of a boundary and answers the wait until the oldest leave", async () => {
    const { peekSlidingWindow } = await import("../../server/ops/rate-limit");
    const options = { limit: 5, windowMs: 15 * 60_000, bucketMs: 60_000 };
    const hit = (at: string) => hitRateLimit(t.db, "f", { limit: 5, windowMs: options.bucketMs, now: new Date(at) });
    for (let i = 0; i < 3; i++) await hit("2026-11-22T10:14:59Z");
    for (let i = 0; i < 2; i++) await hit("2026-11-22T10:15:01Z");
    // Locked until the 10:14 bucket leaves the window: 10:14 + 1 min + 15 min = 10:30.
    expect(await peekSlidingWindow(t.db, "f", { ...options, now: new Date("2026-11-22T10:15:02Z") })).toMatchObject({
      allowed: false,
      count: 5,
      retryAfterSeconds: 14 * 60 + 58,
    });
    expect(await peekSlidingWindow(t.db, "f", { ...options, now: new Date("2026-11-22T10:29:59Z") })).toMatchObject({
      allowed: false,
      retryAfterSeconds: 1,
    });
    expect(await peekSlidingWindow(t.db, "f", { ...options, now: new Date("2026-11-22T10:30:00Z") })).toMatchObject({
      allowed: true,
      count: 2,
    });
    expect(await peekSlidingWindow(t.db, "f", { ...options, now: new Date("2026-11-22T10:31:00Z") })).toMatchObject({
      allowed: true,
      count: 0,
    });
  });
});

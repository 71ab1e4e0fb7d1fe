/**
 * Live progress by notification (issue 18), on PGlite and PostgreSQL: a progress stream sends the
 * generation when a write to its row is announced (by the trigger of migration 0015, at commit,
 * also when the write comes from another connection — another process), not on a timer; a
 * heartbeat alone says nothing; a queued job hears that its place in line moved; the stream ends
 * when the job is finished, and says "gone" when the row is deleted.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { startChangeFeed } from "../../server/db/change-feed";
import { generations, user } from "../../server/db/schema";
import { generationEventStream } from "../../server/generation/events";
import { setUpTestDatabase } from "../support/database";
import { studioGenerationRow } from "../support/rows";

const t = setUpTestDatabase();
let stopFeed: (() => Promise<void>) | undefined;
beforeEach(async () => {
  stopFeed = await startChangeFeed(t.handle);
});
afterEach(async () => {
  await stopFeed?.();
});
afterAll(async () => {
  await stopFeed?.();
});

async function newGeneration(userId: string, status = "running") {
  const id = randomUUID();
  await t.db
    .insert(generations)
    .values(
      studioGenerationRow(userId, { id, status, engineLabel: "Studio", progress: status === "running" ? 10 : null }),
    );
  return id;
}

/** Reads server-sent events as they come: each call waits for the next event (or the end). */
function eventsOf(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  // A read that outlived a call's wait is kept for the next call, so no chunk is lost.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  return async function next(withinMs = 3_000): Promise<{ event: string; data: Record<string, unknown> } | "end"> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) return { event, data: JSON.parse(data) as Record<string, unknown> };
        continue; // retry:, keep-alive comments
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("no event in time");
      pending ??= reader.read();
      const chunk = await Promise.race([
        pending,
        new Promise<"late">((resolve) => setTimeout(() => resolve("late"), left)),
      ]);
      if (chunk === "late") throw new Error("no event in time");
      pending = undefined;
      if (chunk.done) return "end";
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
}

/** A write from a connection of its own, as another process makes it (PGlite: its one connection). */
async function elsewhere(statement: string, params: unknown[]) {
  if (t.target.kind === "pglite") {
    await t.db.execute(sql.raw(statement.replace("$1", `'${params[0]}'`)));
    return;
  }
  const client = new pg.Client({ connectionString: t.target.url });
  await client.connect();
  try {
    await client.query(statement, params);
  } finally {
    await client.end();
  }
}

describe("progress streams", () => {
  it("send a change when it is announced, nothing for a heartbeat, and end when the job is done", async () => {
    await t.db.insert(user).values({ id: "watcher", name: "W", email: "w@example.test", emailVerified: true });
    const id = await newGeneration("watcher");
    const controller = new AbortController();
    const next = eventsOf(generationEventStream(t.db, "watcher", id, controller.signal));
    expect(await next()).toMatchObject({ event: "generation", data: { id, status: "running", progress: 10 } });

    await elsewhere("update generations set heartbeat_at = now() where id = $1", [id]);
    await expect(next(600)).rejects.toThrow("no event in time");

    const before = Date.now();
    await elsewhere("update generations set progress = 55, stage = 'Painting' where id = $1", [id]);
    expect(await next()).toMatchObject({ data: { progress: 55, stage: "Painting" } });
    expect(Date.now() - before).toBeLessThan(1_500);

    await t.db
      .update(generations)
      .set({ status: "failed", error: "It broke", refunded: true })
      .where(eq(generations.id, id));
    expect(await next()).toMatchObject({ data: { status: "failed", refunded: true } });
    expect(await next()).toBe("end");
  });

  it("tell a queued job its place moved, and say gone when the row goes", async () => {
    await t.db.insert(user).values({ id: "queuer", name: "Q", email: "q@example.test", emailVerified: true });
    const ahead = await newGeneration("queuer", "queued");
    const mine = await newGeneration("queuer", "queued");
    const next = eventsOf(generationEventStream(t.db, "queuer", mine, new AbortController().signal));
    const first = await next();
    expect(first).toMatchObject({ event: "generation", data: { status: "queued" } });
    const place = Number((first as { data: Record<string, unknown> }).data.queuePosition);

    await elsewhere("update generations set status = 'running', progress = 0 where id = $1", [ahead]);
    const moved = await next();
    expect(Number((moved as { data: Record<string, unknown> }).data.queuePosition)).toBeLessThan(place);

    await elsewhere("delete from generations where id = $1", [mine]);
    expect(await next()).toMatchObject({ event: "gone" });
    expect(await next()).toBe("end");
  });

  it("read on notification, not on a timer: unheard, a change is not read", async () => {
    await t.db.insert(user).values({ id: "deaf", name: "D", email: "d@example.test", emailVerified: true });
    const id = await newGeneration("deaf");
    await stopFeed?.();
    stopFeed = undefined;
    const next = eventsOf(generationEventStream(t.db, "deaf", id, new AbortController().signal));
    expect(await next()).toMatchObject({ data: { progress: 10 } });
    await elsewhere("update generations set progress = 90 where id = $1", [id]);
    await expect(next(1_000)).rejects.toThrow("no event in time");
  });
});

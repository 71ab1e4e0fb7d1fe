/**
 * Turns under load (server/http/admission.ts): requests beyond the limit wait in arrival order,
 * visitors who leave are dropped unrun, a full queue refuses at once, and a request that runs long
 * gives its turn away.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Admission, createAdmissionQueue } from "../../server/http/admission";

const admitted = (turn: Admission) => {
  if (!turn.admitted) throw new Error(`not admitted: ${turn.reason}`);
  return turn.release;
};

afterEach(() => vi.useRealTimers());

describe("the admission queue", () => {
  it("lets `limit` requests run at once and admits the others in arrival order as turns end", async () => {
    const queue = createAdmissionQueue({ limit: 2, maxWaiting: 100, yieldAfterMs: 60_000 });
    const first = admitted(await queue.enter());
    const second = admitted(await queue.enter());
    const order: number[] = [];
    const waiting = [3, 4, 5].map((n) =>
      queue.enter().then((turn) => {
        order.push(n);
        return admitted(turn);
      }),
    );
    await Promise.resolve();
    expect({ running: queue.running, waiting: queue.waiting, order }).toEqual({ running: 2, waiting: 3, order: [] });

    second();
    const third = await waiting[0]!;
    expect(order).toEqual([3]);
    first();
    third();
    await Promise.all(waiting.slice(1));
    expect(order).toEqual([3, 4, 5]);
    expect(queue.running).toBe(2);
  });

  it("frees a turn once however often it is released", async () => {
    const queue = createAdmissionQueue({ limit: 1, maxWaiting: 100, yieldAfterMs: 60_000 });
    const release = admitted(await queue.enter());
    const next = queue.enter();
    const later = queue.enter();
    release();
    release();
    admitted(await next);
    await Promise.resolve();
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 1, waiting: 1 });
    void later;
  });

  it("drops a waiting request whose visitor left, without running it or counting it", async () => {
    const queue = createAdmissionQueue({ limit: 1, maxWaiting: 100, yieldAfterMs: 60_000 });
    const release = admitted(await queue.enter());
    const leaving = new AbortController();
    const gone = queue.enter(leaving.signal);
    const staying = queue.enter();
    leaving.abort();
    expect(await gone).toEqual({ admitted: false, reason: "aborted" });
    expect(queue.waiting).toBe(1);
    release();
    admitted(await staying);
    expect(queue.running).toBe(1);

    const alreadyGone = new AbortController();
    alreadyGone.abort();
    expect(await queue.enter(alreadyGone.signal)).toEqual({ admitted: false, reason: "aborted" });
  });

  it("refuses at once when the queue is full, and takes requests again once it drains", async () => {
    const queue = createAdmissionQueue({ limit: 1, maxWaiting: 2, yieldAfterMs: 60_000 });
    const release = admitted(await queue.enter());
    const waiting = [queue.enter(), queue.enter()];
    expect(await queue.enter()).toEqual({ admitted: false, reason: "busy" });
    release();
    admitted(await waiting[0]!)();
    admitted(await waiting[1]!)();
    admitted(await queue.enter())();
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it("gives the turn of a request that runs long to the next one, which then runs beside it", async () => {
    vi.useFakeTimers();
    const queue = createAdmissionQueue({ limit: 1, maxWaiting: 100, yieldAfterMs: 250 });
    const slow = admitted(await queue.enter());
    let nextRan = false;
    const next = queue.enter().then((turn) => {
      nextRan = true;
      return admitted(turn);
    });
    await vi.advanceTimersByTimeAsync(249);
    expect(nextRan).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const nextRelease = await next;
    expect(nextRan).toBe(true);
    slow(); // its end frees nothing more: its turn is already gone
    expect(queue.running).toBe(1);
    nextRelease();
    expect(queue.running).toBe(0);
  });

  it("keeps the order across thousands of waiting requests", async () => {
    const queue = createAdmissionQueue({ limit: 1, maxWaiting: 10_000, yieldAfterMs: 60_000 });
    let release = admitted(await queue.enter());
    const order: number[] = [];
    const waiting = Array.from({ length: 3_000 }, (_, n) =>
      queue.enter().then((turn) => {
        order.push(n);
        return admitted(turn);
      }),
    );
    for (const turn of waiting) {
      release();
      release = await turn;
    }
    release();
    expect(order).toEqual(Array.from({ length: 3_000 }, (_, n) => n));
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });
  });
});

/**
 * Admission to the routes under load (ADR 0030): at most `limit` requests run in React Router at
 * once, the others wait in arrival order. Without it, a burst of 200 visitors all start at once
 * and share the one JavaScript thread (and the embedded database in it) among themselves: every
 * answer is slowed by all the others, some far more than the rest, and browsers time out. With
 * it, each request runs nearly alone once admitted, answers come out in order, and the slowest
 * wait is about (requests ahead of it) ÷ (answers per second).
 *
 * A request that still runs after `yieldAfterMs` is almost always waiting on something outside
 * (a payment provider, an image server, a file): it keeps running but gives its turn to the next,
 * so a slow outside service cannot hold the whole site. A request whose visitor has left while it
 * waited is dropped without running. When more than
 * `maxWaiting` are already waiting, a new one is refused at once (503 with Retry-After) rather
 * than queued behind minutes of work.
 */

export interface AdmissionOptions {
  /** Requests run at once. */
  limit: number;
  /** Requests that may wait for a turn; beyond it, new ones are refused. */
  maxWaiting: number;
  /** After this long a running request gives its turn to the next one (it goes on running). */
  yieldAfterMs: number;
}

export type Admission = { admitted: true; release: () => void } | { admitted: false; reason: "busy" | "aborted" };

export interface AdmissionQueue {
  /** Waits for a turn. `release` must be called once the request's answer is made. */
  enter(signal?: AbortSignal): Promise<Admission>;
  /** Requests running and waiting now (for logs and tests). */
  readonly running: number;
  readonly waiting: number;
}

interface Waiter {
  admit: () => void;
  /** Its visitor left while it waited: skipped when its turn comes. */
  gone: boolean;
}

export function createAdmissionQueue(options: AdmissionOptions): AdmissionQueue {
  if (!(options.limit >= 1)) throw new RangeError("limit must be at least 1");
  let running = 0;
  // A FIFO as an array with a moving head: shift() on a long array copies it every time.
  let queue: Waiter[] = [];
  let head = 0;
  let waitingCount = 0;

  const release = () => {
    running -= 1;
    admitNext();
  };
  /** The release of one turn: the first call (the request's end, or its time running out) frees it. */
  const oneRelease = () => {
    let done = false;
    const free = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      release();
    };
    const timer = setTimeout(free, options.yieldAfterMs);
    timer.unref();
    return free;
  };

  function admitNext() {
    while (running < options.limit && head < queue.length) {
      const waiter = queue[head]!;
      head += 1;
      if (waiter.gone) continue;
      waitingCount -= 1;
      running += 1;
      waiter.admit();
    }
    if (head === queue.length) {
      queue = [];
      head = 0;
    } else if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
  }

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waitingCount;
    },
    enter(signal) {
      if (signal?.aborted) return Promise.resolve({ admitted: false, reason: "aborted" });
      if (running < options.limit && waitingCount === 0) {
        running += 1;
        return Promise.resolve({ admitted: true, release: oneRelease() });
      }
      if (waitingCount >= options.maxWaiting) return Promise.resolve({ admitted: false, reason: "busy" });
      return new Promise<Admission>((resolve) => {
        const onAbort = () => {
          if (waiter.gone) return;
          waiter.gone = true;
          waitingCount -= 1;
          resolve({ admitted: false, reason: "aborted" });
        };
        const waiter: Waiter = {
          gone: false,
          admit: () => {
            signal?.removeEventListener("abort", onAbort);
            resolve({ admitted: true, release: oneRelease() });
          },
        };
        queue.push(waiter);
        waitingCount += 1;
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    },
  };
}

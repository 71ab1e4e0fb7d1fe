/**
 * Live progress as server-sent events, driven by notifications (issue 18). Workers write progress
 * to the generation row; a trigger announces the row's id at commit (migration 0015) and each
 * process hears it once on its LISTEN connection (`server/db/change-feed.ts`; PGlite: in
 * process). A stream reads its generation when told it changed — not on a timer — so 1,000
 * people watching idle jobs cost no queries. Streams of queued jobs also re-read (at most once a
 * second) when any generation changes, since their place in line may have moved. When the change
 * feed reconnects, every stream re-reads. A stream ends when its job is finished, or after five
 * minutes (EventSource reconnects by itself, reading once).
 */
import { type DatabaseChange, onDatabaseChange } from "../db/change-feed";
import type { Database } from "../db/client";
import type { GenerationView } from "../../app/lib/generation-views";
import { getGenerationView, isFinished } from "./generations";

const KEEPALIVE_MS = 15_000;
const MAX_STREAM_MS = 5 * 60_000;
/** A queued job's stream re-reads for others' changes at most this often. */
const QUEUED_RECHECK_MS = 1_000;

/**
 * One read per generation at a time in this process: streams of the same generation (two tabs)
 * told of the same change share it. Keyed by owner too, since a view is only its owner's.
 */
const reading = new Map<string, Promise<GenerationView | undefined>>();

function readView(db: Database, userId: string, generationId: string) {
  const key = `${userId}:${generationId}`;
  let pending = reading.get(key);
  if (!pending) {
    pending = getGenerationView(db, userId, generationId).finally(() => reading.delete(key));
    reading.set(key, pending);
  }
  return pending;
}

export function generationEventStream(
  db: Database,
  userId: string,
  generationId: string,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let stop = () => {};
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let last = "";
      let closed = false;
      let queued = false;
      let lastQueuedRead = 0;
      let busy = false;
      let again = false;
      let keepAlive: ReturnType<typeof setInterval> | undefined;
      let lifetime: ReturnType<typeof setTimeout> | undefined;
      let unsubscribe = () => {};
      const close = () => {
        if (closed) return;
        closed = true;
        unsubscribe();
        clearInterval(keepAlive);
        clearTimeout(lifetime);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      stop = close;
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      // Reads and sends the view; changes heard during a read cause one more read after it.
      const refresh = async (): Promise<void> => {
        if (closed) return;
        if (busy) {
          again = true;
          return;
        }
        busy = true;
        try {
          const view = await readView(db, userId, generationId);
          if (closed) return;
          if (!view) {
            send(`event: gone\ndata: {}\n\n`);
            return close();
          }
          queued = view.status === "queued";
          const body = JSON.stringify(view);
          if (body !== last) {
            last = body;
            send(`event: generation\ndata: ${body}\n\n`);
          }
          if (isFinished(view.status)) return close();
        } catch {
          return close();
        } finally {
          busy = false;
        }
        if (again) {
          again = false;
          await refresh();
        }
      };
      const heard = (change: DatabaseChange) => {
        if (change.kind === "unknown" || (change.kind === "generation" && change.id === generationId))
          return void refresh();
        if (change.kind === "generation" && queued && Date.now() - lastQueuedRead >= QUEUED_RECHECK_MS) {
          lastQueuedRead = Date.now();
          void refresh();
        }
      };
      signal.addEventListener("abort", close, { once: true });
      unsubscribe = onDatabaseChange(heard);
      keepAlive = setInterval(() => send(`: keep-alive\n\n`), KEEPALIVE_MS);
      keepAlive.unref?.();
      lifetime = setTimeout(close, MAX_STREAM_MS);
      send("retry: 2000\n\n");
      await refresh();
    },
    cancel() {
      stop();
    },
  });
}

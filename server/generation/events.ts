/**
 * Live progress as server-sent events. The stream reads the generation row a few times a
 * second and sends it whenever it changed; the row is the one truth shared by web and worker
 * processes, so this works the same in one process or many. The stream ends when the job is
 * finished (or after a few minutes; EventSource reconnects by itself).
 */
import type { Database } from "../db/client";
import { getGenerationView, isFinished } from "./generations";

const POLL_MS = 400;
const KEEPALIVE_MS = 15_000;
const MAX_STREAM_MS = 5 * 60_000;

export function generationEventStream(
  db: Database,
  userId: string,
  generationId: string,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const started = Date.now();
      let last = "";
      let lastSentAt = Date.now();
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        if (timer) clearTimeout(timer);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      signal.addEventListener("abort", close, { once: true });
      controller.enqueue(encoder.encode("retry: 2000\n\n"));
      const tick = async () => {
        if (closed) return;
        try {
          const view = await getGenerationView(db, userId, generationId);
          if (closed) return;
          if (!view) {
            controller.enqueue(encoder.encode(`event: gone\ndata: {}\n\n`));
            return close();
          }
          const body = JSON.stringify(view);
          if (body !== last) {
            last = body;
            lastSentAt = Date.now();
            controller.enqueue(encoder.encode(`event: generation\ndata: ${body}\n\n`));
          } else if (Date.now() - lastSentAt > KEEPALIVE_MS) {
            lastSentAt = Date.now();
            controller.enqueue(encoder.encode(`: keep-alive\n\n`));
          }
          if (isFinished(view.status) || Date.now() - started > MAX_STREAM_MS) return close();
        } catch {
          return close();
        }
        timer = setTimeout(() => void tick(), POLL_MS);
      };
      await tick();
    },
    cancel() {
      if (timer) clearTimeout(timer);
    },
  });
}

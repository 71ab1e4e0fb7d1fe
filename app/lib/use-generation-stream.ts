/**
 * Follows one generation until it is finished: Server-Sent Events from
 * GET /api/generations/{id}/events (`event: generation`, data = GenerationView), and a poll of
 * GET /api/generations/{id} every 1.5 s when EventSource is missing or its stream breaks before
 * the job is done. The server closes the stream when the job finishes; we close ours first so
 * the browser does not reconnect.
 */
import { useEffect, useRef } from "react";
import { FINISHED_STATUSES } from "./generation";
import type { GenerationView } from "./generation-views";
import { useRootData } from "./root-data";

export const POLL_INTERVAL_MS = 1500;

export function isFinished(generation: Pick<GenerationView, "status">): boolean {
  return FINISHED_STATUSES.includes(generation.status);
}

export interface GenerationStreamHandlers {
  onUpdate: (generation: GenerationView) => void;
  /** The generation no longer exists (deleted elsewhere) or is not ours. */
  onGone?: (id: string) => void;
}

export function useGenerationStream(id: string | null, handlers: GenerationStreamHandlers): void {
  const base = (useRootData()?.config?.apiBaseUrl ?? "").replace(/\/+$/, "");
  // The latest handlers without restarting the stream when a parent re-renders.
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!id) return;
    let stopped = false;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let controller: AbortController | null = null;
    const path = `${base}/api/generations/${encodeURIComponent(id)}`;

    const deliver = (generation: GenerationView) => {
      if (stopped) return;
      latest.current.onUpdate(generation);
      if (isFinished(generation)) stop();
    };

    const stop = () => {
      stopped = true;
      source?.close();
      source = null;
      if (timer) clearTimeout(timer);
      controller?.abort();
    };

    const poll = async () => {
      if (stopped) return;
      controller = new AbortController();
      try {
        const response = await fetch(path, {
          headers: { Accept: "application/json" },
          credentials: "same-origin",
          signal: controller.signal,
        });
        if (response.status === 404 || response.status === 403) {
          stop();
          latest.current.onGone?.(id);
          return;
        }
        if (response.ok) {
          const body = (await response.json()) as { generation?: GenerationView };
          if (body.generation) deliver(body.generation);
        }
      } catch {
        // offline for a moment or aborted: the next tick tries again
      }
      if (!stopped) timer = setTimeout(poll, POLL_INTERVAL_MS);
    };

    const startPolling = () => {
      source?.close();
      source = null;
      if (!stopped && !timer) void poll();
    };

    if (typeof EventSource === "undefined") {
      startPolling();
    } else {
      try {
        source = new EventSource(`${path}/events`, { withCredentials: true });
        source.addEventListener("generation", (event) => {
          try {
            deliver(JSON.parse((event as MessageEvent<string>).data) as GenerationView);
          } catch {
            // a malformed event: the poll fallback will catch up
            startPolling();
          }
        });
        source.addEventListener("gone", () => {
          stop();
          latest.current.onGone?.(id);
        });
        source.onerror = () => {
          // Closed by the server before we saw the end, a proxy that buffers, or no access:
          // poll instead (it also tells us when the job is gone).
          if (!stopped) startPolling();
        };
      } catch {
        startPolling();
      }
    }
    return stop;
  }, [id, base]);
}

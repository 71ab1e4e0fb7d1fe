/**
 * The generations this page knows, by id: this session's jobs (the queue beside the form) and the
 * history below, with the token balance and the pause switch that decide whether one more can start.
 * Unfinished jobs are followed by watchers that report through onUpdate and onGone; jobs from the
 * history that are still queued or running join the queue on mount.
 */
import type { StudioPageData } from "@server/generation/page-data";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useApiClient } from "~/lib/api-client";
import type { GenerationPage, GenerationView } from "~/lib/generation-views";
import { HttpError } from "~/lib/http-client";
import { useViewer } from "~/lib/viewer";
import { isFinished } from "~/lib/use-generation-stream";
import { type ApiFailure, submitGeneration } from "./api";
import type { Say } from "./studio-message";

/** Both lists in order, each id once (the first place wins). */
function mergeIds(front: string[], back: string[]): string[] {
  const seen = new Set<string>();
  return [...front, ...back].filter((id) => {
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

const byIds = (ids: string[], generations: Record<string, GenerationView>) =>
  ids.map((id) => generations[id]).filter((g): g is GenerationView => Boolean(g));

/** What the jobs need of a page's data; the editor (/ai/edit) passes these alone, with an empty history. */
export type StudioJobsData = Pick<
  StudioPageData,
  "mode" | "signedIn" | "balance" | "paused" | "maxConcurrentJobs" | "history"
>;

export function useStudioJobs(data: StudioJobsData, { base, say }: { base: string; say: Say }) {
  const api = useApiClient();
  const [submitting, setSubmitting] = useState(false);
  const [balance, setBalance] = useState<number | null>(data.balance);
  const [paused, setPaused] = useState(data.paused);
  const [generations, setGenerations] = useState<Record<string, GenerationView>>(() =>
    Object.fromEntries(data.history.items.map((g) => [g.id, g])),
  );
  const [sessionIds, setSessionIds] = useState<string[]>(() =>
    data.history.items.filter((g) => !isFinished(g)).map((g) => g.id),
  );
  const [historyIds, setHistoryIds] = useState<string[]>(() => data.history.items.map((g) => g.id));
  const [nextCursor, setNextCursor] = useState<string | null>(data.history.nextCursor);
  const [loadingMore, setLoadingMore] = useState(false);
  const [historyError, setHistoryError] = useState<string | null>(null);
  const [canceling, setCanceling] = useState<Set<string>>(() => new Set());
  const [revealId, setRevealId] = useState<string | null>(null);
  const generationsRef = useRef(generations);
  generationsRef.current = generations;

  // The loader's answer after a revalidation (sign-in, a navigation back): fresh balance,
  // switch and history, without losing what this page already follows. Its balance may have been
  // read before an answer this page has since had (a cancel's refund): when the two disagree, the
  // server is asked again rather than either being believed.
  const firstData = useRef(true);
  const balanceRef = useRef(balance);
  balanceRef.current = balance;
  useEffect(() => {
    if (firstData.current) {
      firstData.current = false;
      return;
    }
    if (data.balance === null || balanceRef.current === null) setBalance(data.balance);
    else if (data.balance !== balanceRef.current) void refreshBalanceRef.current();
    setPaused(data.paused);
    setGenerations((current) => {
      const next = { ...current };
      // A job this page follows keeps its streamed state unless the loader saw it finish.
      for (const g of data.history.items) if (!next[g.id] || isFinished(g)) next[g.id] = g;
      return next;
    });
    setHistoryIds((current) =>
      mergeIds(
        data.history.items.map((g) => g.id),
        current,
      ),
    );
    setNextCursor((c) => c ?? data.history.nextCursor);
  }, [data]);

  // The header shows the balance from the root loader: refresh it when an answer changed ours.
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  const headerBalance = useViewer()?.tokens;
  const revalidatedFor = useRef<number | null>(null);
  useEffect(() => {
    if (
      balance === null ||
      headerBalance === undefined ||
      headerBalance === balance ||
      revalidatedFor.current === balance
    )
      return;
    const timer = setTimeout(() => {
      revalidatedFor.current = balance; // once per value: never a loop
      void revalidateRef.current();
    }, 400);
    return () => clearTimeout(timer);
  }, [balance, headerBalance]);

  const refreshBalance = useCallback(async () => {
    try {
      const answer = await api.get<{ balance: number }>("/api/tokens");
      if (typeof answer.balance === "number") setBalance(answer.balance);
    } catch {
      // the next answer that carries a balance will correct it
    }
  }, [api]);
  const refreshBalanceRef = useRef(refreshBalance);
  refreshBalanceRef.current = refreshBalance;

  const onUpdate = useCallback(
    (g: GenerationView) => {
      const previous = generationsRef.current[g.id];
      setGenerations((current) => ({ ...current, [g.id]: g }));
      // A refund newly seen — with the end of the job, or in a later answer than the one that ended it
      // (a cancel's own answer, then the stream's) — brings the balance back.
      if (previous && !previous.refunded && g.refunded) void refreshBalance();
    },
    [refreshBalance],
  );
  const onGone = useCallback((id: string) => {
    setGenerations(({ [id]: _, ...rest }) => rest);
    setSessionIds((ids) => ids.filter((x) => x !== id));
    setHistoryIds((ids) => ids.filter((x) => x !== id));
  }, []);

  /** Generate stays disabled while `work` runs (a variation's picture uploading before its job starts). */
  async function whileSubmitting<T>(work: () => Promise<T>): Promise<T> {
    setSubmitting(true);
    try {
      return await work();
    } finally {
      setSubmitting(false);
    }
  }

  /**
   * Starts a job; it leads the queue and the history. A refusal comes back for the caller to
   * explain; what it means for the jobs (a balance, prices, the pause switch) is handled here.
   */
  async function submit(body: FormData): Promise<ApiFailure | null> {
    setSubmitting(true);
    try {
      const result = await submitGeneration(base, body);
      if (!result.ok) {
        if (result.status === 402) void refreshBalance();
        else if (result.status === 409 && result.code === "price_changed")
          void revalidateRef.current(); // fresh prices and engine
        else if (result.status === 503 && result.code === "generation_paused") setPaused(true);
        return result;
      }
      const g = result.generation;
      setGenerations((current) => ({ ...current, [g.id]: g }));
      setSessionIds((ids) => mergeIds([g.id], ids));
      setRevealId(g.id);
      setHistoryIds((ids) => mergeIds([g.id], ids));
      if (result.balance !== null) setBalance(result.balance);
      return null;
    } finally {
      setSubmitting(false);
    }
  }

  async function cancel(g: GenerationView) {
    setCanceling((s) => new Set(s).add(g.id));
    try {
      const answer = await api.post<{ generation: GenerationView; balance?: number }>(
        `/api/generations/${encodeURIComponent(g.id)}/cancel`,
      );
      if (answer.generation) onUpdate(answer.generation);
      if (typeof answer.balance === "number") setBalance(answer.balance);
    } catch (error) {
      say({
        tone: "error",
        text: error instanceof HttpError ? error.message : "Canceling did not work. Try again.",
      });
    } finally {
      setCanceling((s) => {
        const next = new Set(s);
        next.delete(g.id);
        return next;
      });
    }
  }

  async function remove(g: GenerationView): Promise<boolean> {
    setHistoryError(null);
    try {
      await api.delete(`/api/generations/${encodeURIComponent(g.id)}`);
      onGone(g.id);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) {
        onGone(g.id);
        return true;
      }
      setHistoryError(error instanceof HttpError ? error.message : "Deleting did not work. Try again.");
      return false;
    }
  }

  async function loadMore() {
    if (!nextCursor) return;
    setLoadingMore(true);
    setHistoryError(null);
    try {
      const page = await api.get<GenerationPage>(
        `/api/generations?${new URLSearchParams({ mode: data.mode, cursor: nextCursor })}`,
      );
      setGenerations((current) => ({ ...Object.fromEntries(page.items.map((g) => [g.id, g])), ...current }));
      setHistoryIds((ids) =>
        mergeIds(
          ids,
          page.items.map((g) => g.id),
        ),
      );
      setNextCursor(page.nextCursor);
    } catch (error) {
      setHistoryError(error instanceof HttpError ? error.message : "More history could not be loaded. Try again.");
    } finally {
      setLoadingMore(false);
    }
  }

  const sessionItems = useMemo(() => byIds(sessionIds, generations), [sessionIds, generations]);
  const historyItems = useMemo(() => byIds(historyIds, generations), [historyIds, generations]);
  const active = Object.values(generations).filter((g) => !isFinished(g));
  const maxJobs = Math.max(1, data.maxConcurrentJobs);

  return {
    balance,
    paused,
    submitting,
    sessionItems,
    historyItems,
    /** Every unfinished job, in the queue or only in the history: each one is followed. */
    active,
    maxJobs,
    /** A signed-in person already runs as many jobs as allowed. */
    full: data.signedIn && active.length >= maxJobs,
    canceling,
    revealId,
    hasMore: Boolean(nextCursor),
    loadingMore,
    historyError,
    onUpdate,
    onGone,
    whileSubmitting,
    submit,
    cancel,
    remove,
    loadMore,
    /** Takes a finished job off the queue; it stays in the history. */
    dismiss: (id: string) => setSessionIds((ids) => ids.filter((x) => x !== id)),
  };
}

export type StudioJobs = ReturnType<typeof useStudioJobs>;

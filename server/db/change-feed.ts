/**
 * What changed in the database, told to every process (ADR 0026). Triggers (migration 0013)
 * announce, at commit, each write to a table the run-time snapshot caches (`table:<name>`), each
 * change to someone's sessions or account (`user:<id>`), (migration 0015) each change of a
 * generation's progress (`generation:<id>`) and (migration 0016) each write to what a signed-in
 * page shows of one person (`personal:<id>`) on the `atelier_changes` channel.
 * A process hears them on a LISTEN connection; on PostgreSQL it also re-reads the
 * `runtime_changes` versions every two seconds, so a lost connection or a missed message delays
 * a change by two seconds at most. Writers in this process also call `announceChange` themselves,
 * so their own next request sees the change without waiting for the round trip.
 */
import { logger } from "../logger";
import type { Database, DatabaseHandle } from "./client";
import { runtimeChanges } from "./schema";

export const CHANGES_CHANNEL = "atelier_changes";
/** How often a PostgreSQL process re-reads the change versions, in case a message was missed. */
export const RECHECK_INTERVAL_MS = 2_000;

export type DatabaseChange =
  | { kind: "table"; table: string }
  | { kind: "user"; userId: string }
  /** Something a signed-in page shows of this person changed: balance, purchases… (migration 0016). */
  | { kind: "personal"; userId: string }
  /** What a person sees of a generation changed, or it went (migration 0015). */
  | { kind: "generation"; id: string }
  | { kind: "unknown" };
type ChangeListener = (change: DatabaseChange) => void;

const listeners = new Set<ChangeListener>();
/** Databases whose changes this process hears: only their reads may be cached. */
const watched = new WeakSet<Database>();

/** Calls `listener` for every change heard or announced in this process; returns the unsubscribe. */
export function onDatabaseChange(listener: ChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells this process's caches at once; other processes hear it from the triggers. */
export function announceChange(change: DatabaseChange): void {
  for (const listener of listeners) {
    try {
      listener(change);
    } catch (err) {
      logger.error({ err, change }, "a database change listener failed");
    }
  }
}

export function isWatched(db: Database): boolean {
  return watched.has(db);
}

export function parseChange(payload: string): DatabaseChange {
  const colon = payload.indexOf(":");
  const kind = payload.slice(0, colon);
  const value = payload.slice(colon + 1);
  if (kind === "table" && value) return { kind: "table", table: value };
  if (kind === "user" && value) return { kind: "user", userId: value };
  if (kind === "personal" && value) return { kind: "personal", userId: value };
  if (kind === "generation" && value) return { kind: "generation", id: value };
  return { kind: "unknown" };
}

/** Starts hearing the database's changes; the returned function stops. */
export async function startChangeFeed(handle: DatabaseHandle): Promise<() => Promise<void>> {
  let versions: Map<string, number> | undefined; // unknown until the first read
  const recheck = async () => {
    const rows = await handle.db
      .select({ table: runtimeChanges.tableName, version: runtimeChanges.version })
      .from(runtimeChanges);
    const seen = versions;
    versions = new Map(rows.map((r) => [r.table, r.version]));
    if (!seen) return;
    for (const [table, version] of versions)
      if ((seen.get(table) ?? 0) !== version) announceChange({ kind: "table", table });
  };
  const stopListening = await handle.listen(
    CHANGES_CHANNEL,
    (payload) => announceChange(parseChange(payload)),
    () => {
      logger.warn("the database change feed reconnected: forgetting cached settings and sessions");
      announceChange({ kind: "unknown" });
    },
  );
  let timer: NodeJS.Timeout | undefined;
  if (handle.kind === "postgres") {
    await recheck();
    timer = setInterval(() => {
      recheck().catch((err: unknown) => logger.warn({ err }, "re-reading the change versions failed"));
    }, RECHECK_INTERVAL_MS);
    timer.unref();
  }
  watched.add(handle.db);
  return async () => {
    watched.delete(handle.db);
    clearInterval(timer);
    await stopListening();
  };
}

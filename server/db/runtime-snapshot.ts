/**
 * Run-time settings that change a few times a day but are read on every page — flags, site
 * settings, route rules, slides, the FAQ, the products on sale, token prices — kept in this
 * process and read again only after a change to their tables (ADR 0026). A read is cached only
 * for a database whose change feed runs in this process (server/db/change-feed.ts); otherwise,
 * and inside transactions, it goes to the database as before.
 *
 * Cached values are shared by every request, so they are frozen: a caller that wants to change
 * one must copy it.
 */
import { type DatabaseChange, isWatched, onDatabaseChange } from "./change-feed";
import type { Database } from "./client";

interface Snapshot {
  tables: readonly string[];
  values: WeakMap<Database, Promise<unknown>>;
}

const snapshots = new Set<Snapshot>();

onDatabaseChange((change: DatabaseChange) => {
  if (change.kind === "user" || change.kind === "personal" || change.kind === "generation") return;
  for (const snapshot of snapshots) {
    if (change.kind === "unknown" || snapshot.tables.includes(change.table)) snapshot.values = new WeakMap();
  }
});

export interface CachedRead<T> {
  (db: Database): Promise<T>;
  /** Straight from the database, for writers that read before they change something. */
  fresh(db: Database): Promise<T>;
}

/** Wraps `load` so that it runs once per change of `tables`, not once per request. */
export function cachedRead<T>(tables: readonly string[], load: (db: Database) => Promise<T>): CachedRead<T> {
  const snapshot: Snapshot = { tables, values: new WeakMap() };
  snapshots.add(snapshot);
  const read = (db: Database): Promise<T> => {
    if (!isWatched(db)) return load(db);
    const values = snapshot.values;
    const cached = values.get(db) as Promise<T> | undefined;
    if (cached) return cached;
    // One load however many requests ask at once; a failed one is forgotten so the next retries.
    const loading = load(db).then(deepFreeze);
    values.set(db, loading);
    loading.catch(() => {
      if (values.get(db) === loading) values.delete(db);
    });
    return loading;
  };
  return Object.assign(read, { fresh: load });
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The database: embedded PGlite (file-backed) by default, PostgreSQL when DATABASE_URL is set.
 * One schema and one set of migrations serve both (docs/decisions/0003-database-pglite-or-postgres.md).
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Runs `work` in one transaction, handing it a handle typed like the database: PGlite's and
 * node-postgres' transaction types differ, and domain functions take either (`db` or `tx`).
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Database));
}

export type DatabaseTarget = { kind: "pglite"; dir: string | null } | { kind: "postgres"; url: string };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseTarget["kind"];
  /**
   * Hears NOTIFY messages on `channel` until the returned function is called. On PostgreSQL it
   * holds one connection of its own and reconnects when it drops, calling `onGap` once it is back
   * (messages sent meanwhile were missed); PGlite hears its own connection.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * A PGlite data directory opened by two processes loses writes silently, so the first process
 * takes a lock file beside it and a second one refuses to start with an explanation.
 */
export function lockDataDirectory(dir: string): () => void {
  const lockPath = `${path.resolve(dir)}.lock`;
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (owner && owner !== process.pid && isProcessAlive(owner)) {
        throw new Error(
          `The embedded database in ${dir} is already open in process ${owner}. ` +
            "It can be opened by one process at a time: stop that process, or set DATABASE_URL to use PostgreSQL.",
        );
      }
      fs.rmSync(lockPath, { force: true }); // left behind by a process that is gone
    }
  }
  return () => {
    try {
      if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.rmSync(lockPath, { force: true });
    } catch {
      // already gone
    }
  };
}

/** Opens a database. A PGlite data directory is locked to this process while open. */
export async function openDatabase(
  target: DatabaseTarget,
  options: { pgliteData?: Blob } = {},
): Promise<DatabaseHandle> {
  if (target.kind === "pglite") {
    const unlock = target.dir ? lockDataDirectory(target.dir) : () => {};
    try {
      if (target.dir) fs.mkdirSync(target.dir, { recursive: true });
      const client = await PGlite.create({
        // One process, one connection: 32 MB of shared buffers instead of 128 MB keeps the whole
        // embedded process (web, jobs, Studio threads) under 1 GB while it renders.
        startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
        ...(target.dir ? { dataDir: target.dir } : {}),
        ...(options.pgliteData ? { loadDataDir: options.pgliteData } : {}),
      });
      const db = drizzlePglite(client, { schema }) as unknown as Database;
      return {
        db,
        kind: "pglite",
        listen: async (channel, onMessage) => {
          const unsubscribe = await client.listen(channel, onMessage);
          return async () => {
            if (!client.closed) await unsubscribe();
          };
        },
        close: async () => {
          await client.close();
          unlock();
        },
      };
    } catch (error) {
      unlock();
      throw error;
    }
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  // An idle client that errors (server restart) must not crash the process.
  pool.on("error", () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    listen: (channel, onMessage, onGap) => listenOnPostgres(target.url, channel, onMessage, onGap),
    close: () => pool.end(),
  };
}

/** LISTEN on a connection of its own, outside the pool, reconnecting with a growing pause (up to 5 s). */
async function listenOnPostgres(url: string, channel: string, onMessage: (payload: string) => void, onGap: () => void) {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let pause = 100;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    const lost = () => {
      if (stopped || client !== next) return;
      client = undefined;
      void next.end().catch(() => {});
      retry = setTimeout(() => void reconnect(), pause);
      retry.unref();
      pause = Math.min(pause * 2, 5_000);
    };
    next.on("error", lost);
    next.on("end", lost);
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    pause = 100;
  };
  const reconnect = async () => {
    if (stopped) return;
    try {
      await connect();
      onGap();
    } catch {
      retry = setTimeout(() => void reconnect(), pause);
      retry.unref();
      pause = Math.min(pause * 2, 5_000);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

const globalKey = Symbol.for("atelier.database");
type GlobalWithDb = typeof globalThis & { [globalKey]?: DatabaseHandle };

/** Registers the process-wide database (kept on globalThis so dev reloads reuse one PGlite). */
export function setDatabase(handle: DatabaseHandle | undefined) {
  (globalThis as GlobalWithDb)[globalKey] = handle;
}

/** The process-wide database, opened by the HTTP shell at start. */
export function getDb(): Database {
  const handle = (globalThis as GlobalWithDb)[globalKey];
  if (!handle) throw new Error("The database is not open yet: startServer() opens it.");
  return handle.db;
}

export function getDatabaseHandle(): DatabaseHandle | undefined {
  return (globalThis as GlobalWithDb)[globalKey];
}

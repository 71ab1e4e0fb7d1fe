/**
 * The database: embedded PGlite (file-backed) by default, PostgreSQL when DATABASE_URL is set.
 * One schema and one set of migrations serve both (docs/decisions/0003-database.md).
 */
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseTarget = { kind: "pglite"; dir: string | null } | { kind: "postgres"; url: string };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseTarget["kind"];
  close(): Promise<void>;
}

/** Opens a database. A PGlite data directory must be opened by one process only. */
export async function openDatabase(target: DatabaseTarget, options: { pgliteData?: Blob } = {}): Promise<DatabaseHandle> {
  if (target.kind === "pglite") {
    if (target.dir) fs.mkdirSync(target.dir, { recursive: true });
    const client = await PGlite.create({
      ...(target.dir ? { dataDir: target.dir } : {}),
      ...(options.pgliteData ? { loadDataDir: options.pgliteData } : {}),
    });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return { db, kind: "pglite", close: () => client.close() };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  // An idle client that errors (server restart) must not crash the process.
  pool.on("error", () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return { db, kind: "postgres", close: () => pool.end() };
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

/** Applies drizzle-kit's SQL migrations from ./drizzle, on PGlite or PostgreSQL. */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { MigrationConfig } from "drizzle-orm/migrator";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import pg from "pg";
import type { DatabaseHandle, DatabaseTarget } from "./client";

// server/db/migrate.ts and the bundled build/server/index.js both sit two levels below the repo root.
const here = path.dirname(fileURLToPath(import.meta.url));
export const migrationsFolder = path.resolve(here, "../../drizzle");

/** Any fixed number: concurrent starts on PostgreSQL queue behind this advisory lock. */
const MIGRATION_LOCK_ID = 724_311;

export async function migrateDatabase(target: DatabaseTarget, handle: DatabaseHandle): Promise<void> {
  const config: MigrationConfig = { migrationsFolder };
  if (target.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
    return;
  }
  // Lock and migrate on one dedicated connection so processes starting together migrate once.
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg(client), config);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

/** Number of migrations shipped with this build. */
export function countShippedMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** True when every shipped migration is recorded as applied. */
export async function isDatabaseMigrated(handle: DatabaseHandle): Promise<boolean> {
  try {
    const result = (await handle.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as {
      rows: { n: number }[];
    };
    const n = Number(result.rows[0]?.n ?? 0);
    return n >= countShippedMigrations();
  } catch {
    return false;
  }
}

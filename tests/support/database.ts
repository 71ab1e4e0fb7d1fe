/**
 * A real database per test file (PGlite or PostgreSQL, by project), restored to its freshly
 * migrated state before each test by truncating every table — no re-migration, no teardown cost.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { type Database, type DatabaseHandle, type DatabaseTarget, openDatabase } from "../../server/db/client";
import { postgresUrl, TEMPLATE_DB } from "./global-setup";
import { wireAccountLifecycle } from "../../server/account-lifecycle";

export type TestDatabaseKind = "pglite" | "postgres";

export const testDatabaseKind = (process.env.TEST_DATABASE ?? "pglite") as TestDatabaseKind;

async function createDatabase(): Promise<{
  handle: DatabaseHandle;
  target: DatabaseTarget;
  drop: () => Promise<void>;
}> {
  if (testDatabaseKind === "pglite") {
    const snapshot = fs.readFileSync(inject("pgliteSnapshot"));
    const target = { kind: "pglite", dir: null } as const;
    const handle = await openDatabase(target, { pgliteData: new Blob([snapshot]) });
    return { handle, target, drop: () => handle.close() };
  }
  const name = `atelier_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  const target = { kind: "postgres", url: postgresUrl(name) } as const;
  const handle = await openDatabase(target);
  return {
    handle,
    target,
    drop: async () => {
      await handle.close();
      const client = new pg.Client({ connectionString: postgresUrl() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Empties every application table (the migration journal lives in its own schema and stays). */
export async function resetDatabase(db: Database): Promise<void> {
  const result = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as {
    rows: { tablename: string }[];
  };
  const tables = result.rows.map((r) => `"public"."${r.tablename}"`);
  if (tables.length > 0) await db.execute(sql.raw(`TRUNCATE ${tables.join(", ")} RESTART IDENTITY CASCADE`));
}

/** Registers the hooks and returns accessors for this file's database. */
export function setUpTestDatabase() {
  let created: Awaited<ReturnType<typeof createDatabase>> | undefined;
  beforeAll(async () => {
    // As the server does at start-up: accounts made in tests get their grant, welcome and clean-up.
    wireAccountLifecycle();
    created = await createDatabase();
  });
  beforeEach(async () => {
    await resetDatabase(created!.handle.db);
  });
  afterAll(async () => {
    await created?.drop();
  });
  return {
    get db(): Database {
      if (!created) throw new Error("test database not ready");
      return created.handle.db;
    },
    get handle(): DatabaseHandle {
      if (!created) throw new Error("test database not ready");
      return created.handle;
    },
    /** Where the database is, for code that opens its own connections (the job queue). */
    get target(): DatabaseTarget {
      if (!created) throw new Error("test database not ready");
      return created.target;
    },
  };
}

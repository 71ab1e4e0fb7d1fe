/**
 * Migrates a template database once per run:
 * - PGlite: an in-memory database, migrated, then dumped to a file each test file loads;
 * - PostgreSQL: a template database each test file copies with CREATE DATABASE … TEMPLATE.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import pg from "pg";
import { openDatabase } from "../../server/db/client";
import { migrateDatabase } from "../../server/db/migrate";

export const TEMPLATE_DB = "atelier_test_template";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplateUrl: string;
  }
}

/** Runs one statement (CREATE/DROP DATABASE…) on the test PostgreSQL server itself. */
export async function onTestServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function postgresUrl(database?: string): string {
  const base = process.env.TEST_POSTGRES_URL;
  if (!base) {
    throw new Error(
      "TEST_POSTGRES_URL is not set: run the tests with `npm test` (it starts PostgreSQL), or point TEST_POSTGRES_URL at a server you may create databases on.",
    );
  }
  if (!database) return base;
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

export default async function setup(project: TestProject) {
  const kind = project.config.env.TEST_DATABASE;
  if (kind === "pglite") {
    const handle = await openDatabase({ kind: "pglite", dir: null });
    await migrateDatabase({ kind: "pglite", dir: null }, handle);
    const client = (handle.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "atelier-pglite-")), "snapshot.tar");
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    project.provide("pgliteSnapshot", file);
    return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = postgresUrl(TEMPLATE_DB);
  const target = { kind: "postgres", url: templateUrl } as const;
  const handle = await openDatabase(target);
  await migrateDatabase(target, handle);
  await handle.close();
  project.provide("postgresTemplateUrl", templateUrl);
  return async () => {
    const client = new pg.Client({ connectionString: postgresUrl() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await client.end();
  };
}

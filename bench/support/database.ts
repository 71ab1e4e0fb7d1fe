/** Databases for the benchmarks: a scratch one on a PostgreSQL server, and the app's own, migrated. */
import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A new, empty database on `server` named `<prefix>_<random>`, so runs never share state: its
 * connection URL, and `drop` to remove it (and close the admin connection) at the end.
 */
export async function createScratchDatabase(
  server: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      // FORCE: a server child or pool the benchmark stopped may still hold a connection.
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * The database the app's config names (set the environment first), opened as the app's own and
 * migrated. Imported late because the config is read once, at import.
 */
export async function openAppDatabase() {
  const { getConfig } = await import("../../server/config");
  const { openDatabase, setDatabase } = await import("../../server/db/client");
  const { migrateDatabase } = await import("../../server/db/migrate");
  const config = getConfig();
  const handle = await openDatabase(config.database);
  setDatabase(handle);
  await migrateDatabase(config.database, handle);
  return { config, handle, db: handle.db };
}

/**
 * Backups of an install, and putting one back (issue 18, ADR 0041). A backup is a folder:
 * - `database.tar.gz` (embedded: PGlite's own dump of its data directory, taken while the server
 *   is stopped — the data directory's lock makes a running one refuse) or `database.dump`
 *   (PostgreSQL: `pg_dump --format=custom`, taken while it runs);
 * - `files/`, a copy of DATA_DIR/files (files in an S3 bucket are the bucket's to keep: versioning
 *   or replication, said in docs/OPERATIONS.md);
 * - `manifest.json`: what it holds, and each table's row count and checksum, which a restore
 *   checks the restored database against.
 * A restore goes only into an empty place: no embedded database in DATA_DIR, no row in the
 * PostgreSQL database, no file in DATA_DIR/files.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { PGlite } from "@electric-sql/pglite";
import type { Config } from "../config";
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from "../db/client";
import { checkTables, differenceOf, OpsRefused, refuseNonEmptyDatabase, type TableCheck } from "./table-checks";

const run = promisify(execFile);

interface Manifest {
  kind: DatabaseTarget["kind"];
  createdAt: string;
  tables: TableCheck[];
  /** Files copied from DATA_DIR/files, or null when they live in a bucket. */
  files: number | null;
}

async function isEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await fs.readdir(folder)).length === 0;
  } catch {
    return true; // not there yet
  }
}

async function countFiles(folder: string): Promise<number> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && !e.name.endsWith(".type")).length;
}

/** pg_dump and pg_restore, with what to install when they are missing. */
async function postgresTool(tool: "pg_dump" | "pg_restore", args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === "ENOENT")
      throw new OpsRefused(
        `${tool} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client).`,
      );
    throw new Error(`${tool} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

export async function backupInstall(config: Config, out: string, log: (line: string) => void): Promise<Manifest> {
  if (!(await isEmptyFolder(out))) throw new OpsRefused(`${out} is not empty: back up into a new folder.`);
  await fs.mkdir(out, { recursive: true });
  const target = config.database;
  // Embedded: opening takes the data directory's lock, so a running server makes this refuse.
  const handle = await openDatabase(target);
  let tables: TableCheck[];
  try {
    tables = await checkTables(handle.db);
    if (target.kind === "pglite") {
      const dump = await pgliteOf(handle).dumpDataDir("gzip");
      await fs.writeFile(path.join(out, "database.tar.gz"), Buffer.from(await dump.arrayBuffer()));
    } else {
      await postgresTool("pg_dump", [
        "--format=custom",
        "--no-owner",
        "--file",
        path.join(out, "database.dump"),
        target.url,
      ]);
    }
  } finally {
    await handle.close();
  }
  let files: number | null = null;
  if (config.s3)
    log(`files: in s3://${config.s3.bucket}, not copied (keep them with the bucket's versioning or replication)`);
  else {
    await fs.cp(config.filesDir, path.join(out, "files"), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error; // no files yet
    });
    files = await countFiles(path.join(out, "files"));
  }
  const manifest: Manifest = { kind: target.kind, createdAt: new Date().toISOString(), tables, files };
  await fs.writeFile(path.join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  log(`backup in ${out}: ${tables.length} tables, ${tables.reduce((n, t) => n + t.rows, 0)} rows, ${files ?? 0} files`);
  return manifest;
}

export async function restoreInstall(config: Config, from: string, log: (line: string) => void): Promise<void> {
  const manifest = JSON.parse(await fs.readFile(path.join(from, "manifest.json"), "utf8")) as Manifest;
  const target = config.database;
  if (manifest.kind !== target.kind)
    throw new OpsRefused(
      manifest.kind === "pglite"
        ? "This backup is of an embedded install: restore it without DATABASE_URL, then move it with `npm run migrate-to-postgres`."
        : "This backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it.",
    );
  if (manifest.files !== null && !(await isEmptyFolder(config.filesDir)))
    throw new OpsRefused(`${config.filesDir} is not empty: restore into an install without files.`);
  let handle: DatabaseHandle;
  if (target.kind === "pglite") {
    if (!target.dir || !(await isEmptyFolder(target.dir)))
      throw new OpsRefused(`${target.dir} already holds a database: restore into an empty DATA_DIR.`);
    const dump = await fs.readFile(path.join(from, "database.tar.gz"));
    handle = await openDatabase(target, { pgliteData: new Blob([dump]) });
  } else {
    handle = await openDatabase(target);
    try {
      await refuseNonEmptyDatabase(handle.db, "The database DATABASE_URL names");
      await postgresTool("pg_restore", [
        "--no-owner",
        "--clean",
        "--if-exists",
        "--dbname",
        target.url,
        path.join(from, "database.dump"),
      ]);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  try {
    const difference = differenceOf(manifest.tables, await checkTables(handle.db), [
      "the backup",
      "the restored database",
    ]);
    if (difference) throw new Error(`The restored database does not match the backup: ${difference}`);
  } finally {
    await handle.close();
  }
  if (manifest.files !== null) {
    await fs
      .cp(path.join(from, "files"), config.filesDir, { recursive: true })
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
    const restored = await countFiles(config.filesDir);
    if (restored !== manifest.files) throw new Error(`${manifest.files} files in the backup, ${restored} restored`);
  }
  log(`restored ${manifest.tables.length} tables and ${manifest.files ?? 0} files from ${from}, all checked`);
}

function pgliteOf(handle: DatabaseHandle): PGlite {
  return (handle.db as unknown as { $client: PGlite }).$client;
}

/**
 * From the embedded default to PostgreSQL in one step (issue 18, ADR 0041): every table of an
 * embedded install's database is copied into an empty PostgreSQL database, migrated first with
 * the same migrations, and, when asked, every file of DATA_DIR/files into an S3-compatible bucket.
 * Then both are checked: each table's row count and a checksum of its rows on both sides, each
 * file's SHA-256 read back from the bucket. A target that holds any row is refused, so nothing is
 * ever overwritten or merged.
 *
 * Rows travel as JSON built by the database (`row_to_json`) and are rebuilt by the target's own
 * types (`json_populate_recordset`), so every column type round-trips without per-type code.
 * Tables go in an order where each comes after the tables it references; the target's triggers
 * are switched off while its tables fill (they announce changes to running processes, and there
 * are none yet), then on again, and identity sequences continue after the copied rows.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { S3Settings } from "../config";
import { type Database, type DatabaseHandle, openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import type { FileStorage } from "../storage/file-storage";
import { createS3Storage } from "../storage/s3-storage";
import { createLocalStorage } from "../storage/storage";
import {
  checkTables,
  differenceOf,
  OpsRefused,
  listTables,
  refuseNonEmptyDatabase,
  rows,
  storedColumns,
  type TableCheck,
} from "./table-checks";

/** Rows per statement: large enough to be quick, small enough to stay well under memory limits. */
const BATCH_ROWS = 500;

export { OpsRefused as MoveRefused };

export interface MoveReport {
  tables: TableCheck[];
  /** Files copied to the bucket, or null when they stay on the local disk. */
  files: { count: number; bytes: number } | null;
}

export interface MoveOptions {
  /** The embedded install's DATA_DIR: its database is DATA_DIR/db, its files DATA_DIR/files. */
  dataDir: string;
  /** postgres://… of an empty database. */
  to: string;
  /** Copy the files into this bucket too. */
  storage?: S3Settings | null;
  log?: (line: string) => void;
}

export async function moveToPostgres(options: MoveOptions): Promise<MoveReport> {
  const log = options.log ?? (() => {});
  const dbDir = path.join(options.dataDir, "db");
  await fs.access(path.join(dbDir, "PG_VERSION")).catch(() => {
    throw new OpsRefused(`No embedded database in ${dbDir}: is DATA_DIR right?`);
  });
  // Opening takes the data directory's lock: a running embedded server makes this refuse.
  const sourceTarget = { kind: "pglite", dir: dbDir } as const;
  const source = await openDatabase(sourceTarget);
  let target: DatabaseHandle | undefined;
  try {
    await migrateDatabase(sourceTarget, source); // an older install reaches this build's schema first
    const targetTarget = { kind: "postgres", url: options.to } as const;
    target = await openDatabase(targetTarget);
    await refuseNonEmptyDatabase(target.db, "The target database");
    await migrateDatabase(targetTarget, target);
    await warnOfUnfinishedJobs(source.db, log);
    const tables = await tablesInCopyOrder(target.db);
    await copyTables(source.db, target.db, tables, log);
    const checks = await checkTables(source.db, tables);
    const difference = differenceOf(checks, await checkTables(target.db, tables), [
      "the embedded database",
      "PostgreSQL",
    ]);
    if (difference) throw new Error(`The copy does not match: ${difference}`);
    log(`tables: ${checks.length} copied and checked, ${checks.reduce((n, c) => n + c.rows, 0)} rows`);
    const files = options.storage
      ? await copyFiles(
          createLocalStorage(path.join(options.dataDir, "files")),
          path.join(options.dataDir, "files"),
          createS3Storage(options.storage),
          log,
        )
      : null;
    return { tables: checks, files };
  } finally {
    await target?.close();
    await source.close();
  }
}

/**
 * The job queue (pg-boss's own schema) is not moved: PostgreSQL's queue starts empty. Generations
 * still waiting are queued again from their rows by the recovery sweep; what else waits (an email
 * not yet sent) is named here so the operator can let the embedded server finish it first.
 */
async function warnOfUnfinishedJobs(db: Database, log: (line: string) => void): Promise<void> {
  const [queue] = await rows<{ exists: boolean }>(db, sql`select to_regclass('pgboss.job') is not null as exists`);
  if (!queue?.exists) return;
  const waiting = await rows<{ name: string; n: number }>(
    db,
    sql`select name, count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') group by name order by name`,
  );
  if (waiting.length > 0)
    log(`not moved: unfinished jobs in the embedded queue (${waiting.map((w) => `${w.name} ${w.n}`).join(", ")})`);
}

/** Every table after the tables it references (a self-reference does not count). */
async function tablesInCopyOrder(db: Database): Promise<string[]> {
  const tables = await listTables(db);
  const references = await rows<{ child: string; parent: string }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, "");
  const parentsOf = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of references)
    if (unquote(child) !== unquote(parent)) parentsOf.get(unquote(child))?.add(unquote(parent));
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parentsOf.get(t)!].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error("The tables reference each other in a cycle: no order to copy them in");
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

async function copyTables(source: Database, target: Database, tables: string[], log: (line: string) => void) {
  await target.transaction(async (tx) => {
    for (const table of tables) await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger user`);
    for (const table of tables) {
      const name = sql.identifier(table);
      const columns = await storedColumns(tx as unknown as Database, table);
      let copied = 0;
      for (let offset = 0; ; offset += BATCH_ROWS) {
        const batch = await rows<{ row: string }>(
          source,
          sql`select row_to_json(r)::text as row
              from (select ${columns} from ${name} order by ctid limit ${BATCH_ROWS} offset ${offset}) r`,
        );
        if (batch.length === 0) break;
        const json = `[${batch.map((r) => r.row).join(",")}]`;
        await tx.execute(
          sql`insert into ${name} (${columns}) overriding system value
              select ${columns} from json_populate_recordset(null::${name}, ${json}::json)`,
        );
        copied += batch.length;
      }
      log(`${table}: ${copied} rows`);
    }
    for (const table of tables) await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger user`);
    // Identity and serial columns continue after the copied rows.
    const sequences = await rows<{ table_name: string; column_name: string; seq: string }>(
      tx as unknown as Database,
      sql`select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
          from information_schema.columns
          where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
    );
    for (const s of sequences)
      await tx.execute(
        sql`select setval(${s.seq}, coalesce((select max(${sql.identifier(s.column_name)}) from ${sql.identifier(s.table_name)}), 0) + 1, false)`,
      );
  });
}

/** Every file under the local root, by key (the `.type` companions carry content types). */
async function listLocalKeys(root: string): Promise<string[]> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith(".type") && !e.name.endsWith(".tmp"))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

async function sha256Of(stream: NodeJS.ReadableStream): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function copyFiles(
  local: FileStorage,
  root: string,
  bucket: FileStorage,
  log: (line: string) => void,
): Promise<{ count: number; bytes: number }> {
  const keys = await listLocalKeys(root);
  let bytes = 0;
  for (const key of keys) {
    const file = await local.get(key);
    if (!file) throw new Error(`${key}: listed but not readable`);
    await bucket.put(key, file.bytes, file.contentType);
    const copy = await bucket.open(key);
    if (!copy) throw new Error(`${key}: not found in the bucket after the copy`);
    const [want, got] = [createHash("sha256").update(file.bytes).digest("hex"), await sha256Of(copy.stream)];
    if (want !== got || copy.contentType !== file.contentType)
      throw new Error(`${key}: the copy in the bucket differs from the file (checksum or type)`);
    bytes += file.bytes.length;
  }
  log(`files: ${keys.length} copied to the bucket and checked, ${bytes} bytes`);
  return { count: keys.length, bytes };
}

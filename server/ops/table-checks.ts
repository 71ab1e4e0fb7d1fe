/**
 * Reading a database table by table, for moving and backing up an install (ADR 0041): which
 * tables there are, which columns a row is stored as, whether any row is there, and a count and
 * checksum per table that two databases holding the same rows agree on.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

export class OpsRefused extends Error {}

export interface TableCheck {
  table: string;
  rows: number;
  /** MD5 of the table's rows as JSON, sorted: equal on both sides when every value arrived. */
  checksum: string;
}

export async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The tables of our schema (public), without partitions or views. */
export async function listTables(db: Database): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  return found.map((r) => r.name);
}

/** Refuses a database that holds any row in our schema: nothing is ever overwritten or merged. */
export async function refuseNonEmptyDatabase(db: Database, what: string): Promise<void> {
  for (const table of await listTables(db)) {
    const [first] = await rows<{ one: number }>(db, sql`select 1 as one from ${sql.identifier(table)} limit 1`);
    if (first) throw new OpsRefused(`${what} is not empty (table "${table}" has rows): use a new, empty database.`);
  }
}

/** The columns a row is stored as: generated ones are computed again by the database. */
export async function storedColumns(db: Database, table: string): Promise<ReturnType<typeof sql.join>> {
  const found = await rows<{ name: string }>(
    db,
    sql`select attname as name from pg_attribute
        where attrelid = ${`public."${table.replace(/"/g, '""')}"`}::regclass and attnum > 0 and not attisdropped
          and attgenerated = ''
        order by attnum`,
  );
  return sql.join(
    found.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
}

/** Counts and checksums every table of `db`; timestamps rendered in UTC on any session. */
export async function checkTables(db: Database, tables?: string[]): Promise<TableCheck[]> {
  return db.transaction(async (tx) => {
    const inTx = tx as unknown as Database;
    await inTx.execute(sql`set local timezone = 'UTC'`);
    const checks: TableCheck[] = [];
    for (const table of tables ?? (await listTables(inTx))) {
      const columns = await storedColumns(inTx, table);
      const [result] = await rows<{ rows: number; checksum: string | null }>(
        inTx,
        sql`select count(*)::int as rows, md5(coalesce(string_agg(r, E'\\n' order by r), '')) as checksum
            from (select row_to_json(t)::text as r from (select ${columns} from ${sql.identifier(table)}) t) as_json`,
      );
      checks.push({ table, rows: Number(result?.rows ?? 0), checksum: result?.checksum ?? "" });
    }
    return checks;
  });
}

/** The first difference between two sets of checks, in words; null when they agree. */
export function differenceOf(expected: TableCheck[], actual: TableCheck[], names: [string, string]): string | null {
  const byTable = new Map(actual.map((c) => [c.table, c]));
  for (const want of expected) {
    const got = byTable.get(want.table);
    if (!got) return `"${want.table}" is missing in ${names[1]}`;
    if (got.rows !== want.rows) return `"${want.table}": ${want.rows} rows in ${names[0]}, ${got.rows} in ${names[1]}`;
    if (got.checksum !== want.checksum) return `"${want.table}": the rows differ (checksum)`;
  }
  return null;
}

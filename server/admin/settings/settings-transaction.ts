/**
 * Settings admins change at run time (token defaults, flags, domains, route rules) take effect on
 * the next request: every process reads them from a snapshot, and each change here is audited in
 * its own transaction and then announced so the snapshots are dropped (ADR 0027).
 */
import { type Database, inTransaction } from "../../db/client";
import { announceChange } from "../../db/change-feed";

/** Every settings change runs here: once it is committed, cached settings are dropped everywhere. */
export async function inSettingsTransaction<T>(db: Database, run: (tx: Database) => Promise<T>): Promise<T> {
  const result = await inTransaction(db, run);
  for (const table of ["feature_flags", "site_settings", "route_rules"]) announceChange({ kind: "table", table });
  return result;
}

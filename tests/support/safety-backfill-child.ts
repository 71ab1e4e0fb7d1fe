/**
 * A process that screens earlier pictures until none is left, as the background job does, printing
 * each row as it rates it. Bundled and started by tests/integration/safety-backfill.test.ts, which
 * kills it with SIGKILL part-way and starts another.
 */
import { openDatabase } from "../../server/db/client";
import { screenBackfillBatch } from "../../server/safety/backfill";
import { closeClassifier } from "../../server/safety/classifier";

const url = process.env.BACKFILL_DATABASE_URL;
if (!url) throw new Error("BACKFILL_DATABASE_URL is not set");
const handle = await openDatabase({ kind: "postgres", url });
for (;;) {
  const batch = await screenBackfillBatch(handle.db, {
    limit: 4,
    onRated: (table, id) => process.stdout.write(`rated ${table} ${id}\n`),
  });
  if (batch.picked === 0) break;
}
await closeClassifier();
await handle.close();
process.stdout.write("done\n");

/**
 * Artworks written straight into the database by a test (no files behind them), removed again after
 * it: left in the community's lists, their missing pictures would fail the walks of later tests.
 */
import { inArray } from "drizzle-orm";
import type { Database } from "../../server/db/client";
import { artworks } from "../../server/db/schema";

const made = new Set<string>();

export async function insertArtworks(
  db: Database,
  rows: (typeof artworks.$inferInsert)[],
): Promise<{ id: string; title: string }[]> {
  const inserted = await db.insert(artworks).values(rows).returning({ id: artworks.id, title: artworks.title });
  for (const row of inserted) made.add(row.id);
  return inserted;
}

/** For `test.afterEach`: the artworks this file's tests inserted go. */
export async function removeInsertedArtworks(db: Database): Promise<void> {
  if (made.size === 0) return;
  await db.delete(artworks).where(inArray(artworks.id, [...made]));
  made.clear();
}

/**
 * Artworks written straight into the database by a test (no files behind them), removed again after
 * it: left in the community's lists, their missing pictures would fail the walks of later tests.
 */
import { inArray } from "drizzle-orm";
import type { Database } from "../../server/db/client";
import { artworks } from "../../server/db/schema";

const made = new Set<string>();
/** A stand-in picture hash for rows with no file: marks them screened. */
const SCREENED = "0".repeat(64);

export async function insertArtworks(
  db: Database,
  rows: (typeof artworks.$inferInsert)[],
): Promise<{ id: string; title: string }[]> {
  // As if screened when they were published (issue 40): with no file behind them, the server's
  // background screening would otherwise rate them unreadable, so explicit, and take them out of lists.
  const screened = rows.map((row) => ({ sha256: SCREENED, ...row }));
  const inserted = await db.insert(artworks).values(screened).returning({ id: artworks.id, title: artworks.title });
  for (const row of inserted) made.add(row.id);
  return inserted;
}

/** For `test.afterEach`: the artworks this file's tests inserted go. */
export async function removeInsertedArtworks(db: Database): Promise<void> {
  if (made.size === 0) return;
  await db.delete(artworks).where(inArray(artworks.id, [...made]));
  made.clear();
}

/** Trending scores: recent reactions and downloads, decayed by age, refreshed by housekeeping. */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";

/** Trending counts reactions and downloads of this many days… */
export const TRENDING_DAYS = 7;

/** …each worth half as much per this many hours of age. */
export const TRENDING_HALF_LIFE_HOURS = 24;

function trendingEvents(now: Date, artworkId?: string): SQL {
  const since = new Date(now.getTime() - TRENDING_DAYS * 24 * 3600 * 1000).toISOString();
  const one = artworkId ? sql`AND artwork_id = ${artworkId}::uuid` : sql``;
  return sql`
    SELECT artwork_id, CASE value WHEN 'like' THEN 1.0 ELSE -1.0 END::float8 AS w, updated_at AS at
      FROM artwork_reactions WHERE updated_at > ${since}::timestamptz ${one}
    UNION ALL
    SELECT artwork_id, 0.5::float8 AS w, created_at AS at
      FROM artwork_downloads WHERE created_at > ${since}::timestamptz ${one}`;
}

function decayed(now: Date): SQL {
  return sql`greatest(0, coalesce(sum(e.w * power(0.5::float8, (extract(epoch from (${now.toISOString()}::timestamptz - e.at)) / ${TRENDING_HALF_LIFE_HOURS * 3600})::float8)), 0))`;
}

/**
 * Recomputes trending scores: likes +1, dislikes −1, downloads +0.5 over the last seven days,
 * each halved per day of age, never below zero. With `artworkId`, that artwork only (after a
 * reaction); without, every artwork with recent activity or a score still above zero.
 */
export async function refreshTrendingScores(
  db: Database,
  options: { artworkId?: string; now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  if (options.artworkId) {
    await db.execute(sql`
      UPDATE artworks SET trending_score = (SELECT ${decayed(now)} FROM (${trendingEvents(now, options.artworkId)}) e)
      WHERE id = ${options.artworkId}::uuid`);
    return;
  }
  const since = new Date(now.getTime() - TRENDING_DAYS * 24 * 3600 * 1000).toISOString();
  await db.execute(sql`
    UPDATE artworks a SET trending_score = s.score
    FROM (
      SELECT x.id, ${decayed(now)} AS score
      FROM (
        SELECT id FROM artworks WHERE status = 'published' AND visibility = 'public' AND trending_score > 0
        UNION SELECT artwork_id FROM artwork_reactions WHERE updated_at > ${since}::timestamptz
        UNION SELECT artwork_id FROM artwork_downloads WHERE created_at > ${since}::timestamptz
      ) x
      LEFT JOIN (${trendingEvents(now)}) e ON e.artwork_id = x.id
      GROUP BY x.id
    ) s
    WHERE a.id = s.id AND a.trending_score IS DISTINCT FROM s.score`);
}

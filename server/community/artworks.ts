/**
 * Reading the community (ADR 0019, 0020): lists of public, published artworks with keyset
 * pagination on (sort value, id) through one partial index per sort order, full-text search over
 * the stored `search` column, the community front page, related artworks and one artwork by id.
 * Public and unlisted artworks are readable by anyone with the id; hidden and removed ones by
 * their creator only. Publishing, reactions and trending scores live beside it.
 */
import { and, count, desc, eq, gt, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import type { BrowsingLevel, ListQuery, ListSort } from "../../app/lib/community";
import type { ArtworkCard, ArtworkCreator, ArtworkPage, ArtworkView } from "../../app/lib/community-views";
import type { Database } from "../db/client";
import { artworkReactions, artworks, user, type ReactionValue } from "../db/schema";
import { cachedList } from "./list-cache";
import { type JoinedRow, cardColumns, findVisibleArtwork, listedFor, toCard, toView } from "./artwork-rows";
import { isUuid } from "../db/ids";

const SORT_COLUMN = {
  newest: artworks.createdAt,
  trending: artworks.trendingScore,
  "most-liked": artworks.likes,
  "most-downloaded": artworks.downloads,
  // Featured artworks only, the most recently picked first.
  featured: artworks.featuredAt,
} as const;

/**
 * One page of public artworks of the ratings `level` may see (issue 40: mature ones only for people
 * who opted in). Cards carry nothing per viewer, so a page is the same for everyone at that level.
 */
export function listArtworks(db: Database, query: ListQuery, level: BrowsingLevel = "general"): Promise<ArtworkPage> {
  return listArtworksWhere(db, [], query, level);
}

/**
 * One page of public artworks that also meet `only` (one creator's works, the people someone
 * follows): the same sort orders and cursors as the community list.
 */
export async function listArtworksWhere(
  db: Database,
  only: SQL[],
  query: ListQuery,
  level: BrowsingLevel = "general",
): Promise<ArtworkPage> {
  const sort: ListSort = query.sort ?? "newest";
  const limit = Math.min(Math.max(query.limit ?? 24, 1), 48);
  const conditions: SQL[] = [listedFor(level), ...only];
  if (query.mode) conditions.push(eq(artworks.mode, query.mode));
  if (query.style) conditions.push(eq(artworks.style, query.style));
  if (query.christmas) conditions.push(eq(artworks.christmas, true));
  if (query.q) conditions.push(sql`${artworks.search} @@ websearch_to_tsquery('simple', ${query.q})`);
  if (sort === "featured") conditions.push(isNotNull(artworks.featuredAt));
  const column = SORT_COLUMN[sort];
  const after = decodeCursor(query.cursor, sort);
  if (after) {
    const value =
      sort === "newest" || sort === "featured"
        ? sql`${after.value}::timestamptz`
        : sort === "trending"
          ? sql`${after.value}::float8`
          : sql`${after.value}::int`;
    conditions.push(sql`(${column}, ${artworks.id}) < (${value}, ${after.id}::uuid)`);
  }
  const rows = await db
    .select(cardColumns)
    .from(artworks)
    .innerJoin(user, eq(user.id, artworks.userId))
    .where(and(...conditions))
    .orderBy(desc(column), desc(artworks.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toCard), nextCursor: rows.length > limit && last ? encodeCursor(last, sort) : null };
}

/** listArtworks through the shared list cache (list-cache.ts): what visitors' lists and searches use. */
export function listArtworksCached(
  db: Database,
  query: ListQuery,
  level: BrowsingLevel = "general",
): Promise<ArtworkPage> {
  const key = JSON.stringify([
    level,
    query.sort ?? "newest",
    query.limit ?? 24,
    query.mode ?? "",
    query.style ?? "",
    query.christmas ?? false,
    query.q ?? "",
    query.cursor ?? "",
  ]);
  return cachedList(key, () => listArtworks(db, query, level));
}

/** One artwork for the detail page, or null when it does not exist or the viewer may not see it. */
export async function getArtworkView(db: Database, id: string, viewerId: string | null): Promise<ArtworkView | null> {
  const row = await findVisibleArtwork(db, id, viewerId);
  if (!row) return null;
  let myReaction: ReactionValue | null = null;
  if (viewerId) {
    const [reaction] = await db
      .select({ value: artworkReactions.value })
      .from(artworkReactions)
      .where(and(eq(artworkReactions.artworkId, row.id), eq(artworkReactions.userId, viewerId)));
    myReaction = reaction?.value ?? null;
  }
  return toView(row, viewerId, myReaction);
}

export interface CommunityHome {
  featured: ArtworkCard[];
  trending: ArtworkCard[];
  newest: ArtworkCard[];
  topCreators: { creator: ArtworkCreator; artworks: number; likes: number }[];
}

/** Top creators are ranked by likes on artworks of this many recent days (a bounded range scan). */
export const TOP_CREATOR_DAYS = 90;

/** The community's front page through the shared list cache. */
export function loadCommunityHomeCached(db: Database, level: BrowsingLevel = "general"): Promise<CommunityHome> {
  return cachedList(`home:${level}`, () => loadCommunityHome(db, level));
}

/** The community's front page with the ratings `level` may see (top creators are counted on general works). */
export async function loadCommunityHome(db: Database, level: BrowsingLevel = "general"): Promise<CommunityHome> {
  const listed = listedFor(level);
  const since = new Date(Date.now() - TOP_CREATOR_DAYS * 24 * 3600 * 1000);
  const [featured, trending, newest, creators] = await Promise.all([
    db
      .select(cardColumns)
      .from(artworks)
      .innerJoin(user, eq(user.id, artworks.userId))
      .where(and(listed, sql`${artworks.featuredAt} IS NOT NULL`))
      .orderBy(desc(artworks.featuredAt))
      .limit(8),
    listArtworks(db, { sort: "trending", limit: 8 }, level),
    listArtworks(db, { sort: "newest", limit: 8 }, level),
    db
      .select({
        id: artworks.userId,
        name: user.name,
        handle: user.handle,
        image: user.image,
        artworks: count(),
        likes: sql<number>`coalesce(sum(${artworks.likes}), 0)::int`,
      })
      .from(artworks)
      .innerJoin(user, eq(user.id, artworks.userId))
      .where(and(listedFor("general"), gt(artworks.createdAt, since)))
      .groupBy(artworks.userId, user.name, user.handle, user.image)
      .orderBy(desc(sql`coalesce(sum(${artworks.likes}), 0)`), desc(count()))
      .limit(6),
  ]);
  return {
    featured: featured.map(toCard),
    trending: trending.items,
    newest: newest.items,
    topCreators: creators.map((c) => ({
      creator: { id: c.id, handle: c.handle, name: c.name, image: c.image },
      artworks: Number(c.artworks),
      likes: Number(c.likes),
    })),
  };
}

/** Public artworks sharing a tag or the style, of the ratings `level` may see, excluding the artwork itself. */
export async function relatedArtworks(
  db: Database,
  id: string,
  level: BrowsingLevel = "general",
  limit = 8,
): Promise<ArtworkCard[]> {
  if (!isUuid(id)) return [];
  const listed = listedFor(level);
  const [current] = await db
    .select({ style: artworks.style, tags: artworks.tags })
    .from(artworks)
    .where(eq(artworks.id, id));
  if (!current) return [];
  const n = Math.min(Math.max(limit, 1), 24);
  const base = () => db.select(cardColumns).from(artworks).innerJoin(user, eq(user.id, artworks.userId));
  const byTags =
    current.tags.length > 0
      ? await base()
          .where(
            and(
              listed,
              ne(artworks.id, id),
              sql`${artworks.tags} ?| ARRAY[${sql.join(
                current.tags.map((t) => sql`${t}`),
                sql`, `,
              )}]::text[]`,
            ),
          )
          .orderBy(desc(artworks.createdAt), desc(artworks.id))
          .limit(n)
      : [];
  const byStyle = await base()
    .where(and(listed, ne(artworks.id, id), eq(artworks.style, current.style)))
    .orderBy(desc(artworks.createdAt), desc(artworks.id))
    .limit(n);
  const seen = new Set<string>();
  const merged: JoinedRow[] = [];
  for (const row of [...byTags, ...byStyle]) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    merged.push(row);
  }
  return merged.slice(0, n).map(toCard);
}

function sortValueOf(row: JoinedRow, sort: ListSort): string {
  switch (sort) {
    case "newest":
      return row.createdAt.toISOString();
    case "trending":
      return String(row.trendingScore);
    case "most-liked":
      return String(row.likes);
    case "most-downloaded":
      return String(row.downloads);
    case "featured":
      return (row.featuredAt ?? row.createdAt).toISOString();
  }
}

function encodeCursor(row: JoinedRow, sort: ListSort): string {
  return Buffer.from(`${sort}|${sortValueOf(row, sort)}|${row.id}`).toString("base64url");
}

/** The cursor's position, or null when it is unreadable or was made for another sort order. */
function decodeCursor(cursor: string | null | undefined, sort: ListSort): { value: string; id: string } | null {
  if (!cursor) return null;
  const [cursorSort, value, id] = Buffer.from(cursor, "base64url").toString().split("|");
  if (cursorSort !== sort || !value || !id || !isUuid(id)) return null;
  if (sort === "newest" || sort === "featured") return Number.isNaN(new Date(value).getTime()) ? null : { value, id };
  if (sort === "trending") return Number.isFinite(Number(value)) ? { value, id } : null;
  return /^-?\d{1,10}$/.test(value) ? { value, id } : null;
}

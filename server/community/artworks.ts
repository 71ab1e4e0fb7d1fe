/**
 * Community artworks: publish one image of a generation, edit, unpublish, list, search, read,
 * react and report (ADR 0019, 0020).
 * - Lists show public, published artworks only, with keyset pagination on (sort value, id)
 *   through one partial index per sort order; search is full-text over the stored `search` column.
 * - Public and unlisted artworks are readable by anyone with the id; hidden and removed ones
 *   by their creator only.
 * - Counters change in the transaction that locks the artwork row, so racing reactions stay exact.
 */
import { and, count, desc, eq, getTableColumns, gt, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import type { AspectRatio, GenerationMode } from "../../app/lib/generation";
import type { ArtworkInput, ListQuery, ListSort, PublishInput, Visibility } from "../../app/lib/community";
import type { ArtworkCard, ArtworkCreator, ArtworkPage, ArtworkView } from "../../app/lib/community-views";
import { type Database, inTransaction } from "../db/client";
import {
  artworkReactions,
  artworkReports,
  artworks,
  generationImages,
  generations,
  user,
  type ReactionValue,
} from "../db/schema";
import { fileUrl } from "../generation/generations";
import { logger } from "../logger";
import { addNotification } from "../notify/notifications";
import { getStorage, userFileKey } from "../storage/storage";
import { cachedList, clearListCache } from "./list-cache";
import { blockedTermMessage, checkBlockedTerms, loadBlockedTerms } from "./word-filter";
import { AppError } from "../app-error";

export type ArtworkRow = typeof artworks.$inferSelect;

/** A refusal the person can act on; routes turn it into an API error with this status. */
/** The community's refusals: AppErrors (server/app-error.ts). */
export class CommunityError extends AppError {
  constructor(status: number, code: string, message: string, fields?: Record<string, string[]>) {
    super(status, code, message, { fields });
    this.name = "CommunityError";
  }
}

/** Like counts the creator hears about, once each. */
export const LIKE_MILESTONES = [10, 50, 100, 500, 1000] as const;

const NOT_FOUND = "That artwork does not exist.";

/** Every column but the search vector (which no view needs). */
const { search: _search, ...artworkColumns } = getTableColumns(artworks);
const cardColumns = { ...artworkColumns, creatorName: user.name, creatorImage: user.image };
type JoinedRow = Omit<ArtworkRow, "search"> & { creatorName: string; creatorImage: string | null };

const listed = and(eq(artworks.status, "published"), eq(artworks.visibility, "public"))!;

// ─── Reading ────────────────────────────────────────────────────────────────────────────────

const SORT_COLUMN = {
  newest: artworks.createdAt,
  trending: artworks.trendingScore,
  "most-liked": artworks.likes,
  "most-downloaded": artworks.downloads,
  // Featured artworks only, the most recently picked first.
  featured: artworks.featuredAt,
} as const;

/** One page of public artworks. Cards carry nothing per viewer, so a page is the same for everyone. */
export async function listArtworks(db: Database, query: ListQuery): Promise<ArtworkPage> {
  const sort: ListSort = query.sort ?? "newest";
  const limit = Math.min(Math.max(query.limit ?? 24, 1), 48);
  const conditions: SQL[] = [listed];
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
export function listArtworksCached(db: Database, query: ListQuery): Promise<ArtworkPage> {
  const key = JSON.stringify([
    query.sort ?? "newest",
    query.limit ?? 24,
    query.mode ?? "",
    query.style ?? "",
    query.christmas ?? false,
    query.q ?? "",
    query.cursor ?? "",
  ]);
  return cachedList(key, () => listArtworks(db, query));
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

/** The artwork when the viewer may see it: published ones by anyone with the id, others by the creator. */
export async function findVisibleArtwork(db: Database, id: string, viewerId: string | null): Promise<JoinedRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(cardColumns)
    .from(artworks)
    .innerJoin(user, eq(user.id, artworks.userId))
    .where(eq(artworks.id, id));
  if (!row) return null;
  if (row.status !== "published" && row.userId !== viewerId) return null;
  return row;
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
export function loadCommunityHomeCached(db: Database): Promise<CommunityHome> {
  return cachedList("home", () => loadCommunityHome(db));
}

export async function loadCommunityHome(db: Database): Promise<CommunityHome> {
  const since = new Date(Date.now() - TOP_CREATOR_DAYS * 24 * 3600 * 1000);
  const [featured, trending, newest, creators] = await Promise.all([
    db
      .select(cardColumns)
      .from(artworks)
      .innerJoin(user, eq(user.id, artworks.userId))
      .where(and(listed, sql`${artworks.featuredAt} IS NOT NULL`))
      .orderBy(desc(artworks.featuredAt))
      .limit(8),
    listArtworks(db, { sort: "trending", limit: 8 }),
    listArtworks(db, { sort: "newest", limit: 8 }),
    db
      .select({
        id: artworks.userId,
        name: user.name,
        image: user.image,
        artworks: count(),
        likes: sql<number>`coalesce(sum(${artworks.likes}), 0)::int`,
      })
      .from(artworks)
      .innerJoin(user, eq(user.id, artworks.userId))
      .where(and(listed, gt(artworks.createdAt, since)))
      .groupBy(artworks.userId, user.name, user.image)
      .orderBy(desc(sql`coalesce(sum(${artworks.likes}), 0)`), desc(count()))
      .limit(6),
  ]);
  return {
    featured: featured.map(toCard),
    trending: trending.items,
    newest: newest.items,
    topCreators: creators.map((c) => ({
      creator: { id: c.id, name: c.name, image: c.image },
      artworks: Number(c.artworks),
      likes: Number(c.likes),
    })),
  };
}

/** Public artworks sharing a tag or the style, excluding the artwork itself; most liked first. */
export async function relatedArtworks(db: Database, id: string, limit = 8): Promise<ArtworkCard[]> {
  if (!isUuid(id)) return [];
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

// ─── Publishing and editing ─────────────────────────────────────────────────────────────────

export async function publishArtwork(db: Database, userId: string, input: PublishInput): Promise<ArtworkView> {
  const [generation] = isUuid(input.generationId)
    ? await db
        .select()
        .from(generations)
        .where(and(eq(generations.id, input.generationId), eq(generations.userId, userId)))
    : [];
  if (!generation)
    throw new CommunityError(404, "not_found", "That picture does not exist.", {
      generationId: ["That picture does not exist."],
    });
  if (generation.status !== "succeeded") {
    const message = "Only finished pictures can be published.";
    throw new CommunityError(409, "not_finished", message, { generationId: [message] });
  }
  const [image] = await db
    .select()
    .from(generationImages)
    .where(and(eq(generationImages.generationId, generation.id), eq(generationImages.index, input.imageIndex)));
  if (!image)
    throw new CommunityError(400, "invalid_input", "That picture has no image at this position.", {
      imageIndex: ["Choose one of the pictures"],
    });
  await refuseBlockedTerms(db, input, generation.prompt);

  // The artwork keeps its own copies, so deleting the generation leaves it intact.
  const storage = getStorage();
  const [file, thumb] = await Promise.all([storage.get(image.key), storage.get(image.thumbKey)]);
  if (!file || !thumb) throw new CommunityError(409, "file_missing", "That picture's file is no longer on the server.");
  const key = userFileKey(userId, "artworks", extensionOf(image.key, "png"));
  const thumbKey = userFileKey(userId, "artworks", extensionOf(image.thumbKey, "webp"));
  await storage.put(key, file.bytes, file.contentType);
  await storage.put(thumbKey, thumb.bytes, thumb.contentType);
  const now = new Date();
  let id: string;
  try {
    const [row] = await db
      .insert(artworks)
      .values({
        userId,
        generationId: generation.id,
        imageIndex: image.index,
        title: input.title,
        description: input.description,
        tags: input.tags,
        showPrompt: input.showPrompt,
        prompt: generation.prompt,
        negativePrompt: generation.negativePrompt,
        mode: generation.mode,
        style: generation.style,
        aspectRatio: generation.aspectRatio,
        size: generation.size,
        seed: image.seed ?? generation.seed,
        strength: generation.strength,
        christmas: generation.christmas,
        engineLabel: generation.engineLabel,
        key,
        thumbKey,
        placeholder: image.placeholder,
        mime: image.mime,
        width: image.width,
        height: image.height,
        visibility: input.visibility,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: artworks.id });
    id = row!.id;
    clearListCache();
  } catch (error) {
    await Promise.all([storage.delete(key), storage.delete(thumbKey)]).catch(() => undefined);
    throw error;
  }
  const view = await getArtworkView(db, id, userId);
  return view!;
}

/** Edits the creator's own artwork (another user's id looks exactly like a missing one). */
export async function updateArtwork(
  db: Database,
  userId: string,
  id: string,
  input: ArtworkInput,
): Promise<ArtworkView> {
  if (!isUuid(id)) throw new CommunityError(404, "not_found", NOT_FOUND);
  const [current] = await db
    .select({ prompt: artworks.prompt })
    .from(artworks)
    .where(and(eq(artworks.id, id), eq(artworks.userId, userId), ne(artworks.status, "removed")));
  if (!current) throw new CommunityError(404, "not_found", NOT_FOUND);
  await refuseBlockedTerms(db, input, current.prompt);
  const [row] = await db
    .update(artworks)
    .set({
      title: input.title,
      description: input.description,
      tags: input.tags,
      showPrompt: input.showPrompt,
      visibility: input.visibility,
      updatedAt: new Date(),
    })
    .where(and(eq(artworks.id, id), eq(artworks.userId, userId), ne(artworks.status, "removed")))
    .returning({ id: artworks.id });
  if (!row) throw new CommunityError(404, "not_found", NOT_FOUND);
  clearListCache();
  return (await getArtworkView(db, id, userId))!;
}

/** Removes the creator's own published artwork with its files, reactions, downloads and reports. */
export async function unpublishArtwork(db: Database, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db
    .delete(artworks)
    .where(and(eq(artworks.id, id), eq(artworks.userId, userId), eq(artworks.status, "published")))
    .returning({ key: artworks.key, thumbKey: artworks.thumbKey });
  if (!row) {
    // A hidden or removed artwork stays with its reports until moderators have decided.
    const [held] = await db
      .select({ status: artworks.status })
      .from(artworks)
      .where(and(eq(artworks.id, id), eq(artworks.userId, userId)));
    if (held)
      throw new CommunityError(
        409,
        "under_review",
        "This artwork is with our moderators, so it cannot be deleted until they have decided.",
      );
    return false;
  }
  clearListCache();
  const storage = getStorage();
  await Promise.all([storage.delete(row.key), storage.delete(row.thumbKey)]).catch((err: unknown) =>
    logger.warn({ err, artworkId: id }, "removing an unpublished artwork's files failed"),
  );
  return true;
}

async function refuseBlockedTerms(db: Database, input: ArtworkInput, prompt: string): Promise<void> {
  const terms = await loadBlockedTerms(db);
  const found = checkBlockedTerms(
    { title: input.title, description: input.description, tags: input.tags, ...(input.showPrompt ? { prompt } : {}) },
    terms,
  );
  const entries = Object.entries(found);
  if (entries.length === 0) return;
  const fields = Object.fromEntries(entries.map(([field, term]) => [field, [blockedTermMessage(term)]]));
  throw new CommunityError(400, "blocked_term", blockedTermMessage(entries[0]![1]), fields);
}

// ─── Reactions ──────────────────────────────────────────────────────────────────────────────

export interface ReactionCounts {
  likes: number;
  dislikes: number;
  myReaction: ReactionValue | null;
}

/**
 * Sets, switches or removes the user's reaction. The artwork row is locked for the whole
 * transaction, so the counters move by exact deltas however many people react at once.
 */
export async function setReaction(
  db: Database,
  userId: string,
  id: string,
  value: ReactionValue | null,
): Promise<ReactionCounts> {
  if (!isUuid(id)) throw new CommunityError(404, "not_found", NOT_FOUND);
  const milestone = await inTransaction(db, async (tx) => {
    const [artwork] = await tx
      .select({
        id: artworks.id,
        userId: artworks.userId,
        title: artworks.title,
        likeMilestone: artworks.likeMilestone,
        likes: artworks.likes,
        dislikes: artworks.dislikes,
      })
      .from(artworks)
      .where(and(eq(artworks.id, id), eq(artworks.status, "published")))
      .for("update");
    if (!artwork) throw new CommunityError(404, "not_found", NOT_FOUND);
    const [existing] = await tx
      .select({ value: artworkReactions.value })
      .from(artworkReactions)
      .where(and(eq(artworkReactions.artworkId, id), eq(artworkReactions.userId, userId)));
    const before = existing?.value ?? null;
    if (before === value)
      return { counts: { likes: artwork.likes, dislikes: artwork.dislikes, myReaction: value }, notify: null };
    const now = new Date();
    if (value === null) {
      await tx
        .delete(artworkReactions)
        .where(and(eq(artworkReactions.artworkId, id), eq(artworkReactions.userId, userId)));
    } else {
      await tx
        .insert(artworkReactions)
        .values({ artworkId: id, userId, value, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [artworkReactions.artworkId, artworkReactions.userId],
          set: { value, updatedAt: now },
        });
    }
    const likeDelta = (value === "like" ? 1 : 0) - (before === "like" ? 1 : 0);
    const dislikeDelta = (value === "dislike" ? 1 : 0) - (before === "dislike" ? 1 : 0);
    const [counts] = await tx
      .update(artworks)
      .set({ likes: sql`${artworks.likes} + ${likeDelta}`, dislikes: sql`${artworks.dislikes} + ${dislikeDelta}` })
      .where(eq(artworks.id, id))
      .returning({ likes: artworks.likes, dislikes: artworks.dislikes });
    await refreshTrendingScores(tx, { artworkId: id, now });
    // A milestone is recorded with the counts, so each one is announced once.
    const reached = [...LIKE_MILESTONES].reverse().find((m) => counts!.likes >= m && m > artwork.likeMilestone);
    if (reached) await tx.update(artworks).set({ likeMilestone: reached }).where(eq(artworks.id, id));
    return {
      counts: { likes: counts!.likes, dislikes: counts!.dislikes, myReaction: value },
      notify: reached ? { creatorId: artwork.userId, title: artwork.title, likes: reached } : null,
    };
  });
  if (milestone.notify) {
    const { creatorId, title, likes } = milestone.notify;
    await addNotification(db, creatorId, {
      status: "success",
      title: `${likes} likes!`,
      message: `Your artwork “${title}” passed ${likes} likes.`,
    }).catch(() => undefined); // logged by addNotification; the milestone stays recorded
  }
  return milestone.counts;
}

// ─── Reports ────────────────────────────────────────────────────────────────────────────────

export async function reportArtwork(
  db: Database,
  userId: string,
  id: string,
  input: { reason: string; details: string },
): Promise<{ id: string }> {
  const artwork = await findVisibleArtwork(db, id, userId);
  if (!artwork) throw new CommunityError(404, "not_found", NOT_FOUND);
  if (artwork.userId === userId) throw new CommunityError(400, "own_artwork", "You cannot report your own artwork.");
  const [row] = await db
    .insert(artworkReports)
    .values({ artworkId: artwork.id, reporterId: userId, reason: input.reason, details: input.details, status: "open" })
    .onConflictDoNothing()
    .returning({ id: artworkReports.id });
  if (!row)
    throw new CommunityError(
      409,
      "already_reported",
      "You have reported this artwork already; the moderators will look at it.",
    );
  return row;
}

// ─── Trending ───────────────────────────────────────────────────────────────────────────────

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

// ─── Views ──────────────────────────────────────────────────────────────────────────────────

function toCard(row: JoinedRow): ArtworkCard {
  return {
    id: row.id,
    title: row.title,
    previewUrl: fileUrl(row.thumbKey),
    placeholder: row.placeholder,
    width: row.width,
    height: row.height,
    style: row.style,
    mode: row.mode as GenerationMode,
    creator: { id: row.userId, name: row.creatorName, image: row.creatorImage },
    likes: row.likes,
    dislikes: row.dislikes,
    downloads: row.downloads,
    createdAt: row.createdAt.toISOString(),
  };
}

function toView(row: JoinedRow, viewerId: string | null, myReaction: ReactionValue | null): ArtworkView {
  return {
    ...toCard(row),
    imageUrl: fileUrl(row.key),
    description: row.description,
    tags: row.tags,
    prompt: row.showPrompt ? row.prompt : null,
    negativePrompt: row.showPrompt ? row.negativePrompt || null : null,
    seed: row.seed,
    aspectRatio: row.aspectRatio as AspectRatio,
    size: row.size,
    strength: row.strength,
    christmas: row.christmas,
    engineLabel: row.engineLabel,
    visibility: row.visibility as Visibility,
    myReaction,
    mine: viewerId !== null && row.userId === viewerId,
    featured: row.featuredAt !== null,
  };
}

function extensionOf(key: string, fallback: string): string {
  const m = /\.([a-z0-9]{1,5})$/i.exec(key);
  return m ? m[1]!.toLowerCase() : fallback;
}

export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
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

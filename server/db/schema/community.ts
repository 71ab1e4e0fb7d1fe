/**
 * The community: published artworks, one reaction per user per artwork, counted downloads and
 * reports for the moderation queue (ADR 0019, 0020).
 * - `likes`, `dislikes` and `downloads` are counters kept in the same transaction as the rows
 *   they count (the artwork row is locked), so they stay exact when requests race.
 * - `search` is a stored generated tsvector ('simple' config) over the title, the description,
 *   the tags and the prompt when the creator shares it, with a GIN index; it works on PGlite too.
 * - Lists read public, published rows only, through partial indexes, one per sort order.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { ownerId, user } from "./auth";
import { generationImages, generations } from "./generation";
import { createdAt, instant, parentKey, updatedAt, uuidKey } from "./columns";
import type { Maturity } from "./maturity";

const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

export const ARTWORK_STATUSES = ["published", "hidden", "removed"] as const;
export type ArtworkStatus = (typeof ARTWORK_STATUSES)[number];

/** Lists show rows that are published and public; every list index is partial on this. */
const listed = sql`status = 'published' AND visibility = 'public'`;

export const artworks = pgTable(
  "artworks",
  {
    id: uuidKey(),
    userId: ownerId(),
    /** The generation it came from; the artwork keeps its own copies of the files. */
    generationId: uuid("generation_id").references(() => generations.id, { onDelete: "set null" }),
    imageIndex: integer("image_index").notNull().default(0),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** Lower-case tags as a JSON array of strings (jsonb so the search column can stay immutable). */
    tags: jsonb("tags").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    showPrompt: boolean("show_prompt").notNull().default(true),
    prompt: text("prompt").notNull().default(""),
    negativePrompt: text("negative_prompt").notNull().default(""),
    mode: text("mode").notNull(),
    style: text("style").notNull(),
    aspectRatio: text("aspect_ratio").notNull(),
    size: integer("size").notNull(),
    seed: bigint("seed", { mode: "number" }).notNull(),
    strength: real("strength").notNull(),
    christmas: boolean("christmas").notNull().default(false),
    engineLabel: text("engine_label").notNull(),
    key: text("key").notNull(),
    thumbKey: text("thumb_key").notNull(),
    placeholder: text("placeholder").notNull(),
    mime: text("mime").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    visibility: text("visibility").notNull().default("public"),
    status: text("status").$type<ArtworkStatus>().notNull().default("published"),
    /**
     * What lists honour (ADR 0059): the higher of the screening's rating and the creator's mark, or
     * what an admin decided on review. Visitors see general only; explicit is never listed.
     */
    maturity: text("maturity").$type<Maturity>().notNull().default("general"),
    /** The creator marked it mature when publishing or editing. */
    markedMature: boolean("marked_mature").notNull().default(false),
    /** SHA-256 of the picture's bytes (its screening); null for artworks published before screening, until the background job reaches them. */
    sha256: text("sha256"),
    /** Set by admins: the artwork is on the community front page. */
    featuredAt: instant("featured_at"),
    likes: integer("likes").notNull().default(0),
    dislikes: integer("dislikes").notNull().default(0),
    downloads: integer("downloads").notNull().default(0),
    /** Visible comments under it, kept with the rows they count (issue 30). */
    comments: integer("comments").notNull().default(0),
    trendingScore: doublePrecision("trending_score").notNull().default(0),
    /** The highest like milestone the creator was told about (10, 50, 100, 500, 1000). */
    likeMilestone: integer("like_milestone").notNull().default(0),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(jsonb_to_tsvector('simple'::regconfig, tags, '["string"]'::jsonb), 'A') || setweight(to_tsvector('simple'::regconfig, description), 'B') || setweight(to_tsvector('simple'::regconfig, CASE WHEN show_prompt THEN prompt ELSE '' END), 'C')`,
      ),
    /** Written by the app at millisecond precision, so cursors carry it exactly. */
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Ascending indexes: lists order by (value DESC, id DESC), which is exactly their backward
  // scan (an index declared DESC NULLS LAST would not match DESC, whose default is NULLS FIRST).
  (t) => [
    index("artworks_newest_idx").on(t.createdAt, t.id).where(listed),
    index("artworks_trending_idx").on(t.trendingScore, t.id).where(listed),
    index("artworks_likes_idx").on(t.likes, t.id).where(listed),
    index("artworks_downloads_idx").on(t.downloads, t.id).where(listed),
    index("artworks_style_idx").on(t.style, t.createdAt, t.id).where(listed),
    index("artworks_mode_idx").on(t.mode, t.createdAt, t.id).where(listed),
    index("artworks_christmas_idx")
      .on(t.createdAt, t.id)
      .where(sql`status = 'published' AND visibility = 'public' AND christmas`),
    // The file route looks an artwork up by either file, to hide the files of hidden artworks.
    uniqueIndex("artworks_key_idx").on(t.key),
    uniqueIndex("artworks_thumb_key_idx").on(t.thumbKey),
    index("artworks_featured_idx")
      .on(t.featuredAt, t.id)
      .where(sql`featured_at IS NOT NULL AND status = 'published' AND visibility = 'public'`),
    index("artworks_user_idx").on(t.userId, t.createdAt),
    // A creator's page and the Following feed: one person's listed works, newest first.
    index("artworks_creator_idx").on(t.userId, t.createdAt, t.id).where(listed),
    index("artworks_generation_idx").on(t.generationId),
    index("artworks_search_idx").using("gin", t.search),
    index("artworks_unscreened_idx").on(t.id).where(sql`${t.sha256} IS NULL`),
    index("artworks_tags_idx").using("gin", t.tags),
  ],
);

export const REACTION_VALUES = ["like", "dislike"] as const;
export type ReactionValue = (typeof REACTION_VALUES)[number];

/** One reaction per user per artwork; switching updates the row, removing deletes it. */
export const artworkReactions = pgTable(
  "artwork_reactions",
  {
    artworkId: parentKey("artwork_id", () => artworks.id),
    userId: ownerId(),
    value: text("value").$type<ReactionValue>().notNull(),
    createdAt: createdAt(),
    /** When the reaction was last set; trending counts reactions by this. */
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.artworkId, t.userId] }),
    index("artwork_reactions_recent_idx").on(t.updatedAt),
    index("artwork_reactions_artwork_idx").on(t.artworkId, t.updatedAt),
  ],
);

/**
 * Counted downloads. One row per artwork, downloader and ten-minute window: the unique key makes
 * repeated downloads in a window count once without a read-then-write race.
 */
export const artworkDownloads = pgTable(
  "artwork_downloads",
  {
    id: uuidKey(),
    artworkId: parentKey("artwork_id", () => artworks.id),
    /** "user:{id}" or "client:{sha256 of the address}". */
    downloaderKey: text("downloader_key").notNull(),
    windowStart: instant("window_start").notNull(),
    format: text("format").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("artwork_downloads_once_per_window").on(t.artworkId, t.downloaderKey, t.windowStart),
    index("artwork_downloads_recent_idx").on(t.createdAt),
    index("artwork_downloads_artwork_idx").on(t.artworkId, t.createdAt),
  ],
);

export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Reports for the admin moderation queue; one open report per user per artwork. */
export const artworkReports = pgTable(
  "artwork_reports",
  {
    id: uuidKey(),
    artworkId: parentKey("artwork_id", () => artworks.id),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    details: text("details").notNull().default(""),
    status: text("status").$type<ReportStatus>().notNull().default("open"),
    createdAt: createdAt(),
    resolvedAt: instant("resolved_at"),
  },
  (t) => [
    uniqueIndex("artwork_reports_one_open").on(t.artworkId, t.reporterId).where(sql`status = 'open'`),
    index("artwork_reports_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * Who follows whom (issue 30). The key serves "do I follow them" and the Following feed; the
 * indexes the followers and following lists, newest first, with their keyset tie-breaker.
 */
export const follows = pgTable(
  "follows",
  {
    followerId: text("follower_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    followedId: text("followed_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followedId] }),
    index("follows_followed_idx").on(t.followedId, t.createdAt, t.followerId),
    index("follows_follower_recent_idx").on(t.followerId, t.createdAt, t.followedId),
  ],
);

/**
 * People a person has hidden: their works and follows stop reaching the person, and they can no
 * longer follow them. `hidden_id` is indexed for "has this person hidden me?".
 */
export const hiddenPeople = pgTable(
  "hidden_people",
  {
    userId: ownerId(),
    hiddenId: text("hidden_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hiddenId] }), index("hidden_people_hidden_idx").on(t.hiddenId)],
);

/**
 * A handle a person gave up: it sends its visitors to the person's page until `until`, and nobody
 * else may take it meanwhile.
 */
export const handleRedirects = pgTable(
  "handle_redirects",
  {
    handle: text("handle").primaryKey(),
    userId: ownerId(),
    until: instant("until").notNull(),
  },
  (t) => [index("handle_redirects_user_idx").on(t.userId)],
);

export const COMMENT_STATUSES = ["visible", "hidden"] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/**
 * Comments under an artwork (issue 30), one level of replies. A comment goes with its artwork, its
 * author's account and the comment it answers; one hidden by an admin stays for the record.
 */
export const comments = pgTable(
  "comments",
  {
    id: uuidKey(),
    artworkId: parentKey("artwork_id", () => artworks.id),
    userId: ownerId(),
    /** The comment this one answers (a top-level one), or null. */
    parentId: uuid("parent_id").references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    status: text("status").$type<CommentStatus>().notNull().default("visible"),
    /** Written by the app at millisecond precision, so cursors carry it exactly. */
    createdAt: createdAt(),
    editedAt: instant("edited_at"),
  },
  (t) => [
    // An artwork's conversation, oldest first, a page of top-level comments at a time.
    index("comments_thread_idx").on(t.artworkId, t.createdAt, t.id).where(sql`parent_id IS NULL`),
    index("comments_replies_idx").on(t.parentId, t.createdAt),
    index("comments_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Reports of comments, for the admin moderation queue beside artworks; one open per reporter. */
export const commentReports = pgTable(
  "comment_reports",
  {
    id: uuidKey(),
    commentId: parentKey("comment_id", () => comments.id),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    details: text("details").notNull().default(""),
    status: text("status").$type<ReportStatus>().notNull().default("open"),
    createdAt: createdAt(),
    resolvedAt: instant("resolved_at"),
  },
  (t) => [
    uniqueIndex("comment_reports_one_open").on(t.commentId, t.reporterId).where(sql`status = 'open'`),
    index("comment_reports_status_idx").on(t.status, t.createdAt),
  ],
);

export const COLLECTION_VISIBILITIES = ["private", "public"] as const;
export type CollectionVisibility = (typeof COLLECTION_VISIBILITIES)[number];

/**
 * A person's named collections of pictures (issue 30): private by default. `last_used_at` puts the
 * collection last saved to first in the save dialog.
 */
export const collections = pgTable(
  "collections",
  {
    id: uuidKey(),
    userId: ownerId(),
    name: text("name").notNull(),
    visibility: text("visibility").$type<CollectionVisibility>().notNull().default("private"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastUsedAt: instant("last_used_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("collections_name_idx").on(t.userId, t.name),
    index("collections_recent_idx").on(t.userId, t.lastUsedAt),
    index("collections_public_idx").on(t.userId, t.createdAt).where(sql`visibility = 'public'`),
  ],
);

/**
 * A picture in a collection: a published artwork, or one of the owner's own pictures from their
 * history. When the picture goes (unpublished, deleted) the reference is emptied and the item stays
 * as a placeholder with the title it had.
 */
export const collectionItems = pgTable(
  "collection_items",
  {
    id: uuidKey(),
    collectionId: parentKey("collection_id", () => collections.id),
    artworkId: uuid("artwork_id").references(() => artworks.id, { onDelete: "set null" }),
    generationImageId: uuid("generation_image_id").references(() => generationImages.id, { onDelete: "set null" }),
    /** What the picture was called, for its placeholder once it is gone. */
    title: text("title").notNull().default(""),
    position: integer("position").notNull(),
    addedAt: createdAt(),
  },
  (t) => [
    index("collection_items_order_idx").on(t.collectionId, t.position),
    uniqueIndex("collection_items_artwork_once").on(t.collectionId, t.artworkId).where(sql`artwork_id IS NOT NULL`),
    uniqueIndex("collection_items_image_once")
      .on(t.collectionId, t.generationImageId)
      .where(sql`generation_image_id IS NOT NULL`),
    // The references are emptied when their picture goes: those deletes find the items by these.
    index("collection_items_artwork_idx").on(t.artworkId),
    index("collection_items_image_idx").on(t.generationImageId),
  ],
);

/**
 * Challenges (issue 30): an admin sets the theme and the windows — entries from `starts_at` until
 * `entries_close_at`, votes until `voting_closes_at` — and optional token prizes for the first
 * three. `closed_at` is set once, by the job that ranks the entries and pays the prizes.
 */
export const challenges = pgTable(
  "challenges",
  {
    id: uuidKey(),
    title: text("title").notNull(),
    theme: text("theme").notNull(),
    rules: text("rules").notNull().default(""),
    startsAt: instant("starts_at").notNull(),
    entriesCloseAt: instant("entries_close_at").notNull(),
    votingClosesAt: instant("voting_closes_at").notNull(),
    entriesPerPerson: integer("entries_per_person").notNull().default(1),
    votesPerPerson: integer("votes_per_person").notNull().default(3),
    /** Tokens for the first, second and third places (0 for none). */
    prizes: jsonb("prizes").$type<[number, number, number]>().notNull().default(sql`'[0,0,0]'::jsonb`),
    /** Shown on the christmas event's community page while its flag is on. */
    christmas: boolean("christmas").notNull().default(false),
    closedAt: instant("closed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("challenges_starts_idx").on(t.startsAt),
    index("challenges_due_idx").on(t.votingClosesAt).where(sql`closed_at IS NULL`),
  ],
);

/**
 * A published work entered in a challenge; `votes` is kept with the votes, `rank` and `prize` set at
 * the close. When the work or its maker's account goes, the entry goes too (migration 0022's
 * trigger) — but a prize-winning entry of a closed challenge stays, as "a deleted account", with the
 * title it had.
 */
export const challengeEntries = pgTable(
  "challenge_entries",
  {
    id: uuidKey(),
    challengeId: parentKey("challenge_id", () => challenges.id),
    artworkId: uuid("artwork_id").references(() => artworks.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    votes: integer("votes").notNull().default(0),
    rank: integer("rank"),
    prize: integer("prize").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("challenge_entries_once").on(t.challengeId, t.artworkId),
    index("challenge_entries_person_idx").on(t.challengeId, t.userId),
    index("challenge_entries_ranking_idx").on(t.challengeId, t.votes, t.createdAt),
    index("challenge_entries_artwork_idx").on(t.artworkId),
  ],
);

/** One vote per person per entry; a person's votes in a challenge are counted against its limit. */
export const challengeVotes = pgTable(
  "challenge_votes",
  {
    entryId: parentKey("entry_id", () => challengeEntries.id),
    challengeId: parentKey("challenge_id", () => challenges.id),
    userId: ownerId(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.userId] }),
    index("challenge_votes_person_idx").on(t.challengeId, t.userId),
  ],
);

/**
 * Picture safety (issue 40, ADR 0059): what the classifier said of each picture's bytes, kept once
 * per content hash and model, so the same bytes are never screened twice. The maturity derived
 * from the scores lives on the rows that show pictures (generation_images, artworks), because it
 * depends on the thresholds in force when the picture was rated.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ownerId, user } from "./auth";
import { createdAt, instant, uuidKey } from "./columns";
import { artworks } from "./community";
import { generations } from "./generation";
import type { Maturity } from "./maturity";

/** The classifier's five classes (nsfwjs), each a probability; they sum to ~1. */
export interface ScreeningScores {
  drawing: number;
  hentai: number;
  neutral: number;
  porn: number;
  sexy: number;
}

export { MATURITY_LEVELS, type Maturity } from "./maturity";

export const pictureScreenings = pgTable(
  "picture_screenings",
  {
    /** SHA-256 of the picture's bytes, hex. */
    sha256: text("sha256").notNull(),
    /** The model that looked (e.g. "MobileNetV2") and the package version it came in ("nsfwjs 4.4.0"). */
    model: text("model").notNull(),
    modelVersion: text("model_version").notNull(),
    scores: jsonb("scores").$type<ScreeningScores>().notNull(),
    /** Milliseconds the classification took on its worker thread (decode included). */
    millis: integer("millis").notNull(),
    screenedAt: instant("screened_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sha256, t.model, t.modelVersion] }),
    check("picture_screenings_sha256_hex", sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

export const REVIEW_KINDS = ["held", "dispute", "rated"] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];
export const REVIEW_DECISIONS = ["confirmed", "changed", "removed"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/**
 * The admins' review queue (issue 40): a generation the safety check held, a creator's request
 * to look again at an artwork's rating ("this is not mature": one per artwork, with a reason), or an
 * artwork published before screening that the background screening rated explicit ("rated").
 * Reports stay in community's `artwork_reports`; the queue's page shows them beside these.
 */
export const pictureReviews = pgTable(
  "picture_reviews",
  {
    id: uuidKey(),
    kind: text("kind").$type<ReviewKind>().notNull(),
    /** The creator: told of the decision. */
    userId: ownerId(),
    generationId: uuid("generation_id").references(() => generations.id, { onDelete: "cascade" }),
    artworkId: uuid("artwork_id").references(() => artworks.id, { onDelete: "cascade" }),
    /** The rating when the review was opened. */
    maturity: text("maturity").$type<Maturity>().notNull(),
    /** The creator's words (disputes). */
    reason: text("reason").notNull().default(""),
    decision: text("decision").$type<ReviewDecision>(),
    /** The rating the admin settled on (confirmed or changed); null when removed or open. */
    decidedMaturity: text("decided_maturity").$type<Maturity>(),
    /** Told to the creator with the decision. */
    note: text("note").notNull().default(""),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: instant("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "picture_reviews_subject",
      sql`(${t.kind} = 'held' AND ${t.generationId} IS NOT NULL) OR (${t.kind} IN ('dispute', 'rated') AND ${t.artworkId} IS NOT NULL)`,
    ),
    // One request per picture: one dispute per artwork ever, one review per held generation.
    uniqueIndex("picture_reviews_dispute_once").on(t.artworkId).where(sql`${t.kind} = 'dispute'`),
    uniqueIndex("picture_reviews_held_once").on(t.generationId).where(sql`${t.kind} = 'held'`),
    uniqueIndex("picture_reviews_rated_once").on(t.artworkId).where(sql`${t.kind} = 'rated'`),
    index("picture_reviews_open_idx").on(t.createdAt).where(sql`${t.decision} IS NULL`),
  ],
);

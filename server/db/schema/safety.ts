/**
 * Picture safety (issue 40, ADR 0059): what the classifier said of each picture's bytes, kept once
 * per content hash and model, so the same bytes are never screened twice. The maturity derived
 * from the scores lives on the rows that show pictures (generation_images, artworks), because it
 * depends on the thresholds in force when the picture was rated.
 */
import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { instant } from "./columns";

/** The classifier's five classes (nsfwjs), each a probability; they sum to ~1. */
export interface ScreeningScores {
  drawing: number;
  hentai: number;
  neutral: number;
  porn: number;
  sexy: number;
}

export const MATURITY_LEVELS = ["general", "mature", "explicit"] as const;
export type Maturity = (typeof MATURITY_LEVELS)[number];

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

/**
 * Screening the pictures made before screening existed (issue 40, ADR 0059): a background job walks
 * the artworks and generation pictures that have no rating yet, a small batch per run, and re-queues
 * itself until none is left. It resumes wherever it stopped: what is left is exactly the rows still
 * unrated (artworks.sha256 IS NULL, generation_images.maturity IS NULL, each with its partial index),
 * and each rating is written only if the row is still unrated, so two processes, a retry or a
 * restart after kill -9 never rate a row twice; a screening already made is found by its bytes' hash
 * and not computed again.
 *
 * - Order: artworks first (they are public), then the pictures of succeeded generations (a person's
 *   own history; running ones are screened by their job). Each by id, the order of their index.
 * - Rated as the render job and publishing rate: at the stricter thresholds when the prompt has a
 *   term that makes it mature.
 * - An artwork's maturity only goes up: the highest of what it had, the creator's mark and the
 *   screening's rating, decided in the UPDATE itself so a creator's edit meanwhile is not undone.
 *   An explicit one is rated explicit — left out of every list — and waits for the review queue.
 * - A missing or undecodable picture is rated by its thumbnail when that can be read (it is what
 *   lists and the history show); sha256 then names the thumbnail's screening. When neither can be
 *   read the row is rated `explicit` with sha256 = UNREADABLE_PICTURE: nothing unscreened is shown
 *   to others, the row is not retried forever, and admins can find it.
 * - A storage error (S3 unreachable) or a classifier that fails on a picture that decodes is not
 *   the picture's fault: the row stays unrated and a later run tries again.
 */
import { and, count, eq, isNull, sql } from "drizzle-orm";
import sharp from "sharp";
import { z } from "zod";
import type { Database } from "../db/client";
import { artworks, generationImages, generations, type Maturity } from "../db/schema";
import { defineJob } from "../jobs/define";
import { enqueueJob } from "../jobs/queue";
import { getConfig } from "../config";
import { logger } from "../logger";
import { getStorage } from "../storage/storage";
import { hasMatureTerm, loadMatureTerms } from "./prompt-terms";
import { openRatedReview } from "./reviews";
import { type RatedPicture, ratePicture } from "./screenings";

/** Pictures one run screens: a run stays well inside its expiry and a graceful stop's wait. */
export const BACKFILL_BATCH = 24;

/** sha256 of a row whose picture and thumbnail could not be read: rated explicit, never retried. */
export const UNREADABLE_PICTURE = "unreadable";

type PictureTable = "artworks" | "generation_images";

interface PendingPicture {
  table: PictureTable;
  id: string;
  key: string;
  thumbKey: string;
  /** The prompt it was made from: one with a mature term is rated at the stricter thresholds. */
  prompt: string;
}

export interface BackfillBatch {
  /** Unrated rows this run took. 0: nothing was left (and nothing else was asked of the database). */
  picked: number;
  /** Rows this run rated. */
  rated: number;
  /** Of those, rows with no readable picture (rated explicit, sha256 UNREADABLE_PICTURE). */
  unreadable: number;
  /** Pictures the classifier looked at in this run (the others' bytes had been screened before). */
  classified: number;
  /** Rows another process rated first (this run's update found them rated). */
  alreadyRated: number;
  /** Rows left unrated after a storage or classifier error; a later run tries again. */
  failed: number;
  /** Unrated pictures left after this run (0 when nothing was picked). */
  left: number;
}

export interface UnscreenedPictures {
  artworks: number;
  generationImages: number;
  total: number;
}

/** Where an unrated generation picture is counted and taken from: finished work only. */
const unratedGenerationImage = and(isNull(generationImages.maturity), eq(generations.status, "succeeded"));

/** Pictures not yet screened (for the admins' page and the job's progress). */
export async function countUnscreenedPictures(db: Database): Promise<UnscreenedPictures> {
  const [[art], [images]] = await Promise.all([
    db.select({ n: count() }).from(artworks).where(isNull(artworks.sha256)),
    db
      .select({ n: count() })
      .from(generationImages)
      .innerJoin(generations, eq(generations.id, generationImages.generationId))
      .where(unratedGenerationImage),
  ]);
  const result = { artworks: art?.n ?? 0, generationImages: images?.n ?? 0 };
  return { ...result, total: result.artworks + result.generationImages };
}

/** The next unrated pictures, artworks first: one query, on the two partial indexes. */
async function nextUnrated(db: Database, limit: number): Promise<PendingPicture[]> {
  const result = (await db.execute(sql`
    (SELECT 'artworks' AS "table", ${artworks.id} AS id, ${artworks.key} AS key, ${artworks.thumbKey} AS thumb_key,
            ${artworks.prompt} AS prompt
       FROM ${artworks} WHERE ${artworks.sha256} IS NULL ORDER BY ${artworks.id} LIMIT ${limit})
    UNION ALL
    (SELECT 'generation_images', ${generationImages.id}, ${generationImages.key}, ${generationImages.thumbKey},
            ${generations.prompt}
       FROM ${generationImages} JOIN ${generations} ON ${generations.id} = ${generationImages.generationId}
      WHERE ${generationImages.maturity} IS NULL AND ${generations.status} = 'succeeded'
      ORDER BY ${generationImages.id} LIMIT ${limit})
  `)) as unknown as { rows: { table: PictureTable; id: string; key: string; thumb_key: string; prompt: string }[] };
  return result.rows
    .map((r) => ({ table: r.table, id: r.id, key: r.key, thumbKey: r.thumb_key, prompt: r.prompt }))
    .sort((a, b) => (a.table === b.table ? (a.id < b.id ? -1 : 1) : a.table === "artworks" ? -1 : 1))
    .slice(0, limit);
}

type Outcome =
  | { kind: "rated"; rated: RatedPicture }
  | { kind: "unreadable"; missing: string[] }
  | { kind: "failed"; error: unknown };

/** Screens a row's picture, or its thumbnail when the picture cannot be read. */
async function screenRow(db: Database, row: PendingPicture, strict: boolean): Promise<Outcome> {
  const storage = getStorage();
  const missing: string[] = [];
  for (const key of row.thumbKey === row.key ? [row.key] : [row.key, row.thumbKey]) {
    let file: Awaited<ReturnType<typeof storage.get>>;
    try {
      file = await storage.get(key);
    } catch (error) {
      return { kind: "failed", error };
    }
    if (!file) {
      missing.push(key);
      continue;
    }
    try {
      return { kind: "rated", rated: await ratePicture(db, file.bytes, { strict }) };
    } catch (error) {
      // A picture that decodes here and fails there is the classifier's trouble: try again later.
      if (await decodes(file.bytes)) return { kind: "failed", error };
      missing.push(key);
    }
  }
  return { kind: "unreadable", missing };
}

async function decodes(bytes: Buffer): Promise<boolean> {
  try {
    const { width, height } = await sharp(bytes).metadata();
    return Boolean(width && height);
  } catch {
    return false;
  }
}

/** Writes a rating if the row is still unrated; true when this call wrote it. */
async function writeRating(db: Database, row: PendingPicture, sha256: string, maturity: Maturity): Promise<boolean> {
  if (row.table === "generation_images") {
    const done = await db
      .update(generationImages)
      .set({ sha256, maturity })
      .where(and(eq(generationImages.id, row.id), isNull(generationImages.maturity)))
      .returning({ id: generationImages.id });
    return done.length > 0;
  }
  // Up, never down: the highest of the artwork's maturity, the creator's mark and this rating.
  const done = await db
    .update(artworks)
    .set({
      sha256,
      maturity: sql`CASE
        WHEN ${artworks.maturity} = 'explicit' OR ${maturity}::text = 'explicit' THEN 'explicit'
        WHEN ${artworks.maturity} = 'mature' OR ${artworks.markedMature} OR ${maturity}::text = 'mature' THEN 'mature'
        ELSE 'general' END`,
    })
    .where(and(eq(artworks.id, row.id), isNull(artworks.sha256)))
    .returning({ id: artworks.id, maturity: artworks.maturity, userId: artworks.userId });
  // An explicit one waits in the admins' review queue.
  if (done[0]?.maturity === "explicit") await openRatedReview(db, { artworkId: done[0].id, userId: done[0].userId });
  return done.length > 0;
}

/**
 * Screens the next `limit` unrated pictures, `concurrency` at a time (default: two per classifier
 * thread, so a thread never waits for a file). `onRated` hears each row this call rated, as it is
 * written (tests).
 */
export async function screenBackfillBatch(
  db: Database,
  options: { limit?: number; concurrency?: number; onRated?: (table: PictureTable, id: string) => void } = {},
): Promise<BackfillBatch> {
  const limit = options.limit ?? BACKFILL_BATCH;
  const batch: BackfillBatch = {
    picked: 0,
    rated: 0,
    unreadable: 0,
    classified: 0,
    alreadyRated: 0,
    failed: 0,
    left: 0,
  };
  const rows = await nextUnrated(db, limit);
  batch.picked = rows.length;
  if (rows.length === 0) return batch;
  const concurrency = Math.max(1, options.concurrency ?? getConfig().safetyThreads * 2);
  // As the render job and publishing do: a prompt with a mature term is rated at the stricter thresholds.
  const matureTerms = await loadMatureTerms(db);
  let next = 0;
  const work = async () => {
    for (let row = rows[next++]; row; row = rows[next++]) {
      const outcome = await screenRow(db, row, hasMatureTerm(row.prompt, matureTerms));
      if (outcome.kind === "failed") {
        batch.failed++;
        logger.warn(
          { err: outcome.error, table: row.table, id: row.id },
          "a picture could not be screened; it is tried again later",
        );
        continue;
      }
      if (outcome.kind === "rated" && outcome.rated.fresh) batch.classified++;
      const written =
        outcome.kind === "rated"
          ? await writeRating(db, row, outcome.rated.sha256, outcome.rated.maturity)
          : await writeRating(db, row, UNREADABLE_PICTURE, "explicit");
      if (!written) {
        batch.alreadyRated++;
        continue;
      }
      batch.rated++;
      options.onRated?.(row.table, row.id);
      if (outcome.kind === "unreadable") {
        batch.unreadable++;
        logger.warn(
          { table: row.table, id: row.id, missing: outcome.missing },
          "a picture and its thumbnail cannot be read: rated explicit until an admin looks",
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, work));
  batch.left = (await countUnscreenedPictures(db)).total;
  return batch;
}

/**
 * One batch per run; a run that made progress and left some queues the next. `stately`: at most one
 * run at a time across every process and one waiting, so the start-up call, the schedule and the
 * run's own successor never pile up. The schedule picks up after a failed run or a restart; when
 * nothing is left a run costs one indexed query.
 */
export const safetyBackfillJob = defineJob({
  name: "safety.backfill",
  schema: z.object({ limit: z.number().int().min(1).max(500).optional() }).passthrough(),
  policy: "stately",
  cron: "*/10 * * * *",
  // The next run (or tick) picks up whatever a failed run left: no retries.
  retry: { limit: 0, delaySeconds: 60 },
  expireInSeconds: 300,
  async handle(payload, { db, log }) {
    const batch = await screenBackfillBatch(db, { limit: payload.limit });
    if (batch.picked === 0) return;
    const { picked: _picked, ...figures } = batch;
    log.info(figures, `screened ${batch.rated} pictures made before screening; ${batch.left} left`);
    if (batch.left > 0 && batch.rated + batch.alreadyRated > 0) {
      await enqueueJob(safetyBackfillJob, payload.limit ? { limit: payload.limit } : {});
    }
  },
});

/** Queues a run at start-up (processes that run jobs); a run already waiting makes this a no-op. */
export async function startSafetyBackfill(): Promise<void> {
  await enqueueJob(safetyBackfillJob, {}).catch((err: unknown) =>
    logger.warn({ err }, "queueing the screening of earlier pictures failed"),
  );
}

/**
 * The render job: claims a queued generation, runs its engine with progress and a heartbeat,
 * stores the images with a WebP thumbnail and a blur placeholder, and finishes the row.
 * Failures end in a refund; retryable ones (an engine that is down, a timeout, an unexpected
 * error) are retried first. A cancel is noticed at the next progress or heartbeat write,
 * because those writes only succeed while the row is still `running`.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import sharp from "sharp";
import { z } from "zod";
import type { AspectRatio, GenerationMode } from "../../app/lib/generation";
import type { Database } from "../db/client";
import { generationImages, generations } from "../db/schema";
import { defineJob, type JobContext } from "../jobs/define";
import { enqueueJob, getJobQueue } from "../jobs/queue";
import { logger } from "../logger";
import { getStorage, userFileKey } from "../storage/storage";
import { recordEngineError, recordEngineFailure, recordEngineSuccess } from "./engines/catalog";
import {
  type EditInstructions,
  type EditKind,
  EngineError,
  type GeneratedImage,
  type PromptReading,
  type GenerationRequest,
  type GenerationResult,
  type ProgressUpdate,
} from "./engines/engine";
import { enginesForEdit, enginesForMode, type RoutedEngine } from "./engines/registry";
import { announceGenerationFinished, endGeneration, type GenerationRow } from "./generations";
import { DEFAULT_QUEUE_PRIORITY, loadQueuePriorities, loadQueuePriority } from "./member-perks";
import { getConfig } from "../config";
import type { Maturity } from "../db/schema";
import { isMaturePrompt } from "../safety/prompt-terms";
import { openHeldReview } from "../safety/reviews";
import { ratePicture } from "../safety/screenings";
import { generationsFinished } from "../metrics";

/** A running job writes its heartbeat this often… */
export const HEARTBEAT_MS = 5_000;
/** …and a heartbeat older than this means its worker is gone. */
export const STALE_AFTER_MS = 30_000;
/** Long side of the WebP thumbnails in the history. */
const THUMB_SIZE = 384;
/** Progress is written at most this often. */
const PROGRESS_WRITE_MS = 250;
/** Attempts before a generation that keeps failing or losing its worker is refunded. */
export const MAX_ATTEMPTS = 3;
/** A Retry-After longer than this is not waited for: the picture is refunded instead of sitting in the queue. */
const MAX_RETRY_AFTER_SECONDS = 600;

export const renderGenerationJob = defineJob({
  name: "generation.render",
  schema: z.object({ generationId: z.guid() }),
  retry: { limit: MAX_ATTEMPTS - 1, delaySeconds: 5 },
  expireInSeconds: 15 * 60,
  concurrency: () => getConfig().generationConcurrency,
  handle: (payload, context) => runGeneration(context.db, payload.generationId, context),
  async onFinalFailure(payload, error, context) {
    await endGeneration(
      context.db,
      payload.generationId,
      "failed",
      "Something went wrong while painting this picture.",
      String(error),
    );
  },
});

/**
 * Queues the render job. The job id is derived from the generation and its attempt, so queueing
 * the same attempt twice is harmless, while a recovered generation gets a fresh job (the dead
 * worker's job is still "active" in pg-boss until it expires). The job runs at its owner's queue
 * priority (a member's plan, issue 41): `priority` when the caller has it, else read again from the
 * owner's membership now.
 */
export async function enqueueRenderJob(generationId: string, attempt = 0, priority?: number): Promise<void> {
  await enqueueJob(
    renderGenerationJob,
    { generationId },
    {
      id: attempt === 0 ? generationId : attemptJobId(generationId, attempt),
      priority: priority ?? (await generationPriority(getJobQueue().db, generationId)),
    },
  );
}

/** The queue priority of a generation's owner now (0 when it is gone or they have no live plan). */
async function generationPriority(db: Database, generationId: string): Promise<number> {
  const [row] = await db
    .select({ userId: generations.userId })
    .from(generations)
    .where(eq(generations.id, generationId));
  return row ? loadQueuePriority(db, row.userId) : DEFAULT_QUEUE_PRIORITY;
}

function attemptJobId(generationId: string, attempt: number): string {
  const hex = createHash("sha256").update(`${generationId}:${attempt}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Takes a queued generation (or one whose worker died) for this worker; undefined when it is not ours to run. */
export async function claimGeneration(db: Database, id: string): Promise<GenerationRow | undefined> {
  const staleBefore = new Date(Date.now() - STALE_AFTER_MS);
  const [row] = await db
    .update(generations)
    .set({
      status: "running",
      notBefore: null,
      startedAt: sql`coalesce(${generations.startedAt}, now())`,
      attempts: sql`${generations.attempts} + 1`,
      heartbeatAt: new Date(),
      progress: 0,
      stage: "Starting",
    })
    .where(
      and(
        eq(generations.id, id),
        or(
          and(
            eq(generations.status, "queued"),
            or(isNull(generations.notBefore), lte(generations.notBefore, sql`now()`)),
          ),
          and(eq(generations.status, "running"), lt(generations.heartbeatAt, staleBefore)),
        ),
      ),
    )
    .returning();
  return row;
}

/** Writes progress (and the heartbeat) while the row is still running; false when it no longer is. */
async function writeProgress(db: Database, id: string, update: Partial<ProgressUpdate>): Promise<boolean> {
  const rows = await db
    .update(generations)
    .set({
      heartbeatAt: new Date(),
      ...(update.percent !== undefined
        ? { progress: update.percent === null ? null : Math.round(update.percent) }
        : {}),
      ...(update.stage !== undefined ? { stage: update.stage.slice(0, 120) } : {}),
    })
    .where(and(eq(generations.id, id), eq(generations.status, "running")))
    .returning({ id: generations.id });
  return rows.length > 0;
}

export async function runGeneration(
  db: Database,
  generationId: string,
  context: Pick<JobContext, "lastAttempt"> & { log?: typeof logger },
): Promise<void> {
  const log = context.log ?? logger;
  const row = await claimGeneration(db, generationId);
  if (!row) return; // finished, canceled, deleted, or running elsewhere
  if (row.attempts > MAX_ATTEMPTS) {
    await endGeneration(
      db,
      row.id,
      "failed",
      "This picture failed several times, so we stopped trying.",
      "too many attempts",
    );
    return;
  }

  const controller = new AbortController();
  const startedAt = Date.now();
  // The claim just wrote the row: the first progress write can wait a moment.
  let lastWrite = startedAt;
  let pending: ProgressUpdate | null = null;
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    const update = pending;
    pending = null;
    lastWrite = Date.now();
    writing = writing
      .then(() => writeProgress(db, row.id, update ?? {}))
      .then((stillRunning) => {
        if (!stillRunning) controller.abort();
      })
      .catch((err: unknown) => log.warn({ err }, "could not write generation progress"));
  };
  const heartbeat = setInterval(flush, HEARTBEAT_MS);
  heartbeat.unref();

  try {
    const source = row.sourceKey ? await getStorage().get(row.sourceKey) : null;
    if (row.sourceKey && !source)
      throw new EngineError("invalid_request", "The source picture is gone; upload it again.");
    const mask = row.maskKey ? await getStorage().get(row.maskKey) : null;
    if (row.maskKey && !mask) throw new EngineError("invalid_request", "The painted area is gone; paint it again.");
    const request: GenerationRequest = {
      mode: row.mode as GenerationMode,
      prompt: row.prompt,
      negativePrompt: row.negativePrompt,
      style: row.style,
      width: row.width,
      height: row.height,
      aspectRatio: row.aspectRatio as AspectRatio,
      seed: row.seed,
      count: row.count,
      strength: row.strength,
      christmas: row.christmas,
      ...(source ? { sourceImage: source.bytes } : {}),
      ...(row.editKind ? { edit: editOf(row, mask?.bytes) } : {}),
    };
    const candidates = await failoverCandidates(db, row, request);
    let result: GenerationResult | undefined;
    let used: RoutedEngine | undefined;
    for (const [index, candidate] of candidates.entries()) {
      if (index > 0) {
        pending = { percent: 0, stage: "Trying another engine" };
        flush();
      }
      try {
        result = await candidate.engine.generate(request, {
          signal: controller.signal,
          onProgress(update) {
            pending = update;
            if (Date.now() - lastWrite >= PROGRESS_WRITE_MS) flush();
          },
        });
        used = candidate;
        await recordEngineSuccess(db, candidate.id);
        break;
      } catch (error) {
        // Only when nothing was done there: a paid request that may have been billed is not sent elsewhere.
        const down =
          error instanceof EngineError && (error.kind === "unavailable" || error.kind === "timeout") && error.retryable;
        if (error instanceof EngineError && error.kind === "failed") {
          // Bad credentials, a broken server: the admin page shows what the backend said.
          await recordEngineError(db, candidate.id, error.message).catch((err: unknown) =>
            log.warn({ err }, "could not record an engine error"),
          );
        }
        if (!down || controller.signal.aborted) throw error;
        await recordEngineFailure(db, candidate.id, error.message).catch((err: unknown) =>
          log.warn({ err }, "could not record an engine failure"),
        );
        if (index === candidates.length - 1) throw error;
        log.warn(
          { err: error, generationId: row.id, engineId: candidate.id, next: candidates[index + 1]!.id },
          "engine is down; failing over",
        );
      }
    }
    if (!result || !used) throw new EngineError("unavailable", "No image server can take this picture right now.");
    clearInterval(heartbeat);
    await writing;
    if (controller.signal.aborted) return; // canceled while the engine finished
    if (result.moderation?.status === "blocked" || result.images.length === 0) {
      const message = result.moderation?.message ?? "The engine returned no picture.";
      await endGeneration(
        db,
        row.id,
        "failed",
        `The engine refused this request: ${message}`,
        JSON.stringify(result.moderation ?? null),
      );
      return;
    }
    // Every statement counts when jobs are quick; a slow job tells the user it is checking and saving.
    const slow = Date.now() - startedAt > 1000;
    if (slow) await writeProgress(db, row.id, { percent: 97, stage: "Checking your pictures" });
    // Screening is part of the job (issue 40, ADR 0059): every picture is rated before it is stored,
    // on the classifier's thread while this one makes the thumbnails.
    const { ratings, prepared } = await screenAndPrepare(db, result.images, await isMaturePrompt(db, row.prompt));
    if (ratings.some((r) => r.maturity === "explicit")) {
      await holdResults(db, row, prepared, ratings, used);
      return;
    }
    if (slow) await writeProgress(db, row.id, { percent: 98, stage: "Saving your pictures" });
    if (used.id !== row.engineId || result.usage) {
      // Users see which engine made each image: after a failover that is not the one first chosen.
      await db
        .update(generations)
        .set({
          engineId: used.id,
          engineLabel: used.engine.label,
          ...(result.usage ? { engineUsage: result.usage } : {}),
        })
        .where(and(eq(generations.id, row.id), eq(generations.status, "running")));
    }
    await storeResults(db, row, prepared, result.reading, ratings);
  } catch (error) {
    clearInterval(heartbeat);
    await writing;
    const current = await db.select({ status: generations.status }).from(generations).where(eq(generations.id, row.id));
    if (current[0]?.status !== "running") return; // canceled or deleted meanwhile: already refunded
    const engineError = error instanceof EngineError ? error : null;
    const retryable = engineError ? engineError.retryable : true;
    const waitSeconds = engineError?.retryAfterSeconds;
    if (retryable && waitSeconds !== undefined && waitSeconds > MAX_RETRY_AFTER_SECONDS) {
      // Asked to come back later than anyone would wait: refund now rather than hold the tokens.
      log.warn(
        { err: error, generationId: row.id, retryAfterSeconds: waitSeconds },
        "engine asked to wait too long; refunding",
      );
      await endGeneration(
        db,
        row.id,
        "failed",
        "The image servers are too busy right now. Your tokens were refunded; try again later.",
        `${engineError!.kind}: ${engineError!.message} (Retry-After ${waitSeconds} s)`.slice(0, 2000),
      );
      return;
    }
    if (retryable && row.attempts < MAX_ATTEMPTS && waitSeconds !== undefined && waitSeconds > 5) {
      // The backend said when to come back: the row waits until then (no job may claim it
      // earlier, not even a pending retry), and a fresh job is scheduled for that moment.
      await db
        .update(generations)
        .set({
          status: "queued",
          stage: "The image server is busy; trying again shortly",
          progress: null,
          heartbeatAt: null,
          notBefore: new Date(Date.now() + waitSeconds * 1000),
        })
        .where(and(eq(generations.id, row.id), eq(generations.status, "running")));
      await enqueueJob(
        renderGenerationJob,
        { generationId: row.id },
        {
          id: attemptJobId(row.id, row.attempts),
          startAfterSeconds: waitSeconds,
          priority: await loadQueuePriority(db, row.userId),
        },
      );
      log.warn(
        { err: error, generationId: row.id, retryAfterSeconds: waitSeconds },
        "generation deferred as the engine asked",
      );
      return;
    }
    if (retryable && !context.lastAttempt && row.attempts < MAX_ATTEMPTS) {
      await db
        .update(generations)
        .set({
          status: "queued",
          stage: `That try did not work; trying again in a moment (try ${row.attempts + 1} of ${MAX_ATTEMPTS})`,
          progress: null,
          heartbeatAt: null,
        })
        .where(and(eq(generations.id, row.id), eq(generations.status, "running")));
      log.warn({ err: error, generationId: row.id }, "generation failed; it will be retried");
      throw error;
    }
    log.warn({ err: error, generationId: row.id }, "generation failed");
    await endGeneration(
      db,
      row.id,
      "failed",
      engineError?.userMessage ?? "Something went wrong while painting this picture.",
      // Admins see the backend's own words (an EngineError's message is its detail).
      (engineError ? `${engineError.kind}: ${engineError.message}` : String(error)).slice(0, 2000),
    );
  } finally {
    clearInterval(heartbeat);
  }
}

/** A stored edit's instructions for the engine (issue 31). */
function editOf(row: GenerationRow, mask: Buffer | undefined): EditInstructions {
  return {
    kind: row.editKind as EditKind,
    ...(mask ? { mask } : {}),
    ...(row.editSides ? { sides: row.editSides } : {}),
  };
}

/**
 * The engines to try for this generation, in order: the one it was queued for (its price was
 * charged) while it is enabled and its circuit closed, then the mode's other engines that can run
 * the request. Engines whose circuit is open are skipped, so a dead backend does not hold a job
 * slot for a timeout; when every engine is out, the job waits for the first to come back.
 */
async function failoverCandidates(
  db: Database,
  row: GenerationRow,
  request: GenerationRequest,
): Promise<RoutedEngine[]> {
  const routed = row.editKind
    ? await enginesForEdit(db, row.editKind as EditKind)
    : await enginesForMode(db, row.mode as GenerationMode);
  const usable = routed.filter((r) => r.engine.validate(request).length === 0);
  const closed = usable.filter((r) => !r.circuitOpen);
  if (closed.length === 0) {
    if (usable.length === 0)
      throw new EngineError(
        "invalid_request",
        "No image engine can make this picture any more; an admin changed the engines.",
        { retryable: false, detail: `no enabled engine for ${row.mode} accepts this request` },
      );
    const firstBack = Math.min(...usable.map((r) => r.circuitOpenUntil?.getTime() ?? Date.now()));
    throw new EngineError("unavailable", "The image servers are not reachable right now. Try again in a moment.", {
      detail: `every engine for ${row.mode} is paused by its circuit breaker`,
      retryAfterSeconds: Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(10, Math.ceil((firstBack - Date.now()) / 1000))),
    });
  }
  const own = closed.findIndex((r) => r.id === row.engineId);
  return own > 0 ? [closed[own]!, ...closed.filter((_, i) => i !== own)] : closed;
}

/**
 * Stores each image with its thumbnail and placeholder, then marks the generation succeeded (unless
 * canceled meanwhile). Exported for the demo community's seed, which paints with Studio the same way.
 */
export async function storeResults(
  db: Database,
  row: GenerationRow,
  images: PreparedImage[],
  reading: PromptReading | undefined,
  ratings: PictureRating[],
): Promise<void> {
  const storage = getStorage();
  const stored = await storeImages(row, images, ratings, "generations");
  // Image rows first, then the status: two statements instead of a transaction's four. The rows of
  // a generation canceled meanwhile are removed again (nobody shows images of unfinished work).
  await db.insert(generationImages).values(stored).onConflictDoNothing();
  const [done] = await db
    .update(generations)
    .set({
      status: "succeeded",
      progress: 100,
      stage: "Done",
      finishedAt: new Date(),
      heartbeatAt: null,
      ...(reading ? { promptReading: reading } : {}),
    })
    .where(and(eq(generations.id, row.id), eq(generations.status, "running")))
    .returning({ id: generations.id });
  const finished = Boolean(done);
  if (finished) generationsFinished.inc({ engine: row.engineId, outcome: "succeeded" });
  if (finished) announceGenerationFinished(db, row);
  if (!finished) await db.delete(generationImages).where(eq(generationImages.generationId, row.id));
  if (!finished) await Promise.all(stored.flatMap((s) => [storage.delete(s.key), storage.delete(s.thumbKey)]));
}

/** A picture's screening as the render job keeps it with the picture. */
export interface PictureRating {
  sha256: string;
  maturity: Maturity;
}

/**
 * Screens every picture of a result on the classifier's threads (a prompt with a mature term at the
 * stricter thresholds) while this thread makes their thumbnails and placeholders: the screening
 * adds to a job only what it takes beyond them.
 */
export async function screenAndPrepare(
  db: Database,
  images: GeneratedImage[],
  strict: boolean,
): Promise<{ ratings: PictureRating[]; prepared: PreparedImage[] }> {
  const [ratings, prepared] = await Promise.all([
    Promise.all(
      images.map(async (image) => {
        const rated = await ratePicture(db, image.bytes, { strict });
        return { sha256: rated.sha256, maturity: rated.maturity };
      }),
    ),
    Promise.all(images.map(prepareImage)),
  ]);
  return { ratings, prepared };
}

/** A picture with what the history shows first: its thumbnail (null when it is small enough) and blur placeholder. */
export interface PreparedImage {
  image: GeneratedImage;
  thumb: Buffer | null;
  placeholder: string;
}

async function prepareImage(image: GeneratedImage): Promise<PreparedImage> {
  // Small images are their own thumbnail and placeholder: no resize for nothing.
  const small = image.width <= THUMB_SIZE && image.height <= THUMB_SIZE;
  const [thumb, tiny] = await Promise.all([
    small
      ? null
      : sharp(image.bytes).resize(THUMB_SIZE, THUMB_SIZE, { fit: "inside" }).webp({ quality: 78 }).toBuffer(),
    image.width * image.height <= 256
      ? null
      : sharp(image.bytes).resize(16, 16, { fit: "inside" }).webp({ quality: 40 }).toBuffer(),
  ]);
  const placeholder = tiny
    ? `data:image/webp;base64,${tiny.toString("base64")}`
    : `data:${image.mime};base64,${image.bytes.toString("base64")}`;
  return { image, thumb, placeholder };
}

/**
 * A result with an explicit picture is held (issue 40, ADR 0059): its pictures are kept where only
 * admins can open them (the review queue), the person is told it was held and why, never shown it,
 * and every token comes back. The whole generation is held: its pictures share one prompt.
 */
async function holdResults(
  db: Database,
  row: GenerationRow,
  images: PreparedImage[],
  ratings: PictureRating[],
  used: RoutedEngine,
): Promise<void> {
  const storage = getStorage();
  const stored = await storeImages(row, images, ratings, HELD_FILE_KIND);
  await db.insert(generationImages).values(stored).onConflictDoNothing();
  await db
    .update(generations)
    .set({ heldAt: new Date() })
    .where(and(eq(generations.id, row.id), eq(generations.status, "running")));
  const explicit = ratings.filter((r) => r.maturity === "explicit").length;
  const ended = await endGeneration(
    db,
    row.id,
    "failed",
    HELD_MESSAGE,
    `held: ${explicit} of ${ratings.length} pictures rated explicit by the safety check (engine ${used.id})`,
  );
  if (ended) await openHeldReview(db, { generationId: row.id, userId: row.userId });
  else {
    // Canceled while it was being checked: already refunded; nothing to keep for review.
    await db.delete(generationImages).where(eq(generationImages.generationId, row.id));
    await Promise.all(stored.flatMap((s) => [storage.delete(s.key), storage.delete(s.thumbKey)]));
  }
}

/** What the person reads on a held job's card and in the notification. */
export const HELD_MESSAGE =
  "Held for review: our safety check rated this picture explicit, so it is not shown. An admin will look at it.";

/** Storage kind of held pictures: the file route opens them to admins only. */
export const HELD_FILE_KIND = "held";

/** Writes each picture with its thumbnail; the rows to insert, with the picture's screening. */
async function storeImages(
  row: GenerationRow,
  images: PreparedImage[],
  ratings: PictureRating[],
  kind: string,
): Promise<(typeof generationImages.$inferInsert)[]> {
  const storage = getStorage();
  return Promise.all(
    images.map(async ({ image, thumb, placeholder }, index) => {
      const ext = image.mime === "image/jpeg" ? "jpg" : image.mime === "image/webp" ? "webp" : "png";
      const key = userFileKey(row.userId, kind, ext);
      const thumbKey = thumb ? userFileKey(row.userId, kind, "webp") : key;
      await Promise.all([
        storage.put(key, image.bytes, image.mime),
        thumb && storage.put(thumbKey, thumb, "image/webp"),
      ]);
      return {
        generationId: row.id,
        index,
        key,
        thumbKey,
        placeholder,
        mime: image.mime,
        bytes: image.bytes.byteLength,
        width: image.width,
        height: image.height,
        seed: image.seed ?? null,
        sha256: ratings[index]?.sha256 ?? null,
        maturity: ratings[index]?.maturity ?? null,
      };
    }),
  );
}

/**
 * Finds work a dead process left behind and puts it back: running rows with a stale heartbeat
 * go back to the queue (or are refunded after too many attempts), and queued rows are queued
 * again (a no-op for those whose job exists). Runs at start-up and then periodically.
 */
export async function recoverGenerations(
  db: Database,
  enqueue: (id: string, attempt: number, priority: number) => Promise<void> = enqueueRenderJob,
): Promise<{ requeued: number; failed: number }> {
  const staleBefore = new Date(Date.now() - STALE_AFTER_MS);
  const orphans = await db
    .update(generations)
    .set({ status: "queued", stage: "Resuming after an interruption", progress: null, heartbeatAt: null })
    .where(
      and(
        eq(generations.status, "running"),
        lt(generations.heartbeatAt, staleBefore),
        lt(generations.attempts, MAX_ATTEMPTS),
      ),
    )
    .returning({ id: generations.id });
  const exhausted = await db
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.status, "running"), lt(generations.heartbeatAt, staleBefore)));
  for (const { id } of exhausted) {
    await endGeneration(
      db,
      id,
      "failed",
      "This picture was interrupted several times, so we stopped trying.",
      "worker lost",
    );
  }
  const queued = await db
    .select({ id: generations.id, attempts: generations.attempts, userId: generations.userId })
    .from(generations)
    .where(and(inArray(generations.status, ["queued"]), lt(generations.createdAt, new Date(Date.now() - 10_000))));
  // Each owner's priority once for all their jobs (members' plans, issue 41).
  const priorities = await loadQueuePriorities(
    db,
    queued.map((q) => q.userId),
  );
  for (const { id, attempts, userId } of queued)
    await enqueue(id, attempts, priorities.get(userId) ?? DEFAULT_QUEUE_PRIORITY);
  if (orphans.length + exhausted.length > 0) {
    logger.info(
      { requeued: orphans.map((o) => o.id), failed: exhausted.map((e) => e.id) },
      "recovered interrupted generations",
    );
  }
  return { requeued: orphans.length, failed: exhausted.length };
}

/** Recovers at start-up and then every half minute, in processes that run jobs. Returns a stop function. */
export function startGenerationRecovery(db: Database): () => void {
  const run = () =>
    void recoverGenerations(db).catch((err: unknown) => logger.warn({ err }, "generation recovery failed"));
  run();
  const timer = setInterval(run, STALE_AFTER_MS);
  timer.unref();
  return () => clearInterval(timer);
}

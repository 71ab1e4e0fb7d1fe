/**
 * Image edits: create (check the source, keep a copy, queue), read, list, cancel, delete, and the
 * job that runs the tool with progress. Free of tokens — they run on this machine's CPU — so the
 * limits are on work in progress per person and edits per hour (docs/decisions/0025).
 */
import { and, count, desc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { IMAGE_TOOL_INFO, type ImageEditView } from "../../app/lib/image-edits";
import { timestamp14 } from "../../app/lib/timestamp";
import { type Database, inTransaction } from "../db/client";
import { isUuid } from "../db/ids";
import { generationImages, generations, imageEdits, type ImageTool } from "../db/schema";
import { defineJob, type JobContext } from "../jobs/define";
import { enqueueJob, getJobQueue } from "../jobs/queue";
import { logger } from "../logger";
import { lockTokenAccount } from "../generation/ledger";
import { checkUploadedImage } from "../generation/uploads";
import {
  DEFAULT_QUEUE_PRIORITY,
  loadMemberPerks,
  loadQueuePriorities,
  loadQueuePriority,
  type MemberPerks,
} from "../generation/member-perks";
import { screenUpload } from "../safety/uploads";
import { getStorage, userFileKey } from "../storage/storage";
import {
  ImageToolError,
  imageToolsInstalled,
  removeBackground,
  REMOVE_BACKGROUND_MAX_SIDE,
  UPSCALE_MAX_SIDE,
  upscaleImage,
} from "./index";
import { AppError, type ErrorCode } from "../app-error";

export type ImageEditRow = typeof imageEdits.$inferSelect;
export type { ImageEditView };

/** Edits queued or running at once, per person (a member: their plan's pictures at once, if more). */
export const MAX_ACTIVE_EDITS = 2;

/** The edits a person may have in progress at once: MAX_ACTIVE_EDITS, or a member's jobs at once when more (issue 41). */
export function activeEditsLimit(perks: Pick<MemberPerks, "planName" | "maxConcurrentJobs">): number {
  return perks.planName === null ? MAX_ACTIVE_EDITS : Math.max(MAX_ACTIVE_EDITS, perks.maxConcurrentJobs);
}

/** One person's limit of edits in progress (the image tools' page shows it). */
export async function loadActiveEditsLimit(db: Database, userId: string): Promise<number> {
  return activeEditsLimit(await loadMemberPerks(db, userId));
}
/** Edits started per person per hour. */
export const MAX_EDITS_PER_HOUR = 30;
const HEARTBEAT_MS = 5_000;
const STALE_AFTER_MS = 60_000;
const MAX_ATTEMPTS = 2;
const PROGRESS_WRITE_MS = 300;

export const TOOL_UNAVAILABLE_MESSAGE = "This tool is not available on this server at the moment. Try again later.";

export const TOOL_LABELS: Record<ImageTool, string> = {
  "remove-background": IMAGE_TOOL_INFO["remove-background"].label,
  upscale: IMAGE_TOOL_INFO.upscale.label,
};
const MAX_SIDE: Record<ImageTool, number> = {
  "remove-background": REMOVE_BACKGROUND_MAX_SIDE,
  upscale: UPSCALE_MAX_SIDE,
};

/** A refusal the person can act on; routes turn it into an API error. */
/** The image tools' refusals: AppErrors (server/app-error.ts), next to a field when they concern one. */
export class ImageEditError extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(code, message, field ? { fields: { [field]: [message] } } : {});
    this.name = "ImageEditError";
  }
}

export function toImageEditView(row: ImageEditRow): ImageEditView {
  return {
    id: row.id,
    tool: row.tool,
    toolLabel: TOOL_LABELS[row.tool],
    status: row.status as ImageEditView["status"],
    progress: row.progress,
    stage: row.stage,
    sourceUrl: `/api/files/${row.sourceKey}`,
    sourceWidth: row.sourceWidth,
    sourceHeight: row.sourceHeight,
    resultUrl: row.resultKey ? `/api/files/${row.resultKey}` : null,
    downloadUrl: row.resultKey ? `/api/image-edits/${row.id}/result` : null,
    resultWidth: row.resultWidth,
    resultHeight: row.resultHeight,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export type EditSource =
  | { kind: "generation"; generationId: string; index: number }
  | { kind: "upload"; bytes: Buffer };

/**
 * The picture an edit starts from, checked by content, with where it came from. An upload is
 * screened before its copy is stored (issue 40): an explicit one is refused beside `image`. A
 * history picture was screened as the engine's result.
 */
async function resolveSource(db: Database, userId: string, source: EditSource, tool: ImageTool) {
  let bytes: Buffer;
  let sourceImageId: string | null = null;
  if (source.kind === "generation") {
    const [image] = isUuid(source.generationId)
      ? await db
          .select({ id: generationImages.id, key: generationImages.key })
          .from(generationImages)
          .innerJoin(generations, eq(generations.id, generationImages.generationId))
          .where(
            and(
              eq(generationImages.generationId, source.generationId),
              eq(generationImages.index, source.index),
              eq(generations.userId, userId),
            ),
          )
      : [];
    const file = image ? await getStorage().get(image.key) : null;
    if (!image || !file) throw new ImageEditError("not_found", "That picture does not exist any more.", "image");
    bytes = file.bytes;
    sourceImageId = image.id;
  } else {
    bytes = source.bytes;
  }
  const checked = await checkUploadedImage(bytes, "image");
  const longSide = Math.max(checked.width, checked.height);
  if (longSide > MAX_SIDE[tool]) {
    throw new ImageEditError(
      "too_large",
      `${TOOL_LABELS[tool]} takes pictures up to ${MAX_SIDE[tool]} pixels on the long side; this one is ${checked.width} × ${checked.height}. Resize it first.`,
      "image",
    );
  }
  if (source.kind === "upload") await screenUpload(db, checked.bytes, "image", userId);
  return { checked, sourceImageId };
}

export async function createImageEdit(
  db: Database,
  options: {
    userId: string;
    tool: ImageTool;
    source: EditSource;
    /** Queues the job at the person's queue priority (a member's plan's). */
    enqueue(id: string, priority: number): Promise<void>;
  },
): Promise<ImageEditView> {
  const { userId, tool } = options;
  const available = imageToolsInstalled()[tool === "upscale" ? "upscale" : "removeBackground"];
  if (available !== true) {
    // The reason names packages and paths: it goes to the log, people get a plain sentence.
    logger.warn({ tool, reason: available }, "image tool unavailable");
    throw new ImageEditError("tool_unavailable", TOOL_UNAVAILABLE_MESSAGE);
  }
  const { checked, sourceImageId } = await resolveSource(db, userId, options.source, tool);
  const perks = await loadMemberPerks(db, userId);
  const maxActive = activeEditsLimit(perks);

  // A copy of the source: the edit stays whole if the generation is deleted meanwhile.
  const sourceKey = userFileKey(userId, "edit-sources", checked.ext);
  await getStorage().put(sourceKey, checked.bytes, checked.contentType);
  let row: ImageEditRow;
  try {
    row = await inTransaction(db, async (tx) => {
      // The person's account row lock serialises their requests, so parallel posts cannot all pass the limits.
      await lockTokenAccount(tx, userId);
      const [active] = await tx
        .select({ n: count() })
        .from(imageEdits)
        .where(and(eq(imageEdits.userId, userId), inArray(imageEdits.status, ["queued", "running"])));
      if ((active?.n ?? 0) >= maxActive) {
        throw new ImageEditError(
          "too_many_edits",
          `You already have ${maxActive} edits in progress. Wait for one to finish, or cancel one.`,
        );
      }
      const [recent] = await tx
        .select({ n: count() })
        .from(imageEdits)
        .where(and(eq(imageEdits.userId, userId), gt(imageEdits.createdAt, new Date(Date.now() - 3_600_000))));
      if ((recent?.n ?? 0) >= MAX_EDITS_PER_HOUR) {
        throw new ImageEditError(
          "rate_limited",
          `You have made ${MAX_EDITS_PER_HOUR} edits in the last hour. Take a break and try again later.`,
        );
      }
      const [inserted] = await tx
        .insert(imageEdits)
        .values({
          userId,
          tool,
          sourceImageId,
          sourceKey,
          sourceWidth: checked.width,
          sourceHeight: checked.height,
          stage: "Waiting in the queue",
        })
        .returning();
      return inserted!;
    });
  } catch (error) {
    await getStorage().delete(sourceKey);
    throw error;
  }
  try {
    await options.enqueue(row.id, perks.queuePriority);
  } catch (error) {
    logger.error({ err: error, editId: row.id }, "could not queue an image edit; recovery will retry");
  }
  return toImageEditView(row);
}

export async function getImageEdit(db: Database, userId: string, id: string): Promise<ImageEditRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(imageEdits)
    .where(and(eq(imageEdits.id, id), eq(imageEdits.userId, userId)));
  return row;
}

export async function listImageEdits(db: Database, userId: string, limit = 24): Promise<ImageEditView[]> {
  const rows = await db
    .select()
    .from(imageEdits)
    .where(eq(imageEdits.userId, userId))
    .orderBy(desc(imageEdits.createdAt))
    .limit(limit);
  return rows.map(toImageEditView);
}

/** Stops queued or running work; the running tool notices at its next progress write. */
export async function cancelImageEdit(db: Database, userId: string, id: string): Promise<ImageEditRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(imageEdits)
    .set({ status: "canceled", stage: "Canceled", finishedAt: new Date(), heartbeatAt: null })
    .where(and(eq(imageEdits.id, id), eq(imageEdits.userId, userId), inArray(imageEdits.status, ["queued", "running"])))
    .returning();
  return row;
}

export async function deleteImageEdit(db: Database, userId: string, id: string): Promise<boolean> {
  const row = await getImageEdit(db, userId, id);
  if (!row) return false;
  await cancelImageEdit(db, userId, id);
  await db.delete(imageEdits).where(eq(imageEdits.id, id));
  const storage = getStorage();
  await Promise.all([storage.delete(row.sourceKey), row.resultKey ? storage.delete(row.resultKey) : null]);
  return true;
}

/** The finished picture as a download named after the tool and the time it was made. */
export async function readImageEditResult(
  db: Database,
  userId: string,
  id: string,
): Promise<{ bytes: Buffer; fileName: string } | null> {
  const row = await getImageEdit(db, userId, id);
  if (!row?.resultKey) return null;
  const file = await getStorage().get(row.resultKey);
  if (!file) return null;
  const suffix = row.tool === "upscale" ? "upscaled-2x" : "no-background";
  return { bytes: file.bytes, fileName: `atelier-${timestamp14(row.finishedAt ?? row.createdAt)}-${suffix}.png` };
}

async function finishEdit(db: Database, id: string, status: "failed", error: string, detail: string): Promise<void> {
  await db
    .update(imageEdits)
    .set({
      status,
      error,
      errorDetail: detail.slice(0, 2000),
      stage: "Failed",
      finishedAt: new Date(),
      heartbeatAt: null,
    })
    .where(and(eq(imageEdits.id, id), eq(imageEdits.status, "running")));
}

async function claimEdit(db: Database, id: string): Promise<ImageEditRow | undefined> {
  const staleBefore = new Date(Date.now() - STALE_AFTER_MS);
  const [row] = await db
    .update(imageEdits)
    .set({
      status: "running",
      attempts: sql`${imageEdits.attempts} + 1`,
      heartbeatAt: new Date(),
      progress: 0,
      stage: "Starting",
    })
    .where(
      and(
        eq(imageEdits.id, id),
        or(
          eq(imageEdits.status, "queued"),
          and(eq(imageEdits.status, "running"), lt(imageEdits.heartbeatAt, staleBefore)),
        ),
      ),
    )
    .returning();
  return row;
}

async function writeEditProgress(
  db: Database,
  id: string,
  percent: number | undefined,
  stage: string | undefined,
): Promise<boolean> {
  const rows = await db
    .update(imageEdits)
    .set({
      heartbeatAt: new Date(),
      ...(percent !== undefined ? { progress: Math.round(percent) } : {}),
      ...(stage ? { stage: stage.slice(0, 120) } : {}),
    })
    .where(and(eq(imageEdits.id, id), eq(imageEdits.status, "running")))
    .returning({ id: imageEdits.id });
  return rows.length > 0;
}

/** Runs one edit: claims it, runs the tool with progress and a heartbeat, stores the PNG. */
export async function runImageEdit(db: Database, id: string, log = logger): Promise<void> {
  const row = await claimEdit(db, id);
  if (!row) return;
  if (row.attempts > MAX_ATTEMPTS) {
    await finishEdit(
      db,
      row.id,
      "failed",
      "This edit was interrupted several times, so we stopped trying.",
      "too many attempts",
    );
    return;
  }
  const controller = new AbortController();
  let pending: { percent?: number; stage?: string } = {};
  let lastWrite = Date.now();
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    const update = pending;
    pending = {};
    lastWrite = Date.now();
    writing = writing
      .then(() => writeEditProgress(db, row.id, update.percent, update.stage))
      .then((stillRunning) => {
        if (!stillRunning) controller.abort();
      })
      .catch((err: unknown) => log.warn({ err }, "could not write image edit progress"));
  };
  const heartbeat = setInterval(flush, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const source = await getStorage().get(row.sourceKey);
    if (!source) throw new ImageToolError("unreadable", "The picture to edit is gone; upload it again.");
    const run = row.tool === "upscale" ? upscaleImage : removeBackground;
    const result = await run(source.bytes, {
      signal: controller.signal,
      onProgress(percent, stage) {
        pending = { percent: Math.min(99, percent), stage };
        if (Date.now() - lastWrite >= PROGRESS_WRITE_MS) flush();
      },
    });
    clearInterval(heartbeat);
    await writing;
    if (controller.signal.aborted) return;
    const resultKey = userFileKey(row.userId, "edits", "png");
    await getStorage().put(resultKey, result.bytes, "image/png");
    const [done] = await db
      .update(imageEdits)
      .set({
        status: "succeeded",
        progress: 100,
        stage: "Done",
        resultKey,
        resultWidth: result.width,
        resultHeight: result.height,
        resultBytes: result.bytes.byteLength,
        finishedAt: new Date(),
        heartbeatAt: null,
      })
      .where(and(eq(imageEdits.id, row.id), eq(imageEdits.status, "running")))
      .returning({ id: imageEdits.id });
    if (!done) await getStorage().delete(resultKey); // canceled while saving
  } catch (error) {
    clearInterval(heartbeat);
    await writing;
    if (controller.signal.aborted) return; // canceled: the row already says so
    const toolError = error instanceof ImageToolError ? error : null;
    log.warn({ err: error, editId: row.id }, "image edit failed");
    await finishEdit(
      db,
      row.id,
      "failed",
      toolError?.userMessage ?? "Something went wrong while editing this picture.",
      String(toolError?.message ?? error),
    );
  } finally {
    clearInterval(heartbeat);
  }
}

export const imageEditJob = defineJob({
  name: "image-edit.run",
  schema: z.object({ editId: z.guid() }),
  // The tool is deterministic and the run idempotent (claim, then a conditional finish): a lost worker's edit is simply run again.
  retry: { limit: 1, delaySeconds: 10 },
  expireInSeconds: 10 * 60,
  handle: (payload, context: JobContext) => runImageEdit(context.db, payload.editId, context.log),
  async onFinalFailure(payload, error, context) {
    await finishEdit(
      context.db,
      payload.editId,
      "failed",
      "Something went wrong while editing this picture.",
      String(error),
    );
  },
});

/** Queues an edit's job at its owner's queue priority: `priority` when the caller has it, else their membership's now. */
export async function enqueueImageEdit(id: string, attempt = 0, priority?: number): Promise<void> {
  await enqueueJob(
    imageEditJob,
    { editId: id },
    { ...(attempt === 0 ? { id } : {}), priority: priority ?? (await editPriority(getJobQueue().db, id)) },
  );
}

async function editPriority(db: Database, id: string): Promise<number> {
  const [row] = await db.select({ userId: imageEdits.userId }).from(imageEdits).where(eq(imageEdits.id, id));
  return row ? loadQueuePriority(db, row.userId) : DEFAULT_QUEUE_PRIORITY;
}

/** Puts edits a dead worker left running back in the queue, and queues ones whose job was lost. */
export async function recoverImageEdits(
  db: Database,
  enqueue: (id: string, attempt: number, priority: number) => Promise<void> = enqueueImageEdit,
): Promise<number> {
  const staleBefore = new Date(Date.now() - STALE_AFTER_MS);
  const stale = await db
    .update(imageEdits)
    .set({ status: "queued", stage: "Resuming after an interruption", progress: null, heartbeatAt: null })
    .where(and(eq(imageEdits.status, "running"), lt(imageEdits.heartbeatAt, staleBefore)))
    .returning({ id: imageEdits.id, attempts: imageEdits.attempts, userId: imageEdits.userId });
  // Queued rows whose job never made it to the queue (the enqueue failed): a no-op for the others, whose job has this id.
  const waiting = await db
    .select({ id: imageEdits.id, userId: imageEdits.userId })
    .from(imageEdits)
    .where(
      and(
        eq(imageEdits.status, "queued"),
        eq(imageEdits.attempts, 0),
        lt(imageEdits.createdAt, new Date(Date.now() - STALE_AFTER_MS)),
      ),
    );
  // Each owner's queue priority once for all their edits (members' plans, issue 41).
  const priorities = await loadQueuePriorities(
    db,
    [...stale, ...waiting].map((e) => e.userId),
  );
  const priorityOf = (userId: string) => priorities.get(userId) ?? DEFAULT_QUEUE_PRIORITY;
  for (const { id, attempts, userId } of stale) await enqueue(id, attempts, priorityOf(userId));
  for (const { id, userId } of waiting) await enqueue(id, 0, priorityOf(userId));
  return stale.length;
}

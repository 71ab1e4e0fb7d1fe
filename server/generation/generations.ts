/**
 * Generations: create (validate, debit, queue), read, list, cancel, fail, delete.
 * Status moves queued → running → succeeded | failed | canceled, always by a conditional
 * update, so a cancel and a finishing worker cannot both win. Tokens debited for a
 * generation that fails or is canceled come back through the ledger, exactly once.
 */
import { fileUrl } from "../storage/file-url";
import { randomInt, randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import {
  costOf,
  dimensionsFor,
  MODE_LABELS,
  scaleCostTable,
  FINISHED_STATUSES,
  type GenerationInput,
  type GenerationMode,
  type GenerationStatus,
  type AspectRatio,
} from "../../app/lib/generation";
import type { GenerationPage, GenerationView } from "../../app/lib/generation-views";
import { type Database, inTransaction } from "../db/client";
import { generationImages, generations, memberships, plans } from "../db/schema";
import { logger } from "../logger";
import { addNotification } from "../notify/notifications";
import { getStorage, userFileKey } from "../storage/storage";
import type { GenerationRequest } from "./engines/engine";
import { NoEngineError, primaryEngineForEdit, primaryEngineForMode, type RoutedEngine } from "./engines/registry";
import { type EditOptions, prepareEdit } from "./picture-edits";
import { EDIT_LABELS, type EditKind } from "../../app/lib/picture-edits";
import { applyTokenMovementIn, getTokenBalance, InsufficientTokensError, lockTokenAccount } from "./ledger";
import { loadTokenSettings } from "./token-settings";
import {
  DEFAULT_QUEUE_PRIORITY,
  liveMembership,
  loadMemberPerks,
  loadQueuePriorities,
  sizeNotInPlanMessage,
} from "./member-perks";
import { formatCount } from "~/lib/format";
import { AppError, type ErrorCode } from "../app-error";
import { isUuid } from "../db/ids";
import { generationsFinished } from "../metrics";
import { refuseForbiddenCombination } from "../safety/prompt-terms";
import { blockedTermMessage, findBlockedTerm, loadBlockedTerms } from "../safety/word-filter";

export type GenerationRow = typeof generations.$inferSelect;
export type GenerationImageRow = typeof generationImages.$inferSelect;

/** A refusal the person can act on; routes turn it into an API error with this status. */
/** The generation domain's refusals: AppErrors (server/app-error.ts). */
export class GenerationError extends AppError {
  constructor(code: ErrorCode, message: string, fields?: Record<string, string[]>) {
    super(code, message, { fields });
    this.name = "GenerationError";
  }
}

const ACTIVE: GenerationStatus[] = ["queued", "running"];

export interface SourceUpload {
  bytes: Buffer;
  contentType: string;
  ext: string;
}

export interface CreateGenerationOptions {
  userId: string;
  input: GenerationInput;
  /** The picture (image mode) or drawing (doodle mode), already checked by content. */
  source?: SourceUpload;
  /**
   * Queues the render job at the person's queue priority (their plan's, issue 41); the pipeline
   * passes enqueueRenderJob.
   */
  enqueue(generationId: string, priority: number): Promise<void>;
  /** The price the person saw; a different current price refuses the request (409) instead of charging it. */
  expectedCost?: number;
  /** An edit of a part of `source` (issue 31): image mode only; priced like image to art at the result's size. */
  edit?: EditOptions;
}

export async function createGeneration(
  db: Database,
  options: CreateGenerationOptions,
): Promise<{ generation: GenerationView; balance: number }> {
  const { userId } = options;
  let { input } = options;
  const [settings, perks] = await Promise.all([loadTokenSettings(db), loadMemberPerks(db, userId)]);
  if (settings.generationPaused) {
    throw new GenerationError(
      "generation_paused",
      "Generation is paused by the administrators for a moment. Your tokens are safe; try again soon.",
    );
  }
  await refuseBlockedPrompt(db, input.prompt);
  const { edit } = options;
  if (input.mode !== "text" && !options.source) {
    const field = input.mode === "image" ? "sourceImage" : "doodle";
    const message = input.mode === "image" ? "Upload a picture first" : "Draw something first";
    throw new GenerationError("invalid_input", message, { [field]: [message] });
  }
  if (edit && input.mode !== "image")
    throw new GenerationError("invalid_input", "Only a picture can be edited", {
      edit: ["Only a picture can be edited"],
    });
  let routed: RoutedEngine;
  try {
    routed = edit ? await primaryEngineForEdit(db, edit.kind) : await primaryEngineForMode(db, input.mode);
  } catch (error) {
    if (!(error instanceof NoEngineError)) throw error;
    const what = edit ? `${EDIT_LABELS[edit.kind]} (editing a picture)` : MODE_LABELS[input.mode];
    throw new GenerationError(
      "no_engine",
      `${what} is switched off for the moment. Your tokens are safe; try another mode or come back soon.`,
    );
  }
  const engine = routed.engine;
  // The largest size is a perk (issue 41): a size above the person's is refused beside the field.
  if (!edit && input.size > perks.maxSize) {
    const message = sizeNotInPlanMessage(input.size);
    throw new GenerationError("invalid_input", message, { size: [message] });
  }
  // An edit's size comes from its picture (and sides), within the engine's largest and the person's;
  // its price from the nearest size of image to art's table.
  const prepared =
    edit && options.source
      ? await prepareEdit(options.source, edit, Math.min(perks.maxSize, Math.max(...engine.capabilities.sizes)))
      : null;
  if (prepared) input = { ...input, size: prepared.size, aspectRatio: prepared.aspectRatio };
  const { width, height } = prepared ?? dimensionsFor(input.aspectRatio, input.size);
  const seed = input.seed ?? randomInt(0, 2 ** 32 - 1);
  const request: GenerationRequest = {
    mode: input.mode,
    prompt: input.prompt,
    negativePrompt: input.negativePrompt,
    style: input.style,
    width,
    height,
    aspectRatio: input.aspectRatio,
    seed,
    count: input.count,
    strength: input.strength,
    christmas: input.christmas,
    ...(options.source ? { sourceImage: options.source.bytes } : {}),
    ...(edit
      ? {
          edit: {
            kind: edit.kind,
            ...(prepared?.mask ? { mask: prepared.mask } : {}),
            ...(edit.sides ? { sides: edit.sides } : {}),
          },
        }
      : {}),
  };
  const issues = engine.validate(request);
  if (issues.length > 0) {
    const fields: Record<string, string[]> = {};
    for (const issue of issues) fields[issue.field] = [...(fields[issue.field] ?? []), issue.message];
    throw new GenerationError("invalid_input", issues[0]!.message, fields);
  }
  const cost = costOf(scaleCostTable(settings.costs, routed.costMultiplier), input);
  if (options.expectedCost !== undefined && options.expectedCost !== cost) {
    throw new GenerationError(
      "price_changed",
      `The price just changed to ${formatCount(cost)} tokens (you saw ${formatCount(options.expectedCost)}). Check it and press Generate again.`,
    );
  }

  // The source is stored first; if the debit is refused it is removed again.
  const storage = getStorage();
  const sourceKey = options.source ? userFileKey(userId, "sources", options.source.ext) : null;
  if (sourceKey && options.source) await storage.put(sourceKey, options.source.bytes, options.source.contentType);
  const maskKey = prepared?.mask ? userFileKey(userId, "masks", "png") : null;
  if (maskKey && prepared?.mask) await storage.put(maskKey, prepared.mask, "image/png");

  const id = randomUUID();
  let balance: number;
  try {
    balance = await inTransaction(db, async (tx) => {
      // The account row lock serialises this user's requests: the job count and the debit agree.
      const current = await lockTokenAccount(tx, userId);
      const [active] = await tx
        .select({ n: count() })
        .from(generations)
        .where(and(eq(generations.userId, userId), inArray(generations.status, ACTIVE)));
      if ((active?.n ?? 0) >= perks.maxConcurrentJobs) {
        throw new GenerationError(
          "too_many_jobs",
          `You already have ${perks.maxConcurrentJobs} pictures in progress. Wait for one to finish, or cancel one.`,
        );
      }
      if (current < cost) throw new InsufficientTokensError(current, cost);
      await tx.insert(generations).values({
        id,
        userId,
        mode: input.mode,
        status: "queued",
        engineId: engine.id,
        engineLabel: engine.label,
        prompt: input.prompt,
        negativePrompt: input.negativePrompt,
        style: input.style,
        aspectRatio: input.aspectRatio,
        size: input.size,
        width,
        height,
        count: input.count,
        seed,
        strength: input.strength,
        christmas: input.christmas,
        cost,
        sourceKey,
        editKind: edit?.kind ?? null,
        editSides: edit?.kind === "outpaint" ? (edit.sides ?? null) : null,
        maskKey,
        editedFromGenerationId: edit?.from?.generationId ?? null,
        editedFromIndex: edit?.from?.index ?? null,
        stage: "Waiting in the queue",
      });
      if (cost === 0) return current;
      const debit = await applyTokenMovementIn(tx, {
        userId,
        amount: -cost,
        reason: "generation",
        idempotencyKey: `generation:${id}:debit`,
        generationId: id,
      });
      return debit.balance;
    });
  } catch (error) {
    await Promise.all([sourceKey, maskKey].map((key) => (key ? storage.delete(key) : null)));
    if (error instanceof InsufficientTokensError) {
      throw new GenerationError(
        "insufficient_tokens",
        `This needs ${formatCount(error.needed)} tokens and you have ${formatCount(error.balance)}. Buy more tokens or make a smaller picture.`,
      );
    }
    throw error;
  }

  try {
    await options.enqueue(id, perks.queuePriority);
  } catch (error) {
    // The row is queued and paid for; the recovery sweep queues it again.
    logger.error({ err: error, generationId: id }, "could not queue a generation; recovery will retry");
  }
  const generation = await getGenerationView(db, userId, id);
  return { generation: generation!, balance };
}

export async function findGeneration(db: Database, id: string): Promise<GenerationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(generations).where(eq(generations.id, id));
  return row;
}

/** A user's own generation, or undefined (another user's id looks exactly like a missing one). */
export async function findOwnGeneration(db: Database, userId: string, id: string): Promise<GenerationRow | undefined> {
  const row = await findGeneration(db, id);
  return row && row.userId === userId ? row : undefined;
}

export async function getGenerationView(db: Database, userId: string, id: string): Promise<GenerationView | undefined> {
  const row = await findOwnGeneration(db, userId, id);
  if (!row) return undefined;
  const [view] = await toViews(db, [row]);
  return view;
}

export async function listGenerations(
  db: Database,
  userId: string,
  options: { mode?: GenerationMode; cursor?: string | null; limit?: number } = {},
): Promise<GenerationPage> {
  const limit = Math.min(Math.max(options.limit ?? 12, 1), 50);
  const after = decodeCursor(options.cursor);
  const conditions = [eq(generations.userId, userId)];
  if (options.mode) conditions.push(eq(generations.mode, options.mode));
  if (after) {
    conditions.push(
      or(
        lt(generations.createdAt, after.createdAt),
        and(eq(generations.createdAt, after.createdAt), lt(generations.id, after.id)),
      )!,
    );
  }
  const rows = await db
    .select()
    .from(generations)
    .where(and(...conditions))
    .orderBy(desc(generations.createdAt), desc(generations.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: await toViews(db, page), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** Cancels queued or running work and refunds it. Returns undefined when there is nothing to cancel. */
export async function cancelGeneration(db: Database, userId: string, id: string): Promise<GenerationRow | undefined> {
  const row = await findOwnGeneration(db, userId, id);
  if (!row) return undefined;
  return endGeneration(db, row.id, "canceled", "You canceled this picture.", null);
}

/** Ends a generation as failed (or canceled) and refunds it, once; notifies the owner. */
/** A generation that reached its end (succeeded, failed or canceled), for whoever listens. */
export interface FinishedGeneration {
  id: string;
  userId: string;
}
type FinishedListener = (db: Database, generation: FinishedGeneration) => void;
const finishedListeners = new Set<FinishedListener>();

/**
 * Calls `listener` each time a generation ends in this process (the webhooks listen; server/main.ts
 * wires them, so this domain imports none of its listeners). Listeners must not throw or wait.
 */
export function onGenerationFinished(listener: FinishedListener): () => void {
  finishedListeners.add(listener);
  return () => finishedListeners.delete(listener);
}

export function announceGenerationFinished(db: Database, generation: FinishedGeneration): void {
  for (const listener of finishedListeners) listener(db, generation);
}

export async function endGeneration(
  db: Database,
  id: string,
  status: "failed" | "canceled",
  reason: string,
  detail: string | null,
): Promise<GenerationRow | undefined> {
  const ended = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(generations)
      .set({
        status,
        error: reason,
        errorDetail: detail,
        finishedAt: new Date(),
        stage: status === "failed" ? "Failed" : "Canceled",
      })
      .where(and(eq(generations.id, id), inArray(generations.status, ACTIVE)))
      .returning();
    if (!row) return undefined;
    if (row.cost > 0) {
      await applyTokenMovementIn(tx, {
        userId: row.userId,
        amount: row.cost,
        reason: "generation_refund",
        idempotencyKey: `generation:${row.id}:refund`,
        generationId: row.id,
        note: reason,
      });
      const [refunded] = await tx
        .update(generations)
        .set({ refunded: true })
        .where(eq(generations.id, row.id))
        .returning();
      return refunded;
    }
    return row;
  });
  if (ended) generationsFinished.inc({ engine: ended.engineId, outcome: status });
  if (ended) announceGenerationFinished(db, ended);
  if (ended) {
    const tokens = ended.cost === 1 ? "1 token" : `${formatCount(ended.cost)} tokens`;
    const refund = ended.cost > 0 ? ` Your ${tokens} ${ended.cost === 1 ? "was" : "were"} refunded.` : "";
    await addNotification(db, ended.userId, {
      status: status === "failed" ? "error" : "info",
      title: status === "failed" ? "A picture could not be made" : "A picture was canceled",
      message: `${reason}${refund} Prompt: “${excerpt(ended.prompt || "(no prompt)")}”`,
    }).catch(() => undefined); // logged by addNotification; the refund stands either way
  }
  return ended;
}

/** Deletes a finished generation with its files (active ones are canceled and refunded first). */
export async function deleteGeneration(db: Database, userId: string, id: string): Promise<boolean> {
  const row = await findOwnGeneration(db, userId, id);
  if (!row) return false;
  if (ACTIVE.includes(row.status as GenerationStatus))
    await endGeneration(db, row.id, "canceled", "You deleted this picture before it was finished.", null);
  const images = await db.select().from(generationImages).where(eq(generationImages.generationId, row.id));
  await db.delete(generations).where(and(eq(generations.id, row.id), eq(generations.userId, userId)));
  const storage = getStorage();
  const keys = [...images.flatMap((i) => [i.key, i.thumbKey]), row.sourceKey, row.maskKey].filter(
    (key): key is string => key !== null,
  );
  await Promise.all(keys.map((k) => storage.delete(k)));
  return true;
}

/**
 * Jobs ahead of a queued generation, across all users, in the job queue's order: a higher queue
 * priority first (a member's plan, issue 41), then first come, first served. `priority` is the
 * owner's (read when not given); others' are read from their live memberships, as the render job
 * was queued with (a membership that changed since may make this one place off).
 */
export async function queuePosition(
  db: Database,
  row: Pick<GenerationRow, "status" | "createdAt" | "userId">,
  priority?: number,
): Promise<number | null> {
  if (row.status !== "queued") return null;
  const mine = priority ?? (await loadQueuePriorities(db, [row.userId])).get(row.userId) ?? DEFAULT_QUEUE_PRIORITY;
  const theirs = sql<number>`coalesce(${plans.queuePriority}, ${DEFAULT_QUEUE_PRIORITY})`;
  const [ahead] = await db
    .select({ n: count() })
    .from(generations)
    .leftJoin(memberships, and(eq(memberships.userId, generations.userId), liveMembership))
    .leftJoin(plans, eq(plans.id, memberships.planId))
    .where(
      and(
        eq(generations.status, "queued"),
        or(gt(theirs, mine), and(eq(theirs, mine), lt(generations.createdAt, row.createdAt))),
      ),
    );
  return ahead?.n ?? 0;
}

/** Pictures waiting and painting right now, site-wide (the generation settings show them before a pause). */
export async function countActiveGenerations(db: Database): Promise<{ queued: number; running: number }> {
  const rows = await db
    .select({ status: generations.status, n: count() })
    .from(generations)
    .where(inArray(generations.status, ACTIVE))
    .groupBy(generations.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { queued: of("queued"), running: of("running") };
}

export async function toViews(db: Database, rows: GenerationRow[]): Promise<GenerationView[]> {
  if (rows.length === 0) return [];
  // Only finished work has pictures (the render job stores them just before marking the row
  // succeeded, and removes them if it was canceled meanwhile): a progress update reads one row.
  const withImages = rows.filter((r) => r.status === "succeeded").map((r) => r.id);
  const images =
    withImages.length === 0
      ? []
      : await db
          .select()
          .from(generationImages)
          .where(inArray(generationImages.generationId, withImages))
          .orderBy(asc(generationImages.index));
  const byGeneration = new Map<string, GenerationImageRow[]>();
  for (const image of images)
    byGeneration.set(image.generationId, [...(byGeneration.get(image.generationId) ?? []), image]);
  const waiting = [...new Set(rows.filter((r) => r.status === "queued").map((r) => r.userId))];
  const priorities = waiting.length === 0 ? new Map<string, number>() : await loadQueuePriorities(db, waiting);
  return Promise.all(
    rows.map(async (row) =>
      toView(
        row,
        byGeneration.get(row.id) ?? [],
        await queuePosition(db, row, priorities.get(row.userId) ?? DEFAULT_QUEUE_PRIORITY),
      ),
    ),
  );
}

export function toView(row: GenerationRow, images: GenerationImageRow[], position: number | null): GenerationView {
  return {
    id: row.id,
    mode: row.mode as GenerationMode,
    status: row.status as GenerationStatus,
    engineId: row.engineId,
    engineLabel: row.engineLabel,
    prompt: row.prompt,
    negativePrompt: row.negativePrompt,
    style: row.style,
    aspectRatio: row.aspectRatio as AspectRatio,
    size: row.size,
    width: row.width,
    height: row.height,
    count: row.count,
    seed: row.seed,
    strength: row.strength,
    christmas: row.christmas,
    cost: row.cost,
    progress: row.status === "succeeded" ? 100 : row.progress,
    stage: row.stage,
    queuePosition: position,
    retrying: row.status === "queued" && row.attempts > 0,
    ...studioReading(row),
    error: row.error,
    refunded: row.refunded,
    held: row.heldAt !== null,
    sourceUrl: row.sourceKey ? fileUrl(row.sourceKey) : null,
    edit: row.editKind
      ? {
          kind: row.editKind as EditKind,
          sides: row.editSides ?? null,
          maskUrl: row.maskKey ? fileUrl(row.maskKey) : null,
          fromGenerationId: row.editedFromGenerationId,
          fromIndex: row.editedFromIndex,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    images: images.map((image) => ({
      index: image.index,
      url: fileUrl(image.key),
      thumbUrl: fileUrl(image.thumbKey),
      placeholder: image.placeholder,
      width: image.width,
      height: image.height,
      seed: image.seed,
      maturity: image.maturity === "mature" ? "mature" : image.maturity === "general" ? "general" : null,
    })),
  };
}

/**
 * What Studio read in a text or doodle prompt (issues 19, 28), as its render thread wrote it with the
 * pictures; null until then, for other engines and image mode. (Rows finished before migration 0017 have none.)
 */
function studioReading(row: GenerationRow): Pick<GenerationView, "understood" | "notDrawn"> {
  return row.promptReading ?? { understood: null, notDrawn: null };
}

export function isFinished(status: string): boolean {
  return FINISHED_STATUSES.includes(status as GenerationStatus);
}

export async function currentBalance(db: Database, userId: string): Promise<number> {
  return getTokenBalance(db, userId);
}

/**
 * Prompts go through the same word lists as titles and comments (issue 40, ADR 0059): the fixed
 * refusal of sexual terms with terms for minors (its message repeats nothing), then the admins'
 * blocked terms. The negative prompt is not read: it names what the person does not want.
 */
async function refuseBlockedPrompt(db: Database, prompt: string): Promise<void> {
  refuseForbiddenCombination({ prompt });
  const term = findBlockedTerm(prompt, await loadBlockedTerms(db));
  if (term) throw new GenerationError("blocked_term", blockedTermMessage(term), { prompt: [blockedTermMessage(term)] });
}

function excerpt(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function encodeCursor(row: GenerationRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string | null | undefined): { createdAt: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const createdAt = new Date(at ?? "");
  if (Number.isNaN(createdAt.getTime()) || !id || !isUuid(id)) return null;
  return { createdAt, id };
}

/**
 * The home page's slideshow backgrounds: uploaded pictures (checked by content, stored as WebP
 * under site/slides/) with a title, optional subtitle and link, an order, an on/off switch and
 * an optional schedule. Each change is audited in its own transaction; files of replaced or
 * deleted slides are removed once the change is committed. A picture is screened before it is
 * stored (issue 40): an explicit one is refused beside `image` and counted on the admin's account.
 */
import { asc, eq, max } from "drizzle-orm";
import { SLIDE_MIN_WIDTH, type SlideForm } from "~/lib/admin-content";
import { type Actor, recordAudit } from "../audit/audit";
import { type Database, inTransaction } from "../db/client";
import { announceChange } from "../db/change-feed";
import { cachedRead } from "../db/runtime-snapshot";
import { slideshowBackgrounds } from "../db/schema";
import { logger } from "../logger";
import { screenUpload } from "../safety/uploads";
import { makeSiteImage } from "../storage/images";
import { getStorage, siteFileKey } from "../storage/storage";
import { AppError } from "../app-error";
import { isUuid } from "../db/ids";

export type Slide = typeof slideshowBackgrounds.$inferSelect;
export type SlideStatus = "live" | "scheduled" | "ended" | "off";

/** Backgrounds cover a wide hero: stored at most 2400×1600, and at least SLIDE_MIN_WIDTH wide. */
export const SLIDE_BOUNDS = { width: 2400, height: 1600, minWidth: SLIDE_MIN_WIDTH };

export class SlideNotFoundError extends AppError {
  constructor() {
    super("not_found", "That slide does not exist.");
    this.name = "SlideNotFoundError";
  }
}

export const slideImageUrl = (slide: Pick<Slide, "imageKey">) => `/api/files/${slide.imageKey}`;

export function slideStatus(slide: Pick<Slide, "active" | "startsAt" | "endsAt">, now = new Date()): SlideStatus {
  if (!slide.active) return "off";
  if (slide.startsAt && slide.startsAt > now) return "scheduled";
  if (slide.endsAt && slide.endsAt <= now) return "ended";
  return "live";
}

export interface PublicSlide {
  id: string;
  title: string;
  subtitle: string;
  href: string | null;
  imageUrl: string;
  color: string;
}

/** What the home page shows now: active slides inside their schedule, in order. */
/** Switched-on slides with their schedules, read after each change; the schedule is applied per request. */
const loadActiveSlides = cachedRead(["slideshow_backgrounds"], (db) =>
  db
    .select()
    .from(slideshowBackgrounds)
    .where(eq(slideshowBackgrounds.active, true))
    .orderBy(asc(slideshowBackgrounds.sortOrder), asc(slideshowBackgrounds.createdAt)),
);

export async function listLiveSlides(db: Database, now = new Date()): Promise<PublicSlide[]> {
  const rows = (await loadActiveSlides(db)).filter(
    (s) => (!s.startsAt || s.startsAt <= now) && (!s.endsAt || s.endsAt > now),
  );
  return rows.map((s) => ({
    id: s.id,
    title: s.title,
    subtitle: s.subtitle,
    href: s.linkUrl || null,
    imageUrl: slideImageUrl(s),
    color: s.color,
  }));
}

export async function listSlidesForAdmin(db: Database): Promise<Slide[]> {
  return db
    .select()
    .from(slideshowBackgrounds)
    .orderBy(asc(slideshowBackgrounds.sortOrder), asc(slideshowBackgrounds.createdAt));
}

export async function getSlide(db: Database, id: string): Promise<Slide | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(slideshowBackgrounds).where(eq(slideshowBackgrounds.id, id));
  return row ?? null;
}

/** Every slide change runs here: once it is committed, this process's cached slides are dropped. */
async function inTx<T>(db: Database, run: (tx: Database) => Promise<T>): Promise<T> {
  const result = await inTransaction(db, run);
  announceChange({ kind: "table", table: "slideshow_backgrounds" });
  return result;
}

async function lockSlide(tx: Database, id: string): Promise<Slide> {
  if (!isUuid(id)) throw new SlideNotFoundError();
  const [row] = await tx.select().from(slideshowBackgrounds).where(eq(slideshowBackgrounds.id, id)).for("update");
  if (!row) throw new SlideNotFoundError();
  return row;
}

/**
 * Converts, screens and stores an upload; the caller deletes the file if the database change fails.
 * What is screened is the WebP the home page will show.
 */
async function storeSlideImage(db: Database, actor: Actor, bytes: Buffer) {
  const image = await makeSiteImage(bytes, SLIDE_BOUNDS);
  await screenUpload(db, image.bytes, "image", actor.userUid, { generalOnly: true });
  const imageKey = siteFileKey("slides", "webp");
  await getStorage().put(imageKey, image.bytes, "image/webp");
  return { imageKey, width: image.width, height: image.height, color: image.color };
}

async function removeFile(key: string) {
  await getStorage()
    .delete(key)
    .catch((err: unknown) => logger.warn({ err, key }, "removing a slideshow picture failed"));
}

/** Adds a slide at the end of the show. `image` is the uploaded file's bytes (required). */
export async function createSlide(db: Database, actor: Actor, form: SlideForm, image: Buffer): Promise<Slide> {
  const stored = await storeSlideImage(db, actor, image);
  try {
    return await inTx(db, async (tx) => {
      const [last] = await tx.select({ order: max(slideshowBackgrounds.sortOrder) }).from(slideshowBackgrounds);
      const [row] = await tx
        .insert(slideshowBackgrounds)
        .values({ ...form, ...stored, sortOrder: (last?.order ?? 0) + 10 })
        .returning();
      await recordAudit(tx, actor, { action: "slide.create", entityType: "slide", entityId: row!.id, after: row });
      return row!;
    });
  } catch (error) {
    await removeFile(stored.imageKey);
    throw error;
  }
}

/** Saves a slide's fields, and its picture when a new one is given. */
export async function updateSlide(
  db: Database,
  actor: Actor,
  id: string,
  form: SlideForm,
  image: Buffer | null,
): Promise<Slide> {
  if (!isUuid(id) || !(await getSlide(db, id))) throw new SlideNotFoundError();
  const stored = image ? await storeSlideImage(db, actor, image) : null;
  let replaced: string | null = null;
  try {
    const after = await inTx(db, async (tx) => {
      const before = await lockSlide(tx, id);
      const [row] = await tx
        .update(slideshowBackgrounds)
        .set({ ...form, ...(stored ?? {}), updatedAt: new Date() })
        .where(eq(slideshowBackgrounds.id, id))
        .returning();
      await recordAudit(tx, actor, { action: "slide.update", entityType: "slide", entityId: id, before, after: row });
      if (stored) replaced = before.imageKey;
      return row!;
    });
    if (replaced) await removeFile(replaced);
    return after;
  } catch (error) {
    if (stored) await removeFile(stored.imageKey);
    throw error;
  }
}

export async function setSlideActive(db: Database, actor: Actor, id: string, active: boolean): Promise<Slide> {
  return inTx(db, async (tx) => {
    const before = await lockSlide(tx, id);
    const [after] = await tx
      .update(slideshowBackgrounds)
      .set({ active, updatedAt: new Date() })
      .where(eq(slideshowBackgrounds.id, id))
      .returning();
    const action = active ? "slide.activate" : "slide.deactivate";
    await recordAudit(tx, actor, { action, entityType: "slide", entityId: id, before, after });
    return after!;
  });
}

/** Swaps a slide with its neighbour before or after it. */
export async function moveSlide(db: Database, actor: Actor, id: string, direction: "up" | "down"): Promise<void> {
  await inTx(db, async (tx) => {
    await lockSlide(tx, id);
    const all = await tx
      .select()
      .from(slideshowBackgrounds)
      .orderBy(asc(slideshowBackgrounds.sortOrder), asc(slideshowBackgrounds.createdAt))
      .for("update");
    const index = all.findIndex((s) => s.id === id);
    const otherIndex = direction === "up" ? index - 1 : index + 1;
    if (otherIndex < 0 || otherIndex >= all.length) return;
    const order = all.map((s) => s.id);
    [order[index], order[otherIndex]] = [order[otherIndex]!, order[index]!];
    for (const [i, slideId] of order.entries())
      await tx
        .update(slideshowBackgrounds)
        .set({ sortOrder: (i + 1) * 10 })
        .where(eq(slideshowBackgrounds.id, slideId));
    await recordAudit(tx, actor, {
      action: `slide.move-${direction}`,
      entityType: "slide",
      entityId: id,
      before: { order: all.map((s) => s.id) },
      after: { order },
    });
  });
}

export async function deleteSlide(db: Database, actor: Actor, id: string): Promise<void> {
  const removed = await inTx(db, async (tx) => {
    const before = await lockSlide(tx, id);
    await tx.delete(slideshowBackgrounds).where(eq(slideshowBackgrounds.id, id));
    await recordAudit(tx, actor, { action: "slide.delete", entityType: "slide", entityId: id, before });
    return before;
  });
  await removeFile(removed.imageKey);
}

/**
 * The FAQ as admins edit it: questions in the order they show on the pricing page, published
 * or drafts; create, edit, move up and down, publish, delete — each change audited.
 */
import { asc, eq, max } from "drizzle-orm";
import type { FaqForm } from "~/lib/admin-content";
import { type Actor, recordAudit } from "../audit/audit";
import { type Database, inTransaction } from "../db/client";
import { announceChange } from "../db/change-feed";
import { cachedRead } from "../db/runtime-snapshot";
import { faqs } from "../db/schema";
import { AppError } from "../app-error";
import { isUuid } from "../db/ids";

export type Faq = typeof faqs.$inferSelect;

export class FaqNotFoundError extends AppError {
  constructor() {
    super("not_found", "That question does not exist.");
    this.name = "FaqNotFoundError";
  }
}

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

/** The published questions, in order: what the pricing page shows. */
/** The published FAQ, read after each change. */
export const listPublishedFaqs = cachedRead(
  ["faqs"],
  (db): Promise<FaqEntry[]> =>
    db
      .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
      .from(faqs)
      .where(eq(faqs.published, true))
      .orderBy(asc(faqs.sortOrder), asc(faqs.createdAt)),
);

export async function listFaqsForAdmin(db: Database): Promise<Faq[]> {
  return db.select().from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.createdAt));
}

export async function getFaq(db: Database, id: string): Promise<Faq | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(faqs).where(eq(faqs.id, id));
  return row ?? null;
}

/** Every FAQ change runs here: once it is committed, this process's cached FAQ is dropped. */
async function inTx<T>(db: Database, run: (tx: Database) => Promise<T>): Promise<T> {
  const result = await inTransaction(db, run);
  announceChange({ kind: "table", table: "faqs" });
  return result;
}

async function lockFaq(tx: Database, id: string): Promise<Faq> {
  if (!isUuid(id)) throw new FaqNotFoundError();
  const [row] = await tx.select().from(faqs).where(eq(faqs.id, id)).for("update");
  if (!row) throw new FaqNotFoundError();
  return row;
}

export async function createFaq(db: Database, actor: Actor, form: FaqForm): Promise<Faq> {
  return inTx(db, async (tx) => {
    const [last] = await tx.select({ order: max(faqs.sortOrder) }).from(faqs);
    const [row] = await tx
      .insert(faqs)
      .values({ ...form, sortOrder: (last?.order ?? 0) + 10 })
      .returning();
    await recordAudit(tx, actor, { action: "faq.create", entityType: "faq", entityId: row!.id, after: row });
    return row!;
  });
}

export async function updateFaq(db: Database, actor: Actor, id: string, form: FaqForm): Promise<Faq> {
  return inTx(db, async (tx) => {
    const before = await lockFaq(tx, id);
    const [after] = await tx
      .update(faqs)
      .set({ ...form, updatedAt: new Date() })
      .where(eq(faqs.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: before.published === form.published ? "faq.update" : form.published ? "faq.publish" : "faq.unpublish",
      entityType: "faq",
      entityId: id,
      before,
      after,
    });
    return after!;
  });
}

export async function setFaqPublished(db: Database, actor: Actor, id: string, published: boolean): Promise<Faq> {
  return inTx(db, async (tx) => {
    const before = await lockFaq(tx, id);
    const [after] = await tx.update(faqs).set({ published, updatedAt: new Date() }).where(eq(faqs.id, id)).returning();
    const action = published ? "faq.publish" : "faq.unpublish";
    await recordAudit(tx, actor, { action, entityType: "faq", entityId: id, before, after });
    return after!;
  });
}

/** Swaps a question with its neighbour above or below. */
export async function moveFaq(db: Database, actor: Actor, id: string, direction: "up" | "down"): Promise<void> {
  await inTx(db, async (tx) => {
    await lockFaq(tx, id);
    const all = await tx.select().from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.createdAt)).for("update");
    const index = all.findIndex((f) => f.id === id);
    const other = all[direction === "up" ? index - 1 : index + 1];
    if (!other) return;
    // Renumber in tens so equal orders (seeded or imported) swap cleanly too.
    const order = all.map((f) => f.id);
    [order[index], order[all.indexOf(other)]] = [order[all.indexOf(other)]!, order[index]!];
    for (const [i, faqId] of order.entries())
      await tx
        .update(faqs)
        .set({ sortOrder: (i + 1) * 10 })
        .where(eq(faqs.id, faqId));
    await recordAudit(tx, actor, {
      action: `faq.move-${direction}`,
      entityType: "faq",
      entityId: id,
      before: { order: all.map((f) => f.id) },
      after: { order },
    });
  });
}

export async function deleteFaq(db: Database, actor: Actor, id: string): Promise<void> {
  await inTx(db, async (tx) => {
    const before = await lockFaq(tx, id);
    await tx.delete(faqs).where(eq(faqs.id, id));
    await recordAudit(tx, actor, { action: "faq.delete", entityType: "faq", entityId: id, before });
  });
}

/**
 * Discount codes as admins manage them: list with usage figures, create, edit, switch on and
 * off — each change audited in its own transaction. Codes used by orders are never deleted.
 */
import { and, asc, count, desc, eq, gte, ilike, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { DiscountForm, DiscountListQuery } from "~/lib/admin-discounts";
import { type Actor, recordAudit } from "../audit/audit";
import { type Database, inTransaction } from "../db/client";
import { discountRedemptions, discounts, transactions } from "../db/schema";
import { CommerceError } from "./errors";
import type { Discount } from "./pricing";
import { isUuid } from "../db/ids";

export const DISCOUNT_PAGE_SIZE = 20;

export async function listDiscountsForAdmin(db: Database, query: DiscountListQuery, now = new Date()) {
  const conditions: SQL[] = [];
  if (query.q)
    conditions.push(
      or(
        ilike(discounts.code, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        ilike(discounts.description, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
      )!,
    );
  if (query.status === "active")
    conditions.push(
      and(eq(discounts.active, true), or(sql`${discounts.validUntil} IS NULL`, gte(discounts.validUntil, now))!)!,
    );
  if (query.status === "inactive") conditions.push(eq(discounts.active, false));
  if (query.status === "expired") conditions.push(and(isNotNull(discounts.validUntil), lt(discounts.validUntil, now))!);
  const where = conditions.length ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(discounts).where(where);
  const total = totalRow?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / DISCOUNT_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const column = { created: discounts.createdAt, code: discounts.code, redemptions: discounts.redemptions }[query.sort];
  const rows = await db
    .select()
    .from(discounts)
    .where(where)
    .orderBy((query.dir === "asc" ? asc : desc)(column), asc(discounts.id))
    .limit(DISCOUNT_PAGE_SIZE)
    .offset((page - 1) * DISCOUNT_PAGE_SIZE);
  return { rows, total, page, pages };
}

export interface DiscountUsage {
  /** Orders paid with the code, and what it took off them. */
  paidOrders: number;
  discountedMinor: number;
  /** Orders waiting for payment that hold a redemption. */
  held: number;
}

export async function getDiscountForAdmin(
  db: Database,
  id: string,
): Promise<{ discount: Discount; usage: DiscountUsage } | null> {
  if (!isUuid(id)) return null;
  const [discount] = await db.select().from(discounts).where(eq(discounts.id, id));
  if (!discount) return null;
  const [paid] = await db
    .select({ n: count(), sum: sql<string>`coalesce(sum(${transactions.discountMinor}), 0)` })
    .from(transactions)
    .where(and(eq(transactions.discountId, id), eq(transactions.status, "paid")));
  const [held] = await db
    .select({ n: count() })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.discountId, id), eq(discountRedemptions.state, "held")));
  return { discount, usage: { paidOrders: paid?.n ?? 0, discountedMinor: Number(paid?.sum ?? 0), held: held?.n ?? 0 } };
}

function columnsOf(form: DiscountForm) {
  return {
    code: form.code,
    description: form.description,
    kind: form.kind,
    value: form.value,
    currency: form.currency,
    validFrom: form.validFrom,
    validUntil: form.validUntil,
    maxRedemptions: form.maxRedemptions,
    maxPerUser: form.maxPerUser,
    minOrderMinor: form.minOrder,
    productIds: form.productIds.length ? form.productIds : null,
    active: form.active,
  };
}

const CODE_TAKEN = new CommerceError("code_taken", "This code exists already.", {
  code: ["This code exists already"],
});

async function codeTaken(tx: Database, code: string, except?: string): Promise<boolean> {
  const [row] = await tx.select({ id: discounts.id }).from(discounts).where(eq(discounts.code, code));
  return Boolean(row && row.id !== except);
}

export async function createDiscount(db: Database, actor: Actor, form: DiscountForm): Promise<Discount> {
  return inTransaction(db, async (tx) => {
    if (await codeTaken(tx, form.code)) throw CODE_TAKEN;
    const [row] = await tx.insert(discounts).values(columnsOf(form)).returning();
    await recordAudit(tx, actor, { action: "discount.create", entityType: "discount", entityId: row!.id, after: row });
    return row!;
  });
}

export async function updateDiscount(db: Database, actor: Actor, id: string, form: DiscountForm): Promise<Discount> {
  if (!isUuid(id)) throw new CommerceError("not_found", "That discount does not exist.");
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(discounts).where(eq(discounts.id, id)).for("no key update");
    if (!before) throw new CommerceError("not_found", "That discount does not exist.");
    if (await codeTaken(tx, form.code, id)) throw CODE_TAKEN;
    if (form.maxRedemptions !== null && form.maxRedemptions < before.redemptions) {
      throw new CommerceError("below_use", `The code is held or used ${before.redemptions} times already.`, {
        maxRedemptions: [`At least ${before.redemptions}: it is used that often already`],
      });
    }
    const [after] = await tx
      .update(discounts)
      .set({ ...columnsOf(form), updatedAt: new Date() })
      .where(eq(discounts.id, id))
      .returning();
    await recordAudit(tx, actor, { action: "discount.update", entityType: "discount", entityId: id, before, after });
    return after!;
  });
}

export async function setDiscountActive(db: Database, actor: Actor, id: string, active: boolean): Promise<Discount> {
  if (!isUuid(id)) throw new CommerceError("not_found", "That discount does not exist.");
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(discounts).where(eq(discounts.id, id)).for("no key update");
    if (!before) throw new CommerceError("not_found", "That discount does not exist.");
    const [after] = await tx
      .update(discounts)
      .set({ active, updatedAt: new Date() })
      .where(eq(discounts.id, id))
      .returning();
    const action = active ? "discount.activate" : "discount.deactivate";
    await recordAudit(tx, actor, { action, entityType: "discount", entityId: id, before, after });
    return after!;
  });
}

/** The editor's values for a discount as it is. */
export function discountFormValues(row: Discount): Record<string, string> {
  const local = (d: Date | null) => (d ? d.toISOString().slice(0, 16) : "");
  return {
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.kind === "percent" ? String(row.value) : (row.value / 100).toFixed(2),
    currency: row.currency,
    validFrom: local(row.validFrom),
    validUntil: local(row.validUntil),
    maxRedemptions: row.maxRedemptions === null ? "" : String(row.maxRedemptions),
    maxPerUser: String(row.maxPerUser),
    minOrder: (row.minOrderMinor / 100).toFixed(2),
    productIds: (row.productIds ?? []).join(","),
    active: row.active ? "on" : "",
  };
}

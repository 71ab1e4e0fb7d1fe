/**
 * The product catalogue as admins edit it: list with search, filter, sort and pages; create,
 * edit, duplicate (a prefilled copy, saved inactive), archive and restore. Every change is
 * audited in its own transaction. Products named by past transactions are archived, never deleted.
 */
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import type { ProductForm, ProductListQuery } from "~/lib/admin-products";
import { type Actor, recordAudit } from "../audit/audit";
import { type Database, inTransaction } from "../db/client";
import { announceChange } from "../db/change-feed";
import { products } from "../db/schema";
import { logger } from "../logger";
import { makeSiteImage, type SiteImage } from "../storage/images";
import { getStorage, siteFileKey } from "../storage/storage";
import { CommerceError } from "./errors";

/** Every product by name, in shop order, for filters (the transaction history's product menu). */
export async function listProductOptions(db: Database): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .orderBy(asc(products.sortOrder), asc(products.name));
}
import type { Product } from "./products";
import { isUuid } from "../db/ids";

export const ADMIN_PAGE_SIZE = 20;

export async function listProductsForAdmin(
  db: Database,
  query: ProductListQuery,
): Promise<{ rows: Product[]; total: number; page: number; pages: number }> {
  const conditions: SQL[] = [];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(products.name, like), ilike(products.tier, like), ilike(products.description, like))!);
  }
  if (query.status === "active") conditions.push(and(eq(products.active, true), isNull(products.archivedAt))!);
  if (query.status === "inactive") conditions.push(and(eq(products.active, false), isNull(products.archivedAt))!);
  if (query.status === "archived") conditions.push(isNotNull(products.archivedAt));
  const where = conditions.length ? and(...conditions) : undefined;
  const column = {
    order: products.sortOrder,
    name: products.name,
    price: products.priceMinor,
    tokens: products.tokens,
    updated: products.updatedAt,
  }[query.sort];
  const direction = query.dir === "desc" ? desc : asc;
  const [totalRow] = await db.select({ n: count() }).from(products).where(where);
  const total = totalRow?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(direction(column), asc(products.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { rows, total, page, pages };
}

export async function getProductForAdmin(db: Database, id: string): Promise<Product | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

function columnsOf(form: ProductForm) {
  return {
    name: form.name,
    description: form.description,
    priceMinor: form.price,
    currency: form.currency,
    tokens: form.tokens,
    bonusTokens: form.bonusTokens,
    tier: form.tier,
    features: form.features,
    badge: form.badge || null,
    sortOrder: form.sortOrder,
    active: form.active,
  };
}

/** Every product change runs here: once it is committed, this process's cached shop is dropped. */
async function inProductTx<T>(db: Database, run: (tx: Database) => Promise<T>): Promise<T> {
  const result = await inTransaction(db, run);
  announceChange({ kind: "table", table: "products" });
  return result;
}

/**
 * Locks a product's row, sets what `change` works out from the row as it was (and updatedAt), and
 * returns both versions for the audit; a product that does not exist is not_found.
 */
async function changeLockedProduct(
  tx: Database,
  id: string,
  change: (before: Product) => Partial<typeof products.$inferInsert>,
): Promise<{ before: Product; after: Product }> {
  const [before] = await tx.select().from(products).where(eq(products.id, id)).for("update");
  if (!before) throw new CommerceError("not_found", "That product does not exist.");
  const [after] = await tx
    .update(products)
    .set({ ...change(before), updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return { before, after: after! };
}

export async function createProduct(
  db: Database,
  actor: Actor,
  form: ProductForm,
  options: { duplicateOf?: string } = {},
): Promise<Product> {
  return inProductTx(db, async (tx) => {
    const [row] = await tx.insert(products).values(columnsOf(form)).returning();
    await recordAudit(tx, actor, {
      action: options.duplicateOf ? "product.duplicate" : "product.create",
      entityType: "product",
      entityId: row!.id,
      before: options.duplicateOf ? { duplicateOf: options.duplicateOf } : null,
      after: row,
    });
    return row!;
  });
}

export async function updateProduct(db: Database, actor: Actor, id: string, form: ProductForm): Promise<Product> {
  return inProductTx(db, async (tx) => {
    const { before, after } = await changeLockedProduct(tx, id, () => columnsOf(form));
    await recordAudit(tx, actor, { action: "product.update", entityType: "product", entityId: id, before, after });
    return after;
  });
}

export const productImageUrl = (product: Pick<Product, "imageKey">) =>
  product.imageKey ? `/api/files/${product.imageKey}` : null;

/** Checks and converts a product picture before anything is saved (throws ImageError with words for people). */
export function prepareProductImage(bytes: Buffer): Promise<SiteImage> {
  return makeSiteImage(bytes, { width: 1200, height: 1200 });
}

/**
 * Gives a product a picture, or with null takes it away. The new file is stored first; the old
 * one is removed once the change is committed (a failed change removes the new one instead).
 */
export async function setProductImage(
  db: Database,
  actor: Actor,
  id: string,
  image: SiteImage | null,
): Promise<Product> {
  const storage = getStorage();
  const imageKey = image ? siteFileKey("products", "webp") : null;
  if (image && imageKey) await storage.put(imageKey, image.bytes, "image/webp");
  let result: { after: Product; replaced: string | null };
  try {
    result = await inProductTx(db, async (tx) => {
      const { before, after } = await changeLockedProduct(tx, id, () => ({ imageKey }));
      await recordAudit(tx, actor, {
        action: image ? "product.image" : "product.image-remove",
        entityType: "product",
        entityId: id,
        before: { imageKey: before.imageKey },
        after: { imageKey },
      });
      return { after, replaced: before.imageKey };
    });
  } catch (error) {
    if (imageKey) await storage.delete(imageKey).catch(() => false);
    throw error;
  }
  if (result.replaced)
    await storage
      .delete(result.replaced)
      .catch((err: unknown) =>
        logger.warn({ err, key: result.replaced }, "removing a replaced product picture failed"),
      );
  return result.after;
}

/** A product's picture as an upload, to give a duplicate its own copy. */
export async function readProductImage(product: Pick<Product, "imageKey">): Promise<SiteImage | null> {
  if (!product.imageKey) return null;
  const file = await getStorage().get(product.imageKey);
  if (!file) return null;
  return prepareProductImage(file.bytes);
}

/** Archived products leave the shop for good but stay for the transactions that name them. */
export async function setProductArchived(db: Database, actor: Actor, id: string, archived: boolean): Promise<Product> {
  if (!isUuid(id)) throw new CommerceError("not_found", "That product does not exist.");
  return inProductTx(db, async (tx) => {
    const { before, after } = await changeLockedProduct(tx, id, (row) => ({
      archivedAt: archived ? new Date() : null,
      active: archived ? false : row.active,
    }));
    await recordAudit(tx, actor, {
      action: archived ? "product.archive" : "product.restore",
      entityType: "product",
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** The editor's values for a product: as it is (edit), or as a copy to save as new (duplicate). */
export function productFormValues(row: Product, copy = false): Record<string, string> {
  return {
    name: copy ? `${row.name} (copy)`.slice(0, 60) : row.name,
    description: row.description,
    price: (row.priceMinor / 100).toFixed(2),
    currency: row.currency,
    tokens: String(row.tokens),
    bonusTokens: String(row.bonusTokens),
    tier: row.tier,
    features: row.features.join("\n"),
    badge: row.badge ?? "",
    sortOrder: String(row.sortOrder),
    active: copy ? "" : row.active ? "on" : "",
  };
}

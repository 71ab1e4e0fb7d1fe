/**
 * The signed-in user's cart (the spec's `selectedProducts`), kept on the server so it follows
 * them. A visitor's cart lives in local storage and is merged in at sign-in: quantities of the
 * same pack add up (to the per-pack maximum), packs no longer sold drop out.
 */
import { eq } from "drizzle-orm";
import { CART_LINES_MAX, cartItems, QUANTITY_MAX, type CartItem } from "~/lib/commerce";
import type { Database } from "../db/client";
import { carts } from "../db/schema";
import { findProducts, isOnSale } from "./products";

/** Keeps the packs still on sale, in order, within the cart's limits. */
async function onSaleOnly(db: Database, items: CartItem[]): Promise<CartItem[]> {
  const found = await findProducts(
    db,
    items.map((i) => i.productId),
  );
  return items.filter((i) => {
    const product = found.get(i.productId);
    return product !== undefined && isOnSale(product);
  });
}

export async function getCart(db: Database, userId: string): Promise<CartItem[]> {
  const [row] = await db.select({ items: carts.items }).from(carts).where(eq(carts.userId, userId));
  const parsed = cartItems.safeParse(row?.items ?? []);
  return parsed.success ? onSaleOnly(db, parsed.data) : [];
}

export async function saveCart(db: Database, userId: string, items: CartItem[]): Promise<CartItem[]> {
  const kept = await onSaleOnly(db, cartItems.parse(items));
  await db
    .insert(carts)
    .values({ userId, items: kept, updatedAt: new Date() })
    .onConflictDoUpdate({ target: carts.userId, set: { items: kept, updatedAt: new Date() } });
  return kept;
}

/** Adds a visitor's cart to the account's; returns the merged cart. */
export async function mergeCart(db: Database, userId: string, visitorItems: CartItem[]): Promise<CartItem[]> {
  const current = await getCart(db, userId);
  // Quantities of the same pack add up; beyond the cart's size, the account's packs come first.
  const merged = new Map<string, number>();
  for (const item of [...current, ...visitorItems])
    merged.set(item.productId, Math.min(QUANTITY_MAX, (merged.get(item.productId) ?? 0) + item.quantity));
  const items = [...merged].slice(0, CART_LINES_MAX).map(([productId, quantity]) => ({ productId, quantity }));
  return saveCart(db, userId, items);
}

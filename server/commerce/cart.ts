/**
 * The signed-in user's cart (the spec's `selectedProducts`), kept on the server so it follows
 * them. A visitor's cart lives in local storage and is merged in at sign-in: quantities of the
 * same pack add up (to the per-pack maximum), packs no longer sold drop out.
 */
import { eq } from "drizzle-orm";
import { cartItems, type CartItem } from "~/lib/commerce";
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
  const merged = cartItems.safeParse([...current, ...visitorItems]);
  // More different packs than a cart holds: keep the account's first, then the visitor's that fit.
  const items = merged.success ? merged.data : cartItems.parse([...current, ...visitorItems].slice(0, 10));
  return saveCart(db, userId, items);
}

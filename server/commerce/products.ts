/**
 * Token products: packs grouped in tiers, sold while active. The shop reads them here; the admin
 * back office edits them. Demo packs and questions are seeded on first start.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { cachedRead } from "../db/runtime-snapshot";
import { faqs, products } from "../db/schema";

export type Product = typeof products.$inferSelect;

export interface ShopProduct {
  id: string;
  name: string;
  description: string;
  imageUrl: string | null;
  priceMinor: number;
  currency: string;
  tokens: number;
  bonusTokens: number;
  tier: string;
  features: string[];
  badge: string | null;
}

export function toShopProduct(row: Product): ShopProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.imageKey ? `/api/files/${row.imageKey}` : null,
    priceMinor: row.priceMinor,
    currency: row.currency,
    tokens: row.tokens,
    bonusTokens: row.bonusTokens,
    tier: row.tier,
    features: row.features,
    badge: row.badge,
  };
}

/** Every product on sale, in the shop's order. */
/** The products on sale, read after each change. */
export const listShopProducts = cachedRead(["products"], async (db): Promise<ShopProduct[]> => {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.active, true), isNull(products.archivedAt)))
    .orderBy(asc(products.sortOrder), asc(products.priceMinor));
  return rows.map(toShopProduct);
});

/** Products by id, on sale or not (the caller decides what an inactive one means). */
export async function findProducts(db: Database, ids: string[]): Promise<Map<string, Product>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export function isOnSale(product: Product): boolean {
  return product.active && product.archivedAt === null;
}

export const DEMO_PRODUCTS = [
  {
    name: "Starter",
    description: "Enough to try every way of creating.",
    priceMinor: 499,
    tokens: 500,
    bonusTokens: 0,
    tier: "starter",
    features: ["Every style and mode", "Tokens never expire"],
    badge: null,
    sortOrder: 10,
  },
  {
    name: "Creator",
    description: "For a few new pieces every week.",
    priceMinor: 999,
    tokens: 1200,
    bonusTokens: 100,
    tier: "creator",
    features: ["100 bonus tokens", "Every style and mode", "Tokens never expire"],
    badge: "Most popular",
    sortOrder: 20,
  },
  {
    name: "Studio",
    description: "For series, experiments and remixes.",
    priceMinor: 2199,
    tokens: 3000,
    bonusTokens: 400,
    tier: "studio",
    features: ["400 bonus tokens", "Large 1024-px images", "Tokens never expire"],
    badge: null,
    sortOrder: 30,
  },
  {
    name: "Atelier",
    description: "For people who make art most days.",
    priceMinor: 4999,
    tokens: 7500,
    bonusTokens: 1500,
    tier: "atelier",
    features: ["1,500 bonus tokens", "Large 1024-px images", "Tokens never expire"],
    badge: "Best value",
    sortOrder: 40,
  },
] as const;

export const DEMO_FAQS = [
  {
    question: "What is a token?",
    answer:
      "Tokens pay for generations. A text-to-art image costs a few tokens, larger images and more images per run cost more; the exact cost shows before you press Generate.",
  },
  { question: "Do tokens expire?", answer: "No. Tokens you buy stay on your account until you use them." },
  {
    question: "What happens if a generation fails?",
    answer: "Its tokens come back to your balance automatically, and you get a notification saying what went wrong.",
  },
  {
    question: "Can I get a refund?",
    answer:
      "Write to us within 14 days of a purchase. We refund the payment and take back the tokens you have not used yet; tokens already spent cannot be taken back, and the refund says so.",
  },
  {
    question: "How do discount codes work?",
    answer:
      "Enter the code in your cart. The discount is applied on our server before you pay, and the order summary shows exactly what you save.",
  },
] as const;

/** Demo packs written before 2026-11-26 promised a number of pictures from the prices of then. */
const OLD_PICTURE_COUNT = /^About [\d,]+ text-to-art images$/;

/** Writes the demo packs and questions when the shop has none yet (first start). */
export async function seedDemoShop(db: Database): Promise<void> {
  const [anyProduct] = await db.select({ id: products.id }).from(products).limit(1);
  if (!anyProduct)
    await db.insert(products).values(DEMO_PRODUCTS.map((p) => ({ ...p, features: [...p.features], currency: "USD" })));
  // The pricing page now works the count out from today's prices: the stale line goes.
  for (const row of await db.select({ id: products.id, features: products.features }).from(products)) {
    if (row.features.some((f) => OLD_PICTURE_COUNT.test(f))) {
      await db
        .update(products)
        .set({ features: row.features.filter((f) => !OLD_PICTURE_COUNT.test(f)) })
        .where(eq(products.id, row.id));
    }
  }
  const [anyFaq] = await db.select({ id: faqs.id }).from(faqs).limit(1);
  if (!anyFaq) await db.insert(faqs).values(DEMO_FAQS.map((f, i) => ({ ...f, sortOrder: (i + 1) * 10 })));
}

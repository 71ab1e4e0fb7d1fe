/**
 * Pricing an order on the server, from the product table: lines, subtotal, the discount a code
 * gives, total and tokens. Nothing a browser sends is trusted but product ids, quantities and
 * the code's text. All arithmetic is in integer minor units.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { formatMoney } from "~/lib/format";
import type { CartItem } from "~/lib/commerce";
import type { Database } from "../db/client";
import { discountRedemptions, discounts } from "../db/schema";
import { CommerceError } from "./errors";
import { findProducts, isOnSale, type Product } from "./products";

export type Discount = typeof discounts.$inferSelect;

export interface QuoteLine {
  productId: string;
  name: string;
  tier: string;
  description: string;
  unitPriceMinor: number;
  quantity: number;
  /** Tokens per unit, bonus included. */
  unitTokens: number;
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
}

export interface Quote {
  currency: string;
  lines: QuoteLine[];
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
  tokens: number;
  /** The code that applied, with a label for the summary. */
  discount: { id: string; code: string; label: string } | null;
  /** Why the code entered does not apply, in the buyer's words; null when it applies or none was entered. */
  codeError: string | null;
}

/** The products of a cart, each on sale; unknown or withdrawn packs are refused by name. */
async function loadCartProducts(db: Database, items: CartItem[]): Promise<Product[]> {
  const found = await findProducts(
    db,
    items.map((i) => i.productId),
  );
  return items.map((item, index) => {
    const product = found.get(item.productId);
    if (!product)
      throw new CommerceError("unknown_product", "A pack in your cart no longer exists. Remove it and try again.", {
        [`items.${index}.productId`]: ["This pack does not exist"],
      });
    if (!isOnSale(product)) {
      throw new CommerceError(
        "product_unavailable",
        `The ${product.name} pack is no longer sold. Remove it from your cart to continue.`,
        {
          [`items.${index}.productId`]: ["No longer sold"],
        },
      );
    }
    return product;
  });
}

export function discountLabel(discount: Pick<Discount, "code" | "kind" | "value" | "currency">): string {
  return discount.kind === "percent"
    ? `${discount.code} · ${discount.value}% off`
    : `${discount.code} · ${formatMoney(discount.value, discount.currency)} off`;
}

/**
 * Why a discount cannot apply to this order (ignoring per-user and total limits, which need the
 * lock taken at checkout), or null when it can.
 */
export function discountRefusal(
  discount: Discount | undefined,
  order: { currency: string; lines: { productId: string; subtotalMinor: number }[] },
  now: Date,
): string | null {
  if (!discount?.active) return "We don't know this code. Check the spelling.";
  if (discount.validFrom && now < discount.validFrom) return "This code is not valid yet.";
  if (discount.validUntil && now >= discount.validUntil) return "This code has expired.";
  if (discount.maxRedemptions !== null && discount.redemptions >= discount.maxRedemptions)
    return "This code has been used up.";
  if (discount.kind === "fixed" && discount.currency !== order.currency)
    return `This code is for orders in ${discount.currency}.`;
  const subtotal = order.lines.reduce((sum, l) => sum + l.subtotalMinor, 0);
  if (subtotal < discount.minOrderMinor)
    return `This code needs an order of at least ${formatMoney(discount.minOrderMinor, order.currency)}.`;
  const eligible = eligibleLines(discount, order.lines);
  if (eligible.length === 0) return "This code does not apply to the packs in your cart.";
  return null;
}

function eligibleLines<L extends { productId: string }>(discount: Discount, lines: L[]): L[] {
  const only = discount.productIds;
  return only && only.length > 0 ? lines.filter((l) => only.includes(l.productId)) : lines;
}

/**
 * Splits a discount over the eligible lines in proportion to their amounts, whole minor units
 * only: largest remainders get the leftover units, so the parts add up exactly.
 */
export function spreadDiscount(total: number, amounts: number[]): number[] {
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return amounts.map(() => 0);
  const exact = amounts.map((a) => (total * a) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((v, i) => ({ i, r: v - Math.floor(v) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/** The discount's amount on these lines: a percent rounds down, a fixed amount never exceeds what it covers. */
export function discountAmount(discount: Discount, lines: { productId: string; subtotalMinor: number }[]): number {
  const eligibleTotal = eligibleLines(discount, lines).reduce((sum, l) => sum + l.subtotalMinor, 0);
  const amount =
    discount.kind === "percent" ? Math.floor((eligibleTotal * Math.min(100, discount.value)) / 100) : discount.value;
  return Math.max(0, Math.min(eligibleTotal, amount));
}

export async function findDiscountByCode(db: Database, code: string): Promise<Discount | undefined> {
  if (!code) return undefined;
  const [row] = await db.select().from(discounts).where(eq(discounts.code, code.toUpperCase()));
  return row;
}

/** How many of this user's orders hold or used the discount. */
export async function countUserRedemptions(db: Database, discountId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.discountId, discountId),
        eq(discountRedemptions.userId, userId),
        inArray(discountRedemptions.state, ["held", "used"]),
      ),
    );
  return row?.n ?? 0;
}

export const USED_CODE_MESSAGE = "You have already used this code.";

/**
 * Prices a cart. A code that does not apply leaves the order at full price and says why in
 * `codeError`; the checkout refuses such an order instead (a buyer must see the price they pay).
 */
export async function priceOrder(
  db: Database,
  input: { items: CartItem[]; code?: string },
  options: { userId?: string | null; now?: Date; discount?: Discount } = {},
): Promise<Quote> {
  const now = options.now ?? new Date();
  const cartProducts = await loadCartProducts(db, input.items);
  const currencies = new Set(cartProducts.map((p) => p.currency));
  if (currencies.size > 1)
    throw new CommerceError("mixed_currencies", "Packs priced in different currencies cannot be bought together.");
  const currency = cartProducts[0]?.currency ?? "USD";
  const lines: QuoteLine[] = cartProducts.map((product, i) => {
    const quantity = input.items[i]!.quantity;
    const subtotalMinor = product.priceMinor * quantity;
    return {
      productId: product.id,
      name: product.name,
      tier: product.tier,
      description: product.description,
      unitPriceMinor: product.priceMinor,
      quantity,
      unitTokens: product.tokens + product.bonusTokens,
      subtotalMinor,
      discountMinor: 0,
      totalMinor: subtotalMinor,
    };
  });
  const subtotalMinor = lines.reduce((sum, l) => sum + l.subtotalMinor, 0);
  const tokens = lines.reduce((sum, l) => sum + l.unitTokens * l.quantity, 0);
  const quote: Quote = {
    currency,
    lines,
    subtotalMinor,
    discountMinor: 0,
    totalMinor: subtotalMinor,
    tokens,
    discount: null,
    codeError: null,
  };

  const code = input.code?.trim().toUpperCase() ?? "";
  if (!code || lines.length === 0) return quote;
  const discount = options.discount ?? (await findDiscountByCode(db, code));
  // The buyer's own use comes first: "you have used it" says more than "it is used up".
  const usedByBuyer =
    discount?.active &&
    options.userId &&
    (await countUserRedemptions(db, discount.id, options.userId)) >= discount.maxPerUser;
  const refusal = usedByBuyer ? USED_CODE_MESSAGE : discountRefusal(discount, { currency, lines }, now);
  if (refusal) return { ...quote, codeError: refusal };

  const amount = discountAmount(discount!, lines);
  const eligible = new Set(eligibleLines(discount!, lines).map((l) => l.productId));
  const eligibleIndexes = lines.map((l, i) => (eligible.has(l.productId) ? i : -1)).filter((i) => i >= 0);
  const parts = spreadDiscount(
    amount,
    eligibleIndexes.map((i) => lines[i]!.subtotalMinor),
  );
  eligibleIndexes.forEach((lineIndex, k) => {
    const line = lines[lineIndex]!;
    line.discountMinor = parts[k]!;
    line.totalMinor = line.subtotalMinor - line.discountMinor;
  });
  return {
    ...quote,
    lines,
    discountMinor: amount,
    totalMinor: subtotalMinor - amount,
    discount: { id: discount!.id, code: discount!.code, label: discountLabel(discount!) },
  };
}

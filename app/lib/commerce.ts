/**
 * The shop's shared rules: what a cart holds, what checkout and code entry take. Shared by the
 * browser (instant feedback) and the server, which prices everything itself from the product
 * table — a price or token count sent by a browser is never read. The plain constants and the
 * zod-free code check live in commerce-constants.ts and are re-exported here.
 */
import { z } from "zod";
import { CART_LINES_MAX, CODE_MAX, CODE_MESSAGES, CODE_PATTERN, QUANTITY_MAX } from "./commerce-constants";

export * from "./commerce-constants";

export const cartItem = z.object({
  productId: z.uuid({ error: "That pack does not exist" }),
  quantity: z.coerce
    .number({ error: "Enter a quantity" })
    .int("Enter a whole number")
    .min(1, "Buy at least one")
    .max(QUANTITY_MAX, `You can buy at most ${QUANTITY_MAX} of one pack at a time`),
});
export type CartItem = z.output<typeof cartItem>;

/** A cart: one line per product (repeated products are added together, up to the maximum). */
export const cartItems = z
  .array(cartItem)
  .max(CART_LINES_MAX * 5, "That cart has too many lines")
  .transform((items) => {
    const merged = new Map<string, number>();
    for (const item of items)
      merged.set(item.productId, Math.min(QUANTITY_MAX, (merged.get(item.productId) ?? 0) + item.quantity));
    return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
  })
  // Counted after repeats of a pack are added together.
  .refine((items) => items.length <= CART_LINES_MAX, `A cart holds at most ${CART_LINES_MAX} different packs`);

export const discountCodeField = z
  .string()
  .trim()
  .max(CODE_MAX, CODE_MESSAGES.tooLong)
  .transform((v) => v.toUpperCase())
  .refine((v) => v === "" || CODE_PATTERN.test(v), CODE_MESSAGES.characters);

/** POST /api/cart/quote and the checkout start: the cart and an optional discount code. */
export const quoteInput = z.object({
  items: cartItems,
  code: discountCodeField.optional().default(""),
});

export const checkoutInput = quoteInput.refine((v) => v.items.length > 0, {
  message: "Your cart is empty",
  path: ["items"],
});

export const redeemInput = z.object({
  code: discountCodeField.refine((v) => v.length > 0, CODE_MESSAGES.missing),
});

export const preRegistrationInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid email address")),
  consent: z
    .union([z.literal("on"), z.literal("true"), z.literal(true)], {
      error: "Tick the box to agree to hear from us at launch",
    })
    .transform(() => true),
});

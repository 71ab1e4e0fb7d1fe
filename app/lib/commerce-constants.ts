/**
 * The shop's plain rules, without zod: limits, the sandbox's test cards, status labels, the
 * cart's storage key and the code check the redeem card runs in the browser. The pricing page
 * imports this module, so the validation library stays out of its bundle; commerce.ts
 * re-exports all of it next to the schemas (which use the same pattern and messages).
 */

export const CART_LINES_MAX = 10;
export const QUANTITY_MAX = 20;
export const CODE_MAX = 40;

/** A discount or redeem code once trimmed and upper-cased. */
export const CODE_PATTERN = /^[A-Z0-9_-]+$/;
export const CODE_MESSAGES = {
  tooLong: `Codes are at most ${CODE_MAX} characters`,
  characters: "Codes are letters, digits, dashes and underscores",
  missing: "Enter a code",
} as const;

/**
 * A redeem code as the server reads it (commerce.ts `redeemInput`): trimmed, at most CODE_MAX
 * characters, upper-cased, letters, digits, dashes and underscores. The first problem's message
 * otherwise, in the schema's order.
 */
export function checkRedeemCode(value: string): { code: string } | { error: string } {
  const trimmed = value.trim();
  if (trimmed.length > CODE_MAX) return { error: CODE_MESSAGES.tooLong };
  const code = trimmed.toUpperCase();
  if (code === "") return { error: CODE_MESSAGES.missing };
  if (!CODE_PATTERN.test(code)) return { error: CODE_MESSAGES.characters };
  return { code };
}

/** The sandbox's test cards, documented on its checkout page (like a real provider's test mode). */
export const SANDBOX_TEST_CARDS = [
  { number: "4242 4242 4242 4242", outcome: "succeeds" },
  { number: "4000 0025 0000 3155", outcome: "asks you to confirm the payment first" },
  { number: "4000 0000 0000 0002", outcome: "is declined" },
  { number: "4000 0000 0000 9995", outcome: "is declined for insufficient funds" },
  { number: "4000 0000 0000 0341", outcome: "pays now; a membership's renewals are declined" },
] as const;

export const TRANSACTION_STATUS_LABELS = {
  pending: "Waiting for payment",
  paid: "Paid",
  failed: "Failed",
  canceled: "Canceled",
  refunded: "Refunded",
} as const;

/** The cart in the visitor's browser: the spec's `selectedProducts` local-storage key. */
export const CART_STORAGE_KEY = "selectedProducts";

import type { Quote } from "@server/commerce/pricing";
import { formatCount } from "~/lib/format";
import type { OrderSummaryProps } from "~/components/product/product-layout";

/** The order summary's figures from the server's quote (nothing is priced in the browser). */
export function quoteSummary(
  quote: Quote | null,
): Pick<OrderSummaryProps, "currency" | "lineItems" | "discount" | "tokens"> {
  return {
    currency: quote?.currency ?? "USD",
    lineItems: (quote?.lines ?? []).map((l) => ({
      id: l.productId,
      label: `${l.name} pack`,
      detail: `${formatCount(l.unitTokens * l.quantity)} tokens`,
      unitAmountMinor: l.unitPriceMinor,
      quantity: l.quantity,
    })),
    discount: quote?.discount ? { label: quote.discount.label, amountMinor: quote.discountMinor } : null,
    tokens: quote?.tokens ?? 0,
  };
}

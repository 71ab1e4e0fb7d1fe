import { getUser } from "@server/auth/guards";
import { priceOrder } from "@server/commerce/pricing";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { quoteInput } from "~/lib/commerce";
import type { Route } from "./+types/cart-quote";

/**
 * POST /api/cart/quote { items, code }: the order priced on the server — lines, subtotal,
 * discount, total, tokens — and, when the code does not apply, why (`codeError`). For visitors
 * too; a signed-in buyer's own past use of a code is checked as well.
 */
export async function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const input = parseWith(quoteInput, (await readJson(request)).value);
    const viewer = await getUser(request).catch(() => null);
    return json({ quote: await priceOrder(getDb(), input, { userId: viewer?.userUid ?? null }) });
  });
}

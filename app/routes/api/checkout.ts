import { requireUserWithinLimit } from "@server/auth/api-limits";
import { startCheckout } from "@server/commerce/transactions";
import { getConfig } from "@server/config";
import { loadSiteSettings } from "@server/content/site-settings";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod, withIdempotency } from "@server/http/api";
import { requestInfoContext } from "@server/http/request-context";
import { returnOriginOf } from "@server/navigation/domain-check";
import { checkoutInput } from "~/lib/commerce";
import type { Route } from "./+types/checkout";

/**
 * POST /api/checkout { items, code } → 201 { transactionId, redirectTo }: prices the cart on the
 * server, opens a pending transaction and the provider's payment page. Send an Idempotency-Key
 * so a retried click opens one checkout.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(
    async () => {
      requireMethod(request, "POST");
      const db = getDb();
      const user = await requireUserWithinLimit(db, request, "checkout");
      const { value, text } = await readJson(request);
      const input = parseWith(checkoutInput, value);
      return withIdempotency(db, request, `checkout:${user.userUid}`, text, async () => {
        const { allowedDomains } = await loadSiteSettings(db, getConfig());
        const baseUrl = returnOriginOf(request, allowedDomains, getConfig().publicUrl);
        const start = await startCheckout(db, { userId: user.userUid, email: user.email }, input, { baseUrl });
        return json(start, { status: 201 });
      });
    },
    (error) => context.get(requestInfoContext).log.error({ err: error }, "starting a checkout failed"),
  );
}

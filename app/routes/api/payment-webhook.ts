import { handlePaymentWebhook } from "@server/commerce/webhooks";
import { getDb } from "@server/db/client";
import { handleApi, json, readBodyText, requireMethod } from "@server/http/api";
import { requestInfoContext } from "@server/http/request-context";
import type { Route } from "./+types/payment-webhook";

/**
 * POST /api/payments/webhooks/{sandbox|stripe}: a payment provider's event. The raw body is read
 * as sent (the signature covers its exact bytes); 400 for a bad signature, 404 for an unknown
 * checkout, 200 once received — duplicates included, which change nothing.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(
    async () => {
      requireMethod(request, "POST");
      const body = await readBodyText(request, 256 * 1024);
      return json(await handlePaymentWebhook(getDb(), params.provider, body, request.headers));
    },
    (error) =>
      context.get(requestInfoContext).log.error({ err: error, provider: params.provider }, "a payment webhook failed"),
  );
}

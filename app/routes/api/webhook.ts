import { requireUserWithinLimit } from "@server/auth/api-limits";
import { requireUserForApi } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { getWebhookSettings, removeWebhook, setWebhook } from "@server/webhooks/webhooks";
import { webhookInput } from "~/lib/webhooks";
import type { Route } from "./+types/webhook";

/** GET /api/webhook → { webhook, deliveries }: the signed-in person's webhook (never its secret) and its latest deliveries. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireUserForApi(request);
    return json(await getWebhookSettings(getDb(), user.userUid));
  });
}

/** PUT /api/webhook (JSON { url }) → { secret, webhook }: a new address and secret, the secret shown this once; DELETE removes it. */
export async function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT", "DELETE");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "access-tokens:change");
    if (request.method === "DELETE") {
      await removeWebhook(db, user.userUid);
      return json({ ok: true });
    }
    const input = parseWith(webhookInput, (await readJson(request)).value);
    return json(await setWebhook(db, user.userUid, input));
  });
}

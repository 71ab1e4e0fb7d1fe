import { requireUserForApi } from "@server/auth/guards";
import { getUserTransaction, settleTransaction } from "@server/commerce/transactions";
import { getDb } from "@server/db/client";
import { ApiError, handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/transaction";

const lastAsked = new Map<string, number>();
function shouldAskProvider(id: string, now = Date.now()): boolean {
  if (now - (lastAsked.get(id) ?? 0) < 4000) return false;
  lastAsked.set(id, now);
  if (lastAsked.size > 10_000) for (const [key, at] of lastAsked) if (now - at > 60_000) lastAsked.delete(key);
  return true;
}

/**
 * GET /api/transactions/{id}: one of the user's own purchases with the balance now. A pending one
 * is first settled from the provider's answer, so the buyer who returns from the payment page
 * sees the result without waiting for the webhook.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireUserForApi(request);
    const db = getDb();
    let view = await getUserTransaction(db, user.userUid, params.id);
    if (!view) throw new ApiError("not_found", "That purchase does not exist.");
    // A result page polls while it waits: ask the provider at most every few seconds per purchase.
    if (view.status === "pending" && shouldAskProvider(view.id)) {
      await settleTransaction(db, view.id, "return");
      view = await getUserTransaction(db, user.userUid, params.id);
    }
    return json({ transaction: view });
  });
}

import { requireUserForApi } from "@server/auth/guards";
import { cancelTransaction, getUserTransaction } from "@server/commerce/transactions";
import { getDb } from "@server/db/client";
import { ApiError, handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/transaction-cancel";

/** POST /api/transactions/{id}/cancel: gives up a pending payment (the provider's page can no longer take it). */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const user = await requireUserForApi(request);
    const db = getDb();
    if (!(await cancelTransaction(db, user.userUid, params.id)))
      throw new ApiError("not_found", "That purchase does not exist.");
    return json({ transaction: await getUserTransaction(db, user.userUid, params.id) });
  });
}

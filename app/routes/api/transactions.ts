import { requireUserForApi } from "@server/auth/guards";
import { listUserTransactions } from "@server/commerce/transactions";
import { getDb } from "@server/db/client";
import { handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/transactions";

/** GET /api/transactions: the signed-in user's purchases, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireUserForApi(request);
    return json({ transactions: await listUserTransactions(getDb(), user.userUid) });
  });
}

import { requireUserForApi } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { getTokenBalance } from "@server/generation/ledger";
import { handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/tokens";

/** GET /api/tokens: the signed-in user's token balance. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireUserForApi(request);
    return json({ balance: await getTokenBalance(getDb(), user.userUid) });
  });
}

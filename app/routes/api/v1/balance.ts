import { handleOperation, refuseMethod } from "@server/api-v1/handle";
import { getTokenBalance } from "@server/generation/ledger";
import type { Route } from "./+types/balance";

/** GET /api/v1/balance: the token holder's tokens (getBalance). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleOperation("getBalance", request, params, async ({ db, holder }) => ({
    balance: await getTokenBalance(db, holder.userId),
  }));
}

export function action({ request }: Route.ActionArgs) {
  return refuseMethod(request, "/api/v1/balance");
}

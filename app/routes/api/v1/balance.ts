import { handleOperation, refuseMethod } from "@server/api-v1/handle";
import { getTokenAccount } from "@server/generation/ledger";
import type { Route } from "./+types/balance";

/** GET /api/v1/balance: the token holder's tokens, and the part that is a membership's allowance (getBalance). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleOperation("getBalance", request, params, async ({ db, holder }) => {
    const account = await getTokenAccount(db, holder.userId);
    return {
      balance: account.balance,
      allowance: account.allowance,
      allowanceEndsAt: account.allowance > 0 ? (account.allowanceExpiresAt?.toISOString() ?? null) : null,
    };
  });
}

export function action({ request }: Route.ActionArgs) {
  return refuseMethod(request, "/api/v1/balance");
}

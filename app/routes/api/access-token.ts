import { requireUserWithinLimit } from "@server/auth/api-limits";
import { revokeApiToken } from "@server/api-tokens/tokens";
import { getDb } from "@server/db/client";
import { isUuid } from "@server/db/ids";
import { ApiError, handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/access-token";

/** DELETE /api/access-tokens/{id} → { token }: revokes the signed-in person's token at once. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "DELETE");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "access-tokens:change");
    if (!isUuid(params.id)) throw new ApiError("not_found", "That token does not exist, or is not yours.");
    return json({ token: await revokeApiToken(db, user.userUid, params.id) });
  });
}

export const loader = ({ request }: Route.LoaderArgs) =>
  handleApi(async () => {
    requireMethod(request, "DELETE");
    return json({});
  });

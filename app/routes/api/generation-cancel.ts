import { requireUserForApi } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { cancelGeneration, currentBalance, findOwnGeneration, getGenerationView } from "@server/generation/generations";
import { ApiError, handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/generation-cancel";

/** POST /api/generations/{id}/cancel: stops queued or running work and refunds its tokens. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const user = await requireUserForApi(request);
    const db = getDb();
    const existing = await findOwnGeneration(db, user.userUid, params.id);
    if (!existing) throw new ApiError("not_found", "That picture does not exist.");
    const canceled = await cancelGeneration(db, user.userUid, params.id);
    if (!canceled) throw new ApiError("already_finished", "That picture is already finished.");
    return json({
      generation: await getGenerationView(db, user.userUid, params.id),
      balance: await currentBalance(db, user.userUid),
    });
  });
}

export const loader = ({ request }: Route.LoaderArgs) =>
  handleApi(async () => {
    requireMethod(request, "POST");
    return json({});
  });

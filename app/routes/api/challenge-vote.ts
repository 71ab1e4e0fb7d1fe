import { requireUserWithinLimit } from "@server/auth/api-limits";
import { setVote } from "@server/community/challenges";
import { getDb } from "@server/db/client";
import { handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/challenge-vote";

/** PUT /api/challenge-entries/{id}/vote → VoteState; DELETE takes the vote back. While voting is open. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT", "DELETE");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "challenges:vote");
    return json(await setVote(db, user.userUid, params.id, request.method === "PUT"));
  });
}

import { requireUserWithinLimit } from "@server/auth/api-limits";
import { requireCreator } from "@server/community/creators";
import { followCreator, unfollowCreator } from "@server/community/follows";
import { getDb } from "@server/db/client";
import { handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/creator-follow";

/** PUT /api/creators/{handle}/follow → FollowState; DELETE unfollows. Saying either twice changes nothing. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT", "DELETE");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "creators:follow");
    const creator = await requireCreator(db, params.handle);
    return json(
      request.method === "PUT"
        ? await followCreator(db, user.userUid, creator.id)
        : await unfollowCreator(db, user.userUid, creator.id),
    );
  });
}

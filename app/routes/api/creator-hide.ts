import { requireUserWithinLimit } from "@server/auth/api-limits";
import { requireCreator } from "@server/community/creators";
import { hideCreator, unhideCreator } from "@server/community/follows";
import { getDb } from "@server/db/client";
import { handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/creator-hide";

/** PUT /api/creators/{handle}/hide → { hidden: true } (the follows between you end); DELETE shows them again. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT", "DELETE");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "creators:hide");
    const creator = await requireCreator(db, params.handle);
    if (request.method === "PUT") await hideCreator(db, user.userUid, creator.id);
    else await unhideCreator(db, user.userUid, creator.id);
    return json({ hidden: request.method === "PUT" });
  });
}

import { getCreatorProfile, requireCreator } from "@server/community/creators";
import { getDb } from "@server/db/client";
import { handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/creator";

/** GET /api/creators/{handle} → { creator: CreatorProfile } (an old handle answers its new owner). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const db = getDb();
    return json({ creator: await getCreatorProfile(db, await requireCreator(db, params.handle)) });
  });
}

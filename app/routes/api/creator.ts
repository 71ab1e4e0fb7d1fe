import { getUser } from "@server/auth/guards";
import { getCreatorProfile, requireCreator } from "@server/community/creators";
import { browsingLevelFor } from "@server/safety/browsing-level";
import { getDb } from "@server/db/client";
import { handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/creator";

/** GET /api/creators/{handle} → { creator: CreatorProfile } (an old handle answers its new owner). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const db = getDb();
    const level = browsingLevelFor(await getUser(request).catch(() => null));
    return json({ creator: await getCreatorProfile(db, await requireCreator(db, params.handle), level) });
  });
}

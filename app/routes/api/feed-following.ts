import { requireUserForApi } from "@server/auth/guards";
import { listFollowingFeed } from "@server/community/follows";
import { browsingLevelFor } from "@server/safety/browsing-level";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, requireMethod } from "@server/http/api";
import { listQuery } from "~/lib/community";
import type { Route } from "./+types/feed-following";

/** GET /api/feed/following?cursor=&limit= → ArtworkPage: works of the people you follow, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireUserForApi(request);
    const query = parseWith(listQuery, Object.fromEntries(new URL(request.url).searchParams));
    return json(await listFollowingFeed(getDb(), user.userUid, query, browsingLevelFor(user)), {
      headers: { "Cache-Control": "private, no-store" },
    });
  });
}

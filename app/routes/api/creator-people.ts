import { requireCreator } from "@server/community/creators";
import { listPeople } from "@server/community/follows";
import { getDb } from "@server/db/client";
import { ApiError, handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/creator-people";

/**
 * GET /api/creators/{handle}/followers?cursor= and /following?cursor= → PeoplePage, most recent
 * first. One module for both; any other last segment is no such address.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const db = getDb();
    const direction = params.people;
    if (direction !== "followers" && direction !== "following")
      throw new ApiError("not_found", `No API at ${new URL(request.url).pathname}`);
    const creator = await requireCreator(db, params.handle);
    return json(await listPeople(db, creator.id, direction, new URL(request.url).searchParams.get("cursor")));
  });
}

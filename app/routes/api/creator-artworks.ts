import { getUser } from "@server/auth/guards";
import { listCreatorArtworks, requireCreator } from "@server/community/creators";
import { browsingLevelFor } from "@server/safety/browsing-level";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, requireMethod } from "@server/http/api";
import { listQuery } from "~/lib/community";
import type { Route } from "./+types/creator-artworks";

/** GET /api/creators/{handle}/artworks?cursor=&limit= → ArtworkPage: their public works, newest first. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const db = getDb();
    const query = parseWith(listQuery, Object.fromEntries(new URL(request.url).searchParams));
    const creator = await requireCreator(db, params.handle);
    const level = browsingLevelFor(await getUser(request).catch(() => null));
    return json(await listCreatorArtworks(db, creator.id, query, level));
  });
}

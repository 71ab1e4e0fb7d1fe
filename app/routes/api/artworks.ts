import { requireUserWithinLimit } from "@server/auth/api-limits";
import { getUser } from "@server/auth/guards";
import { browsingLevelFor } from "@server/safety/browsing-level";
import { listArtworksCached } from "@server/community/artworks";
import { publishArtwork } from "@server/community/publishing";
import { LIST_CACHE_TTL_MS } from "@server/community/list-cache";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { requestInfoContext } from "@server/http/request-context";
import { listQuery, publishInput } from "~/lib/community";
import type { Route } from "./+types/artworks";

/** GET /api/artworks?q=&sort=&mode=&style=&christmas=&cursor=&limit=: public artworks (ArtworkPage). */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const query = parseWith(listQuery, Object.fromEntries(new URL(request.url).searchParams));
    const level = browsingLevelFor(await getUser(request).catch(() => null));
    // Mature works only for people who opted in (issue 40): their answer is theirs alone.
    if (level === "mature")
      return json(await listArtworksCached(getDb(), query, level), {
        headers: { "Cache-Control": "private, no-cache" },
      });
    // The same for everyone at the general level: shared caches (ours included, server/http/response-cache.ts)
    // may keep it briefly — for requests without cookies only, so a kept answer never reaches someone who opted in.
    return json(await listArtworksCached(getDb(), query, level), {
      headers: { "Cache-Control": `public, max-age=0, s-maxage=${LIST_CACHE_TTL_MS / 1000}`, Vary: "Cookie" },
    });
  });
}

/** POST /api/artworks (JSON publishInput): publishes one image of the user's finished generation → 201 { artwork }. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(
    async () => {
      requireMethod(request, "POST");
      const db = getDb();
      const user = await requireUserWithinLimit(db, request, "artworks:publish");
      const input = parseWith(publishInput, (await readJson(request)).value);
      return json({ artwork: await publishArtwork(db, user.userUid, input) }, { status: 201 });
    },
    (error) => context.get(requestInfoContext).log.error({ err: error }, "publishing an artwork failed"),
  );
}

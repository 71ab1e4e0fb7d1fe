import { requireUserWithinLimit } from "@server/auth/api-limits";
import { requireUserForApi } from "@server/auth/guards";
import { createCollection, listMyCollections } from "@server/community/collections";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { collectionInput, collectionItemInput } from "~/lib/collections";
import type { Route } from "./+types/collections";

/**
 * GET /api/collections?artworkId=|generationId=&index= → { collections }: yours, the last saved to first; with a
 * picture, each says whether it holds it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireUserForApi(request);
    const params = new URL(request.url).searchParams;
    const named = collectionItemInput.safeParse(Object.fromEntries(params));
    const picture = named.success ? named.data : undefined;
    return json(
      { collections: await listMyCollections(getDb(), user.userUid, picture) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  });
}

/** POST /api/collections (JSON collectionInput) → 201 { collection }. */
export async function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "collections:change");
    const input = parseWith(collectionInput, (await readJson(request)).value);
    return json({ collection: await createCollection(db, user.userUid, input) }, { status: 201 });
  });
}

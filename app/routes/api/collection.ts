import { requireUserWithinLimit } from "@server/auth/api-limits";
import { getUser } from "@server/auth/guards";
import { deleteCollection, getCollectionView, updateCollection } from "@server/community/collections";
import { browsingLevelFor } from "@server/safety/browsing-level";
import { CommunityError } from "@server/community/artwork-rows";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { collectionInput } from "~/lib/collections";
import type { Route } from "./+types/collection";

/** GET /api/collections/{id} → { collection } (public ones for anyone, private ones for their owner). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const viewer = await getUser(request).catch(() => null);
    const collection = await getCollectionView(getDb(), params.id, viewer?.userUid ?? null, browsingLevelFor(viewer));
    if (!collection) throw new CommunityError("not_found", "That collection does not exist.");
    return json({ collection }, { headers: { "Cache-Control": "private, no-store" } });
  });
}

/** PATCH /api/collections/{id} (JSON collectionInput) → { collection }; DELETE → { ok: true }. Yours only. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PATCH", "DELETE");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "collections:change");
    if (request.method === "DELETE") {
      await deleteCollection(db, user.userUid, params.id);
      return json({ ok: true });
    }
    const input = parseWith(collectionInput, (await readJson(request)).value);
    return json({ collection: await updateCollection(db, user.userUid, params.id, input) });
  });
}

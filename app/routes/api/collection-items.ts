import { requireUserWithinLimit } from "@server/auth/api-limits";
import { addToCollection, removePictureFromCollection } from "@server/community/collections";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { collectionItemInput } from "~/lib/collections";
import type { Route } from "./+types/collection-items";

/**
 * POST /api/collections/{id}/items { artworkId } | { generationId, index } → 201 { item }: saved at the end (once);
 * DELETE /api/collections/{id}/items?artworkId=|generationId=&index= → { ok: true }: that picture taken out.
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST", "DELETE");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "collections:change");
    if (request.method === "DELETE") {
      const picture = parseWith(collectionItemInput, Object.fromEntries(new URL(request.url).searchParams));
      await removePictureFromCollection(db, user.userUid, params.id, picture);
      return json({ ok: true });
    }
    const picture = parseWith(collectionItemInput, (await readJson(request)).value);
    return json({ item: await addToCollection(db, user.userUid, params.id, picture) }, { status: 201 });
  });
}

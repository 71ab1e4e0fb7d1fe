import { requireUserWithinLimit } from "@server/auth/api-limits";
import { reorderCollection } from "@server/community/collections";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { collectionOrderInput } from "~/lib/collections";
import type { Route } from "./+types/collection-order";

/** PUT /api/collections/{id}/order { itemIds } → { ok: true }: every item, each once, in the new order. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "collections:change");
    const { itemIds } = parseWith(collectionOrderInput, (await readJson(request)).value);
    await reorderCollection(db, user.userUid, params.id, itemIds);
    return json({ ok: true });
  });
}

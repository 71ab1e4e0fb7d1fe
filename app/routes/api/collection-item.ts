import { requireUserWithinLimit } from "@server/auth/api-limits";
import { removeFromCollection } from "@server/community/collections";
import { getDb } from "@server/db/client";
import { handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/collection-item";

/** DELETE /api/collections/{id}/items/{itemId} → { ok: true }. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "DELETE");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "collections:change");
    await removeFromCollection(db, user.userUid, params.id, params.itemId);
    return json({ ok: true });
  });
}

import { requireUserWithinLimit } from "@server/auth/api-limits";
import { deleteComment, editComment } from "@server/community/comments";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { commentEditInput } from "~/lib/comments";
import type { Route } from "./+types/comment";

/**
 * PATCH /api/comments/{id} { body } → { comment } (its author, within 15 minutes);
 * DELETE /api/comments/{id} → { ok: true } (its author, or the artwork's creator).
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PATCH", "DELETE");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "comments:change");
    if (request.method === "DELETE") {
      await deleteComment(db, user.userUid, params.id);
      return json({ ok: true });
    }
    const { body } = parseWith(commentEditInput, (await readJson(request)).value);
    return json({ comment: await editComment(db, user.userUid, params.id, body) });
  });
}

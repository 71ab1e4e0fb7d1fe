import { requireUserWithinLimit } from "@server/auth/api-limits";
import { reportComment } from "@server/community/comments";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { reportInput } from "~/lib/community";
import type { Route } from "./+types/comment-reports";

/** POST /api/comments/{id}/reports (JSON reportInput) → 201 { ok: true }; one open report per person and comment. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "comments:report");
    const input = parseWith(reportInput, (await readJson(request)).value);
    await reportComment(db, user.userUid, params.id, input);
    return json({ ok: true }, { status: 201 });
  });
}

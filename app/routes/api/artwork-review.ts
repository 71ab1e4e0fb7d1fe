import { requireUserWithinLimit } from "@server/auth/api-limits";
import { requestArtworkReview } from "@server/community/picture-reviews";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { reviewRequestInput } from "~/lib/community";
import type { Route } from "./+types/artwork-review";

/**
 * POST /api/artworks/{id}/review (JSON { reason }) → 201 { ok: true }: the creator of a mature artwork
 * asks the admins to look at its rating again (issue 40); once per artwork (409 after that).
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "artworks:report");
    const input = parseWith(reviewRequestInput, (await readJson(request)).value);
    await requestArtworkReview(db, user.userUid, params.id, input);
    return json({ ok: true }, { status: 201 });
  });
}

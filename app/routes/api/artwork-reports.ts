import { requireUserWithinLimit } from "@server/auth/api-limits";
import { reportArtwork } from "@server/community/reactions";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { reportInput } from "~/lib/community";
import type { Route } from "./+types/artwork-reports";

/** POST /api/artworks/{id}/reports (JSON reportInput) → 201 { ok: true }; one open report per user and artwork. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "artworks:report");
    const input = parseWith(reportInput, (await readJson(request)).value);
    await reportArtwork(db, user.userUid, params.id, input);
    return json({ ok: true }, { status: 201 });
  });
}

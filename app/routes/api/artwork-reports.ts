import { requireUserForApi } from "@server/auth/guards";
import { reportArtwork } from "@server/community/reactions";
import { getDb } from "@server/db/client";
import { enforceRateLimit, handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { reportInput } from "~/lib/community";
import type { Route } from "./+types/artwork-reports";

/** POST /api/artworks/{id}/reports (JSON reportInput) → 201 { ok: true }; one open report per user and artwork. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const user = await requireUserForApi(request);
    const db = getDb();
    await enforceRateLimit(
      db,
      `artworks:report:${user.userUid}`,
      { limit: 10, windowMs: 60 * 60_000 },
      "You have sent many reports this hour. Thank you; try again later.",
    );
    const input = parseWith(reportInput, (await readJson(request)).value);
    await reportArtwork(db, user.userUid, params.id, input);
    return json({ ok: true }, { status: 201 });
  });
}

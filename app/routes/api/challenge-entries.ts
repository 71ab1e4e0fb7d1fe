import { requireUserWithinLimit } from "@server/auth/api-limits";
import { enterChallenge } from "@server/community/challenges";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { entryInput } from "~/lib/challenges";
import type { Route } from "./+types/challenge-entries";

/** POST /api/challenges/{id}/entries { artworkId } → 201 { entry }: one of your published works, while entries are open. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "challenges:enter");
    const { artworkId } = parseWith(entryInput, (await readJson(request)).value);
    return json({ entry: await enterChallenge(db, user.userUid, params.id, artworkId) }, { status: 201 });
  });
}

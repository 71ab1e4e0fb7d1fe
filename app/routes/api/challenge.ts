import { getUser } from "@server/auth/guards";
import { CommunityError } from "@server/community/artwork-rows";
import { CHALLENGE_NOT_FOUND, getChallengeView } from "@server/community/challenges";
import { browsingLevelFor } from "@server/safety/browsing-level";
import { getDb } from "@server/db/client";
import { handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/challenge";

/** GET /api/challenges/{id} → { challenge }: its entries (ranked once closed) and the viewer's votes and entries. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const viewer = await getUser(request).catch(() => null);
    const challenge = await getChallengeView(getDb(), params.id, viewer?.userUid ?? null, browsingLevelFor(viewer));
    if (!challenge) throw new CommunityError("not_found", CHALLENGE_NOT_FOUND);
    return json({ challenge }, { headers: { "Cache-Control": "private, no-store" } });
  });
}

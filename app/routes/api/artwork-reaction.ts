import { requireUserForApi } from "@server/auth/guards";
import { setReaction } from "@server/community/reactions";
import { getDb } from "@server/db/client";
import { enforceRateLimit, handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { z } from "zod";
import type { Route } from "./+types/artwork-reaction";

const reactionInput = z.object({ value: z.enum(["like", "dislike"], { error: "Choose like or dislike" }).nullable() });

/** PUT /api/artworks/{id}/reaction { value: "like" | "dislike" | null } → { likes, dislikes, myReaction }. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT");
    const user = await requireUserForApi(request);
    const db = getDb();
    await enforceRateLimit(
      db,
      `artworks:reaction:${user.userUid}`,
      { limit: 120, windowMs: 60_000 },
      "You are reacting very quickly. Wait a minute and try again.",
    );
    const { value } = parseWith(reactionInput, (await readJson(request)).value);
    return json(await setReaction(db, user.userUid, params.id, value));
  });
}

import { requireUserWithinLimit } from "@server/auth/api-limits";
import { setReaction } from "@server/community/reactions";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { z } from "zod";
import type { Route } from "./+types/artwork-reaction";

const reactionInput = z.object({ value: z.enum(["like", "dislike"], { error: "Choose like or dislike" }).nullable() });

/** PUT /api/artworks/{id}/reaction { value: "like" | "dislike" | null } → { likes, dislikes, myReaction }. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PUT");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "artworks:reaction");
    const { value } = parseWith(reactionInput, (await readJson(request)).value);
    return json(await setReaction(db, user.userUid, params.id, value));
  });
}

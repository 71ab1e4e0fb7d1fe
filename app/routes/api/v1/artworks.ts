import { handleOperation, refuseMethod } from "@server/api-v1/handle";
import { toArtwork } from "@server/api-v1/views";
import { publishArtwork } from "@server/community/publishing";
import { enforceRateLimit, parseWith } from "@server/http/api";
import { USER_API_LIMITS } from "@server/auth/api-limits";
import { publishInput } from "~/lib/community";
import type { Route } from "./+types/artworks";

export function loader({ request }: Route.LoaderArgs) {
  return refuseMethod(request, "/api/v1/artworks");
}

/** POST /api/v1/artworks: publishes a picture of a succeeded job, checked by the community's own rules (publishArtwork). */
export function action({ request, params }: Route.ActionArgs) {
  return handleOperation("publishArtwork", request, params, async ({ db, holder, body }) => {
    const { message, ...window } = USER_API_LIMITS["artworks:publish"];
    await enforceRateLimit(db, `artworks:publish:${holder.userId}`, window, message);
    const { jobId, pictureIndex, ...rest } = body;
    const input = parseWith(publishInput, { ...rest, generationId: jobId, imageIndex: pictureIndex });
    return { artwork: toArtwork(await publishArtwork(db, holder.userId, input)) };
  });
}

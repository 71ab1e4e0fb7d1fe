import { handleOperation, refuseMethod } from "@server/api-v1/handle";
import { unpublishArtwork } from "@server/community/publishing";
import { ApiError } from "@server/http/api";
import type { Route } from "./+types/artwork";

export function loader({ request }: Route.LoaderArgs) {
  return refuseMethod(request, "/api/v1/artworks/{id}");
}

/** DELETE /api/v1/artworks/{id}: the token holder's artwork leaves the community (unpublishArtwork). */
export function action({ request, params }: Route.ActionArgs) {
  return handleOperation("unpublishArtwork", request, params, async ({ db, holder, params: { id } }) => {
    if (!(await unpublishArtwork(db, holder.userId, id)))
      throw new ApiError("not_found", "No artwork of yours has that id.");
    return { ok: true as const };
  });
}

import { handleOperation, refuseMethod } from "@server/api-v1/handle";
import { readGenerationImage } from "@server/generation/downloads";
import { ApiError, downloadResponse } from "@server/http/api";
import type { Route } from "./+types/generation-picture";

/** GET /api/v1/generations/{id}/pictures/{index}?format=: a picture of the token holder's job, as a file (downloadPicture). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleOperation("downloadPicture", request, params, async ({ db, holder, params: p, query }) => {
    const file = await readGenerationImage(db, holder.userId, p.id, p.index, query.format);
    if (!file) throw new ApiError("not_found", "No picture of yours is there.");
    return downloadResponse(file, "private, max-age=3600");
  });
}

export function action({ request }: Route.ActionArgs) {
  return refuseMethod(request, "/api/v1/generations/{id}/pictures/{index}");
}

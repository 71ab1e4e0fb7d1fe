import { handleOperation, refuseMethod } from "@server/api-v1/handle";
import { toJob } from "@server/api-v1/views";
import { getGenerationView } from "@server/generation/generations";
import { ApiError } from "@server/http/api";
import type { Route } from "./+types/generation";

/** GET /api/v1/generations/{id}: one of the token holder's jobs; anyone else's is a 404 (getGeneration). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleOperation("getGeneration", request, params, async ({ db, holder, params: { id } }) => {
    const view = await getGenerationView(db, holder.userId, id);
    if (!view) throw new ApiError("not_found", "No job of yours has that id.");
    return { job: toJob(view) };
  });
}

export function action({ request }: Route.ActionArgs) {
  return refuseMethod(request, "/api/v1/generations/{id}");
}

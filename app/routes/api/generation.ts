import { requireUserForApi } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { deleteGeneration, getGenerationView } from "@server/generation/generations";
import { ApiError, handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/generation";

/** GET /api/generations/{id}: one of the user's generations (another user's id is a 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireUserForApi(request);
    const generation = await getGenerationView(getDb(), user.userUid, params.id);
    if (!generation) throw new ApiError("not_found", "That picture does not exist.");
    return json({ generation });
  });
}

/** DELETE /api/generations/{id}: removes it with its files; unfinished work is canceled and refunded first. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "DELETE");
    const user = await requireUserForApi(request);
    const deleted = await deleteGeneration(getDb(), user.userUid, params.id);
    if (!deleted) throw new ApiError("not_found", "That picture does not exist.");
    return json({ ok: true });
  });
}

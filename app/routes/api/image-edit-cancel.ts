import { requireUserForApi } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { ApiError, handleApi, json, requireMethod } from "@server/http/api";
import { cancelImageEdit, getImageEdit, toImageEditView } from "@server/image-tools/edits";
import type { Route } from "./+types/image-edit-cancel";

/** POST /api/image-edits/{id}/cancel: stops a queued or running edit. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const user = await requireUserForApi(request);
    const db = getDb();
    if (!(await getImageEdit(db, user.userUid, params.id)))
      throw new ApiError("not_found", "That edit does not exist.");
    const canceled = await cancelImageEdit(db, user.userUid, params.id);
    if (!canceled) throw new ApiError("already_finished", "That edit is already finished.");
    return json({ edit: toImageEditView(canceled) });
  });
}

export const loader = ({ request }: Route.LoaderArgs) =>
  handleApi(async () => {
    requireMethod(request, "POST");
    return json({});
  });

import { requireUserForApi } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { ApiError, handleApi, json, requireMethod } from "@server/http/api";
import { deleteImageEdit, getImageEdit, toImageEditView } from "@server/image-tools/edits";
import type { Route } from "./+types/image-edit";

/** GET /api/image-edits/{id}: one of the user's edits with its progress (another user's id is a 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireUserForApi(request);
    const row = await getImageEdit(getDb(), user.userUid, params.id);
    if (!row) throw new ApiError("not_found", "That edit does not exist.");
    return json({ edit: toImageEditView(row) });
  });
}

/** DELETE /api/image-edits/{id}: removes it and its files; unfinished work is stopped first. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "DELETE");
    const user = await requireUserForApi(request);
    if (!(await deleteImageEdit(getDb(), user.userUid, params.id)))
      throw new ApiError("not_found", "That edit does not exist.");
    return json({ ok: true });
  });
}

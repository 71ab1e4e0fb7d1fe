import { requireUserForApi } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { ApiError, downloadResponse, handleApi, requireMethod } from "@server/http/api";
import { readImageEditResult } from "@server/image-tools/edits";
import type { Route } from "./+types/image-edit-result";

/** GET /api/image-edits/{id}/result: the finished PNG as a download. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireUserForApi(request);
    const result = await readImageEditResult(getDb(), user.userUid, params.id);
    if (!result) throw new ApiError("not_found", "That edit has no finished picture.");
    return downloadResponse({ ...result, contentType: "image/png" });
  });
}

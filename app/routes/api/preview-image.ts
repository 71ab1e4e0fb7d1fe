import { requireUserForApi } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { savePreviewImage, UploadError } from "@server/generation/uploads";
import { ApiError, handleApi, json, readFormData, requireMethod } from "@server/http/api";
import { requestInfoContext } from "@server/http/request-context";
import { UPLOAD_MAX_BYTES } from "~/lib/generation";
import type { Route } from "./+types/preview-image";

/**
 * POST /api/preview-image (multipart `image`): stores the picture image to art restyles — the
 * spec's preview image, kept in local storage under `previewImage` and deleted on logout
 * through /api/delete-request-image. Screened before it is stored: an explicit picture is refused
 * beside `image` (422 explicit_picture).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(
    async () => {
      requireMethod(request, "POST");
      const user = await requireUserForApi(request);
      const form = await readFormData(request, UPLOAD_MAX_BYTES + 64 * 1024).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 413) {
          const message = "The picture is larger than 10 MB. Choose a smaller file.";
          throw new ApiError("upload_too_large", message, { fields: { image: [message] } });
        }
        throw error;
      });
      const file = form.get("image");
      if (!(file instanceof File)) throw new UploadError("empty_upload", "image", "Choose a picture to upload.");
      const bytes = Buffer.from(await file.arrayBuffer());
      return json(await savePreviewImage(getDb(), user.userUid, bytes), { status: 201 });
    },
    (error) => context.get(requestInfoContext).log.error({ err: error }, "preview upload failed"),
  );
}

export const loader = ({ request }: Route.LoaderArgs) =>
  handleApi(async () => {
    requireMethod(request, "POST");
    return json({});
  });

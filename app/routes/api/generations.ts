import { requireUserWithinLimit } from "@server/auth/api-limits";
import { requireUserForApi } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { createGeneration, listGenerations } from "@server/generation/generations";
import { enqueueRenderJob } from "@server/generation/render-job";
import {
  type CheckedImage,
  checkScreenedUpload,
  checkUploadedImage,
  readPreviewImage,
  UploadError,
} from "@server/generation/uploads";
import { screenUpload } from "@server/safety/uploads";
import { ApiError, handleApi, json, parseWith, readFormData, requireMethod } from "@server/http/api";
import { requestInfoContext } from "@server/http/request-context";
import { z } from "zod";
import { editInput, GENERATION_MODES, generationInput, sidesOf, UPLOAD_MAX_BYTES } from "~/lib/generation";
import { type EditOptions, readHistoryPicture } from "@server/generation/picture-edits";
import { findStyle } from "@atelier/studio/styles";
import { loadFeatureFlags } from "@server/content/feature-flags";
import type { Route } from "./+types/generations";

const listQuery = z.object({
  mode: z.enum(GENERATION_MODES).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

/** GET /api/generations?mode=&cursor=&limit=: the signed-in user's history, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireUserForApi(request);
    const query = parseWith(listQuery, Object.fromEntries(new URL(request.url).searchParams));
    return json(await listGenerations(getDb(), user.userUid, query));
  });
}

/**
 * POST /api/generations (multipart form): validates, debits the tokens and queues the job.
 * Image mode names an uploaded preview (`sourceImage`) or sends the file (`image`); doodle
 * mode sends the drawing (`doodle`). An edit (issue 31) is image mode with `edit` (inpaint or
 * outpaint), `sideTop`…`sideLeft` or the `mask` file, and its picture may be a history picture
 * (`fromGeneration`, `fromIndex`). An uploaded picture or drawing is screened before anything is
 * charged (issue 40): an explicit one is refused beside its field (422 explicit_picture); a history
 * picture was screened as the engine's result, and the mask is only black and white.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(
    async () => {
      requireMethod(request, "POST");
      const db = getDb();
      const user = await requireUserWithinLimit(db, request, "generation:create");
      const form = await readFormData(request, UPLOAD_MAX_BYTES + 256 * 1024).catch((error: unknown) => {
        // Too big to read: say so next to the file field the request carried.
        if (error instanceof ApiError && error.status === 413) {
          throw new ApiError("upload_too_large", "The picture is larger than 10 MB. Choose a smaller file.", {
            fields: {
              sourceImage: ["The picture is larger than 10 MB. Choose a smaller file."],
              doodle: ["The drawing is larger than 10 MB."],
              mask: ["The picture and its painted area are larger than 10 MB together."],
            },
          });
        }
        throw error;
      });
      const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string"));
      // An edit's size comes from its picture: the form need not name one.
      const input = parseWith(generationInput, fields.edit === undefined ? fields : { size: "1024", ...fields });
      const { expectedCost } = parseWith(
        z.object({ expectedCost: z.coerce.number().int().min(0).max(10_000_000).optional() }),
        { expectedCost: fields.expectedCost || undefined },
      );
      // The christmas variants exist only while the christmas event runs (its flag).
      if ((input.christmas || findStyle(input.style)?.christmas) && !(await loadFeatureFlags(db)).christmas_event) {
        const message = "The christmas styles are available during the christmas event only.";
        throw new ApiError("invalid_input", message, { fields: { style: [message] } });
      }
      // An edit of a part of a picture (issue 31): the kind and sides, the mask as a file, the picture from the history or as below.
      const editFields = fields.edit === undefined ? null : parseWith(editInput, fields);
      if (editFields && input.mode !== "image") {
        throw new ApiError("invalid_input", "Only a picture can be edited.", {
          fields: { edit: ["Only a picture can be edited."] },
        });
      }
      let source: CheckedImage | null | undefined;
      if (editFields?.fromGeneration !== undefined && editFields.fromIndex !== undefined) {
        source = await readHistoryPicture(db, user.userUid, editFields.fromGeneration, editFields.fromIndex);
      } else if (input.mode === "image") {
        const file = form.get("image");
        const fileName = typeof fields.sourceImage === "string" ? fields.sourceImage.trim() : "";
        if (file instanceof File && file.size > 0)
          source = await checkScreenedUpload(db, Buffer.from(await file.arrayBuffer()), "sourceImage", user.userUid);
        else if (fileName) {
          source = await readPreviewImage(user.userUid, fileName);
          if (!source)
            throw new UploadError(
              "source_missing",
              "sourceImage",
              "That picture is no longer on the server. Upload it again.",
            );
          // Screened when it was uploaded: this finds that screening (or screens a preview kept from before).
          await screenUpload(db, source.bytes, "sourceImage", user.userUid);
        } else throw new UploadError("source_missing", "sourceImage", "Upload a picture to restyle.");
      } else if (input.mode === "doodle") {
        const file = form.get("doodle");
        if (!(file instanceof File) || file.size === 0)
          throw new UploadError("doodle_missing", "doodle", "Draw something first.");
        source = await checkScreenedUpload(db, Buffer.from(await file.arrayBuffer()), "doodle", user.userUid);
      }
      let edit: EditOptions | undefined;
      if (editFields) {
        const mask = form.get("mask");
        edit = {
          kind: editFields.edit,
          ...(editFields.edit === "inpaint" && mask instanceof File && mask.size > 0
            ? { mask: await checkUploadedImage(Buffer.from(await mask.arrayBuffer()), "mask") }
            : {}),
          ...(editFields.edit === "outpaint" ? { sides: sidesOf(editFields) } : {}),
          ...(editFields.fromGeneration !== undefined && editFields.fromIndex !== undefined
            ? { from: { generationId: editFields.fromGeneration, index: editFields.fromIndex } }
            : {}),
        };
      }
      const created = await createGeneration(db, {
        userId: user.userUid,
        input,
        ...(source ? { source } : {}),
        ...(edit ? { edit } : {}),
        ...(expectedCost !== undefined ? { expectedCost } : {}),
        enqueue: (id, priority) => enqueueRenderJob(id, 0, priority),
      });
      return json(created, { status: 202 });
    },
    (error) => context.get(requestInfoContext).log.error({ err: error }, "creating a generation failed"),
  );
}

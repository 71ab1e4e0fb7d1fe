import { requireUserWithinLimit } from "@server/auth/api-limits";
import { requireUserForApi } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { IMAGE_TOOL_IDS as IMAGE_TOOLS } from "~/lib/image-edits";
import { ApiError, handleApi, json, parseWith, readFormData, requireMethod } from "@server/http/api";
import { createImageEdit, enqueueImageEdit, listImageEdits } from "@server/image-tools/edits";
import { z } from "zod";
import { UPLOAD_MAX_BYTES } from "~/lib/generation";
import type { Route } from "./+types/image-edits";

/** GET /api/image-edits: the signed-in user's recent edits, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireUserForApi(request);
    return json({ edits: await listImageEdits(getDb(), user.userUid) });
  });
}

const fromGeneration = z.object({
  tool: z.enum(IMAGE_TOOLS, { error: "Choose a tool" }),
  generationId: z.string().min(1, "Choose a picture").max(64),
  index: z.coerce.number().int().min(0).max(7),
});
const fromUpload = z.object({ tool: z.enum(IMAGE_TOOLS, { error: "Choose a tool" }) });

/**
 * POST /api/image-edits: starts a tool on one of the user's generated pictures (JSON
 * `{tool, generationId, index}`) or on an uploaded picture (multipart `tool` + `image`).
 */
export async function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "image-edit:create");
    const isJson = (request.headers.get("content-type") ?? "").includes("application/json");
    if (isJson) {
      const input = parseWith(fromGeneration, await request.json().catch(() => ({})));
      const edit = await createImageEdit(db, {
        userId: user.userUid,
        tool: input.tool,
        source: { kind: "generation", generationId: input.generationId, index: input.index },
        enqueue: (id, priority) => enqueueImageEdit(id, 0, priority),
      });
      return json({ edit }, { status: 202 });
    }
    const form = await readFormData(request, UPLOAD_MAX_BYTES + 64 * 1024).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 413) {
        throw new ApiError("upload_too_large", "The picture is larger than 10 MB. Choose a smaller file.", {
          fields: { image: ["The picture is larger than 10 MB. Choose a smaller file."] },
        });
      }
      throw error;
    });
    const input = parseWith(fromUpload, { tool: form.get("tool") ?? undefined });
    const file = form.get("image");
    if (!(file instanceof File) || file.size === 0)
      throw new ApiError("image_missing", "Choose a picture to edit.", {
        fields: { image: ["Choose a picture to edit."] },
      });
    const edit = await createImageEdit(db, {
      userId: user.userUid,
      tool: input.tool,
      source: { kind: "upload", bytes: Buffer.from(await file.arrayBuffer()) },
      enqueue: (id, priority) => enqueueImageEdit(id, 0, priority),
    });
    return json({ edit }, { status: 202 });
  });
}

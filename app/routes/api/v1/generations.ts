import { handleOperation } from "@server/api-v1/handle";
import type { editRequest, studioRequest } from "@server/api-v1/schemas";
import { toJob } from "@server/api-v1/views";
import { AppError } from "@server/app-error";
import { enforceRateLimit, parseWith } from "@server/http/api";
import { USER_API_LIMITS } from "@server/auth/api-limits";
import type { Database } from "@server/db/client";
import { createGeneration, listGenerations } from "@server/generation/generations";
import { type EditOptions, readHistoryPicture } from "@server/generation/picture-edits";
import { enqueueRenderJob } from "@server/generation/render-job";
import { type CheckedImage, checkScreenedUpload, checkUploadedImage, UploadError } from "@server/generation/uploads";
import { loadFeatureFlags } from "@server/content/feature-flags";
import { ApiError } from "@server/http/api";
import { findStyle } from "@atelier/studio/styles";
import type { z } from "zod";
import { type GenerationInput, generationInput } from "~/lib/generation";
import type { Route } from "./+types/generations";

/** GET /api/v1/generations: the token holder's jobs, newest first (operations.ts: listGenerations). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleOperation("listGenerations", request, params, async ({ db, holder, query }) => {
    const page = await listGenerations(db, holder.userId, { cursor: query.cursor ?? null, limit: query.limit });
    return { items: page.items.map(toJob), nextCursor: page.nextCursor };
  });
}

/** POST /api/v1/generations: checked as the Studio checks it, paid for, queued (createGeneration). */
export function action({ request, params }: Route.ActionArgs) {
  return handleOperation("createGeneration", request, params, async ({ db, holder, body }) => {
    const { message, ...window } = USER_API_LIMITS["generation:create"];
    // The Studio's own limit, counted for the person whichever way they start pictures.
    await enforceRateLimit(db, `generation:create:${holder.userId}`, window, message);
    const created =
      body.mode === "edit" ? await startEdit(db, holder.userId, body) : await startPicture(db, holder.userId, body);
    return { job: toJob(created.generation), balance: created.balance };
  });
}

async function startPicture(db: Database, userId: string, body: z.output<typeof studioRequest>) {
  const { image, ...fields } = body;
  // The API's body as the Studio's form fields: the Studio's schema then has the last word.
  const input = await studioInput(db, fields);
  const source = input.mode === "text" ? undefined : await uploadedPicture(db, userId, image, "image");
  return createGeneration(db, {
    userId,
    input,
    ...(source ? { source } : {}),
    enqueue: (id, priority) => enqueueRenderJob(id, 0, priority),
  });
}

/**
 * An edit is image to art with an edit kind (createGeneration, server/generation/picture-edits.ts):
 * the picture sent or taken from the person's jobs, the mask checked like an upload.
 */
async function startEdit(db: Database, userId: string, body: z.output<typeof editRequest>) {
  const { edit, image, from, mask, size: _size, aspectRatio: _aspectRatio, ...fields } = body;
  // The size is the picture's; the Studio's schema wants one, and createGeneration replaces it.
  const input = await studioInput(db, { ...fields, mode: "image", size: 1024 });
  const source = from ? await historyPicture(db, userId, from) : await uploadedPicture(db, userId, image, "image");
  const options: EditOptions = {
    kind: edit.kind,
    ...(mask !== undefined ? { mask: await decodedPicture(mask, "mask") } : {}),
    ...(edit.sides ? { sides: edit.sides } : {}),
    ...(from ? { from: { generationId: from.generation, index: from.index } } : {}),
  };
  try {
    return await createGeneration(db, {
      userId,
      input,
      source,
      edit: options,
      enqueue: (id, priority) => enqueueRenderJob(id, 0, priority),
    });
  } catch (error) {
    // The Studio's name for the picture is `sourceImage`; the API's is `image` or `from`.
    const said = error instanceof AppError ? error.fields?.sourceImage : undefined;
    if (!(error instanceof AppError) || !said) throw error;
    const { sourceImage: _, ...rest } = error.fields!;
    throw new ApiError(error.code, error.message, { fields: { ...rest, [from ? "from" : "image"]: said } });
  }
}

async function studioInput(db: Database, fields: Record<string, unknown>): Promise<GenerationInput> {
  const input = parseWith(generationInput, fields);
  if ((input.christmas || findStyle(input.style)?.christmas) && !(await loadFeatureFlags(db)).christmas_event) {
    const refusal = "The christmas styles are available during the christmas event only.";
    throw new ApiError("invalid_input", refusal, { fields: { style: [refusal] } });
  }
  return input;
}

function decodedBytes(base64: string | undefined, field: string): Buffer {
  if (!base64) throw new UploadError("source_missing", field, `Send the picture in \`${field}\`, as base64.`);
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length === 0) throw new UploadError("empty_upload", field, `\`${field}\` is empty or not base64.`);
  return bytes;
}

/** A mask: checked by content; only black and white, so not screened. */
async function decodedPicture(base64: string | undefined, field: string): Promise<CheckedImage> {
  return checkUploadedImage(decodedBytes(base64, field), field);
}

/** A picture sent to start from: checked, then screened before anything is charged (422 explicit_picture beside `field`). */
async function uploadedPicture(
  db: Database,
  userId: string,
  base64: string | undefined,
  field: string,
): Promise<CheckedImage> {
  return checkScreenedUpload(db, decodedBytes(base64, field), field, userId);
}

/** A picture of the person's own jobs; another's, or one that is gone, is not there (404, as reading their job is). */
async function historyPicture(db: Database, userId: string, from: { generation: string; index: number }) {
  try {
    return await readHistoryPicture(db, userId, from.generation, from.index);
  } catch (error) {
    if (!(error instanceof UploadError) || error.code !== "source_missing") throw error;
    const message = "No job of yours has a picture there.";
    throw new ApiError("not_found", message, { fields: { from: [message] } });
  }
}

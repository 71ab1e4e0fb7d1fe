import { handleOperation } from "@server/api-v1/handle";
import type { generationRequest } from "@server/api-v1/schemas";
import { toJob } from "@server/api-v1/views";
import { enforceRateLimit, parseWith } from "@server/http/api";
import { USER_API_LIMITS } from "@server/auth/api-limits";
import { createGeneration, listGenerations } from "@server/generation/generations";
import { enqueueRenderJob } from "@server/generation/render-job";
import { type CheckedImage, checkUploadedImage, UploadError } from "@server/generation/uploads";
import { loadFeatureFlags } from "@server/content/feature-flags";
import { ApiError } from "@server/http/api";
import { findStyle } from "@atelier/studio/styles";
import type { z } from "zod";
import { generationInput } from "~/lib/generation";
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
    const input = parseWith(generationInput, studioFields(body));
    if ((input.christmas || findStyle(input.style)?.christmas) && !(await loadFeatureFlags(db)).christmas_event) {
      const refusal = "The christmas styles are available during the christmas event only.";
      throw new ApiError("invalid_input", refusal, { fields: { style: [refusal] } });
    }
    let source: CheckedImage | undefined;
    if (input.mode !== "text") {
      if (!body.image) throw new UploadError("source_missing", "image", "Send the picture in `image`, as base64.");
      const bytes = Buffer.from(body.image, "base64");
      if (bytes.length === 0) throw new UploadError("empty_upload", "image", "`image` is empty or not base64.");
      source = await checkUploadedImage(bytes, "image");
    }
    const created = await createGeneration(db, {
      userId: holder.userId,
      input,
      ...(source ? { source } : {}),
      enqueue: (id) => enqueueRenderJob(id),
    });
    return { job: toJob(created.generation), balance: created.balance };
  });
}

/** The API's body as the Studio's form fields: the Studio's schema then has the last word. */
function studioFields(body: z.output<typeof generationRequest>): Record<string, unknown> {
  const { image: _image, ...fields } = body;
  return fields;
}

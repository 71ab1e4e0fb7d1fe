import { requireUserForApi } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { generationEventStream } from "@server/generation/events";
import { findOwnGeneration } from "@server/generation/generations";
import { ApiError, handleApi, requireMethod } from "@server/http/api";
import type { Route } from "./+types/generation-events";

/** GET /api/generations/{id}/events: server-sent events with the generation's progress. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireUserForApi(request);
    const db = getDb();
    if (!(await findOwnGeneration(db, user.userUid, params.id)))
      throw new ApiError("not_found", "That picture does not exist.");
    return new Response(generationEventStream(db, user.userUid, params.id, request.signal), {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        // no-transform keeps the compression middleware from buffering the stream.
        "Cache-Control": "no-cache, no-transform",
        "X-Accel-Buffering": "no",
        Connection: "keep-alive",
      },
    });
  });
}

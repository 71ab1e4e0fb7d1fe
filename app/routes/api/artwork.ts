import { getUser, requireUserForApi } from "@server/auth/guards";
import { findVisibleArtwork } from "@server/community/artwork-rows";
import { getArtworkView } from "@server/community/artworks";
import { unpublishArtwork, updateArtwork } from "@server/community/publishing";
import { getDb } from "@server/db/client";
import { browsingLevelFor, maySee } from "@server/safety/browsing-level";
import { ApiError, handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { artworkInput } from "~/lib/community";
import type { Route } from "./+types/artwork";

/** GET /api/artworks/{id}: one artwork (public and unlisted by link; hidden and removed for the creator only). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const viewer = await getUser(request).catch(() => null);
    const artwork = await getArtworkView(getDb(), params.id, viewer?.userUid ?? null);
    // A mature work for people who opted in only, an explicit one for its creator only (issue 40).
    if (!artwork || (!artwork.mine && !maySee(browsingLevelFor(viewer), artwork.maturity)))
      throw new ApiError("not_found", "That artwork does not exist.");
    return json({ artwork });
  });
}

/** PATCH /api/artworks/{id} (JSON artworkInput, or some of its fields; creator only) → { artwork }; DELETE unpublishes → { ok: true }. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "PATCH", "DELETE");
    const user = await requireUserForApi(request);
    const db = getDb();
    if (request.method === "DELETE") {
      if (!(await unpublishArtwork(db, user.userUid, params.id)))
        throw new ApiError("not_found", "That artwork does not exist.");
      return json({ ok: true });
    }
    const current = await findVisibleArtwork(db, params.id, user.userUid);
    if (!current || current.userId !== user.userUid) throw new ApiError("not_found", "That artwork does not exist.");
    // A PATCH changes the fields it names; the others keep their values (not the schema's defaults).
    const body = (await readJson(request)).value;
    const base = {
      title: current.title,
      description: current.description,
      tags: current.tags,
      showPrompt: current.showPrompt,
      visibility: current.visibility,
    };
    const input = parseWith(
      artworkInput,
      body !== null && typeof body === "object" && !Array.isArray(body) ? { ...base, ...body } : body,
    );
    return json({ artwork: await updateArtwork(db, user.userUid, params.id, input) });
  });
}

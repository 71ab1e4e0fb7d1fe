import { requireUserWithinLimit } from "@server/auth/api-limits";
import { getUser } from "@server/auth/guards";
import { addComment, listComments } from "@server/community/comments";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { commentInput } from "~/lib/comments";
import type { Route } from "./+types/artwork-comments";

/** GET /api/artworks/{id}/comments?cursor= → CommentPage: top-level comments oldest first, with their replies. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const viewer = await getUser(request).catch(() => null);
    const cursor = new URL(request.url).searchParams.get("cursor");
    return json(await listComments(getDb(), params.id, viewer?.userUid ?? null, cursor), {
      headers: { "Cache-Control": "private, no-store" },
    });
  });
}

/** POST /api/artworks/{id}/comments (JSON commentInput) → 201 { comment }. */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "comments:create");
    const input = parseWith(commentInput, (await readJson(request)).value);
    return json({ comment: await addComment(db, user.userUid, params.id, input) }, { status: 201 });
  });
}

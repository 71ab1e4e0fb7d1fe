import { requireUserForApi } from "@server/auth/guards";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { requestInfoContext } from "@server/http/request-context";
import { isSafeKey } from "@server/storage/file-storage";
import { getStorage, ownerOfKey } from "@server/storage/storage";
import { z } from "zod";
import type { Route } from "./+types/delete-request-image";

const input = z.object({ fileName: z.string().min(1, "fileName is required").max(500) });

/**
 * POST /api/delete-request-image {fileName} (spec §4, §7): removes the user's pending preview
 * image. A user can delete only their own file; the answer is {ok: true} or {ok: false}.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(
    async () => {
      requireMethod(request, "POST");
      const current = await requireUserForApi(request);
      const { fileName } = parseWith(input, (await readJson(request)).value);
      // A bare name means "my preview of that name"; a key must be under my own preview folder.
      const key = fileName.includes("/") ? fileName : `users/${current.userUid}/preview/${fileName}`;
      const owner = isSafeKey(key) ? ownerOfKey(key) : null;
      if (!owner || owner.userId !== current.userUid || owner.kind !== "preview")
        return json({ ok: false }, { status: 403 });
      const ok = await getStorage().delete(key);
      return json({ ok }, { status: ok ? 200 : 404 });
    },
    (error) => context.get(requestInfoContext).log.error({ err: error }, "delete-request-image failed"),
  );
}

export const loader = ({ request }: Route.LoaderArgs) =>
  handleApi(async () => {
    requireMethod(request, "POST");
    return json({});
  });

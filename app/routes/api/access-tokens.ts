import { requireUserWithinLimit } from "@server/auth/api-limits";
import { requireUserForApi } from "@server/auth/guards";
import { createApiToken, listApiTokens } from "@server/api-tokens/tokens";
import { getDb } from "@server/db/client";
import { handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { apiTokenInput } from "~/lib/api-tokens";
import type { Route } from "./+types/access-tokens";

/** GET /api/access-tokens → { tokens }: the signed-in person's personal access tokens (never the tokens themselves). */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireUserForApi(request);
    return json({ tokens: await listApiTokens(getDb(), user.userUid) });
  });
}

/** POST /api/access-tokens (JSON apiTokenInput) → 201 { token, view }: `token` is shown this once. */
export async function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const db = getDb();
    const user = await requireUserWithinLimit(db, request, "access-tokens:change");
    const input = parseWith(apiTokenInput, (await readJson(request)).value);
    return json(await createApiToken(db, user.userUid, input), { status: 201 });
  });
}

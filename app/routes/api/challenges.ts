import { listChallenges } from "@server/community/challenges";
import { getDb } from "@server/db/client";
import { handleApi, json, requireMethod } from "@server/http/api";
import type { Route } from "./+types/challenges";

/** GET /api/challenges → { challenges }: every challenge, the newest first, each with its phase. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    return json({ challenges: await listChallenges(getDb()) });
  });
}

import { requireUserForApi } from "@server/auth/guards";
import { loadFeatureFlags } from "@server/content/feature-flags";
import { getRedeemWindow, redeemCode } from "@server/commerce/redeem-codes";
import { getDb } from "@server/db/client";
import { ApiError, enforceRateLimit, handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { redeemInput } from "~/lib/commerce";
import type { Route } from "./+types/redeem";

async function requireEventOn() {
  if (!(await loadFeatureFlags(getDb())).countdown_timer_token_redeem)
    throw new ApiError("not_found", "There is no token redeem event right now.");
}

/** GET /api/redeem: the redeem window for the countdown ({ window: { startsAt, endsAt, open } | null }), while the event is on. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    await requireEventOn();
    return json({ window: await getRedeemWindow(getDb()), now: new Date().toISOString() });
  });
}

/** POST /api/redeem { code } → { tokens, balance }: redeems a code once per user, inside its window. */
export async function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const user = await requireUserForApi(request);
    await requireEventOn();
    const db = getDb();
    await enforceRateLimit(
      db,
      `redeem:${user.userUid}`,
      { limit: 10, windowMs: 60_000 },
      "Too many codes tried. Wait a minute.",
    );
    const { code } = parseWith(redeemInput, (await readJson(request)).value);
    return json(await redeemCode(db, user.userUid, code));
  });
}

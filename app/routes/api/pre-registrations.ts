import { loadFeatureFlags } from "@server/content/feature-flags";
import { preRegister } from "@server/commerce/pre-registration";
import { getDb } from "@server/db/client";
import { ApiError, enforceRateLimit, handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { requestInfoContext } from "@server/http/request-context";
import { preRegistrationInput } from "~/lib/commerce";
import type { Route } from "./+types/pre-registrations";

/**
 * POST /api/pre-registrations { email, consent } → 201: registers an email before launch, while
 * the pre-registration event is on. The same answer whether the email was new or not, so the
 * list cannot be probed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const db = getDb();
    if (!(await loadFeatureFlags(db)).pre_registration) throw new ApiError("not_found", "Pre-registration is closed.");
    await enforceRateLimit(
      db,
      `pre-registration:${context.get(requestInfoContext).clientIp}`,
      { limit: 10, windowMs: 60 * 60_000 },
      "Too many sign-ups from your network. Try again later.",
    );
    const { email } = parseWith(preRegistrationInput, (await readJson(request)).value);
    await preRegister(db, email);
    return json({ ok: true, message: "You're on the list. We sent you an email." }, { status: 201 });
  });
}

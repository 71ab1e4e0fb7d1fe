import { AppError } from "@server/app-error";
import { requireUserWithinLimit } from "@server/auth/api-limits";
import { getUser } from "@server/auth/guards";
import { startMembership } from "@server/commerce/memberships/memberships";
import { getConfig } from "@server/config";
import { loadSiteSettings } from "@server/content/site-settings";
import { getDb } from "@server/db/client";
import {
  handleApi,
  isJsonContentType,
  json,
  readFormData,
  readJson,
  requireMethod,
  withIdempotency,
} from "@server/http/api";
import { type RequestInfo, requestInfoContext } from "@server/http/request-context";
import { returnOriginOf } from "@server/navigation/domain-check";
import { redirect } from "react-router";
import { MEMBERSHIP_QUERY } from "~/lib/membership-constants";
import type { Route } from "./+types/memberships";

/** A form of two short fields: anything larger is not one of ours. */
const FORM_MAX_BYTES = 4 * 1024;

/**
 * POST /api/memberships {planId, interval} (issue 41): opens the provider's checkout for a plan.
 * - JSON (`Content-Type: application/json`) → 201 {membershipId, url}, or the error JSON
 *   (401 signed out, 409 already_member / plan_unavailable, 400 invalid_input, 402 card_declined,
 *   502 provider_refused, 429). Send an Idempotency-Key so a retried click opens one checkout.
 * - The pricing page's plain form → 303 to the payment page; signed out → 303 to the sign-in page,
 *   back to /pricing-plans after; refused → 303 to /pricing-plans?membership_error=<code> (with
 *   billing=year when the yearly price was chosen), which the pricing page words.
 * Cross-site posts never get here (the shell's same-origin check, server/http/same-origin.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const log = context.get(requestInfoContext).log;
  return handleApi(
    async () => {
      requireMethod(request, "POST");
      if (!isJsonContentType(request.headers.get("content-type"))) return startFromForm(request, log);
      const db = getDb();
      const user = await requireUserWithinLimit(db, request, "checkout");
      const { value, text } = await readJson(request);
      return withIdempotency(db, request, `memberships:${user.userUid}`, text, async () => {
        const start = await startMembership(db, { userId: user.userUid, email: user.email }, value, {
          baseUrl: await baseUrlOf(request),
        });
        return json(start, { status: 201 });
      });
    },
    (error) => log.error({ err: error }, "starting a membership failed"),
  );
}

async function baseUrlOf(request: Request): Promise<string> {
  const { allowedDomains } = await loadSiteSettings(getDb(), getConfig());
  return returnOriginOf(request, allowedDomains, getConfig().publicUrl);
}

async function startFromForm(request: Request, log: RequestInfo["log"]): Promise<Response> {
  let interval = "";
  const back = (code: string) => {
    const query = new URLSearchParams({ [MEMBERSHIP_QUERY.error]: code });
    if (interval === "year") query.set("billing", "year");
    return redirect(`/pricing-plans?${query}`, 303);
  };
  try {
    const db = getDb();
    if (!(await getUser(request)))
      return redirect(`/login?${new URLSearchParams({ redirectTo: "/pricing-plans" })}`, 303);
    const form = await readFormData(request, FORM_MAX_BYTES);
    interval = String(form.get("interval") ?? "");
    const user = await requireUserWithinLimit(db, request, "checkout");
    const start = await startMembership(
      db,
      { userId: user.userUid, email: user.email },
      { planId: String(form.get("planId") ?? ""), interval },
      { baseUrl: await baseUrlOf(request) },
    );
    return redirect(start.url, 303);
  } catch (error) {
    if (error instanceof AppError) return back(error.code);
    log.error({ err: error }, "starting a membership failed");
    return back("internal_error");
  }
}

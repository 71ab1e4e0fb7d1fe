import type { SessionUser } from "@server/auth/guards";
import { AppError } from "@server/app-error";
import { requireUserWithinLimit } from "@server/auth/api-limits";
import { getUser, requireUserForApi } from "@server/auth/guards";
import {
  cancelMembership,
  changeMembershipPlan,
  getMembershipView,
  membershipCardUrl,
  previewPlanChange,
  resumeMembership,
} from "@server/commerce/memberships/memberships";
import { getConfig } from "@server/config";
import { loadSiteSettings } from "@server/content/site-settings";
import type { Database } from "@server/db/client";
import { getDb } from "@server/db/client";
import {
  handleApi,
  isJsonContentType,
  json,
  parseWith,
  readFormData,
  readJson,
  requireMethod,
  withIdempotency,
} from "@server/http/api";
import { type RequestInfo, requestInfoContext } from "@server/http/request-context";
import { returnOriginOf } from "@server/navigation/domain-check";
import { redirect } from "react-router";
import { z } from "zod";
import {
  isMembershipIntent,
  MEMBERSHIP_INTENTS,
  MEMBERSHIP_QUERY,
  type MembershipIntent,
  type MembershipNotice,
} from "~/lib/membership-constants";
import type { Route } from "./+types/membership-current";

/** A form of a few short fields: anything larger is not one of ours. */
const FORM_MAX_BYTES = 4 * 1024;

const actionInput = z.object({
  intent: z.enum(MEMBERSHIP_INTENTS, { message: `Say what to do: ${MEMBERSHIP_INTENTS.join(", ")}` }),
  planId: z.string().max(100).optional(),
  interval: z.string().max(20).optional(),
});

/** GET /api/memberships/current → {membership: MembershipView | null} (issue 41): the signed-in person's live membership. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(
    async () => {
      requireMethod(request, "GET");
      const user = await requireUserForApi(request);
      return json({ membership: await getMembershipView(getDb(), user.userUid) });
    },
    (error) => context.get(requestInfoContext).log.error({ err: error }, "reading a membership failed"),
  );
}

/**
 * POST /api/memberships/current {intent, planId?, interval?} (issue 41): what a member does with
 * their membership. As JSON, 200 with
 * - `preview` {planId, interval} → {change}: what a change would charge now and why (an upgrade's
 *   amount and invoice lines), or from when it applies (`at_renewal`, `undo`);
 * - `change` {planId, interval} → {change, membership}: the same, done;
 * - `cancel` → {membership}: set to end at the period's end (a failing membership ends at once: null);
 * - `resume` → {membership};
 * - `card` → {url}: the provider's page for the card, back to the profile after;
 * or the error JSON (401, 409 not_member, 400 invalid_input, 402 card_declined, 502 provider_refused, 429).
 * A plain form (the profile's Membership section, before or without its script) gets a 303 instead:
 * back to /user-profile#membership with `membership_notice`, or `membership_error` and
 * `membership_intent` (app/lib/membership-constants.ts); `preview` comes back with `plan` and
 * `interval`, which the profile prices; `card` goes to the provider's page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const log = context.get(requestInfoContext).log;
  return handleApi(
    async () => {
      requireMethod(request, "POST");
      if (!isJsonContentType(request.headers.get("content-type"))) return actFromForm(request, log);
      const db = getDb();
      const user = await requireUserForApi(request);
      const { value, text } = await readJson(request);
      const input = parseWith(actionInput, value);
      if (input.intent !== "preview") await requireUserWithinLimit(db, request, "checkout");
      return withIdempotency(db, request, `membership:${user.userUid}`, text, async () =>
        json(await perform(db, user, input.intent, input, await cardReturnOf(request))),
      );
    },
    (error) => log.error({ err: error }, "a membership action failed"),
  );
}

type Outcome =
  | { intent: "preview"; change: Awaited<ReturnType<typeof previewPlanChange>> }
  | {
      intent: "change";
      change: Awaited<ReturnType<typeof changeMembershipPlan>>;
      membership: Awaited<ReturnType<typeof getMembershipView>>;
    }
  | { intent: "cancel" | "resume"; membership: Awaited<ReturnType<typeof getMembershipView>> }
  | { intent: "card"; url: string };

async function perform(
  db: Database,
  user: SessionUser,
  intent: MembershipIntent,
  choice: { planId?: string | undefined; interval?: string | undefined },
  cardReturn: string,
): Promise<Outcome> {
  const userId = user.userUid;
  const plan = { planId: choice.planId ?? "", interval: choice.interval ?? "" };
  switch (intent) {
    case "preview":
      return { intent, change: await previewPlanChange(db, userId, plan) };
    case "change": {
      const change = await changeMembershipPlan(db, userId, plan);
      return { intent, change, membership: await getMembershipView(db, userId) };
    }
    case "cancel":
      await cancelMembership(db, userId);
      return { intent, membership: await getMembershipView(db, userId) };
    case "resume":
      await resumeMembership(db, userId);
      return { intent, membership: await getMembershipView(db, userId) };
    case "card":
      return { intent, url: await membershipCardUrl(db, userId, cardReturn) };
  }
}

/** Where the provider's card page sends the member back: their profile, which reads the subscription again. */
async function cardReturnOf(request: Request): Promise<string> {
  const { allowedDomains } = await loadSiteSettings(getDb(), getConfig());
  const origin = returnOriginOf(request, allowedDomains, getConfig().publicUrl);
  return new URL(`/user-profile?${MEMBERSHIP_QUERY.card}=1#membership`, origin).toString();
}

function profile(query: Record<string, string>): Response {
  return redirect(`/user-profile?${new URLSearchParams(query)}#membership`, 303);
}

const NOTICE_OF_CHANGE: Record<Awaited<ReturnType<typeof changeMembershipPlan>>["kind"], MembershipNotice> = {
  upgrade: "upgraded",
  at_renewal: "scheduled",
  undo: "kept",
};

async function actFromForm(request: Request, log: RequestInfo["log"]): Promise<Response> {
  let intent: MembershipIntent | null = null;
  let plan: Record<string, string> = {};
  try {
    const db = getDb();
    const user = await getUser(request);
    if (!user) return redirect(`/login?${new URLSearchParams({ redirectTo: "/user-profile" })}`, 303);
    const form = await readFormData(request, FORM_MAX_BYTES);
    const asked = form.get("intent");
    if (!isMembershipIntent(asked)) return profile({ [MEMBERSHIP_QUERY.error]: "invalid_input" });
    intent = asked;
    const planId = String(form.get("planId") ?? "");
    const interval = String(form.get("interval") ?? "");
    if (intent === "preview" || intent === "change")
      plan = { [MEMBERSHIP_QUERY.plan]: planId, [MEMBERSHIP_QUERY.interval]: interval };
    if (intent !== "preview") await requireUserWithinLimit(db, request, "checkout");
    // A preview is priced by the profile's loader from the address, so it works without the page's script.
    if (intent === "preview") return profile(plan);
    const done = await perform(db, user, intent, { planId, interval }, await cardReturnOf(request));
    switch (done.intent) {
      case "card":
        return redirect(done.url, 303);
      case "change":
        return profile({ [MEMBERSHIP_QUERY.notice]: NOTICE_OF_CHANGE[done.change.kind] });
      case "cancel":
        return profile({ [MEMBERSHIP_QUERY.notice]: "canceled" });
      default:
        return profile({ [MEMBERSHIP_QUERY.notice]: "resumed" });
    }
  } catch (error) {
    const code = error instanceof AppError ? error.code : "internal_error";
    if (!(error instanceof AppError)) log.error({ err: error }, "a membership action failed");
    return profile({
      [MEMBERSHIP_QUERY.error]: code,
      ...(intent ? { [MEMBERSHIP_QUERY.intent]: intent } : {}),
      ...plan,
    });
  }
}

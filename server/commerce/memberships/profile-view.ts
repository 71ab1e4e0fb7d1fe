/**
 * What the profile's Membership section shows (issue 41), read in one call from the profile's
 * loader. The section's plain forms post to `/api/memberships/current` and come back here with a
 * query (app/lib/membership-constants.ts), so this also:
 * - settles a checkout the member just came back from (`?membership=<id>`, the checkout's success URL);
 * - reads the subscription back from the provider when the member returns from its card page
 *   (`?membership_card=1`): a replaced card retries an open invoice at once, and the profile shows the
 *   outcome without waiting for the webhook;
 * - prices a change the member asked to preview (`?plan=<id>&interval=month|year`), so the preview
 *   step works without the page's script; a change the domain refuses says why beside the form.
 * Every read and write here is announced for the person's kept profile (ADR 0040: memberships,
 * membership_invoices, token_accounts, and plans through the run-time snapshot).
 */
import { z } from "zod";
import { AppError } from "../../app-error";
import type { Database } from "../../db/client";
import { PLAN_INTERVALS, type PlanInterval } from "../../db/schema";
import { getPaymentProvider } from "../payments";
import {
  isMembershipIntent,
  isMembershipNotice,
  MEMBERSHIP_QUERY,
  type MembershipIntent,
  type MembershipNotice,
  membershipErrorCode,
} from "~/lib/membership-constants";
import {
  findLiveMembership,
  getMembershipView,
  type MembershipView,
  type PlanChange,
  previewPlanChange,
  settleMembershipReturn,
} from "./memberships";
import { allowancePerPeriod, listPlansForSale, monthlyValueMinor, planPrice, type ShopPlan } from "./plans";
import { syncSubscription } from "./sync";

export interface MembershipPreview {
  planId: string;
  interval: PlanInterval;
  /** The plan asked for, when it is on sale (or the member's own). */
  planName: string | null;
  /** What confirming would do, or null when the domain refused (then `refusal` says why). */
  change: PlanChange | null;
  refusal: string | null;
}

/** A plan and interval the member may change to, and when it would apply (the domain's rule, planChangeOf). */
export interface ChangeOption {
  planId: string;
  interval: PlanInterval;
  name: string;
  badge: string;
  amountMinor: number;
  currency: string;
  /** The allowance of one period of it. */
  tokens: number;
  /** An upgrade applies now, prorated; anything else from the renewal. */
  when: "now" | "renewal";
}

export interface MembershipSectionData {
  membership: MembershipView | null;
  /** The other plans on sale at the member's interval, for "Change plan" (members only). */
  options: ChangeOption[];
  preview: MembershipPreview | null;
  notice: MembershipNotice | null;
  /** A refused action: its code, and which action (null when the form did not say), to word it beside that action. */
  error: { intent: MembershipIntent | null; code: string } | null;
}

const uuid = z.uuid();

/** `log` hears what could not be read from the provider; the section shows what the database has. */
export async function loadMembershipSection(
  db: Database,
  userId: string,
  url: URL,
  log: (error: unknown, what: string) => void = () => {},
): Promise<MembershipSectionData> {
  const query = url.searchParams;
  const returning = query.get("membership");
  if (returning && uuid.safeParse(returning).success)
    await settleMembershipReturn(db, userId, returning).catch((error: unknown) =>
      log(error, "settling a membership checkout on return failed"),
    );
  if (query.has(MEMBERSHIP_QUERY.card))
    await syncAfterCardPage(db, userId).catch((error: unknown) =>
      log(error, "reading a membership back after the card page failed"),
    );
  const membership = await getMembershipView(db, userId);
  const plans = membership ? await listPlansForSale(db) : [];
  const options = membership ? changeOptions(membership, plans) : [];
  const intent = query.get(MEMBERSHIP_QUERY.intent);
  const code = membershipErrorCode(query.get(MEMBERSHIP_QUERY.error));
  const notice = query.get(MEMBERSHIP_QUERY.notice);
  return {
    membership,
    options,
    preview: membership ? await previewOf(db, userId, query, membership, plans) : null,
    notice: isMembershipNotice(notice) ? notice : null,
    error: code ? { intent: isMembershipIntent(intent) ? intent : null, code } : null,
  };
}

async function previewOf(
  db: Database,
  userId: string,
  query: URLSearchParams,
  membership: MembershipView,
  plans: ShopPlan[],
): Promise<MembershipPreview | null> {
  const planId = query.get(MEMBERSHIP_QUERY.plan);
  const interval = query.get(MEMBERSHIP_QUERY.interval);
  if (!planId || !uuid.safeParse(planId).success) return null;
  if (!(PLAN_INTERVALS as readonly string[]).includes(interval ?? "")) return null;
  const plan = plans.find((p) => p.id === planId) ?? (membership.plan.id === planId ? membership.plan : null);
  const base = { planId, interval: interval as PlanInterval, planName: plan?.name ?? null };
  try {
    return { ...base, change: await previewPlanChange(db, userId, { planId, interval }), refusal: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ...base, change: null, refusal: error.message };
  }
}

/**
 * The other plans at the member's own interval: a switch between monthly and yearly is refused for
 * now (planChangeOf in memberships.ts), so it is not offered.
 */
function changeOptions(membership: MembershipView, plans: ShopPlan[]): ChangeOption[] {
  const { interval } = membership;
  const current = monthlyValueMinor(membership.plan, interval);
  return plans
    .filter((plan) => plan.id !== membership.plan.id)
    .map((plan): ChangeOption => {
      const price = planPrice(plan, interval);
      return {
        planId: plan.id,
        interval,
        name: plan.name,
        badge: plan.badge,
        amountMinor: price.amountMinor,
        currency: price.currency,
        tokens: allowancePerPeriod(plan, interval),
        when: monthlyValueMinor(plan, interval) > current ? "now" : "renewal",
      };
    });
}

async function syncAfterCardPage(db: Database, userId: string): Promise<void> {
  const live = await findLiveMembership(db, userId);
  if (!live?.providerSubscriptionId) return;
  await syncSubscription(db, getPaymentProvider(db, live.provider), live.providerSubscriptionId);
}

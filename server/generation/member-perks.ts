/**
 * A member's perks where they act (issue 41): pictures in progress at once, the queue priority of
 * their jobs, the largest picture size, and the badge beside their name. A membership's perks apply
 * while its status is `active` or `past_due` (a failed renewal keeps them through the retries);
 * everyone else has today's defaults: the token settings' jobs at once, priority 0, 1024 pixels, no
 * badge. Read from the membership tables directly (server/commerce sells and keeps memberships and
 * imports this domain, so this domain never imports commerce).
 *
 * One indexed read per person: the live membership (`memberships_one_live_per_user`, a unique index
 * on the user for exactly these statuses) joined to its plan. Plans announce every change (migration
 * 0029's `plans_changed`), memberships announce their person (see the reply to issue 41 item 5).
 */
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { STANDARD_MAX_SIZE } from "../../app/lib/generation-constants";
import type { Database } from "../db/client";
import { memberships, plans } from "../db/schema";
import { loadTokenSettings } from "./token-settings";

/** The statuses whose plan's perks apply: a renewal being retried keeps them (the grace period). */
export const PERK_STATUSES = ["active", "past_due"] as const;

/** Everyone's largest picture, in pixels on the long side; a plan may allow more (PLAN_SIZES). */
export const DEFAULT_MAX_SIZE = STANDARD_MAX_SIZE;

/** Everyone's queue priority; a plan's is 0–10, higher starts first. */
export const DEFAULT_QUEUE_PRIORITY = 0;

export interface MemberPerks {
  /** The plan whose perks apply, or null for everyone else. */
  planName: string | null;
  badge: string | null;
  /** Pictures in progress at once: the larger of everyone's (token settings) and the plan's. */
  maxConcurrentJobs: number;
  queuePriority: number;
  /** The largest picture size allowed, in pixels on the long side. */
  maxSize: number;
}

interface LivePlan {
  userId: string;
  planName: string;
  badge: string;
  maxConcurrentJobs: number;
  queuePriority: number;
  maxSize: number;
}

/**
 * The condition the partial unique index `memberships_one_live_per_user` is built on, written as it
 * is there (literals, not parameters), so the planner can always use that index.
 */
export const liveMembership: SQL = sql`${memberships.status} IN ('active', 'past_due')`;
const live = liveMembership;

const livePlanColumns = {
  userId: memberships.userId,
  planName: plans.name,
  badge: plans.badge,
  maxConcurrentJobs: plans.maxConcurrentJobs,
  queuePriority: plans.queuePriority,
  maxSize: plans.maxSize,
};

/** The live plans of these people (at most one each). */
async function loadLivePlans(db: Database, userIds: readonly string[]): Promise<LivePlan[]> {
  if (userIds.length === 0) return [];
  return db
    .select(livePlanColumns)
    .from(memberships)
    .innerJoin(plans, eq(plans.id, memberships.planId))
    .where(
      and(userIds.length === 1 ? eq(memberships.userId, userIds[0]!) : inArray(memberships.userId, [...userIds]), live),
    );
}

/** The perks of one person's live plan with everyone's defaults beside it; the defaults alone without one. */
export function perksOf(defaultMaxConcurrentJobs: number, plan: Omit<LivePlan, "userId"> | undefined): MemberPerks {
  if (!plan)
    return {
      planName: null,
      badge: null,
      maxConcurrentJobs: defaultMaxConcurrentJobs,
      queuePriority: DEFAULT_QUEUE_PRIORITY,
      maxSize: DEFAULT_MAX_SIZE,
    };
  return {
    planName: plan.planName,
    badge: plan.badge.trim() || null,
    // A plan never lowers what everyone has, even when an admin raises the default above it.
    maxConcurrentJobs: Math.max(defaultMaxConcurrentJobs, plan.maxConcurrentJobs),
    queuePriority: Math.max(DEFAULT_QUEUE_PRIORITY, plan.queuePriority),
    maxSize: Math.max(DEFAULT_MAX_SIZE, plan.maxSize),
  };
}

/** What one person may do now: their live plan's perks, or everyone's defaults. */
export async function loadMemberPerks(db: Database, userId: string): Promise<MemberPerks> {
  const [settings, [plan]] = await Promise.all([loadTokenSettings(db), loadLivePlans(db, [userId])]);
  return perksOf(settings.maxConcurrentJobs, plan);
}

/** The badge of each of these people who has one (lists: comments, creator pages); one query. */
export async function loadMemberBadges(db: Database, userIds: readonly string[]): Promise<Map<string, string>> {
  const plansOf = await loadLivePlans(db, [...new Set(userIds)]);
  const badges = new Map<string, string>();
  for (const plan of plansOf) {
    const badge = plan.badge.trim();
    if (badge) badges.set(plan.userId, badge);
  }
  return badges;
}

/** The queue priority of each of these people's jobs (0 for everyone without a live plan); one query. */
export async function loadQueuePriorities(db: Database, userIds: readonly string[]): Promise<Map<string, number>> {
  const plansOf = await loadLivePlans(db, [...new Set(userIds)]);
  return new Map(plansOf.map((plan) => [plan.userId, Math.max(DEFAULT_QUEUE_PRIORITY, plan.queuePriority)]));
}

/** One person's queue priority. */
export async function loadQueuePriority(db: Database, userId: string): Promise<number> {
  return (await loadQueuePriorities(db, [userId])).get(userId) ?? DEFAULT_QUEUE_PRIORITY;
}

/** The refusal of a size above a person's largest, in words that say how to get it. */
export function sizeNotInPlanMessage(size: number): string {
  return `Pictures of ${size} × ${size} come with a membership that includes them`;
}

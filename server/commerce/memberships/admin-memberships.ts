/**
 * Memberships as admins see them (issue 41): the members list, the figures of the members page
 * and the dashboard — monthly recurring revenue, members by plan, joins and churn over 30 days —,
 * one person's memberships and invoices on their user record, the refund of an invoice, and the
 * sandbox's clock, which an admin may move forward to walk renewals through.
 *
 * A refund gives the invoice's money back at the provider first, then takes back only the
 * allowance it granted that is still unspent (never bought tokens); refunding the current period
 * ends the membership at once. Every change is audited.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { formatCount, formatMoney } from "~/lib/format";
import type { MemberListQuery } from "~/lib/admin-members";
import { type Actor, recordAudit } from "../../audit/audit";
import { getConfig } from "../../config";
import { type Database, inTransaction } from "../../db/client";
import { isUuid } from "../../db/ids";
import { type MembershipStatus, membershipInvoices, memberships, plans, user } from "../../db/schema";
import { lockTokenAccountState } from "../../generation/ledger";
import { logger } from "../../logger";
import { addNotification } from "../../notify/notifications";
import { CommerceError } from "../errors";
import { getPaymentProvider } from "../payments";
import { advanceSandboxClock, sandboxClockOffsetSeconds, sandboxNow } from "../payments/sandbox-billing";
import { queueSandboxEvent } from "../payments/sandbox";
import { sweepAllowances, takeBackAllowance } from "./allowance";
import { syncSubscription } from "./sync";

export const MEMBER_PAGE_SIZE = 25;
/** The window of the joins and churn figures. */
export const FIGURES_WINDOW_DAYS = 30;

const DAY_MS = 86_400_000;
const LIVE: MembershipStatus[] = ["active", "past_due"];
const num = (value: unknown) => Number(value ?? 0);
const day = (date: Date) => date.toISOString().slice(0, 10);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A plan's price per month at the membership's interval (a yearly price counts a twelfth), as plans.ts's monthlyValueMinor. */
const monthlyValue = sql`case when ${memberships.interval} = 'year' then round(${plans.yearlyPriceMinor}::numeric / 12) else ${plans.monthlyPriceMinor} end`;
/** A membership that was live at some point: paid for, not a checkout left unpaid. */
const everLive = sql`(${memberships.status} <> 'incomplete' and ${memberships.endReason} is distinct from 'abandoned')`;

// ——— The members list ———

export async function listMembers(db: Database, query: MemberListQuery) {
  const conditions: SQL[] = [];
  if (query.status === "live") conditions.push(inArray(memberships.status, LIVE));
  else if (query.status !== "all") conditions.push(eq(memberships.status, query.status));
  if (query.plan) conditions.push(eq(memberships.planId, query.plan));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(user.email, like), ilike(user.name, like))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [totalRow] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(where);
  const total = totalRow?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / MEMBER_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const column = { started: memberships.createdAt, renews: memberships.currentPeriodEnd, email: user.email }[
    query.sort
  ];
  const rows = await db
    .select({
      id: memberships.id,
      userId: memberships.userId,
      name: user.name,
      email: user.email,
      planId: memberships.planId,
      planName: plans.name,
      currency: plans.currency,
      interval: memberships.interval,
      status: memberships.status,
      monthlyValueMinor: monthlyValue.mapWith(num),
      provider: memberships.provider,
      createdAt: memberships.createdAt,
      currentPeriodEnd: memberships.currentPeriodEnd,
      cancelAtPeriodEnd: memberships.cancelAtPeriodEnd,
      pastDueSince: memberships.pastDueSince,
      endedAt: memberships.endedAt,
      endReason: memberships.endReason,
    })
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .innerJoin(plans, eq(plans.id, memberships.planId))
    .where(where)
    .orderBy(sql`${(query.dir === "asc" ? asc : desc)(column)} nulls last`, asc(memberships.id))
    .limit(MEMBER_PAGE_SIZE)
    .offset((page - 1) * MEMBER_PAGE_SIZE);
  return {
    rows: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      currentPeriodEnd: iso(r.currentPeriodEnd),
      pastDueSince: iso(r.pastDueSince),
      endedAt: iso(r.endedAt),
    })),
    total,
    page,
    pages,
  };
}

/** Every plan, for the list's plan filter (retired ones too: their members are still listed). */
export async function listPlanChoices(db: Database) {
  return db
    .select({ id: plans.id, name: plans.name, retired: sql<boolean>`${plans.retiredAt} is not null` })
    .from(plans)
    .orderBy(asc(plans.sortOrder), asc(plans.monthlyPriceMinor), asc(plans.name));
}

// ——— Figures ———

export interface MembershipFigures {
  /** The window the joins and churn are counted over: [since, now). */
  since: string;
  windowDays: number;
  /** Monthly recurring revenue per currency, largest first; empty with no live member. */
  recurring: { currency: string; amountMinor: number }[];
  /** Members whose membership is active or past due now. */
  live: number;
  pastDue: number;
  /** Memberships that started (were paid for) in the window. */
  joined: number;
  /** Memberships that ended in the window. */
  churned: number;
  /** Live memberships when the window began. */
  liveAtStart: number;
  /** churned ÷ liveAtStart, or null when nobody was a member at the window's start. */
  churnRate: number | null;
  /** Live members per plan; plans on sale without members are listed with none. */
  byPlan: { planId: string; name: string; live: number; monthly: number; yearly: number; retired: boolean }[];
}

/**
 * The members' figures at `now`: recurring revenue and members of the live memberships (active
 * and past due) now, joins and churn over the last 30 days. Churn is the memberships that ended in
 * the window over those live when it began.
 */
export async function membershipFigures(db: Database, now: Date = new Date()): Promise<MembershipFigures> {
  const since = new Date(now.getTime() - FIGURES_WINDOW_DAYS * DAY_MS);
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const live = inArray(memberships.status, LIVE);
  const [[counts], recurring, byPlan] = await Promise.all([
    db
      .select({
        live: sql`count(*) filter (where ${live})`.mapWith(num),
        pastDue: sql`count(*) filter (where ${memberships.status} = 'past_due')`.mapWith(num),
        joined:
          sql`count(*) filter (where ${everLive} and ${memberships.createdAt} >= ${at(since)} and ${memberships.createdAt} < ${at(now)})`.mapWith(
            num,
          ),
        churned:
          sql`count(*) filter (where ${everLive} and ${memberships.status} = 'ended' and ${memberships.endedAt} >= ${at(since)} and ${memberships.endedAt} < ${at(now)})`.mapWith(
            num,
          ),
        liveAtStart:
          sql`count(*) filter (where ${everLive} and ${memberships.createdAt} < ${at(since)} and (${memberships.endedAt} is null or ${memberships.endedAt} >= ${at(since)}))`.mapWith(
            num,
          ),
      })
      .from(memberships),
    db
      .select({ currency: plans.currency, amountMinor: sql`sum(${monthlyValue})`.mapWith(num) })
      .from(memberships)
      .innerJoin(plans, eq(plans.id, memberships.planId))
      .where(live)
      .groupBy(plans.currency)
      .orderBy(desc(sql`sum(${monthlyValue})`), plans.currency),
    db
      .select({
        planId: plans.id,
        name: plans.name,
        live: sql`count(${memberships.id})`.mapWith(num),
        monthly: sql`count(${memberships.id}) filter (where ${memberships.interval} = 'month')`.mapWith(num),
        yearly: sql`count(${memberships.id}) filter (where ${memberships.interval} = 'year')`.mapWith(num),
        retired: sql<boolean>`${plans.retiredAt} is not null`,
      })
      .from(plans)
      .leftJoin(memberships, and(eq(memberships.planId, plans.id), live))
      .groupBy(plans.id)
      .having(sql`count(${memberships.id}) > 0 or ${plans.retiredAt} is null`)
      .orderBy(asc(plans.sortOrder), asc(plans.monthlyPriceMinor), asc(plans.name)),
  ]);
  const c = counts!;
  return {
    since: since.toISOString(),
    windowDays: FIGURES_WINDOW_DAYS,
    recurring,
    live: c.live,
    pastDue: c.pastDue,
    joined: c.joined,
    churned: c.churned,
    liveAtStart: c.liveAtStart,
    churnRate: c.liveAtStart > 0 ? c.churned / c.liveAtStart : null,
    byPlan,
  };
}

// ——— One person's history ———

/** Every membership of a person, newest first, each with its invoices (newest first), for their user record. */
export async function memberHistory(db: Database, userId: string) {
  const [rows, invoices] = await Promise.all([
    db
      .select({
        id: memberships.id,
        status: memberships.status,
        planName: plans.name,
        interval: memberships.interval,
        provider: memberships.provider,
        providerSubscriptionId: memberships.providerSubscriptionId,
        createdAt: memberships.createdAt,
        currentPeriodStart: memberships.currentPeriodStart,
        currentPeriodEnd: memberships.currentPeriodEnd,
        cancelAtPeriodEnd: memberships.cancelAtPeriodEnd,
        scheduledPlanId: memberships.scheduledPlanId,
        pastDueSince: memberships.pastDueSince,
        endedAt: memberships.endedAt,
        endReason: memberships.endReason,
      })
      .from(memberships)
      .innerJoin(plans, eq(plans.id, memberships.planId))
      .where(eq(memberships.userId, userId))
      .orderBy(desc(memberships.createdAt), desc(memberships.id)),
    db
      .select()
      .from(membershipInvoices)
      .where(eq(membershipInvoices.userId, userId))
      .orderBy(desc(membershipInvoices.periodStart), desc(membershipInvoices.createdAt)),
  ]);
  const scheduledIds = [...new Set(rows.flatMap((r) => (r.scheduledPlanId ? [r.scheduledPlanId] : [])))];
  const scheduled = scheduledIds.length
    ? await db.select({ id: plans.id, name: plans.name }).from(plans).where(inArray(plans.id, scheduledIds))
    : [];
  return rows.map(({ scheduledPlanId, ...m }) => ({
    ...m,
    scheduledPlanName: scheduled.find((p) => p.id === scheduledPlanId)?.name ?? null,
    createdAt: m.createdAt.toISOString(),
    currentPeriodStart: iso(m.currentPeriodStart),
    currentPeriodEnd: iso(m.currentPeriodEnd),
    pastDueSince: iso(m.pastDueSince),
    endedAt: iso(m.endedAt),
    invoices: invoices
      .filter((i) => i.membershipId === m.id)
      .map((i) => ({
        id: i.id,
        reason: i.reason,
        status: i.status,
        planName: i.planName,
        interval: i.interval,
        amountMinor: i.amountMinor,
        currency: i.currency,
        periodStart: i.periodStart.toISOString(),
        periodEnd: i.periodEnd.toISOString(),
        paidAt: iso(i.paidAt),
        attemptCount: i.attemptCount,
        tokensGranted: i.tokensGranted,
        tokensTakenBack: i.tokensTakenBack,
        unrecoveredTokens: i.unrecoveredTokens,
        refundedMinor: i.refundedMinor,
        providerInvoiceId: i.providerInvoiceId,
      })),
  }));
}

export type MemberHistory = Awaited<ReturnType<typeof memberHistory>>;

// ——— Refunds ———

export interface MembershipRefundResult {
  refundedMinor: number;
  tokensTakenBack: number;
  unrecoveredTokens: number;
  /** The refund was of the current period: the membership ended at once. */
  endedMembership: boolean;
  /** What happened, in one sentence or two for the admin. */
  message: string;
}

/**
 * Refunds a paid membership invoice: the provider gives the money back first; then the allowance
 * the invoice granted is taken back as far as it is unspent — only while that allowance is the
 * current one (its period ended, it ended with it) and never bought tokens. A refund of the current
 * period's invoice ends the membership at once, at the provider too. Refused twice.
 */
export async function refundMembershipInvoice(
  db: Database,
  invoiceId: string,
  options: {
    actor: Actor;
    reason: string;
    /** The person the invoice must belong to (the user record it is refunded from). */
    userId?: string;
  },
): Promise<MembershipRefundResult> {
  const notFound = () => new CommerceError("not_found", "That membership invoice does not exist.");
  if (!isUuid(invoiceId)) throw notFound();
  const [invoice] = await db.select().from(membershipInvoices).where(eq(membershipInvoices.id, invoiceId));
  if (!invoice || (options.userId !== undefined && invoice.userId !== options.userId)) throw notFound();
  if (invoice.status === "refunded") throw new CommerceError("already_refunded", "This invoice is refunded already.");
  if (invoice.status !== "paid") throw new CommerceError("not_paid", "Only a paid invoice can be refunded.");

  const provider = getPaymentProvider(db, invoice.provider);
  let refundId: string | null = null;
  if (invoice.amountMinor > 0) {
    try {
      ({ refundId } = await provider.billing.refundInvoice(invoice.providerInvoiceId, invoice.amountMinor));
    } catch (error) {
      throw new CommerceError(
        "provider_refused",
        `The payment provider did not refund: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  const [membership] = await db.select().from(memberships).where(eq(memberships.id, invoice.membershipId));
  const endsMembership =
    !!membership &&
    LIVE.includes(membership.status) &&
    !!membership.providerSubscriptionId &&
    (!membership.currentPeriodEnd || invoice.periodEnd.getTime() >= membership.currentPeriodEnd.getTime());
  const money = formatMoney(invoice.amountMinor, invoice.currency);

  const result = await inTransaction(db, async (tx) => {
    const [claimed] = await tx
      .update(membershipInvoices)
      .set({ status: "refunded", updatedAt: new Date() })
      .where(and(eq(membershipInvoices.id, invoice.id), eq(membershipInvoices.status, "paid")))
      .returning();
    if (!claimed) throw new CommerceError("already_refunded", "This invoice is refunded already.");
    // The allowance this invoice granted is still the account's only while its period is the current one.
    const account = await lockTokenAccountState(tx, claimed.userId);
    const current = account.allowanceExpiresAt?.getTime() === claimed.periodEnd.getTime();
    const wanted = current ? Math.min(account.allowance, claimed.tokensGranted) : 0;
    const spent = claimed.tokensGranted - wanted;
    const tokensTakenBack =
      wanted > 0
        ? await takeBackAllowance(
            tx,
            claimed.userId,
            wanted,
            `membership-invoice:${claimed.provider}:${claimed.providerInvoiceId}:refund`,
            spent > 0
              ? `Refund of the ${claimed.planName} invoice: ${formatCount(spent)} tokens of its allowance were already spent`
              : `Refund of the ${claimed.planName} invoice`,
          )
        : 0;
    const unrecoveredTokens = claimed.tokensGranted - tokensTakenBack;
    await tx
      .update(membershipInvoices)
      .set({ tokensTakenBack, unrecoveredTokens, refundedMinor: claimed.amountMinor })
      .where(eq(membershipInvoices.id, claimed.id));
    let message: string;
    if (claimed.tokensGranted === 0) message = `Refunded ${money}; the invoice granted no tokens.`;
    else if (!current)
      message = `Refunded ${money}; the allowance of that period (${day(claimed.periodStart)} to ${day(claimed.periodEnd)}) had already ended, so no tokens were taken back.`;
    else if (unrecoveredTokens > 0)
      message = `Refunded ${money} and took back ${formatCount(tokensTakenBack)} of ${formatCount(claimed.tokensGranted)} tokens; ${formatCount(unrecoveredTokens)} were already spent.`;
    else message = `Refunded ${money} and took back all ${formatCount(tokensTakenBack)} tokens.`;
    if (endsMembership) message += " The membership ended at once.";
    const outcome = { refundedMinor: claimed.amountMinor, tokensTakenBack, unrecoveredTokens, message };
    await recordAudit(tx, options.actor, {
      action: "membership.refund",
      entityType: "membership_invoice",
      entityId: claimed.id,
      before: { status: "paid" },
      after: {
        status: "refunded",
        userId: claimed.userId,
        membershipId: claimed.membershipId,
        providerInvoiceId: claimed.providerInvoiceId,
        reason: options.reason,
        providerRefundId: refundId,
        endsMembership,
        ...outcome,
      },
    });
    return outcome;
  });

  let endedMembership = false;
  if (endsMembership && membership?.providerSubscriptionId) {
    // The end reason is set first, so the sync that follows the cancellation keeps it.
    await db.update(memberships).set({ endReason: "refunded" }).where(eq(memberships.id, membership.id));
    try {
      await provider.billing.cancelNow(membership.providerSubscriptionId);
      await syncSubscription(db, provider, membership.providerSubscriptionId);
      endedMembership = true;
    } catch (error) {
      logger.error({ err: error, membership: membership.id }, "could not end a refunded membership at its provider");
      await db
        .update(memberships)
        .set({ endReason: null })
        .where(and(eq(memberships.id, membership.id), inArray(memberships.status, LIVE)));
      result.message = result.message.replace(
        " The membership ended at once.",
        ` The membership could not be ended at the provider (${error instanceof Error ? error.message : String(error)}): end it there.`,
      );
    }
  }

  await addNotification(db, invoice.userId, {
    status: "info",
    title: "A membership payment was refunded",
    message: [
      `We refunded ${money} for your ${invoice.planName} membership (${day(invoice.periodStart)} to ${day(invoice.periodEnd)}).`,
      result.tokensTakenBack > 0
        ? `${formatCount(result.tokensTakenBack)} tokens of its allowance were taken back; tokens you bought stay yours.`
        : "Tokens you bought stay yours.",
      endedMembership ? "Your membership has ended." : "",
    ]
      .filter(Boolean)
      .join(" "),
  }).catch((err: unknown) => logger.warn({ err, invoice: invoice.id }, "could not tell the member of a refund"));

  return { ...result, endedMembership };
}

// ——— The sandbox's clock ———

/** Whether the configured payment provider is the embedded sandbox, whose clock admins may move. */
export function sandboxClockAvailable(): boolean {
  return getConfig().payments.provider === "sandbox";
}

/** The sandbox's clock as the members page shows it, or null when payments are not on the sandbox. */
export async function getSandboxClock(db: Database): Promise<{ now: string; offsetDays: number } | null> {
  if (!sandboxClockAvailable()) return null;
  const [now, offset] = await Promise.all([sandboxNow(db), sandboxClockOffsetSeconds(db)]);
  return { now: now.toISOString(), offsetDays: Math.floor(offset / 86_400) };
}

/**
 * Moves the sandbox's clock forward by whole days, for an admin, and runs the billing that fell
 * due (renewals, retries, cancellations; their webhooks follow). Refused unless payments run on
 * the sandbox: Stripe's time is Stripe's. Audited.
 */
export async function moveSandboxClock(
  db: Database,
  days: number,
  actor: Actor,
): Promise<{ now: Date; steps: number; message: string }> {
  if (!sandboxClockAvailable())
    throw new CommerceError("forbidden", "Payments are not on the sandbox: only the sandbox's clock can be moved.");
  const [who] = await db.select({ role: user.role }).from(user).where(eq(user.id, actor.userUid));
  if (who?.role !== "admin")
    throw new CommerceError("forbidden", "Only an administrator can move the sandbox's clock.");
  if (!Number.isInteger(days) || days < 1 || days > 365)
    throw new CommerceError("invalid_input", "Move the clock forward by 1 to 365 days.", {
      days: ["Move the clock forward by 1 to 365 days"],
    });
  const before = await sandboxClockOffsetSeconds(db);
  const { now, steps } = await advanceSandboxClock(db, days * 86_400, queueSandboxEvent);
  // What the five-minute housekeeping would do at the new time: allowances whose period is over end.
  await sweepAllowances(db, now);
  await inTransaction(db, (tx) =>
    recordAudit(tx, actor, {
      action: "sandbox.clock",
      entityType: "sandbox",
      entityId: null,
      before: { offsetDays: Math.floor(before / 86_400) },
      after: { offsetDays: Math.floor(before / 86_400) + days, days, now, billingSteps: steps },
    }),
  );
  const moved = days === 1 ? "1 day" : `${formatCount(days)} days`;
  const did = steps === 0 ? "nothing fell due" : `${formatCount(steps)} billing ${steps === 1 ? "step" : "steps"} ran`;
  return { now, steps, message: `Moved the sandbox's clock forward ${moved} to ${day(now)}: ${did}.` };
}

/**
 * The back office's dashboard: figures for the last 7, 30 or 90 days, aggregated in SQL that runs
 * the same on PGlite and PostgreSQL. Everything returned is plain JSON (ISO strings for dates).
 *
 * A range of N days is N whole UTC days ending today (today included), so revenue has one point
 * per day and the transaction list's `from`/`to` filters (UTC days) cover exactly the same span.
 */
import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { membershipFigures } from "../commerce/memberships/admin-memberships";
import type { Database } from "../db/client";
import {
  artworkReports,
  errorReports,
  generations,
  products,
  tokenAccounts,
  tokenLedger,
  transactionLines,
  transactions,
  user,
} from "../db/schema";

export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardDays = (typeof DASHBOARD_RANGES)[number];

export const dashboardQuery = z.object({
  days: z
    .enum(["7", "30", "90"])
    .catch("30")
    .default("30")
    .transform((v) => Number(v) as DashboardDays),
});

const DAY_MS = 86_400_000;
const RECENT_ROWS = 6;
const TOP_PRODUCTS = 5;
/** The currency of an empty revenue chart: the schema's default for products and transactions. */
const FALLBACK_CURRENCY = "USD";

const num = (value: unknown) => Number(value ?? 0);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The range's first instant (UTC midnight, N−1 days before today) and the instant after it (tomorrow's UTC midnight). */
export function dashboardRange(days: DashboardDays, now: Date = new Date()) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * DAY_MS);
  const end = new Date(today + DAY_MS);
  const dates = Array.from({ length: days }, (_, i) => isoDay(new Date(start.getTime() + i * DAY_MS)));
  return { start, end, dates, from: dates[0]!, to: dates.at(-1)! };
}

/** `timestamp` lies in [start, end), as SQL usable inside FILTER clauses. */
const within = (column: unknown, start: Date, end: Date) =>
  sql`(${column} >= ${start.toISOString()}::timestamptz and ${column} < ${end.toISOString()}::timestamptz)`;

/**
 * When money was received: the payment time, or the creation time for rows settled without one
 * (zero-total orders and older rows).
 */
const receivedAt = sql`coalesce(${transactions.paidAt}, ${transactions.createdAt})`;
/** What a refund gave back; a refunded row without the amount recorded gave back its total. */
const refundedAmount = sql`case when ${transactions.status} = 'refunded' then coalesce(${transactions.refundedMinor}, ${transactions.totalMinor}) else 0 end`;

export async function loadDashboard(db: Database, options: { days: DashboardDays; now?: Date }) {
  const { start, end, dates, from, to } = dashboardRange(options.days, options.now);
  const inRange = (column: unknown) => within(column, start, end);

  const [
    users,
    gens,
    byMode,
    byEngine,
    ledger,
    held,
    orders,
    revenueRows,
    revenueDays,
    top,
    reports,
    errors,
    recentTransactions,
    recentErrors,
  ] = await Promise.all([
    db
      .select({
        total: count(),
        new: sql`count(*) filter (where ${inRange(user.createdAt)})`.mapWith(num),
        newVerified: sql`count(*) filter (where ${inRange(user.createdAt)} and ${user.emailVerified})`.mapWith(num),
        verified: sql`count(*) filter (where ${user.emailVerified})`.mapWith(num),
        banned: sql`count(*) filter (where ${user.banned})`.mapWith(num),
        admins: sql`count(*) filter (where ${user.role} = 'admin')`.mapWith(num),
      })
      .from(user),
    db
      .select({
        total: count(),
        succeeded: sql`count(*) filter (where ${generations.status} = 'succeeded')`.mapWith(num),
        failed: sql`count(*) filter (where ${generations.status} = 'failed')`.mapWith(num),
        canceled: sql`count(*) filter (where ${generations.status} = 'canceled')`.mapWith(num),
        active: sql`count(*) filter (where ${generations.status} in ('queued', 'running'))`.mapWith(num),
        refunded: sql`count(*) filter (where ${generations.refunded})`.mapWith(num),
      })
      .from(generations)
      .where(and(gte(generations.createdAt, start), lt(generations.createdAt, end))),
    db
      .select({ mode: generations.mode, count: count() })
      .from(generations)
      .where(and(gte(generations.createdAt, start), lt(generations.createdAt, end)))
      .groupBy(generations.mode)
      .orderBy(desc(count()), generations.mode),
    db
      .select({ engineId: generations.engineId, label: sql<string>`max(${generations.engineLabel})`, count: count() })
      .from(generations)
      .where(and(gte(generations.createdAt, start), lt(generations.createdAt, end)))
      .groupBy(generations.engineId)
      .orderBy(desc(count()), generations.engineId),
    // Ledger movements by kind. "Granted" is every free credit (sign-up, events, redeem codes,
    // admin additions); "sold" is what purchases credited; "spent" is what generations used net
    // of the refunds for failed ones.
    db
      .select({
        granted:
          sql`coalesce(sum(${tokenLedger.amount}) filter (where ${tokenLedger.amount} > 0 and ${tokenLedger.reason} in ('signup_grant', 'event_bonus', 'redeem_code', 'admin_adjustment')), 0)`.mapWith(
            num,
          ),
        sold: sql`coalesce(sum(${tokenLedger.amount}) filter (where ${tokenLedger.reason} = 'purchase'), 0)`.mapWith(
          num,
        ),
        debited:
          sql`coalesce(-sum(${tokenLedger.amount}) filter (where ${tokenLedger.reason} = 'generation'), 0)`.mapWith(
            num,
          ),
        refundedToCreators:
          sql`coalesce(sum(${tokenLedger.amount}) filter (where ${tokenLedger.reason} = 'generation_refund'), 0)`.mapWith(
            num,
          ),
        takenBackByRefunds:
          sql`coalesce(-sum(${tokenLedger.amount}) filter (where ${tokenLedger.reason} = 'purchase_refund'), 0)`.mapWith(
            num,
          ),
        removedByAdmins:
          sql`coalesce(-sum(${tokenLedger.amount}) filter (where ${tokenLedger.reason} = 'admin_adjustment' and ${tokenLedger.amount} < 0), 0)`.mapWith(
            num,
          ),
      })
      .from(tokenLedger)
      .where(and(gte(tokenLedger.createdAt, start), lt(tokenLedger.createdAt, end))),
    db.select({ total: sql`coalesce(sum(${tokenAccounts.balance}), 0)`.mapWith(num) }).from(tokenAccounts),
    // Orders by status, dated when placed: the same rows the transaction list shows for these days.
    db
      .select({ status: transactions.status, count: count() })
      .from(transactions)
      .where(and(gte(transactions.createdAt, start), lt(transactions.createdAt, end)))
      .groupBy(transactions.status),
    // Revenue: money received (paid, or paid and later refunded) in the range, dated when
    // received; a refund is taken off its sale, so a fully refunded sale counts zero and no day
    // goes negative. Per currency, never added across currencies.
    db
      .select({
        currency: transactions.currency,
        sales: count(),
        grossMinor: sql`coalesce(sum(${transactions.totalMinor}), 0)`.mapWith(num),
        refunds: sql`count(*) filter (where ${transactions.status} = 'refunded')`.mapWith(num),
        refundedMinor: sql`coalesce(sum(${refundedAmount}), 0)`.mapWith(num),
      })
      .from(transactions)
      .where(and(sql`${transactions.status} in ('paid', 'refunded')`, inRange(receivedAt)))
      .groupBy(transactions.currency)
      .orderBy(desc(sql`sum(${transactions.totalMinor})`), transactions.currency),
    db
      .select({
        currency: transactions.currency,
        day: sql<string>`to_char(${receivedAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        netMinor: sql`coalesce(sum(${transactions.totalMinor} - ${refundedAmount}), 0)`.mapWith(num),
      })
      .from(transactions)
      .where(and(sql`${transactions.status} in ('paid', 'refunded')`, inRange(receivedAt)))
      .groupBy(transactions.currency, sql`2`),
    // Top products by units of kept sales (refunded ones left out), then by revenue.
    db
      .select({
        productId: transactionLines.productId,
        name: sql<string>`coalesce(max(${products.name}), max(${transactionLines.productName}))`,
        currency: transactions.currency,
        units: sql`sum(${transactionLines.quantity})`.mapWith(num),
        revenueMinor: sql`sum(${transactionLines.lineTotalMinor})`.mapWith(num),
      })
      .from(transactionLines)
      .innerJoin(transactions, eq(transactions.id, transactionLines.transactionId))
      .leftJoin(products, eq(products.id, transactionLines.productId))
      .where(and(eq(transactions.status, "paid"), inRange(receivedAt)))
      .groupBy(transactionLines.productId, transactions.currency)
      .orderBy(desc(sql`sum(${transactionLines.quantity})`), desc(sql`sum(${transactionLines.lineTotalMinor})`), sql`2`)
      .limit(TOP_PRODUCTS),
    // Open reports are the queue as it stands now, whatever the range.
    db
      .select({
        open: sql`count(*) filter (where ${artworkReports.status} = 'open')`.mapWith(num),
        openArtworks:
          sql`count(distinct ${artworkReports.artworkId}) filter (where ${artworkReports.status} = 'open')`.mapWith(
            num,
          ),
        newInRange: sql`count(*) filter (where ${inRange(artworkReports.createdAt)})`.mapWith(num),
      })
      .from(artworkReports),
    db
      .select({
        total: count(),
        client: sql`count(*) filter (where ${errorReports.whatPlatform} = 'Client')`.mapWith(num),
        server: sql`count(*) filter (where ${errorReports.whatPlatform} = 'Server')`.mapWith(num),
      })
      .from(errorReports)
      .where(and(gte(errorReports.createdDate, start), lt(errorReports.createdDate, end))),
    db
      .select({
        id: transactions.id,
        createdAt: transactions.createdAt,
        status: transactions.status,
        currency: transactions.currency,
        totalMinor: transactions.totalMinor,
        tokens: transactions.tokens,
        userEmail: user.email,
      })
      .from(transactions)
      .innerJoin(user, eq(user.id, transactions.userId))
      .where(and(gte(transactions.createdAt, start), lt(transactions.createdAt, end)))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(RECENT_ROWS),
    db
      .select({
        id: errorReports.id,
        createdDate: errorReports.createdDate,
        platform: errorReports.whatPlatform,
        message: errorReports.errorReportBySystem,
        page: errorReports.whatPage,
      })
      .from(errorReports)
      .where(and(gte(errorReports.createdDate, start), lt(errorReports.createdDate, end)))
      .orderBy(desc(errorReports.createdDate), desc(errorReports.id))
      .limit(RECENT_ROWS),
  ]);

  // Memberships (issue 41): recurring revenue, live members and churn over 30 days, whatever the range.
  const members = await membershipFigures(db, options.now);
  const u = users[0]!;
  const g = gens[0]!;
  const l = ledger[0]!;
  const statusCount = (status: string) => orders.find((o) => o.status === status)?.count ?? 0;
  const currencies = revenueRows.length
    ? revenueRows
    : [{ currency: FALLBACK_CURRENCY, sales: 0, grossMinor: 0, refunds: 0, refundedMinor: 0 }];

  return {
    days: options.days,
    from,
    to,
    users: {
      total: u.total,
      new: u.new,
      newVerified: u.newVerified,
      verified: u.verified,
      unverified: u.total - u.verified,
      banned: u.banned,
      admins: u.admins,
    },
    generations: {
      total: g.total,
      succeeded: g.succeeded,
      failed: g.failed,
      canceled: g.canceled,
      active: g.active,
      refunded: g.refunded,
      byMode: byMode.map((m) => ({ mode: m.mode, count: m.count })),
      byEngine: byEngine.map((e) => ({ engineId: e.engineId, label: e.label, count: e.count })),
    },
    tokens: {
      granted: l.granted,
      sold: l.sold,
      spent: l.debited - l.refundedToCreators,
      refundedToCreators: l.refundedToCreators,
      takenBackByRefunds: l.takenBackByRefunds,
      removedByAdmins: l.removedByAdmins,
      held: held[0]!.total,
    },
    orders: {
      total: orders.reduce((sum, o) => sum + o.count, 0),
      pending: statusCount("pending"),
      paid: statusCount("paid"),
      failed: statusCount("failed"),
      canceled: statusCount("canceled"),
      refunded: statusCount("refunded"),
    },
    revenue: currencies.map((c) => {
      const byDay = new Map(revenueDays.filter((d) => d.currency === c.currency).map((d) => [d.day, d.netMinor]));
      return {
        ...c,
        netMinor: c.grossMinor - c.refundedMinor,
        days: dates.map((date) => ({ date, amountMinor: byDay.get(date) ?? 0 })),
      };
    }),
    topProducts: top,
    reports: reports[0]!,
    errors: errors[0]!,
    recentTransactions: recentTransactions.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    recentErrors: recentErrors.map((r) => ({ ...r, createdDate: r.createdDate.toISOString() })),
    memberships: members,
  };
}

export type Dashboard = Awaited<ReturnType<typeof loadDashboard>>;

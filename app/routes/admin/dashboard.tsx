/**
 * /admin/dashboard: users, generations, tokens, sales, reports and errors for the last 7, 30 or
 * 90 days (`?days=`), each figure linking to the list it counts, with revenue per day as a chart.
 */
import { requireAdmin } from "@server/auth/guards";
import { DASHBOARD_RANGES, dashboardQuery, loadDashboard } from "@server/admin/dashboard";
import { getDb } from "@server/db/client";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BarChart } from "~/components/admin/bar-chart";
import { useDateSettings, When } from "~/components/when";
import { type Column, ExcerptTable } from "~/components/admin/data-table";
import { formatCount, formatDate, formatMoney } from "~/lib/format";
import { cn } from "~/lib/cn";
import { TRANSACTION_STATUS_LABELS } from "~/lib/commerce";
import { formatRate, formatRecurring } from "~/lib/admin-members";
import { MODE_LABELS, type GenerationMode } from "~/lib/generation";
import type { Route } from "./+types/dashboard";
import { PageHeading, SectionHeading } from "~/components/ui/page-heading";

export const meta = () => [{ title: "Dashboard · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = dashboardQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { ranges: DASHBOARD_RANGES, ...(await loadDashboard(getDb(), query)) };
}

type Data = Route.ComponentProps["loaderData"];

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** One figure: its label and value are one link to the list it counts (or plain text when no list exists). */
function Stat({ label, value, to, children }: { label: string; value: ReactNode; to?: string; children?: ReactNode }) {
  const body = (
    <>
      <span className="block text-sm text-ink-soft group-hover:text-accent group-hover:underline">{label}</span>
      <span className="mt-1 block font-display text-3xl font-semibold tracking-tight text-ink tabular-nums">
        {value}
      </span>
    </>
  );
  return (
    <div className="rounded-2xl border border-line bg-paper-raised p-4">
      {to ? (
        <Link to={to} className="group block rounded-lg">
          {body}
        </Link>
      ) : (
        <div>{body}</div>
      )}
      {children ? <div className="mt-2 space-y-1 text-sm text-ink-soft">{children}</div> : null}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <SectionHeading id={id}>{title}</SectionHeading>
      {children}
    </section>
  );
}

const grid = "grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";
const textLink = "font-medium text-accent underline-offset-4 hover:underline";

function Breakdown({ rows, empty }: { rows: { key: string; label: string; count: number }[]; empty: string }) {
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <ul className="space-y-1">
      {rows.map((r) => (
        <li key={r.key} className="flex justify-between gap-3">
          <span>{r.label}</span>
          <span className="text-ink tabular-nums">{formatCount(r.count)}</span>
        </li>
      ))}
    </ul>
  );
}

type TransactionRow = Data["recentTransactions"][number];
type ErrorRow = Data["recentErrors"][number];

export default function AdminDashboardPage({ loaderData: d }: Route.ComponentProps) {
  const span = `from=${d.from}&to=${d.to}`;
  const transactionsOf = (status: string) => `/admin/history-transaction?status=${status}&${span}`;
  const main = d.revenue[0]!;
  const money = (minor: number) => formatMoney(minor, main.currency);
  // Days of the back office are UTC days, written in the viewer's English.
  const { locale } = useDateSettings();
  const dayLabel = (isoDay: string) => formatDate(`${isoDay}T00:00:00Z`, "dayMonth", { locale, timeZone: "UTC" });

  const transactionColumns: Column<TransactionRow>[] = [
    {
      key: "when",
      header: "Date (UTC)",
      cell: (r) => (
        <Link to={`/admin/detail-history-transaction?id=${r.id}`} className={cn(textLink, "whitespace-nowrap")}>
          <When value={r.createdAt} zone="utc" zoneLabel={false} />
        </Link>
      ),
    },
    // Long addresses wrap, so the total stays in view in the half-width card (1280 px).
    { key: "buyer", header: "Buyer", cell: (r) => <span className="break-all">{r.userEmail}</span> },
    {
      key: "status",
      header: "Status",
      cell: (r) => TRANSACTION_STATUS_LABELS[r.status as keyof typeof TRANSACTION_STATUS_LABELS] ?? r.status,
    },
    { key: "total", header: "Total", align: "right", cell: (r) => formatMoney(r.totalMinor, r.currency) },
  ];
  const errorColumns: Column<ErrorRow>[] = [
    {
      key: "when",
      header: "When (UTC)",
      cell: (r) => <When value={r.createdDate} zone="utc" zoneLabel={false} className="whitespace-nowrap" />,
    },
    { key: "platform", header: "Platform", cell: (r) => r.platform },
    { key: "message", header: "Error", cell: (r) => <span className="line-clamp-2 break-words">{r.message}</span> },
    { key: "page", header: "Page", cell: (r) => r.page ?? "—" },
  ];

  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageHeading>Dashboard</PageHeading>
          <p className="mt-1 text-ink-soft">
            The last {d.days} days: {dayLabel(d.from)} to {dayLabel(d.to)} (UTC days, today included).
          </p>
        </div>
        <nav aria-label="Date range" className="flex gap-2">
          {d.ranges.map((days) => (
            <Link
              key={days}
              to={`?days=${days}`}
              aria-current={d.days === days ? "page" : undefined}
              className={cn(
                "rounded-full px-4 py-2 text-sm font-medium",
                d.days === days ? "bg-ink text-paper" : "text-ink-soft ring-1 ring-line hover:bg-paper-sunken",
              )}
            >
              {days} days
            </Link>
          ))}
        </nav>
      </header>

      <Section id="users-heading" title="Users">
        <div className={grid}>
          <Stat label="Accounts" value={formatCount(d.users.total)} to="/admin/manage-user">
            <p>
              {plural(d.users.admins, "admin")} ·{" "}
              <Link to="/admin/manage-user?status=banned" className={textLink}>
                {formatCount(d.users.banned)} banned
              </Link>
            </p>
          </Stat>
          {/* The user list has no date filter; newest first shows the new ones on top. */}
          <Stat
            label={`New in ${d.days} days`}
            value={formatCount(d.users.new)}
            to="/admin/manage-user?sort=created&dir=desc"
          >
            <p>{formatCount(d.users.newVerified)} of them verified their email</p>
          </Stat>
          <Stat label="Verified email" value={formatCount(d.users.verified)} to="/admin/manage-user">
            <p>
              <Link to="/admin/manage-user?status=unverified" className={textLink}>
                {formatCount(d.users.unverified)} not verified yet
              </Link>
            </p>
          </Stat>
        </div>
      </Section>

      <Section id="generations-heading" title="Generations">
        <div className={grid}>
          <Stat
            label={`Generations in ${d.days} days`}
            value={formatCount(d.generations.total)}
            to={`/admin/generations?${span}`}
          >
            <p>
              {formatCount(d.generations.succeeded)} finished · {formatCount(d.generations.active)} queued or running ·{" "}
              {formatCount(d.generations.canceled)} canceled
            </p>
          </Stat>
          <Stat
            label="Failed"
            value={formatCount(d.generations.failed)}
            to={`/admin/generations?status=failed&${span}`}
          >
            <p>{plural(d.generations.refunded, "generation")} refunded</p>
          </Stat>
          <div className="rounded-2xl border border-line bg-paper-raised p-4 text-sm text-ink-soft">
            <h3 className="mb-2 text-sm text-ink-soft">By mode</h3>
            <Breakdown
              rows={d.generations.byMode.map((m) => ({
                key: m.mode,
                label: MODE_LABELS[m.mode as GenerationMode] ?? m.mode,
                count: m.count,
              }))}
              empty="None yet."
            />
          </div>
          <div className="rounded-2xl border border-line bg-paper-raised p-4 text-sm text-ink-soft">
            <h3 className="mb-2 text-sm text-ink-soft">By engine</h3>
            <Breakdown
              rows={d.generations.byEngine.map((e) => ({ key: e.engineId, label: e.label, count: e.count }))}
              empty="None yet."
            />
          </div>
        </div>
      </Section>

      {/* The ledger is shown per account (on the user's page); the user list shows every balance and leads there. */}
      <Section id="tokens-heading" title="Tokens">
        <div className={grid}>
          <Stat label="Granted free" value={formatCount(d.tokens.granted)} to="/admin/manage-user">
            <p>Sign-up, events, redeem codes and admin additions</p>
          </Stat>
          <Stat label="Sold" value={formatCount(d.tokens.sold)} to={transactionsOf("paid")}>
            <p>{formatCount(d.tokens.takenBackByRefunds)} taken back by refunds</p>
          </Stat>
          <Stat label="Spent on generations" value={formatCount(d.tokens.spent)} to="/admin/manage-user">
            <p>{formatCount(d.tokens.refundedToCreators)} refunded for failed ones</p>
            {d.tokens.removedByAdmins > 0 ? <p>{formatCount(d.tokens.removedByAdmins)} removed by admins</p> : null}
          </Stat>
          <Stat label="Held by users now" value={formatCount(d.tokens.held)} to="/admin/manage-user" />
        </div>
      </Section>

      <Section id="sales-heading" title="Sales">
        <div className={grid}>
          <Stat label="Revenue, net of refunds" value={money(main.netMinor)} to={transactionsOf("paid")}>
            <p>
              {money(main.grossMinor)} received from {plural(main.sales, "sale")}
            </p>
            {d.revenue.slice(1).map((r) => (
              <p key={r.currency}>and {formatMoney(r.netMinor, r.currency)}</p>
            ))}
          </Stat>
          <Stat label="Refunds" value={money(main.refundedMinor)} to={transactionsOf("refunded")}>
            <p>{plural(main.refunds, "sale")} refunded</p>
          </Stat>
          <Stat label="Orders placed" value={formatCount(d.orders.total)} to={`/admin/history-transaction?${span}`}>
            <p>
              <Link to={transactionsOf("paid")} className={textLink}>
                {formatCount(d.orders.paid)} paid
              </Link>{" "}
              ·{" "}
              <Link to={transactionsOf("pending")} className={textLink}>
                {formatCount(d.orders.pending)} waiting
              </Link>
            </p>
          </Stat>
          <Stat label="Failed payments" value={formatCount(d.orders.failed)} to={transactionsOf("failed")}>
            <p>
              <Link to={transactionsOf("canceled")} className={textLink}>
                {formatCount(d.orders.canceled)} canceled
              </Link>
            </p>
          </Stat>
        </div>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
          <div className="space-y-6 rounded-2xl border border-line bg-paper-raised p-4 lg:col-span-2">
            {d.revenue.map((r) => {
              const format = (minor: number) => formatMoney(minor, r.currency);
              const best = r.days.reduce((a, b) => (b.amountMinor > a.amountMinor ? b : a), r.days[0]!);
              const summary =
                r.netMinor > 0
                  ? `Revenue per day in ${r.currency}, ${dayLabel(d.from)} to ${dayLabel(d.to)}: ${format(r.netMinor)} in all, the most ${format(best.amountMinor)} on ${dayLabel(best.date)}.`
                  : `Revenue per day in ${r.currency}, ${dayLabel(d.from)} to ${dayLabel(d.to)}: none yet.`;
              return (
                <BarChart
                  key={r.currency}
                  title={`Revenue per day (${r.currency}, net of refunds)`}
                  points={r.days.map((p) => ({ label: dayLabel(p.date), value: p.amountMinor }))}
                  format={format}
                  summary={summary}
                  // Sales that were all refunded net to nothing: say so rather than "no sales".
                  emptyNote={
                    r.sales > 0
                      ? `${formatCount(r.sales)} ${r.sales === 1 ? "sale" : "sales"} in these days, all refunded: ${format(r.grossMinor)} received, ${format(r.refundedMinor)} given back.`
                      : "No sales in these days yet."
                  }
                />
              );
            })}
          </div>
          <div className="rounded-2xl border border-line bg-paper-raised p-4">
            <h3 className="text-sm font-medium text-ink">Top products</h3>
            {d.topProducts.length === 0 ? (
              <p className="mt-3 text-sm text-ink-soft">
                {d.revenue.some((r) => r.sales > 0)
                  ? "Every sale in these days was refunded: no product counts yet."
                  : "No product sold in these days yet."}
              </p>
            ) : (
              <ol className="mt-3 space-y-3 text-sm" aria-label="Top products">
                {d.topProducts.map((p) => (
                  <li key={`${p.productId}-${p.currency}`} className="flex items-baseline justify-between gap-3">
                    <span className="min-w-0">
                      <Link to={`/admin/edit-list-product?id=${p.productId}`} className={textLink}>
                        {p.name}
                      </Link>
                      <span className="block text-ink-soft">
                        <Link
                          to={`/admin/history-transaction?product=${p.productId}&status=paid&${span}`}
                          className="hover:underline"
                        >
                          {plural(p.units, "unit")}
                        </Link>
                      </span>
                    </span>
                    <span className="shrink-0 text-ink tabular-nums">{formatMoney(p.revenueMinor, p.currency)}</span>
                  </li>
                ))}
              </ol>
            )}
          </div>
        </div>
      </Section>

      <Section id="memberships-heading" title="Memberships">
        <div className={grid}>
          <Stat label="Monthly recurring revenue" value={formatRecurring(d.memberships.recurring)} to="/admin/members">
            <p>Yearly members count a twelfth of their price</p>
          </Stat>
          <Stat label="Live members" value={formatCount(d.memberships.live)} to="/admin/members">
            <p>
              <Link to="/admin/members?status=past_due" className={textLink}>
                {formatCount(d.memberships.pastDue)} past due
              </Link>{" "}
              · {formatCount(d.memberships.joined)} joined in 30 days
            </p>
          </Stat>
          <Stat label="Churn (30 days)" value={formatRate(d.memberships.churnRate)} to="/admin/members?status=ended">
            <p>
              {plural(d.memberships.churned, "membership")} ended of {formatCount(d.memberships.liveAtStart)} live 30
              days ago
            </p>
          </Stat>
        </div>
      </Section>

      <Section id="attention-heading" title="Needs attention">
        <div className={grid}>
          <Stat label="Open reports" value={formatCount(d.reports.open)} to="/admin/manage-community">
            <p>
              {d.reports.open > 0 ? `On ${plural(d.reports.openArtworks, "artwork")} · ` : "All quiet · "}
              {formatCount(d.reports.newInRange)} reported in {d.days} days
            </p>
          </Stat>
          <Stat label={`Errors in ${d.days} days`} value={formatCount(d.errors.total)} to="/admin/list-log?tab=errors">
            <p>
              {formatCount(d.errors.client)} in browsers · {formatCount(d.errors.server)} on the server
            </p>
          </Stat>
        </div>
      </Section>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Section id="recent-transactions-heading" title="Latest transactions">
          <ExcerptTable
            caption="Latest transactions"
            columns={transactionColumns}
            rows={d.recentTransactions}
            empty={`No transaction in the last ${d.days} days.`}
            footer={
              <Link to={`/admin/history-transaction?${span}`} className={textLink}>
                {d.orders.total > 0
                  ? `All ${plural(d.orders.total, "transaction")} of these days`
                  : "Open the transaction list"}
              </Link>
            }
          />
        </Section>
        <Section id="recent-errors-heading" title="Latest errors">
          <ExcerptTable
            caption="Latest errors"
            columns={errorColumns}
            rows={d.recentErrors}
            empty={`No error reported in the last ${d.days} days. Good.`}
            footer={
              <Link to="/admin/list-log?tab=errors" className={textLink}>
                Every error report
              </Link>
            }
          />
        </Section>
      </div>
    </div>
  );
}

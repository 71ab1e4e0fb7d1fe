/**
 * /admin/members (not in the spec's list; issue 41): the members' figures — monthly recurring
 * revenue, live members, joins and churn over 30 days, past due, members by plan —, the list of
 * memberships with its filters and pages, each leading to the person's user record, and on the
 * sandbox only its billing clock, which an admin moves forward to walk renewals through.
 */
import {
  getSandboxClock,
  listMembers,
  listPlanChoices,
  membershipFigures,
  moveSandboxClock,
} from "@server/commerce/memberships/admin-memberships";
import { requireAdmin } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { parseListQuery } from "@server/admin/list-query";
import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { type Column, ListTable } from "~/components/admin/data-table";
import { FilterSelect, optionsOf, SearchFilter } from "~/components/admin/filter-fields";
import { FilterForm } from "~/components/admin/list-page";
import { buttonClass } from "~/components/ui/button";
import { SectionHeading } from "~/components/ui/page-heading";
import { When } from "~/components/when";
import {
  formatRate,
  formatRecurring,
  MEMBER_FILTER_LABELS,
  MEMBER_FILTER_STATUSES,
  MEMBERSHIP_END_REASON_LABELS,
  MEMBERSHIP_STATUS_LABELS,
  memberListQuery,
  SANDBOX_CLOCK_STEPS,
  sandboxClockForm,
} from "~/lib/admin-members";
import { formatCount, formatMoney } from "~/lib/format";
import { type FormSuccess, parseForm } from "~/lib/forms";
import { formFailure, refusal } from "~/lib/forms.server";
import type { Route } from "./+types/members";

export const meta = () => [{ title: "Members · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const query = parseListQuery(memberListQuery, request.url);
  const [list, plans, figures, clock] = await Promise.all([
    listMembers(db, query),
    listPlanChoices(db),
    membershipFigures(db),
    getSandboxClock(db),
  ]);
  return { query, ...list, plans, figures, clock };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "clock") return formFailure({ form: "Unknown action." });
  const parsed = parseForm(formData, sandboxClockForm);
  if (!parsed.ok) return data(parsed, { status: 400 });
  try {
    const moved = await moveSandboxClock(getDb(), parsed.data.days, admin);
    return { ok: true, message: moved.message } satisfies FormSuccess;
  } catch (error) {
    return refusal(error);
  }
}

type Data = Route.ComponentProps["loaderData"];
type Row = Data["rows"][number];

const textLink = "font-medium text-accent underline-offset-4 hover:underline";

function Figure({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-line bg-paper-raised p-4">
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className="mt-1 font-display text-3xl font-semibold tracking-tight text-ink tabular-nums">{value}</dd>
      {children ? <dd className="mt-2 text-sm text-ink-soft">{children}</dd> : null}
    </div>
  );
}

function statusOf(r: Row): ReactNode {
  if (r.status === "ended")
    return (
      <span className="text-ink-soft">
        Ended
        {r.endedAt ? (
          <>
            {" "}
            <When value={r.endedAt} style="date" zone="utc" />
          </>
        ) : null}
        {r.endReason ? ` · ${MEMBERSHIP_END_REASON_LABELS[r.endReason] ?? r.endReason}` : ""}
      </span>
    );
  if (r.status === "past_due") return <span className="font-medium text-danger">Past due</span>;
  if (r.status === "active" && r.cancelAtPeriodEnd) return "Active · ends at the period's end";
  return MEMBERSHIP_STATUS_LABELS[r.status] ?? r.status;
}

function SandboxClock({ clock }: { clock: NonNullable<Data["clock"]> }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="clock-heading" className="rounded-2xl border border-line bg-paper-raised p-5">
      <SectionHeading id="clock-heading">Sandbox clock</SectionHeading>
      <p className="mt-1 text-sm text-ink-soft">
        Payments run on the embedded sandbox. Its billing clock reads{" "}
        <When value={clock.now} style="dateTime" zone="utc" className="font-medium text-ink" />
        {clock.offsetDays > 0 ? ` (${formatCount(clock.offsetDays)} days ahead of real time)` : " (real time)"}. Moving
        it forward runs the renewals, retries and cancellations that fall due, as if that time had passed; their
        webhooks follow within seconds. It moves only the sandbox's billing — nothing else on the site — and cannot go
        back.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="clock" />
        {SANDBOX_CLOCK_STEPS.map((step) => (
          <button
            key={step.days}
            type="submit"
            name="days"
            value={step.days}
            className={buttonClass({ variant: "secondary", size: "sm" })}
            disabled={busy}
          >
            {step.label}
          </button>
        ))}
      </Form>
    </section>
  );
}

export default function AdminMembersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { query, figures: f, plans, clock } = loaderData;
  const columns: Column<Row>[] = [
    {
      key: "member",
      header: "Member",
      sort: "email",
      cell: (r) => (
        <>
          <Link to={`/admin/user-form?id=${encodeURIComponent(r.userId)}`} className={textLink}>
            {r.name}
          </Link>
          <span className="block break-all text-ink-soft">{r.email}</span>
        </>
      ),
    },
    {
      key: "plan",
      header: "Plan",
      cell: (r) => `${r.planName} · ${r.interval === "year" ? "yearly" : "monthly"}`,
    },
    {
      key: "value",
      header: "Per month",
      align: "right",
      cell: (r) => formatMoney(r.monthlyValueMinor, r.currency),
    },
    { key: "status", header: "Status", cell: statusOf },
    {
      key: "started",
      header: "Started (UTC)",
      sort: "started",
      cell: (r) => <When value={r.createdAt} style="date" zone="utc" className="whitespace-nowrap" />,
    },
    {
      key: "renews",
      header: "Period ends (UTC)",
      sort: "renews",
      cell: (r) =>
        r.currentPeriodEnd && r.status !== "ended" ? (
          <When value={r.currentPeriodEnd} style="date" zone="utc" className="whitespace-nowrap" />
        ) : (
          "—"
        ),
    },
  ];
  return (
    <AdminPage
      title="Members"
      description="Memberships, their plans and what they bring in each month."
      answer={actionData}
    >
      <section aria-labelledby="figures-heading" className="space-y-3">
        <SectionHeading id="figures-heading">Figures</SectionHeading>
        <dl className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
          <Figure label="Monthly recurring revenue" value={formatRecurring(f.recurring)}>
            Live memberships at their plan's price; yearly ones count a twelfth.
          </Figure>
          <Figure label="Live members" value={formatCount(f.live)}>
            Active or past due.
          </Figure>
          <Figure label="Past due" value={formatCount(f.pastDue)}>
            A renewal failed and is being retried; perks are kept meanwhile.
          </Figure>
          <Figure label="Joined in 30 days" value={formatCount(f.joined)} />
          <Figure label="Churned in 30 days" value={formatCount(f.churned)} />
          <Figure label="Churn (30 days)" value={formatRate(f.churnRate)}>
            Ended in 30 days, of the {formatCount(f.liveAtStart)} live 30 days ago.
          </Figure>
        </dl>
        {f.byPlan.length > 0 ? (
          <div className="rounded-2xl border border-line bg-paper-raised p-4 text-sm">
            <h3 className="font-medium text-ink">Live members by plan</h3>
            <ul className="mt-2 space-y-1 text-ink-soft">
              {f.byPlan.map((p) => (
                <li key={p.planId} className="flex justify-between gap-3">
                  <Link to={`?plan=${p.planId}`} className={textLink}>
                    {p.name}
                    {p.retired ? " (retired)" : ""}
                  </Link>
                  <span className="tabular-nums">
                    <span className="font-medium text-ink">{formatCount(p.live)}</span> · {formatCount(p.monthly)}{" "}
                    monthly, {formatCount(p.yearly)} yearly
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      {clock ? <SandboxClock clock={clock} /> : null}

      <section aria-labelledby="list-heading" className="space-y-3">
        <SectionHeading id="list-heading">Memberships</SectionHeading>
        <FilterForm submitLabel="Search">
          <SearchFilter value={query.q} placeholder="Name or email" wide />
          <FilterSelect
            label="Status"
            name="status"
            value={query.status}
            options={optionsOf(MEMBER_FILTER_STATUSES, (s) => MEMBER_FILTER_LABELS[s])}
          />
          <FilterSelect
            label="Plan"
            name="plan"
            value={query.plan ?? ""}
            anyLabel="Every plan"
            options={plans.map((p) => ({ value: p.id, label: p.retired ? `${p.name} (retired)` : p.name }))}
          />
        </FilterForm>
        <ListTable caption="Memberships" columns={columns} list={loaderData} empty="No membership matches." />
      </section>
    </AdminPage>
  );
}

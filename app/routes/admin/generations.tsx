/**
 * /admin/generations (not in the spec's list: where the dashboard's Generations and Failed figures
 * lead): every picture request, filtered by status, mode, engine, person, refund and UTC days, with
 * what a failure told the person and what the engine said.
 */
import { listGenerationEngines, listGenerationsForAdmin } from "@server/admin/generations";
import { parseListQuery } from "@server/admin/list-query";
import { requireAdmin } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { DateRangeFilter, FilterInput, FilterSelect, optionsOf } from "~/components/admin/filter-fields";
import { type Column, ListTable } from "~/components/admin/data-table";
import { FilterForm } from "~/components/admin/list-page";
import { STATUS_LABELS } from "~/components/studio/format";
import { When } from "~/components/when";
import { GENERATION_FILTER_MODES, GENERATION_FILTER_STATUSES, generationListQuery } from "~/lib/admin-generations";
import { formatCount } from "~/lib/format";
import { type GenerationMode, type GenerationStatus, MODE_LABELS } from "~/lib/generation-constants";
import type { Route } from "./+types/generations";
import { AdminPage } from "~/components/admin/admin-page";

export const meta = () => [{ title: "Generations · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const query = parseListQuery(generationListQuery, request.url);
  const [result, engines] = await Promise.all([listGenerationsForAdmin(db, query), listGenerationEngines(db)]);
  return { query, engines, ...result };
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const statusLabel = (status: string) =>
  status === "all"
    ? "All"
    : status === "active"
      ? "Queued or running"
      : (STATUS_LABELS[status as GenerationStatus] ?? status);
const modeLabel = (mode: string) => (mode === "all" ? "All" : (MODE_LABELS[mode as GenerationMode] ?? mode));

const STATUS_OPTIONS = optionsOf(GENERATION_FILTER_STATUSES, statusLabel);
const MODE_OPTIONS = optionsOf(GENERATION_FILTER_MODES, modeLabel);
const REFUNDED_OPTIONS = [
  { value: "all", label: "All" },
  { value: "yes", label: "Refunded" },
  { value: "no", label: "Not refunded" },
];

export default function AdminGenerationsPage({ loaderData }: Route.ComponentProps) {
  const { query, engines } = loaderData;
  const columns: Column<Row>[] = [
    {
      key: "created",
      header: "Asked (UTC)",
      sort: "created",
      cell: (r) => <When value={r.createdAt} zone="utc" zoneLabel={false} className="whitespace-nowrap" />,
    },
    {
      key: "person",
      header: "Person",
      cell: (r) => (
        <a
          href={`/admin/user-form?id=${encodeURIComponent(r.userId)}`}
          className="font-medium text-accent hover:underline"
          title={r.userEmail}
        >
          {r.userName}
        </a>
      ),
    },
    {
      key: "what",
      header: "Request",
      cell: (r) => (
        <span className="block max-w-xs">
          <span className="block text-ink-soft">
            {modeLabel(r.mode)} · {r.engineLabel}
          </span>
          <span className="line-clamp-2 break-words text-ink">{r.prompt || "No prompt"}</span>
        </span>
      ),
    },
    {
      key: "status",
      header: "Status",
      cell: (r) => (
        <span className="block max-w-xs">
          <span className="font-medium text-ink">{statusLabel(r.status)}</span>
          {r.status === "succeeded" ? (
            <span className="text-ink-soft">
              {" "}
              · {formatCount(r.images)} of {formatCount(r.count)}
            </span>
          ) : null}
          {r.attempts > 1 ? <span className="text-ink-soft"> · {formatCount(r.attempts)} tries</span> : null}
          {r.error ? <span className="block break-words text-danger">{r.error}</span> : null}
          {r.errorDetail ? (
            <details className="text-xs text-ink-soft">
              <summary className="cursor-pointer">What the engine said</summary>
              <span className="block break-words whitespace-pre-wrap">{r.errorDetail}</span>
            </details>
          ) : null}
        </span>
      ),
    },
    {
      key: "cost",
      header: "Tokens",
      sort: "cost",
      align: "right",
      cell: (r) => (
        <span className="whitespace-nowrap">
          {formatCount(r.cost)}
          {r.refunded ? <span className="block text-xs text-success">refunded</span> : null}
        </span>
      ),
    },
  ];
  return (
    <AdminPage
      title="Generations"
      description="Every picture request: who asked, which engine painted it, what it cost and how it ended."
    >
      <FilterForm className="grid gap-3 sm:grid-cols-3 lg:grid-cols-7" submitClassName="sm:col-span-3 lg:col-span-7">
        <FilterSelect label="Status" name="status" value={query.status} options={STATUS_OPTIONS} />
        <FilterSelect label="Mode" name="mode" value={query.mode} options={MODE_OPTIONS} />
        <FilterSelect
          label="Engine"
          name="engine"
          value={query.engine}
          anyLabel="All"
          options={engines.map((e) => ({ value: e.id, label: e.label }))}
        />
        <FilterSelect label="Refunded" name="refunded" value={query.refunded} options={REFUNDED_OPTIONS} />
        <DateRangeFilter from={query.from ?? ""} to={query.to ?? ""} utc />
        <FilterInput label="Person" name="user" value={query.user} placeholder="Email or name" />
      </FilterForm>
      <ListTable
        caption="Generations"
        columns={columns}
        list={loaderData}
        empty="No generation matches these filters."
      />
    </AdminPage>
  );
}

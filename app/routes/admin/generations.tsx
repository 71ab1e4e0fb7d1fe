/**
 * /admin/generations (not in the spec's list: where the dashboard's Generations and Failed figures
 * lead): every picture request, filtered by status, mode, engine, person, refund and UTC days, with
 * what a failure told the person and what the engine said.
 */
import { listGenerationEngines, listGenerationsForAdmin } from "@server/admin/generations";
import { parseListQuery } from "@server/admin/list-query";
import { requireAdmin } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { Form } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { STATUS_LABELS } from "~/components/studio/format";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { When } from "~/components/when";
import { GENERATION_FILTER_MODES, GENERATION_FILTER_STATUSES, generationListQuery } from "~/lib/admin-generations";
import { formatCount } from "~/lib/format";
import { type GenerationMode, type GenerationStatus, MODE_LABELS } from "~/lib/generation-constants";
import type { Route } from "./+types/generations";
import { PageHeading } from "~/components/ui/page-heading";

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

export default function AdminGenerationsPage({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, page, pages, engines } = loaderData;
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
    <div className="space-y-6">
      <header>
        <PageHeading>Generations</PageHeading>
        <p className="mt-1 text-ink-soft">
          Every picture request: who asked, which engine painted it, what it cost and how it ended.
        </p>
      </header>
      <Form method="get" className="grid gap-3 sm:grid-cols-3 lg:grid-cols-7" role="search">
        <label className="text-sm font-medium text-ink">
          Status
          <select name="status" defaultValue={query.status} className={`${inputClass} mt-1.5`}>
            {GENERATION_FILTER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-ink">
          Mode
          <select name="mode" defaultValue={query.mode} className={`${inputClass} mt-1.5`}>
            {GENERATION_FILTER_MODES.map((m) => (
              <option key={m} value={m}>
                {modeLabel(m)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-ink">
          Engine
          <select name="engine" defaultValue={query.engine} className={`${inputClass} mt-1.5`}>
            <option value="">All</option>
            {engines.map((e) => (
              <option key={e.id} value={e.id}>
                {e.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-ink">
          Refunded
          <select name="refunded" defaultValue={query.refunded} className={`${inputClass} mt-1.5`}>
            <option value="all">All</option>
            <option value="yes">Refunded</option>
            <option value="no">Not refunded</option>
          </select>
        </label>
        <label className="text-sm font-medium text-ink">
          From (UTC)
          <input type="date" name="from" defaultValue={query.from ?? ""} className={`${inputClass} mt-1.5`} />
        </label>
        <label className="text-sm font-medium text-ink">
          To (UTC)
          <input type="date" name="to" defaultValue={query.to ?? ""} className={`${inputClass} mt-1.5`} />
        </label>
        <label className="text-sm font-medium text-ink">
          Person
          <input
            type="search"
            name="user"
            defaultValue={query.user}
            placeholder="Email or name"
            className={`${inputClass} mt-1.5`}
          />
        </label>
        <div className="sm:col-span-3 lg:col-span-7">
          <button type="submit" className={buttonClass({ variant: "secondary" })}>
            Filter
          </button>
        </div>
      </Form>
      <DataTable
        caption="Generations"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={query.sort}
        dir={query.dir}
        page={page}
        pages={pages}
        total={total}
        empty="No generation matches these filters."
      />
    </div>
  );
}

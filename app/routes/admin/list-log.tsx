/** /admin/list-log: the audit log of every admin action (who, when, what, before and after) and the error reports, searchable. */
import { requireAdmin } from "@server/auth/guards";
import { listAuditEntries, listErrorReports, logQuery } from "@server/admin/logs";
import { getDb } from "@server/db/client";
import { parseListQuery } from "@server/admin/list-query";
import { Form, Link } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import type { Route } from "./+types/list-log";

export const meta = () => [{ title: "Logs · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseListQuery(logQuery, request.url);
  const db = getDb();
  if (query.tab === "errors") return { query, audit: null, errors: await listErrorReports(db, query) };
  return { query, audit: await listAuditEntries(db, query), errors: null };
}

const when = (iso: string) => new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

function Json({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <details className="max-w-md">
      <summary className="cursor-pointer text-accent">{label}</summary>
      <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-paper-sunken p-2 text-xs whitespace-pre-wrap text-ink">{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

type AuditRow = NonNullable<Route.ComponentProps["loaderData"]["audit"]>["rows"][number];
type ErrorRow = NonNullable<Route.ComponentProps["loaderData"]["errors"]>["rows"][number];

export default function AdminListLogPage({ loaderData }: Route.ComponentProps) {
  const { query, audit, errors } = loaderData;
  const auditColumns: Column<AuditRow>[] = [
    { key: "when", header: "When (UTC)", cell: (r) => when(r.createdAt) },
    { key: "who", header: "Who", cell: (r) => r.actorEmail },
    { key: "what", header: "What", cell: (r) => <code className="text-xs">{r.action}</code> },
    { key: "entity", header: "Record", cell: (r) => <span className="font-mono text-xs break-all">{r.entityId ?? "—"}</span> },
    {
      key: "change",
      header: "Change",
      cell: (r) => (
        <div className="space-y-1">
          <Json label="Before" value={r.before} />
          <Json label="After" value={r.after} />
        </div>
      ),
    },
  ];
  const errorColumns: Column<ErrorRow>[] = [
    { key: "when", header: "When (UTC)", cell: (r) => when(r.createdDate) },
    { key: "platform", header: "Platform", cell: (r) => r.whatPlatform },
    { key: "message", header: "Error", cell: (r) => <span className="break-words">{r.errorReportBySystem}</span> },
    { key: "page", header: "Page", cell: (r) => r.whatPage ?? "—" },
    { key: "function", header: "Function", cell: (r) => r.whatFunction ?? "—" },
    { key: "stack", header: "Details", cell: (r) => <Json label="Stack" value={r.errorStackReportBySystem} /> },
  ];
  const tab = (name: "audit" | "errors", label: string) => (
    <Link
      to={`?tab=${name}`}
      aria-current={query.tab === name ? "page" : undefined}
      className={cn("rounded-full px-4 py-2 text-sm font-medium", query.tab === name ? "bg-ink text-paper" : "text-ink-soft ring-1 ring-line hover:bg-paper-sunken")}
    >
      {label}
    </Link>
  );
  return (
    <div className="space-y-6">
      <header>
        <h1 className="font-display text-3xl font-semibold tracking-tight text-ink">Logs</h1>
        <p className="mt-1 text-ink-soft">Every admin action, and every error reported by browsers and the server.</p>
      </header>
      <nav aria-label="Logs" className="flex gap-2">
        {tab("audit", "Admin actions")}
        {tab("errors", "Error reports")}
      </nav>
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <input type="hidden" name="tab" value={query.tab} />
        <label className="min-w-64 flex-1 text-sm font-medium text-ink">
          Search
          <input name="q" type="search" defaultValue={query.q} placeholder={query.tab === "audit" ? "Admin email, action or record id" : "Message, page or function"} className={`${inputClass} mt-1.5`} />
        </label>
        {query.tab === "audit" ? (
          <label className="text-sm font-medium text-ink">
            Record type
            <select name="entity" defaultValue={query.entity} className={`${inputClass} mt-1.5`}>
              <option value="">All</option>
              {["product", "discount", "faq", "transaction", "artwork", "user", "settings"].map((e) => (
                <option key={e}>{e}</option>
              ))}
            </select>
          </label>
        ) : (
          <label className="text-sm font-medium text-ink">
            Platform
            <select name="platform" defaultValue={query.platform} className={`${inputClass} mt-1.5`}>
              <option value="all">All</option>
              <option>Client</option>
              <option>Server</option>
            </select>
          </label>
        )}
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          Search
        </button>
      </Form>
      {audit ? (
        <DataTable caption="Admin actions" columns={auditColumns} rows={audit.rows} rowKey={(r) => r.id} sort="" dir="desc" page={audit.page} pages={audit.pages} total={audit.total} empty="No admin action matches." />
      ) : errors ? (
        <DataTable caption="Error reports" columns={errorColumns} rows={errors.rows} rowKey={(r) => r.id} sort="" dir="desc" page={errors.page} pages={errors.pages} total={errors.total} empty="No error report matches." />
      ) : null}
    </div>
  );
}

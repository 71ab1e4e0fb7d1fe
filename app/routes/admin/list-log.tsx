/** /admin/list-log: the audit log of every admin action (who, when, what, before and after) and the error reports, searchable. */
import { requireAdmin } from "@server/auth/guards";
import { listAuditActors, listAuditEntries, listErrorReports, logQuery } from "@server/admin/logs";
import { getDb } from "@server/db/client";
import { parseListQuery } from "@server/admin/list-query";
import { Link } from "react-router";
import { DateRangeFilter, FilterSelect, optionsOf, SearchFilter } from "~/components/admin/filter-fields";
import { FilterForm } from "~/components/admin/list-page";
import { When } from "~/components/when";
import { type Column, ListTable } from "~/components/admin/data-table";
import {
  AUDIT_RECORD_KINDS,
  auditFieldChanges,
  auditRecordHref,
  auditRecordName,
  describeAuditAction,
  recordKindLabel,
} from "~/lib/audit-entries";
import { cn } from "~/lib/cn";
import type { Route } from "./+types/list-log";
import { AdminPage } from "~/components/admin/admin-page";

export const meta = () => [{ title: "Logs · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseListQuery(logQuery, request.url);
  const db = getDb();
  if (query.tab === "errors") return { query, audit: null, actors: [], errors: await listErrorReports(db, query) };
  const [audit, actors] = await Promise.all([listAuditEntries(db, query), listAuditActors(db)]);
  return { query, audit, actors, errors: null };
}

const when = (iso: string) => <When value={iso} style="dateTimeSeconds" zone="utc" zoneLabel={false} />;

function Json({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <details className="max-w-md">
      <summary className="cursor-pointer text-accent">{label}</summary>
      <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-paper-sunken p-2 text-xs whitespace-pre-wrap text-ink">
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}

/** What an entry changed, field by field, before beside after; the stored JSON stays one click away. */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditFieldChanges(before, after);
  return (
    <div className="space-y-1">
      {changes.length > 0 ? (
        <table className="w-full max-w-xl text-xs">
          <thead className="sr-only">
            <tr>
              <th>Field</th>
              <th>Before</th>
              <th>After</th>
            </tr>
          </thead>
          <tbody>
            {changes.slice(0, 8).map((c) => (
              <tr key={c.field} className="align-top">
                <th scope="row" className="py-0.5 pr-2 text-left font-medium text-ink-soft">
                  {c.field}
                </th>
                <td className="max-w-48 py-0.5 pr-2 break-words text-ink-faint line-through decoration-ink-faint/50">
                  {c.before}
                </td>
                <td className="max-w-48 py-0.5 break-words text-ink">{c.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-xs text-ink-faint">No field changed</p>
      )}
      {changes.length > 8 ? <p className="text-xs text-ink-faint">and {changes.length - 8} more fields</p> : null}
      <Json label="Stored before" value={before} />
      <Json label="Stored after" value={after} />
    </div>
  );
}

type AuditRow = NonNullable<Route.ComponentProps["loaderData"]["audit"]>["rows"][number];
type ErrorRow = NonNullable<Route.ComponentProps["loaderData"]["errors"]>["rows"][number];

const RECORD_KIND_OPTIONS = Object.entries(AUDIT_RECORD_KINDS).map(([kind, { label }]) => ({ value: kind, label }));
const PLATFORM_OPTIONS = [
  { value: "all", label: "All" },
  { value: "Client", label: "Client" },
  { value: "Server", label: "Server" },
];

export default function AdminListLogPage({ loaderData }: Route.ComponentProps) {
  const { query, audit, actors, errors } = loaderData;
  const auditColumns: Column<AuditRow>[] = [
    { key: "when", header: "When (UTC)", cell: (r) => when(r.createdAt) },
    { key: "who", header: "Who", cell: (r) => r.actorEmail },
    {
      key: "what",
      header: "What",
      cell: (r) => (
        <span>
          <span className="block">{describeAuditAction(r.action, r.entityType)}</span>
          <code className="block text-xs text-ink-faint">{r.action}</code>
        </span>
      ),
    },
    {
      key: "entity",
      header: "Record",
      cell: (r) => {
        const name = auditRecordName(r.before, r.after) ?? r.entityId ?? "—";
        const href = auditRecordHref(r.entityType, r.entityId);
        return (
          <span className="block max-w-56">
            <span className="block text-xs text-ink-soft">{recordKindLabel(r.entityType)}</span>
            {href ? (
              <Link to={href} className="font-medium break-words text-accent underline-offset-4 hover:underline">
                {name}
              </Link>
            ) : (
              <span className="break-words">{name}</span>
            )}
          </span>
        );
      },
    },
    { key: "change", header: "Change", cell: (r) => <Changes before={r.before} after={r.after} /> },
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
      className={cn(
        "rounded-full px-4 py-2 text-sm font-medium",
        query.tab === name ? "bg-ink text-paper" : "text-ink-soft ring-1 ring-line hover:bg-paper-sunken",
      )}
    >
      {label}
    </Link>
  );
  return (
    <AdminPage title="Logs" description="Every admin action, and every error reported by browsers and the server.">
      <nav aria-label="Logs" className="flex gap-2">
        {tab("audit", "Admin actions")}
        {tab("errors", "Error reports")}
      </nav>
      <FilterForm submitLabel="Search">
        <input type="hidden" name="tab" value={query.tab} />
        <SearchFilter
          value={query.q}
          placeholder={query.tab === "audit" ? "Admin email, action code or record id" : "Message, page or function"}
          wide
        />
        {query.tab === "audit" ? (
          <>
            <FilterSelect
              label="Record type"
              name="entity"
              value={query.entity}
              anyLabel="All"
              options={RECORD_KIND_OPTIONS}
            />
            <FilterSelect
              label="Admin"
              name="actor"
              value={query.actor}
              anyLabel="Anyone"
              options={optionsOf(actors, (email) => email)}
            />
            <DateRangeFilter from={query.from} to={query.to} utc />
          </>
        ) : (
          <FilterSelect label="Platform" name="platform" value={query.platform} options={PLATFORM_OPTIONS} />
        )}
      </FilterForm>
      {audit ? (
        <ListTable caption="Admin actions" columns={auditColumns} list={audit} empty="No admin action matches." />
      ) : errors ? (
        <ListTable caption="Error reports" columns={errorColumns} list={errors} empty="No error report matches." />
      ) : null}
    </AdminPage>
  );
}

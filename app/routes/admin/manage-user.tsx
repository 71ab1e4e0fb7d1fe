/** /admin/manage-user: every account — search by name, email or id; filter by role and status; sort and pages. */
import { requireAdmin } from "@server/auth/guards";
import { listUsersForAdmin } from "@server/admin/users";
import { getDb } from "@server/db/client";
import { parseListQuery } from "@server/admin/list-query";
import { Form, Link } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { formatCount } from "~/lib/format";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { userListQuery } from "~/lib/admin-users";
import type { Route } from "./+types/manage-user";
import { PageHeading } from "~/components/ui/page-heading";

export const meta = () => [{ title: "Users · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseListQuery(userListQuery, request.url);
  return { query, ...(await listUsersForAdmin(getDb(), query)) };
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function AdminManageUserPage({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, page, pages } = loaderData;
  const columns: Column<Row>[] = [
    {
      key: "name",
      header: "Name",
      sort: "name",
      cell: (r) => (
        <Link
          to={`/admin/user-form?id=${encodeURIComponent(r.id)}`}
          className="font-medium text-accent hover:underline"
        >
          {r.name}
        </Link>
      ),
    },
    { key: "email", header: "Email", sort: "email", cell: (r) => r.email },
    { key: "role", header: "Role", cell: (r) => (r.role === "admin" ? "Admin" : "User") },
    {
      key: "status",
      header: "Status",
      cell: (r) => (r.banned ? <span className="text-danger">Banned</span> : r.emailVerified ? "Active" : "Unverified"),
    },
    { key: "tokens", header: "Tokens", align: "right", cell: (r) => formatCount(r.tokens) },
    { key: "created", header: "Joined", sort: "created", cell: (r) => r.createdAt.slice(0, 10) },
  ];
  return (
    <div className="space-y-6">
      <header>
        <PageHeading>Users</PageHeading>
        <p className="mt-1 text-ink-soft">Accounts, their tokens, generations and purchases.</p>
      </header>
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <label className="min-w-64 flex-1 text-sm font-medium text-ink">
          Search
          <input
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder="Name, email or user id"
            className={`${inputClass} mt-1.5`}
          />
        </label>
        <label className="text-sm font-medium text-ink">
          Role
          <select name="role" defaultValue={query.role} className={`${inputClass} mt-1.5`}>
            <option value="all">All</option>
            <option value="admin">Admins</option>
            <option value="user">Users</option>
          </select>
        </label>
        <label className="text-sm font-medium text-ink">
          Status
          <select name="status" defaultValue={query.status} className={`${inputClass} mt-1.5`}>
            <option value="all">All</option>
            <option value="banned">Banned</option>
            <option value="unverified">Unverified</option>
          </select>
        </label>
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          Search
        </button>
      </Form>
      <DataTable
        caption="Users"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={query.sort}
        dir={query.dir}
        page={page}
        pages={pages}
        total={total}
        empty="No account matches."
      />
    </div>
  );
}

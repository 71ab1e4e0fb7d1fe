/** /admin/manage-user: every account — search by name, email or id; filter by role and status; sort and pages. */
import { requireAdmin } from "@server/auth/guards";
import { listUsersForAdmin } from "@server/admin/users";
import { getDb } from "@server/db/client";
import { parseListQuery } from "@server/admin/list-query";
import { Link } from "react-router";
import { type Column, ListTable } from "~/components/admin/data-table";
import { FilterSelect, SearchFilter } from "~/components/admin/filter-fields";
import { FilterForm } from "~/components/admin/list-page";
import { formatCount } from "~/lib/format";
import { userListQuery } from "~/lib/admin-users";
import type { Route } from "./+types/manage-user";
import { AdminPage } from "~/components/admin/admin-page";

export const meta = () => [{ title: "Users · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseListQuery(userListQuery, request.url);
  return { query, ...(await listUsersForAdmin(getDb(), query)) };
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const ROLES = [
  { value: "all", label: "All" },
  { value: "admin", label: "Admins" },
  { value: "user", label: "Users" },
];
const STATUSES = [
  { value: "all", label: "All" },
  { value: "banned", label: "Banned" },
  { value: "unverified", label: "Unverified" },
];

export default function AdminManageUserPage({ loaderData }: Route.ComponentProps) {
  const { query } = loaderData;
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
    <AdminPage title="Users" description="Accounts, their tokens, generations and purchases.">
      <FilterForm submitLabel="Search">
        <SearchFilter value={query.q} placeholder="Name, email or user id" wide />
        <FilterSelect label="Role" name="role" value={query.role} options={ROLES} />
        <FilterSelect label="Status" name="status" value={query.status} options={STATUSES} />
      </FilterForm>
      <ListTable caption="Users" columns={columns} list={loaderData} empty="No account matches." />
    </AdminPage>
  );
}

/** /admin/manage-discount: discount codes with their use — search, filter, sort, pages; switch on and off. */
import { requireAdmin } from "@server/auth/guards";
import { listDiscountsForAdmin, setDiscountActive } from "@server/commerce/admin-discounts";
import { getDb } from "@server/db/client";
import { parseListQuery } from "@server/admin/list-query";
import { Link } from "react-router";
import { type Column, ListTable } from "~/components/admin/data-table";
import { FilterSelect, SearchFilter } from "~/components/admin/filter-fields";
import { AddLink, FilterForm } from "~/components/admin/list-page";
import { SwitchRowButton } from "~/components/admin/row-actions";
import { datesAsText } from "~/lib/dates-as-text";
import { formatMoney } from "~/lib/format";
import { discountListQuery } from "~/lib/admin-discounts";
import type { Route } from "./+types/manage-discount";
import { refusal } from "~/lib/forms.server";
import type { FormSuccess } from "~/lib/forms";
import { AdminPage } from "~/components/admin/admin-page";

export const meta = () => [{ title: "Discounts · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseListQuery(discountListQuery, request.url);
  const result = await listDiscountsForAdmin(getDb(), query);
  return { query, ...result, rows: result.rows.map(datesAsText), now: new Date().toISOString() };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const on = form.get("intent") === "activate";
  try {
    const row = await setDiscountActive(getDb(), admin, String(form.get("id") ?? ""), on);
    return { ok: true, message: `${row.code} is ${on ? "on" : "off"}.` } satisfies FormSuccess;
  } catch (error) {
    return refusal(error);
  }
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const DISCOUNT_STATUSES = [
  { value: "all", label: "All" },
  { value: "active", label: "On" },
  { value: "inactive", label: "Off" },
  { value: "expired", label: "Expired" },
];

export default function AdminManageDiscountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { query, now } = loaderData;
  const columns: Column<Row>[] = [
    {
      key: "code",
      header: "Code",
      sort: "code",
      cell: (r) => (
        <Link
          to={`/admin/detail-list-discount?id=${r.id}`}
          className="font-mono font-medium text-accent hover:underline"
        >
          {r.code}
        </Link>
      ),
    },
    {
      key: "value",
      header: "Discount",
      cell: (r) => (r.kind === "percent" ? `${r.value}%` : formatMoney(r.value, r.currency)),
    },
    {
      key: "window",
      header: "Valid",
      cell: (r) =>
        r.validUntil && r.validUntil < now ? "Expired" : r.validUntil ? `until ${r.validUntil.slice(0, 10)}` : "No end",
    },
    {
      key: "redemptions",
      header: "Used",
      sort: "redemptions",
      align: "right",
      cell: (r) => `${r.redemptions}${r.maxRedemptions ? ` / ${r.maxRedemptions}` : ""}`,
    },
    { key: "status", header: "Status", cell: (r) => (r.active ? "On" : "Off") },
    {
      key: "actions",
      header: "Actions",
      cell: (r) => (
        <SwitchRowButton
          id={r.id}
          active={r.active}
          subject={r.code}
          className="text-ink-soft hover:text-ink hover:underline"
        />
      ),
    },
  ];
  return (
    <AdminPage
      title="Discounts"
      description="Codes buyers enter in their cart."
      action={<AddLink to="/admin/detail-list-discount">New discount</AddLink>}
      answer={actionData}
    >
      <FilterForm>
        <SearchFilter value={query.q} placeholder="Code or description" />
        <FilterSelect label="Status" name="status" value={query.status} options={DISCOUNT_STATUSES} />
      </FilterForm>
      <ListTable caption="Discounts" columns={columns} list={loaderData} empty="No discount codes match." />
    </AdminPage>
  );
}

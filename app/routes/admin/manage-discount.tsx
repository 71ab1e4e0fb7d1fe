/** /admin/manage-discount: discount codes with their use — search, filter, sort, pages; switch on and off. */
import { requireAdmin } from "@server/auth/guards";
import { listDiscountsForAdmin, setDiscountActive } from "@server/commerce/admin-discounts";
import { getDb } from "@server/db/client";
import { parseListQuery } from "@server/admin/list-query";
import { Plus } from "lucide-react";
import { Form, Link } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { formatMoney } from "~/lib/format";
import { buttonClass } from "~/components/ui/button";
import { inputClass, ActionNotice } from "~/components/ui/field";
import { discountListQuery } from "~/lib/admin-discounts";
import type { Route } from "./+types/manage-discount";
import { PageHeading } from "~/components/ui/page-heading";
import { refusal } from "~/lib/forms.server";
import type { FormSuccess } from "~/lib/forms";

export const meta = () => [{ title: "Discounts · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseListQuery(discountListQuery, request.url);
  const result = await listDiscountsForAdmin(getDb(), query);
  return {
    query,
    ...result,
    rows: result.rows.map((r) => ({
      ...r,
      validFrom: r.validFrom?.toISOString() ?? null,
      validUntil: r.validUntil?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    now: new Date().toISOString(),
  };
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

export default function AdminManageDiscountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { query, rows, total, page, pages, now } = loaderData;
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
        <Form method="post">
          <input type="hidden" name="id" value={r.id} />
          <button
            type="submit"
            name="intent"
            value={r.active ? "deactivate" : "activate"}
            className="text-ink-soft hover:text-ink hover:underline"
            aria-label={`${r.active ? "Switch off" : "Switch on"} ${r.code}`}
          >
            {r.active ? "Switch off" : "Switch on"}
          </button>
        </Form>
      ),
    },
  ];
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageHeading>Discounts</PageHeading>
          <p className="mt-1 text-ink-soft">Codes buyers enter in their cart.</p>
        </div>
        <Link to="/admin/detail-list-discount" className={buttonClass()}>
          <Plus aria-hidden className="size-4" /> New discount
        </Link>
      </header>
      <ActionNotice answer={actionData} />
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <label className="min-w-56 flex-1 text-sm font-medium text-ink">
          Search
          <input
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder="Code or description"
            className={`${inputClass} mt-1.5`}
          />
        </label>
        <label className="text-sm font-medium text-ink">
          Status
          <select name="status" defaultValue={query.status} className={`${inputClass} mt-1.5`}>
            <option value="all">All</option>
            <option value="active">On</option>
            <option value="inactive">Off</option>
            <option value="expired">Expired</option>
          </select>
        </label>
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          Filter
        </button>
      </Form>
      <DataTable
        caption="Discounts"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={query.sort}
        dir={query.dir}
        page={page}
        pages={pages}
        total={total}
        empty="No discount codes match."
      />
    </div>
  );
}

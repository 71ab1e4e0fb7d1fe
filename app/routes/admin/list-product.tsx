/** /admin/list-product: the catalogue — search, filter by status, sort, pages; add, edit, duplicate, archive. */
import { requireAdmin } from "@server/auth/guards";
import { listProductsForAdmin, setProductArchived } from "@server/commerce/admin-products";
import { getDb } from "@server/db/client";
import { parseListQuery } from "@server/admin/list-query";
import { Copy, Pencil } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { type Column, ListTable } from "~/components/admin/data-table";
import { FilterSelect, SearchFilter } from "~/components/admin/filter-fields";
import { AddLink, FilterForm } from "~/components/admin/list-page";
import { RowActionButton } from "~/components/admin/row-actions";
import { datesAsText } from "~/lib/dates-as-text";
import { formatCount, formatMoney } from "~/lib/format";
import { PRODUCT_STATUSES, productListQuery } from "~/lib/admin-products";
import type { Route } from "./+types/list-product";
import { formFailure, refusal } from "~/lib/forms.server";
import type { FormSuccess } from "~/lib/forms";
import { AdminPage } from "~/components/admin/admin-page";

export const meta = () => [{ title: "Products · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseListQuery(productListQuery, request.url);
  const result = await listProductsForAdmin(getDb(), query);
  return { query, ...result, rows: result.rows.map(datesAsText) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent");
  if (intent !== "archive" && intent !== "restore") return formFailure({ form: "Unknown action." });
  try {
    const row = await setProductArchived(getDb(), admin, id, intent === "archive");
    return {
      ok: true,
      message:
        intent === "archive"
          ? `${row.name} is archived: no longer sold, kept for past purchases.`
          : `${row.name} is restored (not on sale until you switch it on).`,
    } satisfies FormSuccess;
  } catch (error) {
    return refusal(error);
  }
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function status(row: Row) {
  if (row.archivedAt)
    return <span className="rounded-full bg-paper-sunken px-2 py-0.5 text-xs text-ink-soft">Archived</span>;
  return row.active ? (
    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-success">On sale</span>
  ) : (
    <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs text-amber-800">Inactive</span>
  );
}

export default function AdminListProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { query } = loaderData;
  const [params] = useSearchParams();
  const columns: Column<Row>[] = [
    {
      key: "name",
      header: "Product",
      sort: "name",
      cell: (r) => <span className="font-medium text-ink">{r.name}</span>,
    },
    { key: "tier", header: "Tier", cell: (r) => r.tier },
    {
      key: "price",
      header: "Price",
      sort: "price",
      align: "right",
      cell: (r) => formatMoney(r.priceMinor, r.currency),
    },
    {
      key: "tokens",
      header: "Tokens",
      sort: "tokens",
      align: "right",
      cell: (r) => formatCount(r.tokens + r.bonusTokens),
    },
    { key: "order", header: "Order", sort: "order", align: "right", cell: (r) => r.sortOrder },
    { key: "status", header: "Status", cell: status },
    {
      key: "actions",
      header: "Actions",
      cell: (r) => (
        <span className="flex flex-wrap items-center gap-2">
          <Link
            to={`/admin/edit-list-product?id=${r.id}`}
            className="inline-flex items-center gap-1 text-accent hover:underline"
            aria-label={`Edit ${r.name}`}
          >
            <Pencil aria-hidden className="size-3.5" /> Edit
          </Link>
          <Link
            to={`/admin/duplicate-list-product?id=${r.id}`}
            className="inline-flex items-center gap-1 text-accent hover:underline"
            aria-label={`Duplicate ${r.name}`}
          >
            <Copy aria-hidden className="size-3.5" /> Duplicate
          </Link>
          <RowActionButton
            id={r.id}
            intent={r.archivedAt ? "restore" : "archive"}
            label={r.archivedAt ? "Restore" : "Archive"}
            subject={r.name}
            className="text-ink-soft hover:text-ink hover:underline"
            formClassName="inline"
            confirm={r.archivedAt ? undefined : `Archive ${r.name}? It leaves the shop; past purchases keep it.`}
          />
        </span>
      ),
    },
  ];
  return (
    <AdminPage
      title="Products"
      description="Token packs and tiers on the pricing page."
      action={<AddLink to="/admin/add-list-product">Add a product</AddLink>}
      answer={actionData}
    >
      <FilterForm>
        <SearchFilter value={query.q} placeholder="Name, tier or description" />
        <FilterSelect
          label="Status"
          name="status"
          value={query.status}
          options={PRODUCT_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))}
        />
        {params.get("sort") ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {params.get("dir") ? <input type="hidden" name="dir" value={query.dir} /> : null}
      </FilterForm>
      <ListTable
        caption="Products"
        columns={columns}
        list={loaderData}
        empty={
          query.q || query.status !== "all"
            ? "No product matches. Clear the search or the filter."
            : "No products yet. Add the first one."
        }
      />
    </AdminPage>
  );
}

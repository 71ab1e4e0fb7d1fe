/** /admin/list-product: the catalogue — search, filter by status, sort, pages; add, edit, duplicate, archive. */
import { requireAdmin } from "@server/auth/guards";
import { listProductsForAdmin, setProductArchived } from "@server/commerce/admin-products";
import { getDb } from "@server/db/client";
import { parseListQuery } from "@server/admin/list-query";
import { Copy, Pencil, Plus } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";
import { type Column, DataTable } from "~/components/admin/data-table";
import { formatCount, formatMoney } from "~/lib/format";
import { buttonClass } from "~/components/ui/button";
import { inputClass, ActionNotice } from "~/components/ui/field";
import { PRODUCT_STATUSES, productListQuery } from "~/lib/admin-products";
import type { Route } from "./+types/list-product";
import { PageHeading } from "~/components/ui/page-heading";
import { formFailure, refusal } from "~/lib/forms.server";
import type { FormSuccess } from "~/lib/forms";

export const meta = () => [{ title: "Products · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseListQuery(productListQuery, request.url);
  const result = await listProductsForAdmin(getDb(), query);
  return {
    query,
    ...result,
    rows: result.rows.map((r) => ({
      ...r,
      archivedAt: r.archivedAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
    })),
  };
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
  const { query, rows, total, page, pages } = loaderData;
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
          <Form
            method="post"
            className="inline"
            onSubmit={(e) =>
              r.archivedAt || window.confirm(`Archive ${r.name}? It leaves the shop; past purchases keep it.`)
                ? undefined
                : e.preventDefault()
            }
          >
            <input type="hidden" name="id" value={r.id} />
            <button
              type="submit"
              name="intent"
              value={r.archivedAt ? "restore" : "archive"}
              className="text-ink-soft hover:text-ink hover:underline"
              aria-label={`${r.archivedAt ? "Restore" : "Archive"} ${r.name}`}
            >
              {r.archivedAt ? "Restore" : "Archive"}
            </button>
          </Form>
        </span>
      ),
    },
  ];
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageHeading>Products</PageHeading>
          <p className="mt-1 text-ink-soft">Token packs and tiers on the pricing page.</p>
        </div>
        <Link to="/admin/add-list-product" className={buttonClass()}>
          <Plus aria-hidden className="size-4" /> Add a product
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
            placeholder="Name, tier or description"
            className={`${inputClass} mt-1.5`}
          />
        </label>
        <label className="text-sm font-medium text-ink">
          Status
          <select name="status" defaultValue={query.status} className={`${inputClass} mt-1.5`}>
            {PRODUCT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0]!.toUpperCase() + s.slice(1)}
              </option>
            ))}
          </select>
        </label>
        {params.get("sort") ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {params.get("dir") ? <input type="hidden" name="dir" value={query.dir} /> : null}
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          Filter
        </button>
      </Form>
      <DataTable
        caption="Products"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={query.sort}
        dir={query.dir}
        page={page}
        pages={pages}
        total={total}
        empty={
          query.q || query.status !== "all"
            ? "No product matches. Clear the search or the filter."
            : "No products yet. Add the first one."
        }
      />
    </div>
  );
}

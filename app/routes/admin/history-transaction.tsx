/** /admin/history-transaction: every purchase, filtered by status, dates, buyer, product and provider; CSV export. */
import { requireAdmin } from "@server/auth/guards";
import { listTransactionsForAdmin } from "@server/commerce/admin-transactions";
import { getDb } from "@server/db/client";
import { parseListQuery } from "@server/admin/list-query";
import { listProductOptions } from "@server/commerce/admin-products";
import { Download } from "lucide-react";
import { Link, useLocation } from "react-router";
import { DateRangeFilter, FilterInput, FilterSelect, optionsOf } from "~/components/admin/filter-fields";
import { FilterForm } from "~/components/admin/list-page";
import { When } from "~/components/when";
import { type Column, ListTable } from "~/components/admin/data-table";
import { formatCount, formatMoney } from "~/lib/format";
import { buttonClass } from "~/components/ui/button";
import {
  TRANSACTION_FILTER_PROVIDERS,
  TRANSACTION_FILTER_STATUSES,
  transactionListQuery,
} from "~/lib/admin-transactions";
import { TRANSACTION_STATUS_LABELS } from "~/lib/commerce";
import type { Route } from "./+types/history-transaction";
import { AdminPage } from "~/components/admin/admin-page";

export const meta = () => [{ title: "Transactions · Atelier admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const query = parseListQuery(transactionListQuery, request.url);
  const [result, productOptions] = await Promise.all([listTransactionsForAdmin(db, query), listProductOptions(db)]);
  return { query, productOptions, ...result };
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const label = (value: string) => value[0]!.toUpperCase() + value.slice(1);

const STATUS_OPTIONS = optionsOf(TRANSACTION_FILTER_STATUSES, label);
const PROVIDER_OPTIONS = optionsOf(TRANSACTION_FILTER_PROVIDERS, label);

export default function AdminHistoryTransactionPage({ loaderData }: Route.ComponentProps) {
  const { query, productOptions } = loaderData;
  const { search } = useLocation();
  const columns: Column<Row>[] = [
    {
      key: "created",
      header: "Date (UTC)",
      sort: "created",
      cell: (r) => (
        <Link to={`/admin/detail-history-transaction?id=${r.id}`} className="font-medium text-accent hover:underline">
          <When value={r.createdAt} zone="utc" zoneLabel={false} />
        </Link>
      ),
    },
    { key: "buyer", header: "Buyer", cell: (r) => <span title={r.userName}>{r.userEmail}</span> },
    {
      key: "status",
      header: "Status",
      cell: (r) => TRANSACTION_STATUS_LABELS[r.status as keyof typeof TRANSACTION_STATUS_LABELS] ?? r.status,
    },
    { key: "provider", header: "Provider", cell: (r) => r.provider },
    { key: "code", header: "Code", cell: (r) => r.discountCode ?? "—" },
    { key: "tokens", header: "Tokens", align: "right", cell: (r) => formatCount(r.tokens) },
    {
      key: "total",
      header: "Total",
      sort: "total",
      align: "right",
      cell: (r) => formatMoney(r.totalMinor, r.currency),
    },
  ];
  return (
    <AdminPage
      title="Transactions"
      description="Every purchase, its status and its money."
      action={
        <a href={`/api/admin/transactions.csv${search}`} className={buttonClass({ variant: "secondary" })} download>
          <Download aria-hidden className="size-4" /> Export CSV
        </a>
      }
    >
      <FilterForm className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6" submitClassName="sm:col-span-3 lg:col-span-6">
        <FilterSelect label="Status" name="status" value={query.status} options={STATUS_OPTIONS} />
        <FilterSelect label="Provider" name="provider" value={query.provider} options={PROVIDER_OPTIONS} />
        <DateRangeFilter from={query.from ?? ""} to={query.to ?? ""} />
        <FilterInput label="Buyer" name="user" value={query.user} placeholder="Email or name" />
        <FilterSelect
          label="Product"
          name="product"
          value={query.product ?? ""}
          anyLabel="All"
          options={productOptions.map((p) => ({ value: p.id, label: p.name }))}
        />
      </FilterForm>
      <ListTable
        caption="Transactions"
        columns={columns}
        list={loaderData}
        empty="No transaction matches these filters."
      />
    </AdminPage>
  );
}

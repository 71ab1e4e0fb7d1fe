import { requireAdminForApi } from "@server/auth/guards";
import { exportTransactionsCsv } from "@server/commerce/admin-transactions";
import { getDb } from "@server/db/client";
import { parseListQuery } from "@server/admin/list-query";
import { handleApi, requireMethod } from "@server/http/api";
import { transactionListQuery } from "~/lib/admin-transactions";
import type { Route } from "./+types/transactions-csv";

/** GET /api/admin/transactions.csv?<the history's filters>: the filtered history as CSV (admins only). */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    await requireAdminForApi(request);
    const query = parseListQuery(transactionListQuery, request.url);
    const csv = await exportTransactionsCsv(getDb(), query);
    const stamp = new Date().toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="atelier-transactions-${stamp}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  });
}

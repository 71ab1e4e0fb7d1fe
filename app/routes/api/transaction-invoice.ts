import { requireUserForApi } from "@server/auth/guards";
import { invoiceNumber, renderInvoicePdf } from "@server/commerce/receipts";
import { getBuyer, getUserTransaction } from "@server/commerce/transactions";
import { getDb } from "@server/db/client";
import { ApiError, downloadResponse, handleApi, requireMethod } from "@server/http/api";
import type { Route } from "./+types/transaction-invoice";

/** GET /api/transactions/{id}/invoice: the PDF invoice of one of the user's paid purchases. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireUserForApi(request);
    const db = getDb();
    const view = await getUserTransaction(db, user.userUid, params.id);
    if (!view || (view.status !== "paid" && view.status !== "refunded"))
      throw new ApiError("not_found", "There is no invoice for this purchase.");
    const buyer = await getBuyer(db, user.userUid);
    const pdf = await renderInvoicePdf(view, buyer ?? { name: user.name, email: user.email });
    return downloadResponse({
      bytes: pdf,
      contentType: "application/pdf",
      fileName: `atelier-invoice-${invoiceNumber(view.id)}.pdf`,
    });
  });
}

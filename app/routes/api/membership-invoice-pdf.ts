import { getUser, requireUserForApi } from "@server/auth/guards";
import {
  findMembershipInvoiceFor,
  membershipInvoiceNumber,
  renderMembershipInvoicePdf,
} from "@server/commerce/memberships/invoice-pdf";
import { getDb } from "@server/db/client";
import { ApiError, downloadResponse, handleApi, requireMethod } from "@server/http/api";
import { requestInfoContext } from "@server/http/request-context";
import { z } from "zod";
import type { Route } from "./+types/membership-invoice-pdf";

const invoiceId = z.uuid();

/**
 * GET /api/memberships/invoices/{id}/pdf (issue 41): a membership invoice as a PDF, for its member
 * or an administrator; 401 signed out, 404 for anyone else (as for an invoice that does not exist).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(
    async () => {
      requireMethod(request, "GET");
      const user = await requireUserForApi(request);
      // Admin rights from the session table, as every admin check reads them (a removed admin loses them at once).
      const isAdmin = user.isAdmin && Boolean((await getUser(request, { fromDatabase: true }))?.isAdmin);
      const found = invoiceId.safeParse(params.id).success
        ? await findMembershipInvoiceFor(getDb(), params.id, { userId: user.userUid, isAdmin })
        : null;
      if (!found) throw new ApiError("not_found", "There is no such invoice.");
      return downloadResponse({
        bytes: await renderMembershipInvoicePdf(found.invoice, found.member),
        contentType: "application/pdf",
        fileName: `atelier-membership-invoice-${membershipInvoiceNumber(found.invoice.id)}.pdf`,
      });
    },
    (error) => context.get(requestInfoContext).log.error({ err: error }, "a membership invoice PDF failed"),
  );
}

import { handleOperation, refuseMethod } from "@server/api-v1/handle";
import { listTokenLedgerPage } from "@server/generation/ledger";
import type { Route } from "./+types/ledger";

/** GET /api/v1/ledger: the token holder's token history, newest first (listLedger). */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleOperation("listLedger", request, params, async ({ db, holder, query }) => {
    const page = await listTokenLedgerPage(db, holder.userId, { cursor: query.cursor ?? null, limit: query.limit });
    return {
      items: page.items.map((entry) => ({
        id: entry.id,
        amount: entry.amount,
        balanceAfter: entry.balanceAfter,
        reason: entry.reason,
        jobId: entry.generationId,
        note: entry.note,
        createdAt: entry.createdAt.toISOString(),
      })),
      nextCursor: page.nextCursor,
    };
  });
}

export function action({ request }: Route.ActionArgs) {
  return refuseMethod(request, "/api/v1/ledger");
}

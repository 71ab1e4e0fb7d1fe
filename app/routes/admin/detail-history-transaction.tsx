import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Transaction · Atelier admin" }];

export default function AdminDetailHistoryTransactionPage() {
  return <PlannedPage title="Transaction" summary="Lines, discount, status history and refunds of one purchase." variant="admin" />;
}

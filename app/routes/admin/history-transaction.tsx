import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Transactions · Atelier admin" }];

export default function AdminHistoryTransactionPage() {
  return <PlannedPage title="Transactions" summary="Every purchase, with filters and export." variant="admin" />;
}

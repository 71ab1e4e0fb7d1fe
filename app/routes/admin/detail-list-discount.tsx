import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Discount · Atelier admin" }];

export default function AdminDetailListDiscountPage() {
  return <PlannedPage title="Discount" summary="Edit one discount code." variant="admin" />;
}

import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Discounts · Atelier admin" }];

export default function AdminManageDiscountPage() {
  return <PlannedPage title="Discounts" summary="Discount codes and how often they are used." variant="admin" />;
}

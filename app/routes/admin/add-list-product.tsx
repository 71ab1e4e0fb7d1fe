import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Add product · Atelier admin" }];

export default function AdminAddListProductPage() {
  return <PlannedPage title="Add product" summary="Create a new token pack." variant="admin" />;
}

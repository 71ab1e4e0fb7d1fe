import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Edit product · Atelier admin" }];

export default function AdminEditListProductPage() {
  return <PlannedPage title="Edit product" summary="Change a token pack." variant="admin" />;
}

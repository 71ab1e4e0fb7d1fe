import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Duplicate product · Atelier admin" }];

export default function AdminDuplicateListProductPage() {
  return <PlannedPage title="Duplicate product" summary="Start a new token pack from a copy of another." variant="admin" />;
}

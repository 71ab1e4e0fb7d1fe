import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Products · Atelier admin" }];

export default function AdminListProductPage() {
  return <PlannedPage title="Products" summary="Token packs and tiers on sale." variant="admin" />;
}

import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "FAQ entry · Atelier admin" }];

export default function AdminDetailListFaqPage() {
  return <PlannedPage title="FAQ entry" summary="Edit one question and answer." variant="admin" />;
}

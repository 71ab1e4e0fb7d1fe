import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "FAQ · Atelier admin" }];

export default function AdminListFaqPage() {
  return <PlannedPage title="FAQ" summary="Questions and answers shown on the public pages." variant="admin" />;
}

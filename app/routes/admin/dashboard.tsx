import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Dashboard · Atelier admin" }];

export default function AdminDashboardPage() {
  return <PlannedPage title="Dashboard" summary="Users, generations, tokens and revenue at a glance." variant="admin" />;
}

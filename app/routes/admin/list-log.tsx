import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Logs · Atelier admin" }];

export default function AdminListLogPage() {
  return <PlannedPage title="Logs" summary="Error reports and the audit log of admin actions." variant="admin" />;
}

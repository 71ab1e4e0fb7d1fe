import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "User · Atelier admin" }];

export default function AdminUserFormPage() {
  return <PlannedPage title="User" summary="One user's details, tokens, generations and purchases." variant="admin" />;
}

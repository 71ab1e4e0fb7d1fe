import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Users · Atelier admin" }];

export default function AdminManageUserPage() {
  return <PlannedPage title="Users" summary="Find users and manage their accounts and tokens." variant="admin" />;
}

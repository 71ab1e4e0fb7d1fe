import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Settings · Atelier admin" }];

export default function AdminSetTokenDefaultPage() {
  return <PlannedPage title="Settings" summary="Token defaults, generation limits, event flags, route rules and allowed domains." variant="admin" />;
}

import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Community moderation · Atelier admin" }];

export default function AdminManageCommunityPage() {
  return <PlannedPage title="Community moderation" summary="Reports, hidden artwork and featured picks." variant="admin" />;
}

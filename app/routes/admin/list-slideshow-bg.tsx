import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Slideshow · Atelier admin" }];

export default function AdminListSlideshowBgPage() {
  return <PlannedPage title="Slideshow" summary="Backgrounds of the home page's slideshow." variant="admin" />;
}

import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Slideshow background · Atelier admin" }];

export default function AdminDetailListSlideshowbgPage() {
  return <PlannedPage title="Slideshow background" summary="Edit one slideshow background." variant="admin" />;
}

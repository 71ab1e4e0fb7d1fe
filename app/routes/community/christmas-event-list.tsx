import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Christmas gallery · Atelier" }];

export default function ChristmasEventListPage() {
  return <PlannedPage title="Christmas gallery" summary="Artwork made with the christmas styles." />;
}

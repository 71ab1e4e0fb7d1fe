import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Christmas text to art · Atelier" }];

export default function ChristmasAiTextToArtPage() {
  return <PlannedPage title="Christmas text to art" summary="Festive scenes and styles for the season." />;
}

import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Christmas image to art · Atelier" }];

export default function ChristmasAiImageToArtPage() {
  return <PlannedPage title="Christmas image to art" summary="Give your pictures a festive finish." />;
}

import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Image to art · Atelier" }];

export default function AiImageToArtPage() {
  return <PlannedPage title="Image to art" summary="Upload a picture and re-render it in the style you choose." />;
}

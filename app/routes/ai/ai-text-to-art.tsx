import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Text to art · Atelier" }];

export default function AiTextToArtPage() {
  return <PlannedPage title="Text to art" summary="Describe a scene and a style; Atelier paints it." />;
}

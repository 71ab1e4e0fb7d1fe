import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Doodle to art · Atelier" }];

export default function AiDoodleToArtPage() {
  return <PlannedPage title="Doodle to art" summary="Draw a few strokes and turn them into a finished piece." />;
}

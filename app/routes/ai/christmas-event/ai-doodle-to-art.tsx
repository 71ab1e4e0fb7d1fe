import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Christmas doodle to art · Atelier" }];

export default function ChristmasAiDoodleToArtPage() {
  return <PlannedPage title="Christmas doodle to art" summary="Turn holiday doodles into artwork." />;
}

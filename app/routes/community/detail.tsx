import { PlannedPage } from "~/components/planned-page";

export const meta = () => [{ title: "Artwork · Atelier" }];

export default function DetailPage() {
  return <PlannedPage title="Artwork" summary="One artwork: its image, creator, style, prompt and reactions." />;
}

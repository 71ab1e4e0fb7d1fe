/** The christmas event's image to art (only while the christmas flag is on): festive styles first. */
import { loadStudioPage } from "@server/generation/page-data";
import { GenerationStudio } from "~/components/studio/generation-studio";
import type { Route } from "./+types/ai-image-to-art";

export const meta: Route.MetaFunction = () => [{ title: "Christmas image to art · Atelier" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadStudioPage(request, "image", true);
}

export default function ChristmasAiImageToArtPage({ loaderData }: Route.ComponentProps) {
  return <GenerationStudio data={loaderData} />;
}

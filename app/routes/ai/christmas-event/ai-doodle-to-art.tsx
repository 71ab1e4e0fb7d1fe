/** The christmas event's doodle to art (only while the christmas flag is on): festive styles first. */
import { loadStudioPage } from "@server/generation/page-data";
import { GenerationStudio } from "~/components/studio/generation-studio";
import type { Route } from "./+types/ai-doodle-to-art";

export const meta: Route.MetaFunction = () => [{ title: "Christmas doodle to art · Atelier" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadStudioPage(request, "doodle", true);
}

export default function ChristmasAiDoodleToArtPage({ loaderData }: Route.ComponentProps) {
  return <GenerationStudio data={loaderData} />;
}

/** The christmas event's text to art (only while the christmas flag is on): festive styles first. */
import { loadStudioPage } from "@server/generation/page-data";
import { GenerationStudio } from "~/components/studio/generation-studio";
import type { Route } from "./+types/ai-text-to-art";

export const meta: Route.MetaFunction = () => [{ title: "Christmas text to art · Atelier" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadStudioPage(request, "text", true);
}

export default function ChristmasAiTextToArtPage({ loaderData }: Route.ComponentProps) {
  return <GenerationStudio data={loaderData} />;
}

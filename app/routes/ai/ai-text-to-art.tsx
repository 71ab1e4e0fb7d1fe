/** Text to art: the generation studio for this mode. */
import { loadStudioPage } from "@server/generation/page-data";
import { GenerationStudio } from "~/components/studio/generation-studio";
import type { Route } from "./+types/ai-text-to-art";

export const meta: Route.MetaFunction = () => [{ title: "Text to art · Atelier" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadStudioPage(request, "text", false);
}

export default function AiTextToArtPage({ loaderData }: Route.ComponentProps) {
  return <GenerationStudio data={loaderData} />;
}

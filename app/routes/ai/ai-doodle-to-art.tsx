/** Doodle to art: the generation studio for this mode. */
import { loadStudioPage } from "@server/generation/page-data";
import { GenerationStudio } from "~/components/studio/generation-studio";
import type { Route } from "./+types/ai-doodle-to-art";

export const meta: Route.MetaFunction = () => [{ title: "Doodle to art · Atelier" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadStudioPage(request, "doodle", false);
}

export default function AiDoodleToArtPage({ loaderData }: Route.ComponentProps) {
  return <GenerationStudio data={loaderData} />;
}

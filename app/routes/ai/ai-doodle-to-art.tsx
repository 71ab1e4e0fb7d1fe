/** Doodle to art: the generation studio for this mode. */
import { getUser } from "@server/auth/guards";
import { loadStudioPage } from "@server/generation/page-data";
import { GenerationStudio } from "~/components/studio/generation-studio";
import { loadRemix } from "~/components/studio/remix.server";
import type { Route } from "./+types/ai-doodle-to-art";

export const meta: Route.MetaFunction = () => [{ title: "Doodle to art · Atelier" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  const [page, remix] = await Promise.all([loadStudioPage(user?.userUid ?? null, "doodle", false), loadRemix(request)]);
  return { ...page, remix };
}

export default function AiDoodleToArtPage({ loaderData }: Route.ComponentProps) {
  return <GenerationStudio data={loaderData} />;
}

/** The christmas event's image to art (only while the christmas flag is on): festive styles first. */
import { getUser } from "@server/auth/guards";
import { loadStudioPage } from "@server/generation/page-data";
import { GenerationStudio } from "~/components/studio/generation-studio";
import { loadRemix } from "~/components/studio/remix.server";
import type { Route } from "./+types/ai-image-to-art";

export const meta: Route.MetaFunction = () => [{ title: "Christmas image to art · Atelier" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  const [page, remix] = await Promise.all([loadStudioPage(user?.userUid ?? null, "image", true), loadRemix(request)]);
  return { ...page, remix };
}

export default function ChristmasAiImageToArtPage({ loaderData }: Route.ComponentProps) {
  return <GenerationStudio data={loaderData} />;
}

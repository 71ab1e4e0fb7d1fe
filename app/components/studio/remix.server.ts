/**
 * `?remix=<artworkId>` on the AI pages: the published artwork's settings, looked up on the server
 * (only what the viewer may see, and the prompt only when the creator shares it).
 */
import { getUser } from "@server/auth/guards";
import { getArtworkView } from "@server/community/artworks";
import { getDb } from "@server/db/client";
import { browsingLevelFor, maySee } from "@server/safety/browsing-level";
import type { RemixData } from "./form-state";

export async function loadRemix(request: Request): Promise<RemixData | null> {
  const id = new URL(request.url).searchParams.get("remix");
  if (!id) return null;
  const user = await getUser(request);
  const artwork = await getArtworkView(getDb(), id, user?.userUid ?? null);
  // Nothing of a work the viewer may not see (issue 40): not even its prompt.
  if (!artwork || (!artwork.mine && !maySee(browsingLevelFor(user), artwork.maturity))) return null;
  return {
    id: artwork.id,
    title: artwork.title,
    form: {
      prompt: artwork.prompt ?? "",
      negativePrompt: artwork.negativePrompt ?? "",
      style: artwork.style,
      aspectRatio: artwork.aspectRatio,
      size: artwork.size,
      seed: String(artwork.seed),
      strength: artwork.strength,
    },
  };
}

import { getUser } from "@server/auth/guards";
import { readArtworkImage, recordDownload, type ArtworkDownloadFormat } from "@server/community/downloads";
import { getDb } from "@server/db/client";
import { browsingLevelFor } from "@server/safety/browsing-level";
import { ApiError, downloadResponse, enforceRateLimit, handleApi, parseWith, requireMethod } from "@server/http/api";
import { requestInfoContext } from "@server/http/request-context";
import { z } from "zod";
import type { Route } from "./+types/artwork-download";

const query = z.object({
  format: z
    .enum(["original", "png", "webp", "jpeg"] satisfies ArtworkDownloadFormat[])
    .catch("original")
    .default("original"),
});

/**
 * GET /api/artworks/{id}/download?format=original|png|webp|jpeg: the image as a download, counted
 * once per downloader (user, else hashed client address) and ten minutes.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const { format } = parseWith(query, Object.fromEntries(new URL(request.url).searchParams));
    const viewer = await getUser(request).catch(() => null);
    const db = getDb();
    // Converting a picture costs CPU: 60 downloads a minute per person or address is plenty.
    const downloader = viewer ? `user:${viewer.userUid}` : `ip:${context.get(requestInfoContext).clientIp}`;
    await enforceRateLimit(
      db,
      `artworks:download:${downloader}`,
      { limit: 60, windowMs: 60_000 },
      "You are downloading very quickly. Wait a minute and try again.",
    );
    const image = await readArtworkImage(db, params.id, viewer?.userUid ?? null, format, browsingLevelFor(viewer));
    if (!image) throw new ApiError("not_found", "That artwork does not exist.");
    await recordDownload(db, {
      artworkId: image.artworkId,
      userId: viewer?.userUid ?? null,
      clientAddress: context.get(requestInfoContext).clientIp,
      format,
    });
    return downloadResponse(image);
  });
}

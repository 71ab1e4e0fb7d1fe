import { requireUserForApi } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { DOWNLOAD_FORMATS, readGenerationImage, type DownloadFormat } from "@server/generation/downloads";
import { ApiError, downloadResponse, handleApi, parseWith, requireMethod } from "@server/http/api";
import { z } from "zod";
import type { Route } from "./+types/generation-image";

const query = z.object({
  format: z.enum(Object.keys(DOWNLOAD_FORMATS) as [DownloadFormat, ...DownloadFormat[]]).default("png"),
});

/** GET /api/generations/{id}/images/{index}?format=png|webp|jpeg: the image as a download. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    requireMethod(request, "GET");
    const user = await requireUserForApi(request);
    const { format } = parseWith(query, Object.fromEntries(new URL(request.url).searchParams));
    const index = Number(params.index);
    const image =
      Number.isInteger(index) && index >= 0 && index < 16
        ? await readGenerationImage(getDb(), user.userUid, params.id, index, format)
        : null;
    if (!image) throw new ApiError("not_found", "That image does not exist.");
    return downloadResponse(image, "private, max-age=3600");
  });
}

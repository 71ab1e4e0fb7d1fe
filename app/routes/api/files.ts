import { Readable } from "node:stream";
import { getUser } from "@server/auth/guards";
import { artworkFileAccess } from "@server/community/downloads";
import { getDb } from "@server/db/client";
import { browsingLevelFor } from "@server/safety/browsing-level";
import { HELD_FILE_KIND } from "@server/generation/render-job";
import { jsonError } from "@server/http/api";
import { isSafeKey } from "@server/storage/file-storage";
import { getStorage, isSiteFileKey, ownerOfKey } from "@server/storage/storage";
import type { Route } from "./+types/files";

/** Kinds of user file anyone may see; every other kind is visible to its owner only. Site files (site/…) are public. */
const PUBLIC_KINDS = new Set(["avatar", "artworks"]);
const SIGNED_URL_SECONDS = 300;

/**
 * GET /api/files/{key}: stored files. Keys are unique, so avatars are cached for good; artwork
 * files for an hour only, so one that moderators hide goes dark for shared links too.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  if (!isSafeKey(key)) return jsonError(404, "not_found", "No such file");
  const owner = ownerOfKey(key);
  const isPublic = isSiteFileKey(key) || (owner !== null && PUBLIC_KINDS.has(owner.kind));
  if (owner?.kind === HELD_FILE_KIND) {
    // Pictures the safety check held (ADR 0059): for the admins' review queue only, not even their maker.
    const current = await getUser(request, { fromDatabase: true }).catch(() => null);
    if (!current?.isAdmin) return jsonError(404, "not_found", "No such file");
  } else if (!isPublic) {
    const current = await getUser(request);
    if (!current || !owner || owner.userId !== current.userUid) return jsonError(404, "not_found", "No such file");
  }
  const isArtwork = owner?.kind === "artworks";
  // A mature work's file goes to its creator and people who opted in only (issue 40), and is never
  // kept by a shared cache: the answer is theirs.
  let forEveryone = isPublic;
  if (isArtwork) {
    const viewer = await getUser(request).catch(() => null);
    const access = await artworkFileAccess(getDb(), key, viewer?.userUid ?? null, browsingLevelFor(viewer));
    if (!access) return jsonError(404, "not_found", "No such file");
    forEveryone = access.forEveryone;
  }
  // Where the deployment allows it (S3_SIGNED_URLS), the browser fetches the file from the bucket
  // itself, by an address valid for five minutes; the redirect is kept for four at most.
  const signed = await getStorage().signedUrl(key, { expiresInSeconds: SIGNED_URL_SECONDS });
  if (signed)
    return new Response(null, {
      status: 302,
      headers: {
        Location: signed,
        "Cache-Control": `${forEveryone ? "public" : "private"}, max-age=${SIGNED_URL_SECONDS - 60}`,
      },
    });
  // Sent on as it is read (from the disk or the bucket), never whole in memory.
  const file = await getStorage().open(key);
  if (!file) return jsonError(404, "not_found", "No such file");
  return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Cache-Control": !forEveryone
        ? "private, max-age=3600"
        : isArtwork
          ? "public, max-age=3600"
          : "public, max-age=31536000, immutable",
      "Content-Disposition": "inline",
    },
  });
}

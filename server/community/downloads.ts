/**
 * Artwork downloads: the file in its original format or converted, and the count. A download
 * counts once per artwork, downloader (the signed-in user, else a hash of the client address)
 * and ten-minute window. The unique key on those three decides, so two racing requests cannot
 * both count (ADR 0020).
 */
import { createHash } from "node:crypto";
import { eq, or, sql } from "drizzle-orm";
import { type Database, inTransaction } from "../db/client";
import { artworkDownloads, artworks } from "../db/schema";
import { DOWNLOAD_FORMATS, type DownloadFormat, encodeForDownload, type ImageDownload } from "../generation/downloads";
import { getStorage } from "../storage/storage";
import type { BrowsingLevel } from "../../app/lib/community-constants";
import { maySee } from "../safety/browsing-level";
import { findVisibleArtwork } from "./artwork-rows";

export const DOWNLOAD_WINDOW_MS = 10 * 60 * 1000;

export type ArtworkDownloadFormat = DownloadFormat | "original";

/**
 * Reads the artwork's image for a viewer who may see it — its rating too (issue 40: a mature one for
 * people who opted in, an explicit one for its creator only) —, converted when asked; null otherwise.
 */
export async function readArtworkImage(
  db: Database,
  id: string,
  viewerId: string | null,
  format: ArtworkDownloadFormat,
  level: BrowsingLevel = "general",
): Promise<(ImageDownload & { artworkId: string }) | null> {
  const artwork = await findVisibleArtwork(db, id, viewerId);
  if (!artwork) return null;
  if (artwork.userId !== viewerId && !maySee(level, artwork.maturity)) return null;
  const file = await getStorage().get(artwork.key);
  if (!file) return null;
  const slug =
    artwork.title
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "artwork";
  if (format === "original") {
    const ext =
      Object.values(DOWNLOAD_FORMATS).find((f) => f.contentType === file.contentType)?.ext ??
      /\.([a-z0-9]+)$/i.exec(artwork.key)?.[1] ??
      "png";
    return {
      artworkId: artwork.id,
      bytes: file.bytes,
      contentType: file.contentType,
      fileName: `atelier-${slug}-${artwork.seed}.${ext}`,
    };
  }
  const target = DOWNLOAD_FORMATS[format];
  const bytes = await encodeForDownload(file, format);
  return {
    artworkId: artwork.id,
    bytes,
    contentType: target.contentType,
    fileName: `atelier-${slug}-${artwork.seed}.${target.ext}`,
  };
}

/** Who downloads: the user, or for visitors a hash of the client address (no address is stored). */
export function downloaderKey(userId: string | null, clientAddress: string): string {
  if (userId) return `user:${userId}`;
  return `client:${createHash("sha256").update(`atelier-download:${clientAddress}`).digest("hex").slice(0, 32)}`;
}

/**
 * Counts a download unless this downloader already downloaded the artwork in the current
 * ten-minute window. Returns whether it counted and the artwork's download count.
 */
export async function recordDownload(
  db: Database,
  input: { artworkId: string; userId: string | null; clientAddress: string; format: string; now?: Date },
): Promise<{ counted: boolean; downloads: number }> {
  const now = input.now ?? new Date();
  const windowStart = new Date(Math.floor(now.getTime() / DOWNLOAD_WINDOW_MS) * DOWNLOAD_WINDOW_MS);
  return inTransaction(db, async (tx) => {
    const [inserted] = await tx
      .insert(artworkDownloads)
      .values({
        artworkId: input.artworkId,
        downloaderKey: downloaderKey(input.userId, input.clientAddress),
        windowStart,
        format: input.format,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: artworkDownloads.id });
    if (!inserted) {
      const [row] = await tx
        .select({ downloads: artworks.downloads })
        .from(artworks)
        .where(eq(artworks.id, input.artworkId));
      return { counted: false, downloads: row?.downloads ?? 0 };
    }
    const [row] = await tx
      .update(artworks)
      .set({ downloads: sql`${artworks.downloads} + 1` })
      .where(eq(artworks.id, input.artworkId))
      .returning({ downloads: artworks.downloads });
    return { counted: true, downloads: row?.downloads ?? 0 };
  });
}

/**
 * Whether a stored artwork file may be served to this viewer: files of hidden or removed
 * artworks go dark for everyone but their creator, like the artwork itself, and so do files of
 * works rated above what the viewer's `level` may see (issue 40: mature for people who opted in,
 * explicit for nobody else). Files that belong to no artwork (an unpublished one's, being deleted)
 * are not served.
 */
export async function canServeArtworkFile(
  db: Database,
  key: string,
  viewerId: string | null,
  level: BrowsingLevel = "general",
): Promise<boolean> {
  return (await artworkFileAccess(db, key, viewerId, level)) !== null;
}

/**
 * As canServeArtworkFile, with whether the answer is the same for everyone (a published, general
 * work's file, which shared caches may keep) or for this viewer only (a mature work's, their own).
 */
export async function artworkFileAccess(
  db: Database,
  key: string,
  viewerId: string | null,
  level: BrowsingLevel = "general",
): Promise<{ forEveryone: boolean } | null> {
  const [row] = await db
    .select({ userId: artworks.userId, status: artworks.status, maturity: artworks.maturity })
    .from(artworks)
    .where(or(eq(artworks.key, key), eq(artworks.thumbKey, key)))
    .limit(1);
  if (!row) return null;
  const mine = viewerId !== null && row.userId === viewerId;
  if (mine) return { forEveryone: row.status === "published" && row.maturity === "general" };
  if (row.status !== "published" || !maySee(level, row.maturity)) return null;
  return { forEveryone: row.maturity === "general" };
}

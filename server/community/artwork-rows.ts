/**
 * How the community reads an artwork row: its columns with the creator joined, the public-list
 * condition, the card and detail views, and the community's refusal (CommunityError). Shared by
 * the lists (artworks.ts), publishing, reactions and trending.
 */
import { and, eq, getTableColumns, inArray, type SQL } from "drizzle-orm";
import type { AspectRatio, GenerationMode } from "../../app/lib/generation";
import type { BrowsingLevel, Visibility } from "../../app/lib/community";
import type { ArtworkCard, ArtworkView } from "../../app/lib/community-views";
import type { Database } from "../db/client";
import { artworks, user, type ReactionValue } from "../db/schema";
import { fileUrl } from "../storage/file-url";
import { AppError, type ErrorCode } from "../app-error";
import { isUuid } from "../db/ids";
import { maturitiesFor } from "../safety/browsing-level";

export type ArtworkRow = typeof artworks.$inferSelect;

/** The community's refusals, which the person can act on: AppErrors (server/app-error.ts). */
export class CommunityError extends AppError {
  constructor(code: ErrorCode, message: string, fields?: Record<string, string[]>) {
    super(code, message, { fields });
    this.name = "CommunityError";
  }
}

export const NOT_FOUND = "That artwork does not exist.";

/** Every column but the search vector (which no view needs). */
const { search: _search, ...artworkColumns } = getTableColumns(artworks);

export const cardColumns = {
  ...artworkColumns,
  creatorName: user.name,
  creatorImage: user.image,
  creatorHandle: user.handle,
};

export type JoinedRow = Omit<ArtworkRow, "search"> & {
  creatorName: string;
  creatorImage: string | null;
  creatorHandle: string;
};

/**
 * Published, public, and of a rating the viewer's level may see: what lists show (ADR 0059). General
 * for visitors and everyone who did not opt in; general and mature for those who did; never explicit.
 */
export function listedFor(level: BrowsingLevel): SQL {
  return and(eq(artworks.status, "published"), eq(artworks.visibility, "public"), ratedFor(level))!;
}

/** Artworks of a rating the viewer's level may see. */
export function ratedFor(level: BrowsingLevel): SQL {
  return level === "mature" ? inArray(artworks.maturity, maturitiesFor(level)) : eq(artworks.maturity, "general");
}

/** What lists show to everyone: published, public and rated general. */
export const listed = listedFor("general");

/** The artwork when the viewer may see it: published ones by anyone with the id, others by the creator. */
export async function findVisibleArtwork(db: Database, id: string, viewerId: string | null): Promise<JoinedRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(cardColumns)
    .from(artworks)
    .innerJoin(user, eq(user.id, artworks.userId))
    .where(eq(artworks.id, id));
  if (!row) return null;
  if (row.status !== "published" && row.userId !== viewerId) return null;
  return row;
}

export function toCard(row: JoinedRow): ArtworkCard {
  return {
    id: row.id,
    title: row.title,
    previewUrl: fileUrl(row.thumbKey),
    placeholder: row.placeholder,
    width: row.width,
    height: row.height,
    style: row.style,
    mode: row.mode as GenerationMode,
    creator: { id: row.userId, handle: row.creatorHandle, name: row.creatorName, image: row.creatorImage },
    likes: row.likes,
    dislikes: row.dislikes,
    downloads: row.downloads,
    comments: row.comments,
    createdAt: row.createdAt.toISOString(),
    mature: row.maturity !== "general",
  };
}

export function toView(row: JoinedRow, viewerId: string | null, myReaction: ReactionValue | null): ArtworkView {
  return {
    ...toCard(row),
    imageUrl: fileUrl(row.key),
    description: row.description,
    tags: row.tags,
    prompt: row.showPrompt ? row.prompt : null,
    negativePrompt: row.showPrompt ? row.negativePrompt || null : null,
    seed: row.seed,
    aspectRatio: row.aspectRatio as AspectRatio,
    size: row.size,
    strength: row.strength,
    christmas: row.christmas,
    engineLabel: row.engineLabel,
    visibility: row.visibility as Visibility,
    myReaction,
    mine: viewerId !== null && row.userId === viewerId,
    featured: row.featuredAt !== null,
    maturity: maturityOf(row.maturity),
  };
}

/** A stored rating as the views name it (anything unknown is treated as explicit: never shown). */
export function maturityOf(value: string): "general" | "mature" | "explicit" {
  return value === "general" || value === "mature" ? value : "explicit";
}

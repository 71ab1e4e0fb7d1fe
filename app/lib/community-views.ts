/**
 * What the community APIs answer (spec §3: artwork id, image preview, image, profile image,
 * creator name, style, description, created date, likes, dislikes, downloads), shared by the
 * server that builds these views and the pages that render them. Dates are ISO strings.
 *
 *   POST   /api/artworks                       publishInput (JSON)        → 201 { artwork }
 *   GET    /api/artworks?q=&sort=&mode=&style=&christmas=&cursor=&limit= → ArtworkPage (public only)
 *   GET    /api/artworks/{id}                                             → { artwork } (unlisted: by link)
 *   PATCH  /api/artworks/{id}                  artworkInput (JSON, owner) → { artwork }
 *   DELETE /api/artworks/{id}                  (owner: unpublish)         → { ok: true }
 *   PUT    /api/artworks/{id}/reaction         { value: "like" | "dislike" | null } → { likes, dislikes, myReaction }
 *   GET    /api/artworks/{id}/download?format=original|png|webp|jpeg      → the file (counted)
 *   POST   /api/artworks/{id}/reports          reportInput (JSON)         → 201 { ok: true }
 *
 * Errors are `{ error: { code, message, fields? } }` like every Atelier API.
 */
import type { AspectRatio, GenerationMode } from "./generation";
import type { Visibility } from "./community";

export interface ArtworkCreator {
  id: string;
  /** Their page is /creators/{handle} (app/lib/creators.ts). */
  handle: string;
  name: string;
  /** Profile image URL, or null (the page shows an initial). */
  image: string | null;
}

export interface ArtworkCard {
  id: string;
  title: string;
  /** Spec §3 "image preview": a WebP thumbnail about 384 px on the long side. */
  previewUrl: string;
  /** A tiny blurred data: URL shown while the preview loads. */
  placeholder: string;
  width: number;
  height: number;
  style: string;
  mode: GenerationMode;
  creator: ArtworkCreator;
  likes: number;
  dislikes: number;
  downloads: number;
  /** Visible comments under it (issue 30). */
  comments: number;
  createdAt: string;
  /** Rated or marked mature (ADR 0059): shown only to adults who opted in, blurred until they ask. */
  mature: boolean;
}

export interface ArtworkView extends ArtworkCard {
  /** Spec §3 "image": the full-size image. */
  imageUrl: string;
  description: string;
  tags: string[];
  /** The prompt when the creator shares it, else null. */
  prompt: string | null;
  negativePrompt: string | null;
  seed: number;
  aspectRatio: AspectRatio;
  size: number;
  strength: number;
  christmas: boolean;
  engineLabel: string;
  visibility: Visibility;
  /** The signed-in viewer's reaction. */
  myReaction: "like" | "dislike" | null;
  /** True when the viewer created it (edit and unpublish are offered). */
  mine: boolean;
  featured: boolean;
  /** The rating (issue 40): general, mature, or explicit (never shown but to its creator). */
  maturity: "general" | "mature" | "explicit";
}

export interface ArtworkPage {
  items: ArtworkCard[];
  nextCursor: string | null;
}

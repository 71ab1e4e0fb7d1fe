/**
 * What the collection APIs answer and where a collection's page is (issue 30), without the
 * validation library, for the Save button on every card of public pages. The inputs are in
 * collections.ts.
 */
import type { ArtworkCard } from "./community-views";

/** A published artwork, or one of your own pictures: a generation's picture by its place in it. */
export type CollectionPicture = { artworkId: string } | { generationId: string; index: number };

export const collectionPath = (id: string) => `/collections/${encodeURIComponent(id)}`;

/** The query string naming a picture (the dialog's list, taking a picture out). */
export function pictureQuery(picture: CollectionPicture): string {
  return "artworkId" in picture
    ? `artworkId=${encodeURIComponent(picture.artworkId)}`
    : `generationId=${encodeURIComponent(picture.generationId)}&index=${picture.index}`;
}

export interface CollectionSummary {
  id: string;
  name: string;
  visibility: "private" | "public";
  items: number;
  /** The first picture's preview, or null. */
  cover: { url: string; placeholder: string } | null;
  /** Whether the picture the dialog was opened for is in it. */
  contains?: boolean;
}

/** One place in a collection: a picture to show, or what is left of one that is gone. */
export type CollectionEntry =
  | { id: string; kind: "artwork"; artwork: ArtworkCard }
  | {
      id: string;
      kind: "image";
      image: { url: string; placeholder: string; width: number; height: number; title: string };
    }
  | { id: string; kind: "gone"; title: string };

export interface CollectionView extends CollectionSummary {
  owner: { id: string; handle: string; name: string; image: string | null };
  mine: boolean;
  entries: CollectionEntry[];
  createdAt: string;
}

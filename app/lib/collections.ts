/**
 * Collections (issue 30): a person's named sets of pictures — published artworks and their own
 * pictures from their history — private by default. Inputs and views shared by server and pages.
 *
 *   GET    /api/collections?artworkId=|generationId=&index=  → { collections: CollectionSummary[] } (yours, last used first; `contains` for the picture)
 *   POST   /api/collections                          collectionInput → 201 { collection }
 *   PATCH  /api/collections/{id}                     collectionInput → { collection }
 *   DELETE /api/collections/{id}                     → { ok: true }
 *   POST   /api/collections/{id}/items               { artworkId } | { generationId, index } → 201 { item }
 *   DELETE /api/collections/{id}/items?artworkId=|generationId=&index=  → { ok: true }
 *   DELETE /api/collections/{id}/items/{itemId}      → { ok: true }
 *   PUT    /api/collections/{id}/order               { itemIds } → { ok: true }
 */
import { z } from "zod";

export const COLLECTIONS_MAX = 200;
export const COLLECTION_ITEMS_MAX = 1000;
export const COLLECTION_NAME_MAX = 60;

export const collectionInput = z.object({
  name: z
    .string({ error: "Name the collection" })
    .trim()
    .min(1, "Name the collection")
    .max(COLLECTION_NAME_MAX, `Keep the name under ${COLLECTION_NAME_MAX} characters`),
  visibility: z.enum(["private", "public"], { error: "Choose private or public" }).default("private"),
});

/** A published artwork, or one of your own pictures: a generation's picture by its place in it. */
export const collectionItemInput = z.union([
  z.object({ artworkId: z.uuid({ error: "That picture does not exist" }) }),
  z.object({
    generationId: z.uuid({ error: "That picture does not exist" }),
    index: z.coerce.number().int().min(0).max(15),
  }),
]);

export const collectionOrderInput = z.object({
  itemIds: z.array(z.uuid()).max(COLLECTION_ITEMS_MAX),
});

export * from "./collection-views";

/**
 * Collections (issue 30, ADR 0052): a person's named sets of published artworks and of their own
 * pictures from their history, private by default or public (then on their creator page). Items
 * keep their order; a picture that is unpublished, hidden or deleted leaves a placeholder with the
 * title it had, never an error. A person's own history pictures are shown to them only.
 */
import { and, asc, count, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { CollectionEntry, CollectionPicture, CollectionSummary, CollectionView } from "../../app/lib/collections";
import { COLLECTION_ITEMS_MAX, COLLECTIONS_MAX } from "../../app/lib/collections";
import { type Database, inTransaction } from "../db/client";
import { isUuid } from "../db/ids";
import { artworks, collectionItems, collections, generationImages, generations, user } from "../db/schema";
import { fileUrl } from "../storage/file-url";
import type { BrowsingLevel } from "../../app/lib/community-constants";
import { maySee } from "../safety/browsing-level";
import { CommunityError, cardColumns, toCard } from "./artwork-rows";
import { isUniqueViolation } from "./creators";

export const COLLECTION_NOT_FOUND = "That collection does not exist.";
const NAME_TAKEN = "You have a collection with this name already";

type CollectionRow = typeof collections.$inferSelect;

/** What an item points at: the artwork, or the person's own stored picture (null when there is none). */
async function pictureRef(
  db: Database,
  userId: string,
  picture: CollectionPicture,
): Promise<{ artworkId: string } | { imageId: string } | null> {
  if ("artworkId" in picture) return isUuid(picture.artworkId) ? { artworkId: picture.artworkId } : null;
  if (!isUuid(picture.generationId)) return null;
  const [image] = await db
    .select({ id: generationImages.id })
    .from(generationImages)
    .innerJoin(generations, eq(generations.id, generationImages.generationId))
    .where(
      and(
        eq(generationImages.generationId, picture.generationId),
        eq(generationImages.index, picture.index),
        eq(generations.userId, userId),
      ),
    );
  return image ? { imageId: image.id } : null;
}

/** The collection when it is the person's own, for changing it; a refusal otherwise. */
async function ownCollection(db: Database, userId: string, id: string): Promise<CollectionRow> {
  if (!isUuid(id)) throw new CommunityError("not_found", COLLECTION_NOT_FOUND);
  const [row] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.id, id), eq(collections.userId, userId)));
  if (!row) throw new CommunityError("not_found", COLLECTION_NOT_FOUND);
  return row;
}

/** Counts and covers (the first picture still there that the viewer may see) of some collections. */
async function summaries(db: Database, rows: CollectionRow[], viewerId: string | null): Promise<CollectionSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await db
    .select({ id: collectionItems.collectionId, n: count() })
    .from(collectionItems)
    .where(inArray(collectionItems.collectionId, ids))
    .groupBy(collectionItems.collectionId);
  // The cover: the first item whose published artwork (or, for the owner, own picture) is still there.
  // Never a mature picture (issue 40): a cover is shown to everyone, unblurred.
  const covers = (await db.execute(sql`
    select distinct on (i.collection_id) i.collection_id as id,
      coalesce(a.thumb_key, g.thumb_key) as thumb_key, coalesce(a.placeholder, g.placeholder) as placeholder
    from ${collectionItems} i
    join ${collections} c on c.id = i.collection_id
    left join ${artworks} a on a.id = i.artwork_id and a.status = 'published' and a.maturity = 'general'
    left join ${generationImages} g on g.id = i.generation_image_id and c.user_id = ${viewerId ?? ""}
    where i.collection_id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and (a.id is not null or g.id is not null)
    order by i.collection_id, i.position`)) as unknown as {
    rows: { id: string; thumb_key: string; placeholder: string }[];
  };
  const coverOf = new Map(covers.rows.map((c) => [c.id, { url: fileUrl(c.thumb_key), placeholder: c.placeholder }]));
  const countOf = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    visibility: r.visibility,
    items: countOf.get(r.id) ?? 0,
    cover: coverOf.get(r.id) ?? null,
  }));
}

/**
 * The person's collections, the last saved to first. With a picture, each says whether it holds it
 * (the save dialog's checkboxes).
 */
export async function listMyCollections(
  db: Database,
  userId: string,
  picture?: CollectionPicture,
): Promise<CollectionSummary[]> {
  const rows = await db
    .select()
    .from(collections)
    .where(eq(collections.userId, userId))
    .orderBy(desc(collections.lastUsedAt), desc(collections.createdAt))
    .limit(COLLECTIONS_MAX);
  const list = await summaries(db, rows, userId);
  if (!picture || rows.length === 0) return list;
  const ref = await pictureRef(db, userId, picture);
  if (!ref) return list.map((c) => ({ ...c, contains: false }));
  const column = "artworkId" in ref ? collectionItems.artworkId : collectionItems.generationImageId;
  const id = "artworkId" in ref ? ref.artworkId : ref.imageId;
  const holding = await db
    .select({ id: collectionItems.collectionId })
    .from(collectionItems)
    .where(
      and(
        eq(column, id),
        inArray(
          collectionItems.collectionId,
          rows.map((r) => r.id),
        ),
      ),
    );
  const held = new Set(holding.map((h) => h.id));
  return list.map((c) => ({ ...c, contains: held.has(c.id) }));
}

/** A creator's public collections, newest first, for their page. */
export async function listPublicCollections(db: Database, userId: string): Promise<CollectionSummary[]> {
  const rows = await db
    .select()
    .from(collections)
    .where(and(eq(collections.userId, userId), eq(collections.visibility, "public")))
    .orderBy(desc(collections.createdAt))
    .limit(COLLECTIONS_MAX);
  return summaries(db, rows, null);
}

export async function createCollection(
  db: Database,
  userId: string,
  input: { name: string; visibility: "private" | "public" },
): Promise<CollectionSummary> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(collections).where(eq(collections.userId, userId));
  if (Number(n) >= COLLECTIONS_MAX)
    throw new CommunityError("invalid_input", `You have ${COLLECTIONS_MAX} collections: delete one to make another.`);
  try {
    const [row] = await db
      .insert(collections)
      .values({ userId, ...input })
      .returning();
    return (await summaries(db, [row!], userId))[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new CommunityError("invalid_input", NAME_TAKEN, { name: [NAME_TAKEN] });
    throw error;
  }
}

export async function updateCollection(
  db: Database,
  userId: string,
  id: string,
  input: { name: string; visibility: "private" | "public" },
): Promise<CollectionSummary> {
  await ownCollection(db, userId, id);
  try {
    const [row] = await db
      .update(collections)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(collections.id, id))
      .returning();
    return (await summaries(db, [row!], userId))[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new CommunityError("invalid_input", NAME_TAKEN, { name: [NAME_TAKEN] });
    throw error;
  }
}

export async function deleteCollection(db: Database, userId: string, id: string): Promise<void> {
  await ownCollection(db, userId, id);
  await db.delete(collections).where(eq(collections.id, id));
}

/**
 * Saves a picture at the end of one of the person's collections: a published artwork, or one of
 * their own pictures. Saving it twice keeps one.
 */
export async function addToCollection(
  db: Database,
  userId: string,
  collectionId: string,
  picture: CollectionPicture,
): Promise<{ id: string }> {
  return inTransaction(db, async (tx) => {
    const collection = await ownCollection(tx, userId, collectionId);
    // Positions are handed out one saver at a time.
    await tx.select({ id: collections.id }).from(collections).where(eq(collections.id, collection.id)).for("update");
    let values: { artworkId?: string; generationImageId?: string; title: string };
    if ("artworkId" in picture) {
      const [artwork] = await tx
        .select({ id: artworks.id, title: artworks.title })
        .from(artworks)
        .where(and(eq(artworks.id, picture.artworkId), eq(artworks.status, "published")));
      if (!artwork) throw new CommunityError("not_found", "That artwork does not exist.");
      values = { artworkId: artwork.id, title: artwork.title };
    } else {
      const image = await pictureRef(tx, userId, picture);
      if (!image || !("imageId" in image)) throw new CommunityError("not_found", "That picture does not exist.");
      // No title kept: in a public collection others see only that a private picture is there.
      values = { generationImageId: image.imageId, title: "" };
    }
    const [{ n, last } = { n: 0, last: null }] = await tx
      .select({ n: count(), last: max(collectionItems.position) })
      .from(collectionItems)
      .where(eq(collectionItems.collectionId, collection.id));
    const [existing] = await tx
      .select({ id: collectionItems.id })
      .from(collectionItems)
      .where(
        and(
          eq(collectionItems.collectionId, collection.id),
          values.artworkId
            ? eq(collectionItems.artworkId, values.artworkId)
            : eq(collectionItems.generationImageId, values.generationImageId!),
        ),
      );
    await tx.update(collections).set({ lastUsedAt: new Date() }).where(eq(collections.id, collection.id));
    if (existing) return existing;
    if (Number(n) >= COLLECTION_ITEMS_MAX)
      throw new CommunityError("invalid_input", `A collection holds up to ${COLLECTION_ITEMS_MAX} pictures.`);
    const [item] = await tx
      .insert(collectionItems)
      .values({ collectionId: collection.id, position: (last ?? -1) + 1, ...values })
      .returning({ id: collectionItems.id });
    return item!;
  });
}

export async function removeFromCollection(
  db: Database,
  userId: string,
  collectionId: string,
  itemId: string,
): Promise<void> {
  const collection = await ownCollection(db, userId, collectionId);
  if (!isUuid(itemId)) return;
  await db
    .delete(collectionItems)
    .where(and(eq(collectionItems.id, itemId), eq(collectionItems.collectionId, collection.id)));
  // Touched, so the owner's kept pages of it are forgotten (migration 0021's trigger).
  await db.update(collections).set({ updatedAt: new Date() }).where(eq(collections.id, collection.id));
}

/** Takes a picture out of one of the person's collections (the save dialog's unticked box). */
export async function removePictureFromCollection(
  db: Database,
  userId: string,
  collectionId: string,
  picture: CollectionPicture,
): Promise<void> {
  const collection = await ownCollection(db, userId, collectionId);
  const ref = await pictureRef(db, userId, picture);
  if (!ref) return;
  const id = "artworkId" in ref ? ref.artworkId : ref.imageId;
  await db
    .delete(collectionItems)
    .where(
      and(
        eq(collectionItems.collectionId, collection.id),
        "artworkId" in ref ? eq(collectionItems.artworkId, id) : eq(collectionItems.generationImageId, id),
      ),
    );
  await db.update(collections).set({ updatedAt: new Date() }).where(eq(collections.id, collection.id));
}

/** Puts the items in the order given: every item of the collection, each once. */
export async function reorderCollection(
  db: Database,
  userId: string,
  collectionId: string,
  itemIds: string[],
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const collection = await ownCollection(tx, userId, collectionId);
    await tx.select({ id: collections.id }).from(collections).where(eq(collections.id, collection.id)).for("update");
    const current = await tx
      .select({ id: collectionItems.id })
      .from(collectionItems)
      .where(eq(collectionItems.collectionId, collection.id));
    const known = new Set(current.map((c) => c.id));
    if (
      itemIds.length !== known.size ||
      new Set(itemIds).size !== itemIds.length ||
      !itemIds.every((id) => known.has(id))
    )
      throw new CommunityError("invalid_input", "The collection changed meanwhile: reload it and try again.");
    for (const [position, id] of itemIds.entries())
      await tx.update(collectionItems).set({ position }).where(eq(collectionItems.id, id));
    await tx.update(collections).set({ updatedAt: new Date() }).where(eq(collections.id, collection.id));
  });
}

/**
 * A collection's page: public ones for anyone, private ones for their owner; null otherwise.
 * Artworks of a rating the viewer's `level` may not see are left out (issue 40).
 */
export async function getCollectionView(
  db: Database,
  id: string,
  viewerId: string | null,
  level: BrowsingLevel = "general",
): Promise<CollectionView | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      collection: collections,
      owner: { id: user.id, handle: user.handle, name: user.name, image: user.image, banned: user.banned },
    })
    .from(collections)
    .innerJoin(user, eq(user.id, collections.userId))
    .where(eq(collections.id, id));
  if (!row) return null;
  const mine = row.collection.userId === viewerId;
  if (!mine && (row.collection.visibility !== "public" || row.owner.banned)) return null;
  const items = await db
    .select({
      id: collectionItems.id,
      title: collectionItems.title,
      artworkId: collectionItems.artworkId,
      generationImageId: collectionItems.generationImageId,
    })
    .from(collectionItems)
    .where(eq(collectionItems.collectionId, id))
    .orderBy(asc(collectionItems.position), asc(collectionItems.addedAt));
  const artworkIds = items.flatMap((i) => (i.artworkId ? [i.artworkId] : []));
  const imageIds = mine ? items.flatMap((i) => (i.generationImageId ? [i.generationImageId] : [])) : [];
  const [cards, images] = await Promise.all([
    artworkIds.length
      ? db
          .select(cardColumns)
          .from(artworks)
          .innerJoin(user, eq(user.id, artworks.userId))
          .where(and(inArray(artworks.id, artworkIds), eq(artworks.status, "published"), eq(user.banned, false)))
      : [],
    imageIds.length ? db.select().from(generationImages).where(inArray(generationImages.id, imageIds)) : [],
  ]);
  const cardOf = new Map(cards.map((c) => [c.id, toCard(c)]));
  const imageOf = new Map(images.map((g) => [g.id, g]));
  const unseen = new Set(cards.filter((c) => !maySee(level, c.maturity)).map((c) => c.id));
  const entries: CollectionEntry[] = items
    .filter((item) => !(item.artworkId && unseen.has(item.artworkId)))
    .map((item) => {
      const card = item.artworkId ? cardOf.get(item.artworkId) : undefined;
      if (card) return { id: item.id, kind: "artwork", artwork: card };
      const image = item.generationImageId ? imageOf.get(item.generationImageId) : undefined;
      if (image)
        return {
          id: item.id,
          kind: "image",
          image: {
            url: fileUrl(image.thumbKey),
            placeholder: image.placeholder,
            width: image.width,
            height: image.height,
            title: "From your history",
          },
        };
      return { id: item.id, kind: "gone", title: item.title };
    });
  const [summary] = await summaries(db, [row.collection], viewerId);
  const { banned: _banned, ...owner } = row.owner;
  return { ...summary!, owner, mine, entries, createdAt: row.collection.createdAt.toISOString() };
}

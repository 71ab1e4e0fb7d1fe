/**
 * Collections on a real database (PGlite and PostgreSQL, issue 30): made private by default, names
 * unique per person; published artworks and one's own history pictures saved once each, in order,
 * reordered and removed; the save dialog's "last used first" and ticks; who sees a collection and
 * what; a picture that goes leaves a placeholder; what an account's deletion takes.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CommunityError } from "../../server/community/artwork-rows";
import {
  addToCollection,
  createCollection,
  deleteCollection,
  getCollectionView,
  listMyCollections,
  listPublicCollections,
  removeFromCollection,
  removePictureFromCollection,
  reorderCollection,
  updateCollection,
} from "../../server/community/collections";
import { unpublishArtwork } from "../../server/community/publishing";
import { artworks, collectionItems, collections, generationImages, generations, user } from "../../server/db/schema";
import { setUpTestDatabase } from "../support/database";
import { publishedArtworkRow, studioGenerationRow } from "../support/rows";

const t = setUpTestDatabase();

async function person(name: string): Promise<string> {
  const id = randomUUID();
  await t.db.insert(user).values({ id, name, email: `${id}@example.test`, emailVerified: true });
  return id;
}

async function artworkOf(userId: string, title: string): Promise<string> {
  const [row] = await t.db.insert(artworks).values(publishedArtworkRow(userId, title)).returning({ id: artworks.id });
  return row!.id;
}

/** One of `userId`'s own pictures: a finished generation with one stored image. */
async function historyPicture(userId: string): Promise<{ generationId: string; index: number }> {
  const [generation] = await t.db
    .insert(generations)
    .values(studioGenerationRow(userId, { status: "succeeded" }))
    .returning({ id: generations.id });
  await t.db.insert(generationImages).values({
    generationId: generation!.id,
    index: 0,
    key: `users/${userId}/generations/a.png`,
    thumbKey: `users/${userId}/generations/a.webp`,
    placeholder: "data:image/webp;base64,AAAA",
    mime: "image/png",
    bytes: 9,
    width: 512,
    height: 512,
  });
  return { generationId: generation!.id, index: 0 };
}

async function refusal(run: Promise<unknown>): Promise<CommunityError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CommunityError);
  return error as CommunityError;
}

describe("collections", () => {
  it("are private by default, with names unique per person, and the last saved to comes first", async () => {
    const ana = await person("Ana");
    const bo = await person("Bo");
    const harbours = await createCollection(t.db, ana, { name: "Harbours", visibility: "private" });
    const skies = await createCollection(t.db, ana, { name: "Skies", visibility: "public" });
    expect(harbours).toMatchObject({ name: "Harbours", visibility: "private", items: 0, cover: null });
    const taken = await refusal(createCollection(t.db, ana, { name: "Harbours", visibility: "public" }));
    expect(taken.fields?.name?.[0]).toContain("already");
    // Another person may use the same name.
    await createCollection(t.db, bo, { name: "Harbours", visibility: "private" });
    const work = await artworkOf(bo, "Dawn");
    await addToCollection(t.db, ana, harbours.id, { artworkId: work });
    expect((await listMyCollections(t.db, ana)).map((c) => c.name)).toEqual(["Harbours", "Skies"]);
    await addToCollection(t.db, ana, skies.id, { artworkId: work });
    const ticked = await listMyCollections(t.db, ana, { artworkId: work });
    expect(ticked.map((c) => [c.name, c.contains, c.items])).toEqual([
      ["Skies", true, 1],
      ["Harbours", true, 1],
    ]);
    await removePictureFromCollection(t.db, ana, harbours.id, { artworkId: work });
    expect((await listMyCollections(t.db, ana, { artworkId: work })).map((c) => c.contains)).toEqual([true, false]);
    expect(
      (await refusal(updateCollection(t.db, ana, skies.id, { name: "Harbours", visibility: "public" }))).code,
    ).toBe("invalid_input");
    // Nobody else changes them.
    expect((await refusal(addToCollection(t.db, bo, skies.id, { artworkId: work }))).code).toBe("not_found");
    expect((await refusal(deleteCollection(t.db, bo, skies.id))).code).toBe("not_found");
  });

  it("keeps pictures once each, in order, reordered and removed by their owner", async () => {
    const ana = await person("Ana");
    const maker = await person("Maker");
    const box = await createCollection(t.db, ana, { name: "Box", visibility: "public" });
    const works = [await artworkOf(maker, "One"), await artworkOf(maker, "Two"), await artworkOf(maker, "Three")];
    const own = await historyPicture(ana);
    const items = [];
    for (const id of works) items.push(await addToCollection(t.db, ana, box.id, { artworkId: id }));
    items.push(await addToCollection(t.db, ana, box.id, own));
    expect(await addToCollection(t.db, ana, box.id, { artworkId: works[0]! })).toEqual(items[0]);
    const titles = async () =>
      (await getCollectionView(t.db, box.id, ana))!.entries.map((e) =>
        e.kind === "artwork" ? e.artwork.title : e.kind,
      );
    expect(await titles()).toEqual(["One", "Two", "Three", "image"]);
    await reorderCollection(t.db, ana, box.id, [items[3]!.id, items[2]!.id, items[0]!.id, items[1]!.id]);
    expect(await titles()).toEqual(["image", "Three", "One", "Two"]);
    const stale = await refusal(reorderCollection(t.db, ana, box.id, [items[0]!.id, items[1]!.id]));
    expect(stale.message).toContain("changed meanwhile");
    await removeFromCollection(t.db, ana, box.id, items[2]!.id);
    expect(await titles()).toEqual(["image", "One", "Two"]);
    // Someone else's history picture cannot be saved.
    const theirs = await historyPicture(maker);
    expect((await refusal(addToCollection(t.db, ana, box.id, theirs))).code).toBe("not_found");
  });

  it("shows public ones to anyone and private ones to their owner; own pictures to the owner only; gone ones as placeholders", async () => {
    const ana = await person("Ana");
    const maker = await person("Maker");
    const visitor = await person("Visitor");
    const shown = await createCollection(t.db, ana, { name: "Shown", visibility: "public" });
    const secret = await createCollection(t.db, ana, { name: "Secret", visibility: "private" });
    const kept = await artworkOf(maker, "Kept");
    const goes = await artworkOf(maker, "Goes away");
    const hidden = await artworkOf(maker, "Hidden by moderators");
    await addToCollection(t.db, ana, shown.id, { artworkId: goes });
    await addToCollection(t.db, ana, shown.id, { artworkId: kept });
    await addToCollection(t.db, ana, shown.id, { artworkId: hidden });
    await addToCollection(t.db, ana, shown.id, await historyPicture(ana));
    expect(await getCollectionView(t.db, secret.id, visitor)).toBeNull();
    expect(await getCollectionView(t.db, secret.id, null)).toBeNull();
    expect((await getCollectionView(t.db, secret.id, ana))?.mine).toBe(true);
    expect((await listPublicCollections(t.db, ana)).map((c) => c.name)).toEqual(["Shown"]);

    expect(await unpublishArtwork(t.db, maker, goes)).toBe(true);
    await t.db.update(artworks).set({ status: "hidden" }).where(eq(artworks.id, hidden));
    const seen = (await getCollectionView(t.db, shown.id, visitor))!;
    expect(
      seen.entries.map((e) => (e.kind === "artwork" ? e.artwork.title : `${e.kind}:${"title" in e ? e.title : ""}`)),
    ).toEqual(["gone:Goes away", "Kept", "gone:Hidden by moderators", "gone:"]);
    // The cover is the first picture still there.
    expect(seen.cover?.url).toContain("20261123000000");
    const mine = (await getCollectionView(t.db, shown.id, ana))!;
    expect(mine.entries.map((e) => e.kind)).toEqual(["gone", "artwork", "gone", "image"]);
    // A banned owner's public collections are not shown.
    await t.db.update(user).set({ banned: true }).where(eq(user.id, ana));
    expect(await getCollectionView(t.db, shown.id, visitor)).toBeNull();
  });

  it("go with their owner's account", async () => {
    const ana = await person("Ana");
    const box = await createCollection(t.db, ana, { name: "Box", visibility: "public" });
    await addToCollection(t.db, ana, box.id, { artworkId: await artworkOf(await person("Maker"), "One") });
    await t.db.delete(user).where(eq(user.id, ana));
    expect(await t.db.select().from(collections)).toEqual([]);
    expect(await t.db.select().from(collectionItems)).toEqual([]);
  });
});

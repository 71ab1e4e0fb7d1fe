/**
 * The community on a real database (PGlite and PostgreSQL): publishing, visibility, every sort
 * order with keyset pagination, full-text search, reactions and their counters under
 * concurrency, download dedupe, reports and like milestones.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { artworkInput, listQuery, publishInput, type ListSort } from "../../app/lib/community";
import { artworkReports, artworks, generationImages, generations, notifications, user } from "../../server/db/schema";
import { CommunityError } from "../../server/community/artwork-rows";
import {
  getArtworkView,
  listArtworks,
  listArtworksCached,
  loadCommunityHome,
  loadCommunityHomeCached,
  relatedArtworks,
} from "../../server/community/artworks";
import { publishArtwork, unpublishArtwork, updateArtwork } from "../../server/community/publishing";
import { refreshTrendingScores } from "../../server/community/trending";
import { reportArtwork, setReaction } from "../../server/community/reactions";
import { canServeArtworkFile, readArtworkImage, recordDownload } from "../../server/community/downloads";
import { clearListCache } from "../../server/community/list-cache";
import { saveBlockedTerms } from "../../server/safety/word-filter";
import { deleteGeneration } from "../../server/generation/generations";
import { getStorage, ownerOfKey } from "../../server/storage/storage";
import { setUpTestDatabase } from "../support/database";
import { smallPicture } from "../support/pictures";

const t = setUpTestDatabase();

async function createUser(id: string) {
  await t.db.insert(user).values({ id, name: `User ${id}`, email: `${id}@example.test`, emailVerified: true });
  return id;
}

/** A finished (or other status) generation with one stored image, as the render job leaves it. */
async function createGeneration(
  userId: string,
  change: { status?: string; prompt?: string; style?: string; christmas?: boolean; mode?: string } = {},
) {
  const id = randomUUID();
  await t.db.insert(generations).values({
    id,
    userId,
    mode: change.mode ?? "text",
    status: change.status ?? "succeeded",
    engineId: "blank",
    engineLabel: "Blank test engine",
    prompt: change.prompt ?? "a red sunset over snowy mountains",
    style: change.style ?? "watercolor",
    aspectRatio: "1:1",
    size: 512,
    width: 512,
    height: 512,
    count: 1,
    seed: 42,
    strength: 0.75,
    christmas: change.christmas ?? false,
    cost: 0,
  });
  const storage = getStorage();
  const key = `users/${userId}/generations/20261122000000-${randomUUID()}.png`;
  const thumbKey = `users/${userId}/generations/20261122000000-${randomUUID()}.webp`;
  const picture = await smallPicture();
  await storage.put(key, picture.png, "image/png");
  await storage.put(thumbKey, picture.webp, "image/webp");
  await t.db.insert(generationImages).values({
    generationId: id,
    index: 0,
    key,
    thumbKey,
    placeholder: "data:image/webp;base64,AAAA",
    mime: "image/png",
    bytes: 9,
    width: 512,
    height: 512,
    seed: 4242,
  });
  return id;
}

const publish = (change: Record<string, unknown> = {}) =>
  publishInput.parse({ title: "Sunset", generationId: randomUUID(), ...change });

async function publishOne(
  userId: string,
  change: Record<string, unknown> = {},
  generation: Parameters<typeof createGeneration>[1] = {},
) {
  const generationId = await createGeneration(userId, generation);
  return publishArtwork(t.db, userId, publish({ generationId, ...change }));
}

async function refusal(run: Promise<unknown>): Promise<CommunityError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CommunityError);
  return error as CommunityError;
}

const list = (query: Record<string, unknown> = {}) => listArtworks(t.db, listQuery.parse(query));

async function allPages(query: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 50; i++) {
    const page = await list({ ...query, ...(cursor ? { cursor } : {}) });
    ids.push(...page.items.map((a) => a.id));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return ids;
}

describe("publishing", () => {
  it("publishes the user's own finished picture with copies of its files and its settings", async () => {
    const alice = await createUser("alice");
    const generationId = await createGeneration(alice, { prompt: "a lighthouse at dawn", style: "ukiyo-e" });
    const view = await publishArtwork(
      t.db,
      alice,
      publish({ generationId, title: "Lighthouse", tags: "Sea, dawn ,sea", description: "<script>alert(1)</script>" }),
    );
    expect(view).toMatchObject({
      title: "Lighthouse",
      tags: ["sea", "dawn"],
      style: "ukiyo-e",
      mode: "text",
      seed: 4242,
      prompt: "a lighthouse at dawn",
      engineLabel: "Blank test engine",
      visibility: "public",
      mine: true,
      likes: 0,
      creator: { id: alice, name: "User alice" },
      description: "<script>alert(1)</script>",
    });
    const [row] = await t.db.select().from(artworks).where(eq(artworks.id, view.id));
    expect(ownerOfKey(row!.key)).toEqual({ userId: alice, kind: "artworks" });
    expect(ownerOfKey(row!.thumbKey)).toEqual({ userId: alice, kind: "artworks" });
    // Deleting the generation keeps the artwork and its files.
    expect(await deleteGeneration(t.db, alice, generationId)).toBe(true);
    expect((await getStorage().get(row!.key))?.contentType).toBe("image/png");
    expect(await getArtworkView(t.db, view.id, null)).toMatchObject({ id: view.id, mine: false });
    // Unpublishing removes the row and the files.
    expect(await unpublishArtwork(t.db, "nobody", view.id)).toBe(false);
    expect(await unpublishArtwork(t.db, alice, view.id)).toBe(true);
    expect(await getArtworkView(t.db, view.id, alice)).toBeNull();
    expect(await getStorage().get(row!.key)).toBeNull();
  });

  it("refuses another user's generation, unfinished ones and blocked terms (naming the term)", async () => {
    const alice = await createUser("alice");
    const bob = await createUser("bob");
    const bobs = await createGeneration(bob);
    expect((await refusal(publishArtwork(t.db, alice, publish({ generationId: bobs })))).status).toBe(404);
    const running = await createGeneration(alice, { status: "running" });
    expect((await refusal(publishArtwork(t.db, alice, publish({ generationId: running })))).code).toBe("not_finished");
    const mine = await createGeneration(alice);
    const blocked = await refusal(
      publishArtwork(t.db, alice, publish({ generationId: mine, title: "Holy SHIT, a sunset" })),
    );
    expect(blocked.status).toBe(400);
    expect(blocked.message).toBe("“shit” is not allowed here");
    expect(blocked.fields).toEqual({ title: ["“shit” is not allowed here"] });
    // Whole words only, and the list is a setting.
    await publishArtwork(t.db, alice, publish({ generationId: mine, title: "Shitake mushrooms in class" }));
    await saveBlockedTerms(t.db, ["mushroom"]);
    const again = await createGeneration(alice, { prompt: "a mushroom forest" });
    const promptBlocked = await refusal(publishArtwork(t.db, alice, publish({ generationId: again, title: "Forest" })));
    expect(promptBlocked.fields).toEqual({ prompt: ["“mushroom” is not allowed here"] });
    // An unshared prompt is not shown, so it is not checked.
    await publishArtwork(t.db, alice, publish({ generationId: again, title: "Forest", showPrompt: false }));
  });

  it("limits titles, descriptions and tags", () => {
    expect(artworkInput.safeParse({ title: "x".repeat(101) }).success).toBe(false);
    expect(artworkInput.safeParse({ title: "   " }).success).toBe(false);
    expect(artworkInput.safeParse({ title: "ok", description: "x".repeat(2001) }).success).toBe(false);
    expect(artworkInput.safeParse({ title: "ok", tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }).success).toBe(
      false,
    );
    expect(artworkInput.safeParse({ title: "ok", tags: ["x".repeat(31)] }).success).toBe(false);
    expect(artworkInput.safeParse({ title: "ok", tags: ["<script>"] }).success).toBe(false);
    expect(listQuery.parse({ limit: "500" }).limit).toBe(24);
  });

  it("lets only the creator edit", async () => {
    const alice = await createUser("alice");
    const bob = await createUser("bob");
    const art = await publishOne(alice);
    expect((await refusal(updateArtwork(t.db, bob, art.id, artworkInput.parse({ title: "Mine now" })))).status).toBe(
      404,
    );
    const edited = await updateArtwork(
      t.db,
      alice,
      art.id,
      artworkInput.parse({ title: "Evening", tags: ["red"], visibility: "unlisted", showPrompt: false }),
    );
    expect(edited).toMatchObject({ title: "Evening", tags: ["red"], visibility: "unlisted", prompt: null });
    expect((await refusal(updateArtwork(t.db, alice, art.id, artworkInput.parse({ title: "fuck" })))).code).toBe(
      "blocked_term",
    );
  });
});

describe("visibility", () => {
  it("keeps unlisted artworks out of lists and search but readable by link", async () => {
    const alice = await createUser("alice");
    const unlisted = await publishOne(alice, { title: "Secret garden", visibility: "unlisted" });
    const open = await publishOne(alice, { title: "Open garden" });
    expect((await list()).items.map((a) => a.id)).toEqual([open.id]);
    expect((await list({ q: "garden" })).items.map((a) => a.id)).toEqual([open.id]);
    expect((await list({ q: "secret" })).items).toEqual([]);
    expect(await getArtworkView(t.db, unlisted.id, null)).toMatchObject({ id: unlisted.id, visibility: "unlisted" });
    expect(await getArtworkView(t.db, "not-a-uuid", null)).toBeNull();
    expect(await getArtworkView(t.db, randomUUID(), null)).toBeNull();
  });

  it("makes hidden and removed artworks vanish for others everywhere, counts included", async () => {
    const alice = await createUser("alice");
    const bob = await createUser("bob");
    const hidden = await publishOne(alice, { title: "Hidden one", tags: ["sky"] });
    const removed = await publishOne(alice, { title: "Removed one", tags: ["sky"] });
    const kept = await publishOne(alice, { title: "Kept one", tags: ["sky"] });
    await setReaction(t.db, bob, hidden.id, "like");
    await setReaction(t.db, bob, kept.id, "like");
    await t.db.update(artworks).set({ status: "hidden", featuredAt: new Date() }).where(eq(artworks.id, hidden.id));
    await t.db.update(artworks).set({ status: "removed" }).where(eq(artworks.id, removed.id));
    await refreshTrendingScores(t.db);
    for (const sort of ["newest", "trending", "most-liked", "most-downloaded"])
      expect((await list({ sort })).items.map((a) => a.id)).toEqual([kept.id]);
    expect((await list({ q: "one" })).items.map((a) => a.id)).toEqual([kept.id]);
    expect(await getArtworkView(t.db, hidden.id, bob)).toBeNull();
    expect(await getArtworkView(t.db, removed.id, null)).toBeNull();
    expect(await getArtworkView(t.db, hidden.id, alice)).toMatchObject({ id: hidden.id, mine: true });
    expect(await readArtworkImage(t.db, hidden.id, bob, "original")).toBeNull();
    // Their files go dark too, for shared links; the creator still sees the hidden one.
    const files = async (id: string) =>
      (
        await t.db.select({ key: artworks.key, thumbKey: artworks.thumbKey }).from(artworks).where(eq(artworks.id, id))
      )[0]!;
    for (const key of Object.values(await files(hidden.id))) {
      expect(await canServeArtworkFile(t.db, key, null)).toBe(false);
      expect(await canServeArtworkFile(t.db, key, bob)).toBe(false);
      expect(await canServeArtworkFile(t.db, key, alice)).toBe(true);
    }
    expect(await canServeArtworkFile(t.db, (await files(removed.id)).key, null)).toBe(false);
    expect(await canServeArtworkFile(t.db, (await files(kept.id)).thumbKey, null)).toBe(true);
    expect(await canServeArtworkFile(t.db, "users/alice/artworks/20261122000000-unknown.png", alice)).toBe(false);
    // …and stay, with their reports, until moderators decide: the creator cannot delete them.
    expect((await refusal(unpublishArtwork(t.db, alice, hidden.id))).status).toBe(409);
    expect((await relatedArtworks(t.db, kept.id)).map((a) => a.id)).toEqual([]);
    expect((await refusal(setReaction(t.db, bob, hidden.id, "dislike"))).status).toBe(404);
    const home = await loadCommunityHome(t.db);
    expect(home.featured).toEqual([]);
    expect(home.newest.map((a) => a.id)).toEqual([kept.id]);
    expect(home.topCreators).toEqual([
      { creator: { id: alice, handle: expect.any(String), name: "User alice", image: null }, artworks: 1, likes: 1 },
    ]);
  });
});

describe("the shared list cache", () => {
  it("shows publishing, edits, unpublishing and moderation at once", async () => {
    const { moderateArtwork, moderationInput } = await import("../../server/community/moderation");
    clearListCache(); // pages cached by earlier tests belong to rows that were truncated
    const alice = await createUser("alice");
    const bob = await createUser("bob");
    const admin = { userUid: bob, email: `${bob}@example.test` };
    const cached = async (query: Record<string, unknown> = {}) =>
      (await listArtworksCached(t.db, listQuery.parse(query))).items.map((a) => a.title);
    expect(await cached()).toEqual([]);
    expect((await loadCommunityHomeCached(t.db)).newest).toEqual([]);
    const first = await publishOne(alice, { title: "First light" });
    expect(await cached()).toEqual(["First light"]);
    expect((await loadCommunityHomeCached(t.db)).newest.map((a) => a.title)).toEqual(["First light"]);
    await updateArtwork(t.db, alice, first.id, artworkInput.parse({ title: "First light", visibility: "unlisted" }));
    expect(await cached()).toEqual([]);
    await updateArtwork(t.db, alice, first.id, artworkInput.parse({ title: "Renamed light", visibility: "public" }));
    expect(await cached({ q: "renamed" })).toEqual(["Renamed light"]);
    await moderateArtwork(
      t.db,
      admin,
      moderationInput.parse({ artworkId: first.id, action: "hide", reason: "Looks like an advert" }),
    );
    expect(await cached({ q: "renamed" })).toEqual([]);
    expect((await loadCommunityHomeCached(t.db)).newest).toEqual([]);
    await moderateArtwork(t.db, admin, moderationInput.parse({ artworkId: first.id, action: "restore" }));
    expect(await cached()).toEqual(["Renamed light"]);
    expect(await unpublishArtwork(t.db, alice, first.id)).toBe(true);
    expect(await cached()).toEqual([]);
  });
});

describe("sorting and pagination", () => {
  it("pages through every sort order without duplicates or gaps", async () => {
    const alice = await createUser("alice");
    const fans = await Promise.all(Array.from({ length: 4 }, (_, i) => createUser(`fan${i}`)));
    const ids: string[] = [];
    for (let i = 0; i < 13; i++) ids.push((await publishOne(alice, { title: `Artwork ${i}` })).id);
    // Ties on purpose: several artworks share like and download counts.
    for (let i = 0; i < 13; i++) {
      for (let f = 0; f < i % 4; f++) await setReaction(t.db, fans[f]!, ids[i]!, "like");
      await t.db
        .update(artworks)
        .set({ downloads: i % 3 })
        .where(eq(artworks.id, ids[i]!));
    }
    const [a, b] = [ids[0]!, ids[1]!];
    await t.db
      .update(artworks)
      .set({ createdAt: new Date("2026-01-01T00:00:00.000Z") })
      .where(sql`${artworks.id} IN (${a}::uuid, ${b}::uuid)`);
    await refreshTrendingScores(t.db);
    // Seven are featured, two of them at the same moment.
    for (let i = 0; i < 7; i++)
      await t.db
        .update(artworks)
        .set({ featuredAt: new Date(Date.UTC(2026, 10, 1 + Math.min(i, 5))) })
        .where(eq(artworks.id, ids[i * 2]!));
    const rows = await t.db.select().from(artworks);
    const expected = (key: (r: (typeof rows)[number]) => number, from = rows) =>
      [...from].sort((x, y) => key(y) - key(x) || (y.id > x.id ? 1 : -1)).map((r) => r.id);
    const orders: Record<ListSort, string[]> = {
      newest: expected((r) => r.createdAt.getTime()),
      trending: expected((r) => r.trendingScore),
      "most-liked": expected((r) => r.likes),
      "most-downloaded": expected((r) => r.downloads),
      featured: expected(
        (r) => r.featuredAt!.getTime(),
        rows.filter((r) => r.featuredAt),
      ),
    };
    for (const [sort, order] of Object.entries(orders)) {
      const seen = await allPages({ sort, limit: 5 });
      expect(seen, sort).toEqual(order);
      expect(new Set(seen).size).toBe(sort === "featured" ? 7 : 13);
    }
    // Likes decide trending when everything is recent.
    expect((await list({ sort: "trending", limit: 1 })).items[0]!.likes).toBe(3);
    // A cursor of another sort order starts from the top rather than misplacing the page.
    const newestPage = await list({ sort: "newest", limit: 5 });
    expect(
      (await list({ sort: "most-liked", limit: 5, cursor: newestPage.nextCursor })).items.map((i) => i.id),
    ).toEqual(orders["most-liked"].slice(0, 5));
    expect((await list({ limit: 5, cursor: "garbage" })).items).toHaveLength(5);
  });

  it("filters by mode, style and the christmas variants", async () => {
    const alice = await createUser("alice");
    const water = await publishOne(alice, {}, { style: "watercolor" });
    const ink = await publishOne(alice, {}, { style: "ink-sketch", mode: "doodle" });
    const xmas = await publishOne(alice, {}, { style: "watercolor", christmas: true });
    expect((await list({ style: "ink-sketch" })).items.map((a) => a.id)).toEqual([ink.id]);
    expect((await list({ mode: "doodle" })).items.map((a) => a.id)).toEqual([ink.id]);
    expect((await list({ christmas: "1" })).items.map((a) => a.id)).toEqual([xmas.id]);
    expect(new Set((await list({ style: "watercolor" })).items.map((a) => a.id))).toEqual(new Set([water.id, xmas.id]));
  });
});

describe("search", () => {
  it("finds titles, descriptions, tags and shared prompts, never unshared prompts", async () => {
    const alice = await createUser("alice");
    const titled = await publishOne(alice, { title: "Northern lights" }, { prompt: "aurora" });
    const tagged = await publishOne(alice, { title: "Untitled", tags: ["snowy peaks"] }, { prompt: "plain" });
    const described = await publishOne(
      alice,
      { title: "Untitled", description: "A quiet harbour at night" },
      { prompt: "plain" },
    );
    const shared = await publishOne(alice, { title: "Untitled" }, { prompt: "a giraffe wearing a scarf" });
    const unshared = await publishOne(
      alice,
      { title: "Untitled", showPrompt: false },
      { prompt: "a penguin in a tuxedo" },
    );
    const ids = async (q: string) => (await list({ q })).items.map((a) => a.id);
    expect(await ids("northern")).toEqual([titled.id]);
    expect(await ids("PEAKS")).toEqual([tagged.id]);
    expect(await ids("harbour")).toEqual([described.id]);
    expect(await ids("giraffe scarf")).toEqual([shared.id]);
    expect(await ids("penguin")).toEqual([]);
    expect(await ids('"quiet harbour" -giraffe')).toEqual([described.id]);
    expect(await ids("!!!")).toEqual([]);
    expect(unshared.prompt).toBeNull();
    // Sharing the prompt later makes it searchable (the column is generated).
    await updateArtwork(t.db, alice, unshared.id, artworkInput.parse({ title: "Untitled", showPrompt: true }));
    expect(await ids("penguin")).toEqual([unshared.id]);
  });

  it("relates artworks by tag or style", async () => {
    const alice = await createUser("alice");
    const base = await publishOne(alice, { tags: ["sea"] }, { style: "watercolor" });
    const sameTag = await publishOne(alice, { tags: ["sea", "boat"] }, { style: "ink-sketch" });
    const sameStyle = await publishOne(alice, { tags: [] }, { style: "watercolor" });
    await publishOne(alice, { tags: ["forest"] }, { style: "pop-art" });
    expect(new Set((await relatedArtworks(t.db, base.id)).map((a) => a.id))).toEqual(
      new Set([sameTag.id, sameStyle.id]),
    );
  });
});

describe("reactions", () => {
  it("switches, removes and never counts a user twice", async () => {
    const alice = await createUser("alice");
    const bob = await createUser("bob");
    const art = await publishOne(alice);
    expect(await setReaction(t.db, bob, art.id, "like")).toEqual({ likes: 1, dislikes: 0, myReaction: "like" });
    expect(await setReaction(t.db, bob, art.id, "like")).toEqual({ likes: 1, dislikes: 0, myReaction: "like" });
    expect(await setReaction(t.db, bob, art.id, "dislike")).toEqual({ likes: 0, dislikes: 1, myReaction: "dislike" });
    expect((await getArtworkView(t.db, art.id, bob))!.myReaction).toBe("dislike");
    expect(await setReaction(t.db, bob, art.id, null)).toEqual({ likes: 0, dislikes: 0, myReaction: null });
    expect(await setReaction(t.db, bob, art.id, null)).toEqual({ likes: 0, dislikes: 0, myReaction: null });
    expect((await refusal(setReaction(t.db, bob, "nope", "like"))).status).toBe(404);
  });

  it("counts 100 users liking at once exactly, and announces each milestone once", async () => {
    const alice = await createUser("alice");
    const art = await publishOne(alice);
    const users = Array.from({ length: 100 }, (_, i) => ({
      id: `liker${i}`,
      name: `Liker ${i}`,
      email: `liker${i}@example.test`,
      emailVerified: true,
    }));
    await t.db.insert(user).values(users);
    await Promise.all(users.map((u) => setReaction(t.db, u.id, art.id, "like")));
    expect((await getArtworkView(t.db, art.id, null))!.likes).toBe(100);
    // Racing again (some switch, some repeat) keeps the counts exact.
    await Promise.all(users.map((u, i) => setReaction(t.db, u.id, art.id, i % 2 ? "dislike" : "like")));
    const view = await getArtworkView(t.db, art.id, null);
    expect({ likes: view!.likes, dislikes: view!.dislikes }).toEqual({ likes: 50, dislikes: 50 });
    // Back above 50 does not announce 10 or 50 again.
    await Promise.all(users.map((u) => setReaction(t.db, u.id, art.id, "like")));
    const told = await t.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, alice));
    expect(told.map((n) => n.title).sort()).toEqual(["10 likes!", "100 likes!", "50 likes!"]);
  });

  it("decays trending with age", async () => {
    const alice = await createUser("alice");
    const bob = await createUser("bob");
    const art = await publishOne(alice);
    await setReaction(t.db, bob, art.id, "like");
    const [fresh] = await t.db.select({ s: artworks.trendingScore }).from(artworks).where(eq(artworks.id, art.id));
    expect(fresh!.s).toBeCloseTo(1, 2);
    await refreshTrendingScores(t.db, { now: new Date(Date.now() + 24 * 3600 * 1000) });
    const [dayOld] = await t.db.select({ s: artworks.trendingScore }).from(artworks).where(eq(artworks.id, art.id));
    expect(dayOld!.s).toBeCloseTo(0.5, 2);
    await refreshTrendingScores(t.db, { now: new Date(Date.now() + 8 * 24 * 3600 * 1000) });
    const [gone] = await t.db.select({ s: artworks.trendingScore }).from(artworks).where(eq(artworks.id, art.id));
    expect(gone!.s).toBe(0);
  });
});

describe("downloads and reports", () => {
  it("counts a downloader once per ten minutes, also when racing", async () => {
    const alice = await createUser("alice");
    const bob = await createUser("bob");
    const art = await publishOne(alice);
    const now = new Date("2026-11-22T10:01:00Z");
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        recordDownload(t.db, { artworkId: art.id, userId: bob, clientAddress: "10.0.0.1", format: "png", now }),
      ),
    );
    expect(results.filter((r) => r.counted)).toHaveLength(1);
    await recordDownload(t.db, { artworkId: art.id, userId: null, clientAddress: "10.0.0.1", format: "original", now });
    await recordDownload(t.db, { artworkId: art.id, userId: null, clientAddress: "10.0.0.1", format: "webp", now });
    await recordDownload(t.db, { artworkId: art.id, userId: null, clientAddress: "10.0.0.2", format: "original", now });
    const later = await recordDownload(t.db, {
      artworkId: art.id,
      userId: bob,
      clientAddress: "x",
      format: "png",
      now: new Date("2026-11-22T10:12:00Z"),
    });
    expect(later).toEqual({ counted: true, downloads: 4 });
    expect((await getArtworkView(t.db, art.id, null))!.downloads).toBe(4);
    const file = await readArtworkImage(t.db, art.id, null, "original");
    expect(file).toMatchObject({
      contentType: "image/png",
      fileName: expect.stringMatching(/^atelier-sunset-4242\.png$/),
    });
  });

  it("stores one open report per user and artwork", async () => {
    const alice = await createUser("alice");
    const bob = await createUser("bob");
    const art = await publishOne(alice);
    await reportArtwork(t.db, bob, art.id, { reason: "spam", details: "buy now" });
    expect((await refusal(reportArtwork(t.db, bob, art.id, { reason: "other", details: "" }))).status).toBe(409);
    expect((await refusal(reportArtwork(t.db, alice, art.id, { reason: "spam", details: "" }))).status).toBe(400);
    expect((await refusal(reportArtwork(t.db, bob, randomUUID(), { reason: "spam", details: "" }))).status).toBe(404);
    const reports = await t.db
      .select()
      .from(artworkReports)
      .where(and(eq(artworkReports.artworkId, art.id)));
    expect(reports).toMatchObject([{ reporterId: bob, reason: "spam", details: "buy now", status: "open" }]);
    // Once handled, the same user may report again.
    await t.db.update(artworkReports).set({ status: "dismissed" }).where(eq(artworkReports.artworkId, art.id));
    await reportArtwork(t.db, bob, art.id, { reason: "other", details: "" });
  });
});

describe("query plans", () => {
  it("reads every list order from its index, without a full scan or a sort", async () => {
    const alice = await createUser("alice");
    await publishOne(alice);
    const listed = sql.raw("status = 'published' AND visibility = 'public'");
    const after = sql.raw("'00000000-0000-4000-8000-000000000000'::uuid");
    const queries = {
      newest: sql`SELECT id FROM artworks WHERE ${listed} AND (created_at, id) < (now(), ${after}) ORDER BY created_at DESC, id DESC LIMIT 25`,
      trending: sql`SELECT id FROM artworks WHERE ${listed} AND (trending_score, id) < (5::float8, ${after}) ORDER BY trending_score DESC, id DESC LIMIT 25`,
      "most-liked": sql`SELECT id FROM artworks WHERE ${listed} AND (likes, id) < (5, ${after}) ORDER BY likes DESC, id DESC LIMIT 25`,
      "most-downloaded": sql`SELECT id FROM artworks WHERE ${listed} AND (downloads, id) < (5, ${after}) ORDER BY downloads DESC, id DESC LIMIT 25`,
      featured: sql`SELECT id FROM artworks WHERE ${listed} AND featured_at IS NOT NULL AND (featured_at, id) < (now(), ${after}) ORDER BY featured_at DESC, id DESC LIMIT 25`,
      christmas: sql`SELECT id FROM artworks WHERE ${listed} AND christmas = true ORDER BY created_at DESC, id DESC LIMIT 25`,
      style: sql`SELECT id FROM artworks WHERE ${listed} AND style = 'watercolor' ORDER BY created_at DESC, id DESC LIMIT 25`,
    };
    for (const [name, query] of Object.entries(queries)) {
      const plan = await t.db.transaction(async (tx) => {
        // Tiny tables make a scan cheapest; forbid it to see whether an index can serve the order.
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
        const result = (await tx.execute(sql`EXPLAIN ${query}`)) as unknown as { rows: Record<string, string>[] };
        return result.rows.map((r) => Object.values(r)[0]).join("\n");
      });
      expect(plan, name).toMatch(/Index (Only )?Scan Backward using artworks_/);
      expect(plan, name).not.toMatch(/Seq Scan|Sort/);
    }
    const search = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = (await tx.execute(
        sql`EXPLAIN SELECT id FROM artworks WHERE ${listed} AND search @@ websearch_to_tsquery('simple', 'sunset') ORDER BY created_at DESC, id DESC LIMIT 25`,
      )) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((r) => Object.values(r)[0]).join("\n");
    });
    expect(search).toMatch(/artworks_search_idx|artworks_newest_idx/);
    expect(search).not.toMatch(/Seq Scan/);
  });
});

describe("moderation", () => {
  it("hides, restores, removes and features artworks, closing reports, telling the creator and auditing", async () => {
    const { listModerationQueue, listFeaturedArtworks, moderateArtwork, moderationInput, ModerationError } =
      await import("../../server/community/moderation");
    const { auditLog } = await import("../../server/db/schema");
    const alice = await createUser("alice");
    const bob = await createUser("bob");
    await t.db.update(user).set({ role: "admin" }).where(eq(user.id, bob));
    const admin = { userUid: bob, email: `${bob}@example.test` };
    const art = await publishOne(alice, { title: "Reported one" });
    const other = await publishOne(alice, { title: "Fine one" });
    await reportArtwork(t.db, bob, art.id, { reason: "spam", details: "" });
    expect((await listModerationQueue(t.db)).map((q) => [q.title, q.reports])).toEqual([["Reported one", 1]]);

    expect(moderationInput.safeParse({ artworkId: art.id, action: "hide", reason: "" }).error?.issues[0]?.message).toBe(
      "Tell the creator why (at least 3 characters)",
    );
    const hidden = await moderateArtwork(
      t.db,
      admin,
      moderationInput.parse({ artworkId: art.id, action: "hide", reason: "Looks like an advert" }),
    );
    expect(hidden.message).toBe("Hidden: only its creator sees it now. 1 report closed.");
    expect(await getArtworkView(t.db, art.id, null)).toBeNull();
    expect(await listModerationQueue(t.db)).toEqual([]);
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.userId, alice));
    expect(notice).toMatchObject({
      title: "Your artwork is hidden",
      message: '"Reported one" is hidden from the community while we look at it: Looks like an advert',
    });

    await moderateArtwork(t.db, admin, moderationInput.parse({ artworkId: art.id, action: "restore" }));
    expect(await getArtworkView(t.db, art.id, null)).not.toBeNull();
    await moderateArtwork(t.db, admin, moderationInput.parse({ artworkId: other.id, action: "feature" }));
    expect((await loadCommunityHome(t.db)).featured.map((a) => a.id)).toEqual([other.id]);
    expect((await listFeaturedArtworks(t.db)).map((f) => f.artworkId)).toEqual([other.id]);
    await moderateArtwork(
      t.db,
      admin,
      moderationInput.parse({ artworkId: other.id, action: "remove", reason: "Someone else's work" }),
    );
    expect((await loadCommunityHome(t.db)).featured).toEqual([]);
    await expect(
      moderateArtwork(t.db, admin, moderationInput.parse({ artworkId: other.id, action: "restore" })),
    ).rejects.toBeInstanceOf(ModerationError);
    const actions = (await t.db.select().from(auditLog)).map((a) => a.action).sort();
    expect(actions).toEqual(["artwork.feature", "artwork.hide", "artwork.remove", "artwork.restore"]);
  });
});

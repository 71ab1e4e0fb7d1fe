/**
 * What each person sees (issue 40, item 3) on a real database (PGlite and PostgreSQL): every list
 * shows mature works to people who opted in only — never explicit ones —, the artwork's files go
 * to them and the creator only, and opting in needs the adult's confirmation, kept in the audit log.
 * The ratings are set on the rows directly: a fixture of what the safety check would have said.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  artworks,
  challengeEntries,
  challenges,
  collectionItems,
  collections,
  follows,
  user,
} from "../../server/db/schema";
import { listArtworksCached, loadCommunityHome, relatedArtworks } from "../../server/community/artworks";
import { getCreatorProfile, listCreatorArtworks } from "../../server/community/creators";
import { listFollowingFeed } from "../../server/community/follows";
import { getCollectionView } from "../../server/community/collections";
import { getChallengeView } from "../../server/community/challenges";
import { artworkFileAccess, readArtworkImage } from "../../server/community/downloads";
import { clearListCache } from "../../server/community/list-cache";
import { readBrowsingLevel, setBrowsingLevel } from "../../server/safety/browsing-level";
import { setUpTestDatabase } from "../support/database";
import { publishedArtworkRow } from "../support/rows";

const t = setUpTestDatabase();
const PAGE = { sort: "newest", limit: 24 } as const;

async function person(name: string) {
  const id = randomUUID();
  await t.db.insert(user).values({ id, name, email: `${id}@example.test`, emailVerified: true });
  return { userUid: id, email: `${id}@example.test` };
}

describe("browsing levels", () => {
  it("every list leaves mature works out below mature and explicit ones out always; files follow", async () => {
    const maker = await person("Maker");
    const viewer = await person("Viewer");
    const tags = ["moon"];
    const [general, mature, explicit] = await t.db
      .insert(artworks)
      .values([
        publishedArtworkRow(maker.userUid, "General moon", { tags }),
        publishedArtworkRow(maker.userUid, "Mature moon", { tags, maturity: "mature", markedMature: true }),
        publishedArtworkRow(maker.userUid, "Explicit moon", { tags, maturity: "explicit", markedMature: true }),
      ])
      .returning();
    const titles = (items: { title: string }[]) => items.map((a) => a.title).sort();
    const [g, m] = [["General moon"], ["General moon", "Mature moon"]];
    clearListCache();

    // The community list, search and the front page, through the shared list cache (keyed by level).
    expect(titles((await listArtworksCached(t.db, { sort: "newest", limit: 24, q: "moon" }, "general")).items)).toEqual(
      g,
    );
    expect(titles((await listArtworksCached(t.db, PAGE, "general")).items)).toEqual(g);
    expect(titles((await listArtworksCached(t.db, PAGE, "mature")).items)).toEqual(m);
    expect(titles((await listArtworksCached(t.db, PAGE, "general")).items)).toEqual(g);
    expect(titles((await loadCommunityHome(t.db, "general")).newest)).toEqual(g);
    expect(titles((await loadCommunityHome(t.db, "mature")).newest)).toEqual(m);
    // Related works, a creator's page and the Following feed.
    expect(titles(await relatedArtworks(t.db, general!.id, "general"))).toEqual([]);
    expect(titles(await relatedArtworks(t.db, general!.id, "mature"))).toEqual(["Mature moon"]);
    expect(titles((await listCreatorArtworks(t.db, maker.userUid, {}, "general")).items)).toEqual(g);
    expect(titles((await listCreatorArtworks(t.db, maker.userUid, {}, "mature")).items)).toEqual(m);
    const [creator] = await t.db.select().from(user).where(eq(user.id, maker.userUid));
    expect((await getCreatorProfile(t.db, creator!, "general")).counts.works).toBe(1);
    expect((await getCreatorProfile(t.db, creator!, "mature")).counts.works).toBe(2);
    await t.db.insert(follows).values({ followerId: viewer.userUid, followedId: maker.userUid });
    expect(titles((await listFollowingFeed(t.db, viewer.userUid, {}, "general")).items)).toEqual(g);
    expect(titles((await listFollowingFeed(t.db, viewer.userUid, {}, "mature")).items)).toEqual(m);

    // A public collection and a challenge holding all three.
    const [collection] = await t.db
      .insert(collections)
      .values({ userId: viewer.userUid, name: "Moons", visibility: "public" })
      .returning();
    await t.db.insert(collectionItems).values(
      [general!, mature!, explicit!].map((a, position) => ({
        collectionId: collection!.id,
        artworkId: a.id,
        title: a.title,
        position,
      })),
    );
    const shown = async (level: "general" | "mature") =>
      (await getCollectionView(t.db, collection!.id, null, level))!.entries.map((e) =>
        e.kind === "artwork" ? e.artwork.title : e.kind,
      );
    expect(await shown("general")).toEqual(g);
    expect(await shown("mature")).toEqual(m);
    const now = Date.now();
    const [challenge] = await t.db
      .insert(challenges)
      .values({
        title: "Moons",
        theme: "moons",
        rules: "",
        startsAt: new Date(now - 60_000),
        entriesCloseAt: new Date(now + 3_600_000),
        votingClosesAt: new Date(now + 7_200_000),
      })
      .returning();
    await t.db.insert(challengeEntries).values(
      [general!, mature!, explicit!].map((a) => ({
        challengeId: challenge!.id,
        artworkId: a.id,
        userId: maker.userUid,
        title: a.title,
      })),
    );
    const entries = async (level: "general" | "mature") =>
      (await getChallengeView(t.db, challenge!.id, null, level))!.entryList.map((e) => e.title).sort();
    expect(await entries("general")).toEqual(g);
    expect(await entries("mature")).toEqual(m);

    // The files: a mature work's for people who opted in and its creator, never for a shared cache.
    expect(await artworkFileAccess(t.db, general!.thumbKey, null, "general")).toEqual({ forEveryone: true });
    expect(await artworkFileAccess(t.db, mature!.thumbKey, null, "general")).toBeNull();
    expect(await artworkFileAccess(t.db, mature!.key, viewer.userUid, "general")).toBeNull();
    expect(await artworkFileAccess(t.db, mature!.key, viewer.userUid, "mature")).toEqual({ forEveryone: false });
    expect(await artworkFileAccess(t.db, mature!.key, maker.userUid, "general")).toEqual({ forEveryone: false });
    expect(await artworkFileAccess(t.db, explicit!.key, viewer.userUid, "mature")).toBeNull();
    expect(await artworkFileAccess(t.db, explicit!.key, maker.userUid, "general")).toEqual({ forEveryone: false });
    expect(await readArtworkImage(t.db, mature!.id, viewer.userUid, "original", "general")).toBeNull();
  });

  it("opting in needs the adult's confirmation, which the audit log keeps; going back needs nothing", async () => {
    const someone = await person("Someone");
    expect(await readBrowsingLevel(t.db, someone.userUid)).toBe("general");
    await expect(setBrowsingLevel(t.db, someone, { level: "mature", confirmedAdult: false })).rejects.toMatchObject({
      code: "invalid_input",
      fields: { confirmAdult: [expect.stringContaining("18 or older")] },
    });
    expect(await readBrowsingLevel(t.db, someone.userUid)).toBe("general");
    await setBrowsingLevel(t.db, someone, { level: "mature", confirmedAdult: true });
    expect(await readBrowsingLevel(t.db, someone.userUid)).toBe("mature");
    await setBrowsingLevel(t.db, someone, { level: "general", confirmedAdult: false });
    expect(await readBrowsingLevel(t.db, someone.userUid)).toBe("general");
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, someone.userUid));
    expect(entries.map((e) => [e.action, e.actorId, e.after])).toEqual(
      expect.arrayContaining([
        ["account.browsing_level", someone.userUid, { browsingLevel: "mature", confirmedAdult: true }],
        ["account.browsing_level", someone.userUid, { browsingLevel: "general" }],
      ]),
    );
  });
});

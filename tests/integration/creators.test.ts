/**
 * Creators on a real database (PGlite and PostgreSQL, issue 30): handles made at sign-up, changed
 * with their old one redirecting and held from others for 30 days, reserved and malformed ones
 * refused; follows (idempotent, not of oneself, counted), the followed person's grouped
 * notification, hiding a person, the Following feed's keyset pages while new works arrive, the
 * followers list, and what an account's deletion takes with it.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CommunityError } from "../../server/community/artwork-rows";
import {
  assignHandle,
  changeHandle,
  findCreator,
  getCreatorProfile,
  handleFromName,
  listCreatorArtworks,
  requireCreator,
  updateCreatorProfile,
} from "../../server/community/creators";
import {
  followCreator,
  hideCreator,
  listFollowingFeed,
  listHiddenPeople,
  listPeople,
  unfollowCreator,
  unhideCreator,
  viewerRelation,
} from "../../server/community/follows";
import { markAllNotificationsViewed } from "../../server/notify/notifications";
import { artworks, follows, handleRedirects, notifications, user } from "../../server/db/schema";
import { setUpTestDatabase } from "../support/database";
import { publishedArtworkRow } from "../support/rows";

const t = setUpTestDatabase();

async function person(name: string): Promise<string> {
  const id = randomUUID();
  await t.db.insert(user).values({ id, name, email: `${id}@example.test`, emailVerified: true });
  await assignHandle(t.db, { id, name, email: `${id}@example.test` });
  return id;
}

async function handleOf(id: string): Promise<string> {
  const [row] = await t.db.select({ handle: user.handle }).from(user).where(eq(user.id, id));
  return row!.handle;
}

async function refusal(run: Promise<unknown>): Promise<CommunityError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CommunityError);
  return error as CommunityError;
}

let clock = Date.parse("2026-11-20T10:00:00.000Z");
/** A published work, each one a second after the last (publication time orders the feeds). */
async function publish(userId: string, title: string): Promise<string> {
  clock += 1000;
  const [row] = await t.db
    .insert(artworks)
    .values(publishedArtworkRow(userId, title, { createdAt: new Date(clock) }))
    .returning({ id: artworks.id });
  return row!.id;
}

describe("handles", () => {
  it("makes every new account a handle from its name, unique, never a reserved word", async () => {
    expect(handleFromName("Ana María López")).toBe("ana-maria-lopez");
    expect(handleFromName("  Zoë  O'Brien!! ")).toBe("zoe-o-brien");
    expect(handleFromName("Admin")).toBe("");
    expect(handleFromName("李")).toBe("");
    const first = await person("Ana María López");
    const second = await person("Ana Maria Lopez");
    expect(await handleOf(first)).toBe("ana-maria-lopez");
    expect(await handleOf(second)).toBe("ana-maria-lopez-2");
    // Nothing usable in the name: the address's name, else a word of ours.
    const id = randomUUID();
    await t.db.insert(user).values({ id, name: "李", email: "painter.li@example.test", emailVerified: true });
    expect(await assignHandle(t.db, { id, name: "李", email: "painter.li@example.test" })).toBe("painter-li");
    // A row made without the hook still has one (the column's default).
    const raw = randomUUID();
    await t.db.insert(user).values({ id: raw, name: "Raw", email: `${raw}@example.test` });
    expect(await handleOf(raw)).toMatch(/^user-[0-9a-f]{10}$/);
  });

  it("refuses malformed, reserved and taken handles beside the field", async () => {
    const ana = await person("Ana");
    await person("Bo Taken");
    for (const [input, message] of [
      ["ab", "at least 3"],
      ["a".repeat(31), "at most 30"],
      ["with space", "letters, digits"],
      ["émile", "letters, digits"],
      ["admin", "reserved"],
      ["Bo-Taken", "taken"],
    ] as const) {
      const error = await refusal(changeHandle(t.db, ana, input));
      expect(error.fields?.handle?.[0]).toContain(message);
    }
    // "@Name" is read as "name".
    expect(await changeHandle(t.db, ana, "@Ana_Paints")).toBe("ana_paints");
  });

  it("sends an old handle to the new one for 30 days and keeps it from others meanwhile", async () => {
    const ana = await person("Ana");
    const bo = await person("Bo");
    await changeHandle(t.db, ana, "ana-paints");
    expect(await findCreator(t.db, "ana")).toEqual({ movedTo: "ana-paints" });
    expect((await requireCreator(t.db, "ana")).id).toBe(ana);
    const held = await refusal(changeHandle(t.db, bo, "ana"));
    expect(held.code).toBe("handle_taken");
    expect(held.fields?.handle?.[0]).toContain("until recently");
    // Its owner may take it back at once; then it is theirs again and no longer a redirect.
    expect(await changeHandle(t.db, ana, "ana")).toBe("ana");
    expect(await findCreator(t.db, "ana")).toMatchObject({ creator: { id: ana } });
    expect(await findCreator(t.db, "ana-paints")).toEqual({ movedTo: "ana" });
    // After 30 days the old one is free for anyone.
    await t.db.update(handleRedirects).set({ until: sql`now() - interval '1 second'` });
    expect(await findCreator(t.db, "ana-paints")).toBeNull();
    expect(await changeHandle(t.db, bo, "ana-paints")).toBe("ana-paints");
  });

  it("saves the bio as plain text with the handle, and refuses a long one", async () => {
    const ana = await person("Ana");
    const saved = await updateCreatorProfile(t.db, ana, {
      handle: "ana",
      bio: "  Painter of harbours.\r\n\n\n\n<b>https://example.test</b>  ",
    });
    expect(saved.bio).toBe("Painter of harbours.\n\n<b>https://example.test</b>");
    const error = await refusal(updateCreatorProfile(t.db, ana, { handle: "ana", bio: "x".repeat(301) }));
    expect(error.fields?.bio?.[0]).toContain("at most 300");
  });

  it("has no page for a banned account or a handle nobody has", async () => {
    const ana = await person("Ana");
    expect(await findCreator(t.db, "nobody-here")).toBeNull();
    expect(await findCreator(t.db, "x")).toBeNull();
    await t.db.update(user).set({ banned: true }).where(eq(user.id, ana));
    expect(await findCreator(t.db, "ana")).toBeNull();
  });
});

describe("follows", () => {
  it("follows once however often it is said, not oneself, and counts on the creator's page", async () => {
    const ana = await person("Ana");
    const bo = await person("Bo");
    const cy = await person("Cy");
    expect(await followCreator(t.db, bo, ana)).toEqual({ following: true, followers: 1 });
    expect(await followCreator(t.db, bo, ana)).toEqual({ following: true, followers: 1 });
    await Promise.all([followCreator(t.db, cy, ana), followCreator(t.db, cy, ana)]);
    expect((await refusal(followCreator(t.db, ana, ana))).code).toBe("own_account");
    await publish(ana, "Harbour");
    await t.db.update(artworks).set({ likes: 7 });
    const profile = await getCreatorProfile(t.db, await requireCreator(t.db, "ana"));
    expect(profile.counts).toEqual({ works: 1, followers: 2, following: 0, likes: 7 });
    expect(await viewerRelation(t.db, bo, ana)).toEqual({ following: true, hidden: false, self: false });
    expect(await unfollowCreator(t.db, bo, ana)).toEqual({ following: false, followers: 1 });
    expect(await unfollowCreator(t.db, bo, ana)).toEqual({ following: false, followers: 1 });
    expect(await viewerRelation(t.db, ana, ana)).toMatchObject({ self: true });
  });

  it("tells the followed person once per follow, gathered while unread", async () => {
    const ana = await person("Ana");
    const followers = await Promise.all(["Bo", "Cy", "Di", "Ed", "Flo"].map(person));
    await followCreator(t.db, followers[0]!, ana);
    const read = () => t.db.select().from(notifications).where(eq(notifications.userId, ana));
    expect((await read()).map((n) => n.message)).toEqual(["Bo followed you"]);
    // Following again, or after unfollowing, says nothing new while the row exists; a new follow counts.
    await followCreator(t.db, followers[0]!, ana);
    await followCreator(t.db, followers[1]!, ana);
    expect((await read()).map((n) => n.message)).toEqual(["Cy and 1 other followed you"]);
    await Promise.all(followers.slice(2).map((f) => followCreator(t.db, f, ana)));
    const [gathered] = await read();
    expect(gathered!.message).toMatch(/^(Di|Ed|Flo) and 4 others followed you$/);
    expect(gathered!.groupCount).toBe(5);
    // Once read, the next follow starts a new one.
    await markAllNotificationsViewed(t.db, ana);
    await unfollowCreator(t.db, followers[0]!, ana);
    await followCreator(t.db, followers[0]!, ana);
    const unread = (await read()).filter((n) => !n.isViewed);
    expect(unread.map((n) => n.message)).toEqual(["Bo followed you"]);
    // Muted, follows still count but say nothing.
    await markAllNotificationsViewed(t.db, ana);
    await t.db.update(user).set({ notifyFollows: false }).where(eq(user.id, ana));
    await unfollowCreator(t.db, followers[1]!, ana);
    expect(await followCreator(t.db, followers[1]!, ana)).toEqual({ following: true, followers: 5 });
    expect((await read()).filter((n) => !n.isViewed)).toEqual([]);
  });

  it("lists followers and following newest first, a page at a time, without the banned", async () => {
    const ana = await person("Ana");
    const fans: string[] = [];
    for (let i = 0; i < 30; i++) {
      const fan = await person(`Fan ${i}`);
      fans.push(fan);
      await followCreator(t.db, fan, ana);
    }
    await t.db.update(user).set({ banned: true }).where(eq(user.id, fans[3]!));
    const first = await listPeople(t.db, ana, "followers", null);
    expect(first.items).toHaveLength(24);
    expect(first.items[0]!.id).toBe(fans[29]);
    const second = await listPeople(t.db, ana, "followers", first.nextCursor);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((p) => p.id);
    expect(new Set(ids).size).toBe(29);
    expect(ids).not.toContain(fans[3]);
    expect((await listPeople(t.db, fans[0]!, "following", null)).items.map((p) => p.handle)).toEqual(["ana"]);
  });
});

describe("the Following feed", () => {
  it("shows the works of the people you follow, newest first, and never repeats or skips as new works arrive", async () => {
    const me = await person("Me");
    const ana = await person("Ana");
    const bo = await person("Bo");
    const stranger = await person("Stranger");
    await followCreator(t.db, me, ana);
    await followCreator(t.db, me, bo);
    const expected: string[] = [];
    for (let i = 0; i < 30; i++) {
      expected.unshift(await publish(i % 2 ? ana : bo, `Work ${i}`));
      await publish(stranger, `Other ${i}`);
    }
    // A hidden (unlisted) work of a followed person is not in the feed.
    await t.db.insert(artworks).values(publishedArtworkRow(ana, "Unlisted", { visibility: "unlisted" }));
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const result = await listFollowingFeed(t.db, me, { cursor, limit: 7 });
      seen.push(...result.items.map((a) => a.id));
      // New works arrive while the person reads: they are at the top, not in the pages that follow.
      await publish(ana, `New while reading ${page}`);
      if (!result.nextCursor) break;
      cursor = result.nextCursor;
    }
    expect(seen).toEqual(expected);
    const top = await listFollowingFeed(t.db, me, {});
    expect(top.items[0]!.title).toMatch(/^New while reading/);
    expect(top.items[0]!.creator.handle).toBe("ana");
  });

  it("shows a creator's own works newest first on their page", async () => {
    const ana = await person("Ana");
    const older = await publish(ana, "Older");
    const newer = await publish(ana, "Newer");
    const page = await listCreatorArtworks(t.db, ana, {});
    expect(page.items.map((a) => a.id)).toEqual([newer, older]);
  });
});

describe("hiding a person", () => {
  it("ends the follows both ways, keeps them from following again and from notifying, until shown again", async () => {
    const me = await person("Me");
    const troll = await person("Troll");
    await followCreator(t.db, me, troll);
    await followCreator(t.db, troll, me);
    await hideCreator(t.db, me, troll);
    await hideCreator(t.db, me, troll);
    expect(await t.db.select().from(follows)).toEqual([]);
    expect((await refusal(followCreator(t.db, troll, me))).code).toBe("forbidden");
    expect((await refusal(followCreator(t.db, me, troll))).message).toContain("You hid");
    expect(await viewerRelation(t.db, me, troll)).toEqual({ following: false, hidden: true, self: false });
    expect((await listHiddenPeople(t.db, me)).map((p) => p.name)).toEqual(["Troll"]);
    expect((await refusal(hideCreator(t.db, me, me))).code).toBe("own_account");
    await unhideCreator(t.db, me, troll);
    expect(await followCreator(t.db, troll, me)).toEqual({ following: true, followers: 1 });
  });

  it("goes with the account: its follows, hides and old handles are deleted with it", async () => {
    const ana = await person("Ana");
    const bo = await person("Bo");
    await followCreator(t.db, ana, bo);
    await followCreator(t.db, bo, ana);
    await hideCreator(t.db, bo, await person("Cy"));
    await changeHandle(t.db, ana, "ana-new");
    await t.db.delete(user).where(eq(user.id, ana));
    expect(await t.db.select().from(follows)).toEqual([]);
    expect(await t.db.select().from(handleRedirects)).toEqual([]);
    expect(
      await t.db
        .select()
        .from(follows)
        .where(and(eq(follows.followedId, bo))),
    ).toEqual([]);
  });
});

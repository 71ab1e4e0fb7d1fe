/**
 * Challenges on a real database (PGlite and PostgreSQL, issue 30): entries only in their window,
 * of one's own published public works, within the limit; votes only while voting, not for oneself,
 * not when banned, once per entry, within the limit; the close ranks by votes (ties: the earlier
 * entry), pays the first three through the ledger exactly once however often and from however many
 * connections it runs, and tells the entrants; what account deletion keeps and takes.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { challengeInput } from "../../app/lib/challenges";
import { CommunityError } from "../../server/community/artwork-rows";
import {
  closeDueChallenges,
  createChallenge,
  enterChallenge,
  getChallengeView,
  setVote,
} from "../../server/community/challenges";
import { artworks, challengeEntries, challenges, notifications, tokenLedger, user } from "../../server/db/schema";
import { getTokenBalance } from "../../server/generation/ledger";
import { setUpTestDatabase } from "../support/database";
import { publishedArtworkRow } from "../support/rows";

const t = setUpTestDatabase();
const admin = { userUid: "admin", email: "admin@example.test" };
const HOUR = 3600_000;

async function person(name: string): Promise<string> {
  const id = randomUUID();
  await t.db.insert(user).values({ id, name, email: `${id}@example.test`, emailVerified: true });
  return id;
}

async function workOf(userId: string, title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const [row] = await t.db
    .insert(artworks)
    .values(publishedArtworkRow(userId, title, extra))
    .returning({ id: artworks.id });
  return row!.id;
}

/** A challenge whose entries opened an hour ago; move it through its phases with `phase`. */
async function challenge(extra: Record<string, unknown> = {}) {
  const now = Date.now();
  const input = challengeInput.parse({
    title: "Harbours at night",
    theme: "Lights on water",
    startsAt: new Date(now - HOUR).toISOString(),
    entriesCloseAt: new Date(now + HOUR).toISOString(),
    votingClosesAt: new Date(now + 2 * HOUR).toISOString(),
    entriesPerPerson: 2,
    votesPerPerson: 2,
    prizeFirst: 100,
    prizeSecond: 50,
    prizeThird: 25,
    ...extra,
  });
  await t.db
    .insert(user)
    .values({ id: admin.userUid, name: "Admin", email: admin.email, role: "admin" })
    .onConflictDoNothing();
  const row = await createChallenge(t.db, admin, input);
  const phase = async (to: "voting" | "ended") => {
    const shift = to === "voting" ? HOUR + 60_000 : 2 * HOUR + 60_000;
    await t.db
      .update(challenges)
      .set({
        startsAt: sql`starts_at - ${`${shift} milliseconds`}::interval`,
        entriesCloseAt: sql`entries_close_at - ${`${shift} milliseconds`}::interval`,
        votingClosesAt: sql`voting_closes_at - ${`${shift} milliseconds`}::interval`,
      })
      .where(eq(challenges.id, row.id));
  };
  return { id: row.id, phase };
}

/** An entry made straight in the database (entries are closed once voting is open). */
async function enterChallengeLate(challengeId: string, userId: string): Promise<string> {
  const artworkId = await workOf(userId, "Late entry");
  const [row] = await t.db
    .insert(challengeEntries)
    .values({ challengeId, artworkId, userId, title: "Late entry" })
    .returning({ id: challengeEntries.id });
  return row!.id;
}

async function refusal(run: Promise<unknown>): Promise<CommunityError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CommunityError);
  return error as CommunityError;
}

describe("the challenge form", () => {
  it("reads its moments as UTC and keeps them in order", () => {
    const parsed = challengeInput.parse({
      title: "T",
      theme: "Th",
      startsAt: "2026-12-01T10:00",
      entriesCloseAt: "2026-12-08T10:00",
      votingClosesAt: "2026-12-10T10:00",
    });
    expect(parsed.startsAt.toISOString()).toBe("2026-12-01T10:00:00.000Z");
    expect(parsed).toMatchObject({ entriesPerPerson: 1, votesPerPerson: 3, prizeFirst: 0, christmas: false });
    const wrong = challengeInput.safeParse({
      title: "T",
      theme: "Th",
      startsAt: "2026-12-08T10:00",
      entriesCloseAt: "2026-12-01T10:00",
      votingClosesAt: "2026-12-01T09:00",
    });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((i) => i.path[0])).toEqual(["entriesCloseAt", "votingClosesAt"]);
  });
});

describe("entering and voting", () => {
  it("takes one's own published public works while entries are open, within the limit", async () => {
    const ana = await person("Ana");
    const bo = await person("Bo");
    const { id, phase } = await challenge();
    const mine = [await workOf(ana, "One"), await workOf(ana, "Two"), await workOf(ana, "Three")];
    const unlisted = await workOf(ana, "Unlisted", { visibility: "unlisted" });
    const entry = await enterChallenge(t.db, ana, id, mine[0]!);
    expect(await enterChallenge(t.db, ana, id, mine[0]!)).toEqual(entry);
    await enterChallenge(t.db, ana, id, mine[1]!);
    expect((await refusal(enterChallenge(t.db, ana, id, mine[2]!))).message).toContain("limit");
    expect((await refusal(enterChallenge(t.db, bo, id, await workOf(ana, "Not Bo's")))).code).toBe("not_found");
    expect((await refusal(enterChallenge(t.db, ana, id, unlisted))).code).toBe("not_found");
    // Voting is not open yet.
    expect((await refusal(setVote(t.db, bo, entry.id, true))).code).toBe("closed");
    await phase("voting");
    expect((await refusal(enterChallenge(t.db, bo, id, await workOf(bo, "Late")))).code).toBe("closed");
  });

  it("counts one vote per person per entry, within the limit, not for oneself, not when banned", async () => {
    const ana = await person("Ana");
    const bo = await person("Bo");
    const cy = await person("Cy");
    const { id, phase } = await challenge();
    const entries = [
      await enterChallenge(t.db, ana, id, await workOf(ana, "A1")),
      await enterChallenge(t.db, bo, id, await workOf(bo, "B1")),
      await enterChallenge(t.db, cy, id, await workOf(cy, "C1")),
    ];
    await phase("voting");
    expect(await setVote(t.db, ana, entries[1]!.id, true)).toEqual({ voted: true, votesLeft: 1 });
    expect(await setVote(t.db, ana, entries[1]!.id, true)).toEqual({ voted: true, votesLeft: 1 });
    expect((await refusal(setVote(t.db, ana, entries[0]!.id, true))).code).toBe("own_artwork");
    expect(await setVote(t.db, ana, entries[2]!.id, true)).toEqual({ voted: true, votesLeft: 0 });
    const extra = await enterChallengeLate(id, await person("Eve"));
    const spent = await refusal(setVote(t.db, ana, extra, true));
    expect([spent.code, spent.message]).toEqual([
      "used_up",
      "You have used your 2 votes: take one back to vote for this one.",
    ]);
    expect(await setVote(t.db, ana, entries[2]!.id, false)).toEqual({ voted: false, votesLeft: 1 });
    const view = (await getChallengeView(t.db, id, ana))!;
    expect(view.phase).toBe("voting");
    // Counts are not shown while voting.
    expect(view.entryList.map((e) => e.votes)).toEqual([null, null, null, null]);
    expect(view.myVotes).toEqual([entries[1]!.id]);
    await t.db.update(user).set({ banned: true }).where(eq(user.id, cy));
    expect((await refusal(setVote(t.db, cy, entries[0]!.id, true))).code).toBe("account_suspended");
    // A person racing their own votes does not pass the limit.
    const dee = await person("Dee");
    await Promise.allSettled([...entries.map((e) => e.id), extra].map((e) => setVote(t.db, dee, e, true)));
    const counted = (await t.db.execute(
      sql`select count(*)::int as n from challenge_votes where user_id = ${dee}`,
    )) as unknown as { rows: { n: number }[] };
    const n = counted.rows[0]?.n;
    expect(n).toBe(2);
  });
});

describe("the close", () => {
  it("ranks by votes, ties to the earlier entry, pays the first three once and tells everyone", async () => {
    const [ana, bo, cy, dee] = [await person("Ana"), await person("Bo"), await person("Cy"), await person("Dee")];
    const voters = await Promise.all(["V1", "V2", "V3", "V4"].map(person));
    const { id, phase } = await challenge({ votesPerPerson: 4 });
    const entry = async (who: string, title: string) =>
      (await enterChallenge(t.db, who, id, await workOf(who, title))).id;
    const [a, b, c, d] = [
      await entry(ana, "Ana's"),
      await entry(bo, "Bo's"),
      await entry(cy, "Cy's"),
      await entry(dee, "Dee's"),
    ];
    await phase("voting");
    for (const v of voters.slice(0, 3)) await setVote(t.db, v, b, true); // Bo: 3
    for (const v of voters.slice(0, 2)) await setVote(t.db, v, a, true); // Ana: 2 (entered first)
    for (const v of voters.slice(2, 4)) await setVote(t.db, v, c, true); // Cy: 2
    await setVote(t.db, voters[3]!, d, true); // Dee: 1
    expect(await closeDueChallenges(t.db)).toBe(0);
    await phase("ended");
    // Two closers at once, and again later: one close, one payment each.
    const runs = await Promise.all([closeDueChallenges(t.db), closeDueChallenges(t.db)]);
    expect(runs.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await closeDueChallenges(t.db)).toBe(0);
    const view = (await getChallengeView(t.db, id, null))!;
    expect(view.phase).toBe("closed");
    expect(view.entryList.map((e) => [e.title, e.votes, e.rank, e.prize])).toEqual([
      ["Bo's", 3, 1, 100],
      ["Ana's", 2, 2, 50],
      ["Cy's", 2, 3, 25],
      ["Dee's", 1, 4, 0],
    ]);
    const prizes = await t.db.select().from(tokenLedger).where(eq(tokenLedger.reason, "challenge_prize"));
    expect(prizes.map((p) => [p.userId, p.amount]).sort()).toEqual(
      [
        [bo, 100],
        [ana, 50],
        [cy, 25],
      ].sort(),
    );
    expect(await getTokenBalance(t.db, bo)).toBe(100);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, bo));
    expect(told.map((n) => n.message)).toEqual([
      "The challenge is closed — your “Bo's” came first, and 100 tokens are in your balance. See every entry's votes on its page.",
    ]);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, dee))).toHaveLength(1);
  });

  it("keeps a winner's entry as a deleted account's, and drops a deleted person's other entries and votes", async () => {
    const [ana, bo, voter] = [await person("Ana"), await person("Bo"), await person("Voter")];
    const { id, phase } = await challenge();
    const won = await enterChallenge(t.db, ana, id, await workOf(ana, "Winner"));
    await enterChallenge(t.db, bo, id, await workOf(bo, "Runner-up"));
    await phase("voting");
    await setVote(t.db, voter, won.id, true);
    await phase("ended");
    await closeDueChallenges(t.db);
    await t.db.delete(user).where(eq(user.id, ana));
    const view = (await getChallengeView(t.db, id, null))!;
    expect(view.entryList.map((e) => [e.title, e.entrant?.name ?? "a deleted account", e.artwork, e.rank])).toEqual([
      ["Winner", "a deleted account", null, 1],
      ["Runner-up", "Bo", expect.objectContaining({ title: "Runner-up" }), 2],
    ]);
    // In a running challenge, a deleted account's entries and votes go, and the counts follow.
    const running = await challenge();
    const gone = await enterChallenge(t.db, bo, running.id, await workOf(bo, "Second try"));
    const stays = await enterChallenge(t.db, voter, running.id, await workOf(voter, "Stays"));
    await running.phase("voting");
    await setVote(t.db, bo, stays.id, true);
    await t.db.delete(user).where(eq(user.id, bo));
    const rows = await t.db
      .select({ id: challengeEntries.id, votes: challengeEntries.votes })
      .from(challengeEntries)
      .where(and(eq(challengeEntries.challengeId, running.id)));
    expect(rows).toEqual([{ id: stays.id, votes: 0 }]);
    expect(rows.map((r) => r.id)).not.toContain(gone.id);
  });
});

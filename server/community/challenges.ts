/**
 * Challenges (issue 30, ADR 0052): admins make them; people enter their published works while
 * entries are open and vote while voting is (not for their own, not banned, once per entry, at
 * most the challenge's number of votes); the close job ranks the entries by votes (ties: the
 * earlier entry first), credits the prizes through the ledger and tells the entrants — once, however
 * many processes run it and however often (the row lock, `closed_at`, and the ledger's idempotency
 * keys).
 */
import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import {
  type ChallengeInput,
  type ChallengeSummary,
  type ChallengeView,
  type EntryView,
  type VoteState,
  challengePhase,
} from "../../app/lib/challenges";
import type { BrowsingLevel } from "../../app/lib/community-constants";
import { maySee } from "../safety/browsing-level";
import { type Actor, recordAudit } from "../audit/audit";
import { type Database, inTransaction } from "../db/client";
import { isUuid } from "../db/ids";
import { artworks, challengeEntries, challengeVotes, challenges, user } from "../db/schema";
import { applyTokenMovementIn } from "../generation/ledger";
import { defineJob } from "../jobs/define";
import { z } from "zod";
import { addNotification } from "../notify/notifications";
import { CommunityError, cardColumns, toCard } from "./artwork-rows";

export const CHALLENGE_NOT_FOUND = "That challenge does not exist.";

type ChallengeRow = typeof challenges.$inferSelect;

function columnsOf(input: ChallengeInput) {
  return {
    title: input.title,
    theme: input.theme,
    rules: input.rules,
    startsAt: input.startsAt,
    entriesCloseAt: input.entriesCloseAt,
    votingClosesAt: input.votingClosesAt,
    entriesPerPerson: input.entriesPerPerson,
    votesPerPerson: input.votesPerPerson,
    prizes: [input.prizeFirst, input.prizeSecond, input.prizeThird] as [number, number, number],
    christmas: input.christmas,
  };
}

export async function createChallenge(db: Database, actor: Actor, input: ChallengeInput): Promise<ChallengeRow> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.insert(challenges).values(columnsOf(input)).returning();
    await recordAudit(tx, actor, {
      action: "challenge.create",
      entityType: "challenge",
      entityId: row!.id,
      after: row,
    });
    return row!;
  });
}

/** Changes a challenge that is not closed yet. */
export async function updateChallenge(
  db: Database,
  actor: Actor,
  id: string,
  input: ChallengeInput,
): Promise<ChallengeRow> {
  if (!isUuid(id)) throw new CommunityError("not_found", CHALLENGE_NOT_FOUND);
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(challenges).where(eq(challenges.id, id)).for("update");
    if (!before) throw new CommunityError("not_found", CHALLENGE_NOT_FOUND);
    if (before.closedAt) throw new CommunityError("closed", "This challenge is closed: its results stand.");
    const [after] = await tx
      .update(challenges)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(eq(challenges.id, id))
      .returning();
    await recordAudit(tx, actor, { action: "challenge.update", entityType: "challenge", entityId: id, before, after });
    return after!;
  });
}

/** Deletes a challenge before anyone entered it. */
export async function deleteChallenge(db: Database, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw new CommunityError("not_found", CHALLENGE_NOT_FOUND);
  await inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(challenges).where(eq(challenges.id, id)).for("update");
    if (!before) throw new CommunityError("not_found", CHALLENGE_NOT_FOUND);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(challengeEntries)
      .where(eq(challengeEntries.challengeId, id));
    if (Number(n) > 0) throw new CommunityError("closed", "People have entered this challenge: it cannot be deleted.");
    await tx.delete(challenges).where(eq(challenges.id, id));
    await recordAudit(tx, actor, { action: "challenge.delete", entityType: "challenge", entityId: id, before });
  });
}

async function entryCounts(db: Database, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: challengeEntries.challengeId, n: count() })
    .from(challengeEntries)
    .where(inArray(challengeEntries.challengeId, ids))
    .groupBy(challengeEntries.challengeId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

function toSummary(row: ChallengeRow, entries: number, now = Date.now()): ChallengeSummary {
  return {
    id: row.id,
    title: row.title,
    theme: row.theme,
    phase: challengePhase(row, now),
    startsAt: row.startsAt.toISOString(),
    entriesCloseAt: row.entriesCloseAt.toISOString(),
    votingClosesAt: row.votingClosesAt.toISOString(),
    entries,
    prizes: row.prizes,
    christmas: row.christmas,
  };
}

/** Every challenge, the newest first (the list page groups them by phase). */
export async function listChallenges(db: Database, limit = 100): Promise<ChallengeSummary[]> {
  const rows = await db.select().from(challenges).orderBy(desc(challenges.startsAt)).limit(limit);
  const counts = await entryCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toSummary(r, counts.get(r.id) ?? 0));
}

/** The christmas challenge that is open or voting now, for the christmas event's community page. */
export async function currentChristmasChallenge(db: Database): Promise<ChallengeSummary | null> {
  const now = new Date();
  const [row] = await db
    .select()
    .from(challenges)
    .where(and(eq(challenges.christmas, true), lte(challenges.startsAt, now), isNull(challenges.closedAt)))
    .orderBy(asc(challenges.votingClosesAt))
    .limit(1);
  if (!row) return null;
  return toSummary(row, (await entryCounts(db, [row.id])).get(row.id) ?? 0);
}

/**
 * A challenge's page: its entries (in ranking order once closed), and what the viewer has done.
 * Entries whose artwork is of a rating the viewer's `level` may not see are left out (issue 40).
 */
export async function getChallengeView(
  db: Database,
  id: string,
  viewerId: string | null,
  level: BrowsingLevel = "general",
): Promise<ChallengeView | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(challenges).where(eq(challenges.id, id));
  if (!row) return null;
  const phase = challengePhase(row);
  const entries = await db
    .select({
      entry: challengeEntries,
      entrantHandle: user.handle,
      entrantName: user.name,
      entrantBanned: user.banned,
    })
    .from(challengeEntries)
    .leftJoin(user, eq(user.id, challengeEntries.userId))
    .where(eq(challengeEntries.challengeId, id))
    .orderBy(
      ...(phase === "closed"
        ? [asc(challengeEntries.rank), asc(challengeEntries.createdAt)]
        : [asc(challengeEntries.createdAt), asc(challengeEntries.id)]),
    );
  const artworkIds = entries.flatMap((e) => (e.entry.artworkId ? [e.entry.artworkId] : []));
  const cards = artworkIds.length
    ? await db
        .select(cardColumns)
        .from(artworks)
        .innerJoin(user, eq(user.id, artworks.userId))
        .where(and(inArray(artworks.id, artworkIds), eq(artworks.status, "published")))
    : [];
  const cardOf = new Map(cards.map((c) => [c.id, toCard(c)]));
  const unseen = new Set(cards.filter((c) => !maySee(level, c.maturity)).map((c) => c.id));
  const [myVotes, myEntries] = viewerId
    ? await Promise.all([
        db
          .select({ entryId: challengeVotes.entryId })
          .from(challengeVotes)
          .where(and(eq(challengeVotes.challengeId, id), eq(challengeVotes.userId, viewerId))),
        db
          .select({ artworkId: challengeEntries.artworkId })
          .from(challengeEntries)
          .where(and(eq(challengeEntries.challengeId, id), eq(challengeEntries.userId, viewerId))),
      ])
    : [[], []];
  const showVotes = phase === "closed" || phase === "closing";
  const entryList: EntryView[] = entries
    // A banned entrant's entries are not shown while the challenge runs; results keep them.
    .filter((e) => phase === "closed" || !e.entrantBanned)
    .filter((e) => !(e.entry.artworkId && unseen.has(e.entry.artworkId)))
    .map((e) => ({
      id: e.entry.id,
      title: e.entry.title,
      artwork: (e.entry.artworkId && cardOf.get(e.entry.artworkId)) || null,
      entrant:
        e.entry.userId && e.entrantHandle && e.entrantName
          ? { id: e.entry.userId, handle: e.entrantHandle, name: e.entrantName }
          : null,
      votes: showVotes ? e.entry.votes : null,
      rank: e.entry.rank,
      prize: e.entry.prize,
    }));
  return {
    ...toSummary(row, entries.length),
    rules: row.rules,
    entriesPerPerson: row.entriesPerPerson,
    votesPerPerson: row.votesPerPerson,
    entryList,
    myVotes: myVotes.map((v) => v.entryId),
    myEntries: myEntries.flatMap((e) => (e.artworkId ? [e.artworkId] : [])),
  };
}

/** Enters one of the person's published, public works, while entries are open, within the challenge's limit. */
export async function enterChallenge(
  db: Database,
  userId: string,
  challengeId: string,
  artworkId: string,
): Promise<{ id: string }> {
  if (!isUuid(challengeId)) throw new CommunityError("not_found", CHALLENGE_NOT_FOUND);
  return inTransaction(db, async (tx) => {
    // One entrant's entries are counted one at a time.
    const [challenge] = await tx.select().from(challenges).where(eq(challenges.id, challengeId)).for("update");
    if (!challenge) throw new CommunityError("not_found", CHALLENGE_NOT_FOUND);
    if (challengePhase(challenge) !== "entries")
      throw new CommunityError("closed", "This challenge is not taking entries now.");
    const [artwork] = await tx
      .select({ id: artworks.id, title: artworks.title })
      .from(artworks)
      .where(
        and(
          eq(artworks.id, artworkId),
          eq(artworks.userId, userId),
          eq(artworks.status, "published"),
          eq(artworks.visibility, "public"),
        ),
      );
    if (!artwork)
      throw new CommunityError("not_found", "Choose one of your published, public works.", {
        artworkId: ["Choose one of your published, public works"],
      });
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(challengeEntries)
      .where(and(eq(challengeEntries.challengeId, challengeId), eq(challengeEntries.userId, userId)));
    const [already] = await tx
      .select({ id: challengeEntries.id })
      .from(challengeEntries)
      .where(and(eq(challengeEntries.challengeId, challengeId), eq(challengeEntries.artworkId, artwork.id)));
    if (already) return already;
    if (Number(n) >= challenge.entriesPerPerson)
      throw new CommunityError(
        "closed",
        `You have entered ${challenge.entriesPerPerson === 1 ? "a work" : `${challenge.entriesPerPerson} works`} already: that is the limit.`,
        { artworkId: ["You have entered as many works as this challenge takes"] },
      );
    const [entry] = await tx
      .insert(challengeEntries)
      .values({ challengeId, artworkId: artwork.id, userId, title: artwork.title, createdAt: new Date() })
      .returning({ id: challengeEntries.id });
    return entry!;
  });
}

/** Votes for an entry, or takes the vote back (`on: false`), while voting is open. */
export async function setVote(db: Database, userId: string, entryId: string, on: boolean): Promise<VoteState> {
  if (!isUuid(entryId)) throw new CommunityError("not_found", "That entry does not exist.");
  return inTransaction(db, async (tx) => {
    const [entry] = await tx
      .select({
        id: challengeEntries.id,
        challengeId: challengeEntries.challengeId,
        entrantId: challengeEntries.userId,
      })
      .from(challengeEntries)
      .where(eq(challengeEntries.id, entryId));
    if (!entry) throw new CommunityError("not_found", "That entry does not exist.");
    // One voter's votes in a challenge are counted one at a time (the voter's account row).
    const [voter] = await tx.select({ banned: user.banned }).from(user).where(eq(user.id, userId)).for("update");
    const [challenge] = await tx.select().from(challenges).where(eq(challenges.id, entry.challengeId));
    if (!challenge || !voter) throw new CommunityError("not_found", CHALLENGE_NOT_FOUND);
    if (voter.banned) throw new CommunityError("account_suspended", "Your account is suspended.");
    if (challengePhase(challenge) !== "voting") throw new CommunityError("closed", "Voting is not open now.");
    if (entry.entrantId === userId) throw new CommunityError("own_artwork", "You cannot vote for your own entry.");
    const used = async () => {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(challengeVotes)
        .where(and(eq(challengeVotes.challengeId, challenge.id), eq(challengeVotes.userId, userId)));
      return Number(n);
    };
    if (on) {
      const [existing] = await tx
        .select({ at: challengeVotes.createdAt })
        .from(challengeVotes)
        .where(and(eq(challengeVotes.entryId, entryId), eq(challengeVotes.userId, userId)));
      if (!existing) {
        if ((await used()) >= challenge.votesPerPerson)
          throw new CommunityError(
            "used_up",
            `You have used your ${challenge.votesPerPerson} votes: take one back to vote for this one.`,
          );
        await tx.insert(challengeVotes).values({ entryId, challengeId: challenge.id, userId });
      }
    } else {
      await tx
        .delete(challengeVotes)
        .where(and(eq(challengeVotes.entryId, entryId), eq(challengeVotes.userId, userId)));
    }
    return { voted: on, votesLeft: challenge.votesPerPerson - (await used()) };
  });
}

/**
 * Closes every challenge whose voting has ended: ranks its entries, credits the prizes through the
 * ledger and tells the entrants. Each is closed in its own transaction holding its row, skipped by
 * any other process already closing it; a crash before the commit leaves it to the next run, and
 * the prizes' idempotency keys keep a repeat from paying twice.
 */
export async function closeDueChallenges(db: Database, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: challenges.id })
    .from(challenges)
    .where(and(isNull(challenges.closedAt), lte(challenges.votingClosesAt, now)));
  let closed = 0;
  for (const { id } of due) {
    const told = await inTransaction(db, async (tx) => {
      const [challenge] = await tx
        .select()
        .from(challenges)
        .where(and(eq(challenges.id, id), isNull(challenges.closedAt)))
        .for("update", { skipLocked: true });
      if (!challenge) return null;
      const entries = await tx
        .select({ id: challengeEntries.id, userId: challengeEntries.userId, title: challengeEntries.title })
        .from(challengeEntries)
        .where(eq(challengeEntries.challengeId, id))
        .orderBy(desc(challengeEntries.votes), asc(challengeEntries.createdAt), asc(challengeEntries.id));
      const results: { userId: string | null; title: string; rank: number; prize: number }[] = [];
      for (const [index, entry] of entries.entries()) {
        const rank = index + 1;
        const prize = rank <= 3 ? (challenge.prizes[rank - 1] ?? 0) : 0;
        await tx.update(challengeEntries).set({ rank, prize }).where(eq(challengeEntries.id, entry.id));
        if (prize > 0 && entry.userId)
          await applyTokenMovementIn(tx, {
            userId: entry.userId,
            amount: prize,
            reason: "challenge_prize",
            idempotencyKey: `challenge-prize:${id}:${rank}`,
            reference: id,
            note: `${rank === 1 ? "First" : rank === 2 ? "Second" : "Third"} place in “${challenge.title}”`,
          });
        results.push({ userId: entry.userId, title: entry.title, rank, prize });
      }
      await tx.update(challenges).set({ closedAt: now, updatedAt: now }).where(eq(challenges.id, id));
      return { challenge, results };
    });
    if (!told) continue;
    closed++;
    for (const result of told.results) {
      if (!result.userId) continue;
      const place = result.rank <= 3 ? ` — your “${result.title}” came ${ordinal(result.rank)}` : "";
      const prize = result.prize > 0 ? `, and ${result.prize} tokens are in your balance` : "";
      await addNotification(db, result.userId, {
        status: result.rank <= 3 ? "success" : "info",
        title: `“${told.challenge.title}”: the results are in`,
        message: `The challenge is closed${place}${prize}. See every entry's votes on its page.`,
      }).catch(() => undefined); // logged by addNotification; the results stand
    }
  }
  return closed;
}

function ordinal(n: number): string {
  return n === 1 ? "first" : n === 2 ? "second" : n === 3 ? "third" : `${n}th`;
}

/** Challenges open for entries now, for the publish dialog's "enter" choice. */
export async function listOpenChallenges(db: Database): Promise<{ id: string; title: string }[]> {
  const now = new Date();
  return db
    .select({ id: challenges.id, title: challenges.title })
    .from(challenges)
    .where(
      and(
        isNull(challenges.closedAt),
        lte(challenges.startsAt, now),
        sql`${challenges.entriesCloseAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(challenges.entriesCloseAt));
}

/**
 * Closes challenges whose voting has ended, every minute on the queue's schedule (one run across all
 * processes). A missed tick changes nothing: the next closes what is due.
 */
export const closeChallengesJob = defineJob({
  name: "community.close-challenges",
  schema: z.object({}).passthrough(),
  cron: "* * * * *",
  retry: { limit: 0, delaySeconds: 30 },
  expireInSeconds: 50,
  async handle(_payload, { db, log }) {
    const closed = await closeDueChallenges(db);
    if (closed > 0) log.info({ closed }, "closed challenges");
  },
});

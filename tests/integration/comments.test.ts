/**
 * Comments on a real database (PGlite and PostgreSQL, issue 30): the conversation's order and
 * pages, replies one level deep, the count kept by triggers whichever way a comment goes, editing
 * within 15 minutes, who may delete, the word filter, mentions, notifications and their settings,
 * banned and hidden people, and reports with the admin's audited actions.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COMMENT_PAGE, commentPieces } from "../../app/lib/comments";
import { CommunityError } from "../../server/community/artwork-rows";
import { listCommentQueue, moderateComment } from "../../server/community/comment-moderation";
import { addComment, deleteComment, editComment, listComments, reportComment } from "../../server/community/comments";
import { assignHandle } from "../../server/community/creators";
import { hideCreator } from "../../server/community/follows";
import { saveBlockedTerms } from "../../server/safety/word-filter";
import { artworks, auditLog, comments, notifications, user } from "../../server/db/schema";
import { markAllNotificationsViewed } from "../../server/notify/notifications";
import { setUpTestDatabase } from "../support/database";
import { publishedArtworkRow } from "../support/rows";

const t = setUpTestDatabase();
const WEEKS_AGO = new Date(Date.now() - 30 * 24 * 3600 * 1000);

async function person(name: string, createdAt = WEEKS_AGO): Promise<string> {
  const id = randomUUID();
  await t.db.insert(user).values({ id, name, email: `${id}@example.test`, emailVerified: true, createdAt });
  await assignHandle(t.db, { id, name, email: `${id}@example.test` });
  return id;
}

async function artworkOf(userId: string, title = "Harbour"): Promise<string> {
  const [row] = await t.db.insert(artworks).values(publishedArtworkRow(userId, title)).returning({ id: artworks.id });
  return row!.id;
}

const countOf = async (artworkId: string) =>
  (await t.db.select({ n: artworks.comments }).from(artworks).where(eq(artworks.id, artworkId)))[0]!.n;

const messagesOf = async (userId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message).sort();

async function refusal(run: Promise<unknown>): Promise<CommunityError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CommunityError);
  return error as CommunityError;
}

describe("the conversation", () => {
  it("keeps comments oldest first with their replies one level deep, and counts them", async () => {
    const owner = await person("Olga Owner");
    const ana = await person("Ana");
    const bo = await person("Bo");
    const artwork = await artworkOf(owner);
    const first = await addComment(t.db, ana, artwork, { body: "Lovely light." });
    const second = await addComment(t.db, bo, artwork, { body: "The boats!" });
    const reply = await addComment(t.db, bo, artwork, { body: "Agreed.", parentId: first.id });
    // An answer to a reply answers its comment: one level deep.
    const deeper = await addComment(t.db, ana, artwork, { body: "Thanks.", parentId: reply.id });
    expect(deeper.parentId).toBe(first.id);
    const page = await listComments(t.db, artwork, null);
    expect(page.total).toBe(4);
    expect(page.items.map((c) => c.body)).toEqual(["Lovely light.", "The boats!"]);
    expect(page.items[0]!.replies.map((c) => c.body)).toEqual(["Agreed.", "Thanks."]);
    expect(page.items[1]!.id).toBe(second.id);
    expect(page.items[0]!.author).toMatchObject({ name: "Ana", handle: "ana" });
    // Deleting a comment takes its replies, and the count follows.
    await deleteComment(t.db, ana, first.id);
    expect(await countOf(artwork)).toBe(1);
    expect((await listComments(t.db, artwork, null)).items.map((c) => c.id)).toEqual([second.id]);
  });

  it("pages the conversation by its top-level comments without repeating or skipping", async () => {
    const owner = await person("Olga Owner");
    const ana = await person("Ana");
    const artwork = await artworkOf(owner);
    const ids: string[] = [];
    for (let i = 0; i < COMMENT_PAGE + 5; i++)
      ids.push((await addComment(t.db, ana, artwork, { body: `Comment ${i}` })).id);
    await addComment(t.db, ana, artwork, { body: "A reply", parentId: ids[COMMENT_PAGE + 2]! });
    const first = await listComments(t.db, artwork, null);
    expect(first.items).toHaveLength(COMMENT_PAGE);
    const second = await listComments(t.db, artwork, null, first.nextCursor);
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((c) => c.id)).toEqual(ids);
    expect(second.items[2]!.replies.map((r) => r.body)).toEqual(["A reply"]);
    expect(second.total).toBe(COMMENT_PAGE + 6);
  });

  it("refuses what may not be said or done: blocked words, another's edit, a late edit, others' deletes", async () => {
    const owner = await person("Olga Owner");
    const ana = await person("Ana");
    const bo = await person("Bo");
    const artwork = await artworkOf(owner);
    await saveBlockedTerms(t.db, ["grotty"]);
    const blocked = await refusal(addComment(t.db, ana, artwork, { body: "What a GROTTY picture" }));
    expect(blocked.code).toBe("blocked_term");
    expect(blocked.fields?.body?.[0]).toContain("grotty");
    const mine = await addComment(t.db, ana, artwork, { body: "Nice" });
    const edited = await editComment(t.db, ana, mine.id, "Very nice");
    expect(edited.body).toBe("Very nice");
    expect(edited.editedAt).not.toBeNull();
    expect((await refusal(editComment(t.db, bo, mine.id, "Hacked"))).code).toBe("forbidden");
    expect((await refusal(editComment(t.db, ana, mine.id, "grotty"))).code).toBe("blocked_term");
    await t.db
      .update(comments)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(comments.id, mine.id));
    const late = await refusal(editComment(t.db, ana, mine.id, "Too late"));
    expect(late.message).toContain("15 minutes");
    expect((await refusal(deleteComment(t.db, bo, mine.id))).code).toBe("forbidden");
    // The artwork's owner may delete any comment under their work.
    await deleteComment(t.db, owner, mine.id);
    expect(await countOf(artwork)).toBe(0);
    // Nothing under a work that is not published, and no reply to a comment that is gone.
    await t.db.update(artworks).set({ status: "hidden" }).where(eq(artworks.id, artwork));
    expect((await refusal(addComment(t.db, ana, artwork, { body: "Hello" }))).code).toBe("not_found");
    await t.db.update(artworks).set({ status: "published" }).where(eq(artworks.id, artwork));
    expect(
      (await refusal(addComment(t.db, ana, artwork, { body: "Hi", parentId: randomUUID() }))).fields?.parentId,
    ).toBeDefined();
  });

  it("links known mentions, and addresses only from established accounts", async () => {
    const owner = await person("Olga Owner");
    const ana = await person("Ana");
    const newcomer = await person("Newcomer", new Date());
    const artwork = await artworkOf(owner);
    const comment = await addComment(t.db, ana, artwork, {
      body: "@olga-owner look, and @nobody-here too: https://example.test/a.",
    });
    expect(comment.mentions).toEqual(["olga-owner"]);
    expect(comment.linksAllowed).toBe(true);
    expect(commentPieces(comment)).toEqual([
      { kind: "mention", text: "@olga-owner", handle: "olga-owner" },
      { kind: "text", text: " look, and @nobody-here too: " },
      { kind: "link", text: "https://example.test/a", href: "https://example.test/a" },
      { kind: "text", text: "." },
    ]);
    const fresh = await addComment(t.db, newcomer, artwork, { body: "see https://spam.example" });
    expect(fresh.linksAllowed).toBe(false);
    expect(commentPieces(fresh)[1]).toEqual({ kind: "link", text: "https://spam.example", href: null });
    // Text only: markup is text.
    const markup = await addComment(t.db, ana, artwork, { body: "<script>alert(1)</script>" });
    expect(commentPieces(markup)).toEqual([{ kind: "text", text: "<script>alert(1)</script>" }]);
  });
});

describe("who hears of a comment", () => {
  it("the owner (gathered), the author answered, the people named — unless they muted it or hid the author", async () => {
    const owner = await person("Olga Owner");
    const ana = await person("Ana");
    const bo = await person("Bo");
    const cy = await person("Cyrus");
    const quiet = await person("Quiet Quinn");
    await t.db.update(user).set({ notifyMentions: false }).where(eq(user.id, quiet));
    const artwork = await artworkOf(owner, "Harbour at dusk");
    const top = await addComment(t.db, ana, artwork, { body: "First! @cyrus @quiet-quinn" });
    await addComment(t.db, bo, artwork, { body: "Reply to Ana", parentId: top.id });
    await addComment(t.db, owner, artwork, { body: "Thank you all" });
    expect(await messagesOf(owner)).toEqual(["Bo and 1 other commented on “Harbour at dusk”"]);
    expect(await messagesOf(ana)).toEqual(["Bo replied to your comment on “Harbour at dusk”."]);
    expect(await messagesOf(cy)).toEqual(["Ana mentioned you in a comment on “Harbour at dusk”."]);
    expect(await messagesOf(quiet)).toEqual([]);
    // Muting comments silences the owner's; someone the owner hid cannot comment at all.
    await markAllNotificationsViewed(t.db, owner);
    await t.db.update(user).set({ notifyComments: false }).where(eq(user.id, owner));
    await addComment(t.db, cy, artwork, { body: "Late to this" });
    expect((await t.db.select().from(notifications).where(eq(notifications.userId, owner))).length).toBe(1);
    await hideCreator(t.db, owner, bo);
    expect((await refusal(addComment(t.db, bo, artwork, { body: "Again" }))).code).toBe("forbidden");
  });
});

describe("who is shown", () => {
  it("hides a banned author's comments, a deleted one's are gone, and a viewer does not see people they hid", async () => {
    const owner = await person("Olga Owner");
    const ana = await person("Ana");
    const bo = await person("Bo");
    const viewer = await person("Vera Viewer");
    const artwork = await artworkOf(owner);
    await addComment(t.db, ana, artwork, { body: "From Ana" });
    await addComment(t.db, bo, artwork, { body: "From Bo" });
    await hideCreator(t.db, viewer, ana);
    expect((await listComments(t.db, artwork, viewer)).items.map((c) => c.body)).toEqual(["From Bo"]);
    expect((await listComments(t.db, artwork, null)).items.map((c) => c.body)).toEqual(["From Ana", "From Bo"]);
    await t.db.update(user).set({ banned: true }).where(eq(user.id, bo));
    expect((await listComments(t.db, artwork, null)).items.map((c) => c.body)).toEqual(["From Ana"]);
    await t.db.delete(user).where(eq(user.id, ana));
    expect(await countOf(artwork)).toBe(1);
  });
});

describe("reports and moderation", () => {
  it("takes one open report per person, not of one's own, and the admin's actions are audited", async () => {
    const owner = await person("Olga Owner");
    const ana = await person("Ana");
    const bo = await person("Bo");
    const admin = { userUid: await person("Ada Admin"), email: "admin@example.test" };
    const artwork = await artworkOf(owner);
    const rude = await addComment(t.db, ana, artwork, { body: "Rude words" });
    expect((await refusal(reportComment(t.db, ana, rude.id, { reason: "spam", details: "" }))).code).toBe(
      "own_artwork",
    );
    await reportComment(t.db, bo, rude.id, { reason: "offensive", details: "Not nice" });
    expect((await refusal(reportComment(t.db, bo, rude.id, { reason: "spam", details: "" }))).code).toBe(
      "already_reported",
    );
    await reportComment(t.db, owner, rude.id, { reason: "spam", details: "" });
    const [queued] = await listCommentQueue(t.db);
    expect(queued).toMatchObject({ commentId: rude.id, body: "Rude words", reports: 2, authorName: "Ana" });
    expect(queued!.openReports.map((r) => r.details)).toContain("Not nice");

    const hidden = await moderateComment(t.db, admin, { commentId: rude.id, action: "hide", reason: "Harassment" });
    expect(hidden).toMatchObject({ message: "Hidden: nobody sees it now. 2 reports closed.", authorId: ana });
    expect(await countOf(artwork)).toBe(0);
    expect((await listComments(t.db, artwork, null)).items).toEqual([]);
    expect(await listCommentQueue(t.db)).toEqual([]);
    await moderateComment(t.db, admin, { commentId: rude.id, action: "restore", reason: "" });
    expect(await countOf(artwork)).toBe(1);
    await moderateComment(t.db, admin, { commentId: rude.id, action: "delete", reason: "On reflection, no" });
    expect(await t.db.select().from(comments)).toEqual([]);
    expect(await countOf(artwork)).toBe(0);
    const audited = await t.db.select({ action: auditLog.action }).from(auditLog);
    expect(audited.map((a) => a.action).sort()).toEqual(["comment.delete", "comment.hide", "comment.restore"]);
  });
});

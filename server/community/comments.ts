/**
 * Comments under an artwork (issue 30, ADR 0052): write, reply one level deep, edit within 15
 * minutes, delete (the author, or the artwork's owner), report. The word filter of titles applies;
 * `@handle` mentions are linked and told; the artwork's owner hears of comments gathered while
 * unread. A banned author's comments are not shown, a deleted one's go with the account; the
 * people a viewer hid are not shown to them, and cannot comment on the works of whoever hid them.
 * The artwork's count is kept by database triggers (migration 0020).
 */
import { and, asc, eq, inArray, isNull, notExists, or, sql, type SQL } from "drizzle-orm";
import {
  COMMENT_PAGE,
  type CommentPage,
  type CommentView,
  LINKS_AFTER_DAYS,
  MENTIONS_MAX,
  mentionedHandles,
  stillEditable,
} from "../../app/lib/comments";
import { type Database, inTransaction } from "../db/client";
import { isUuid } from "../db/ids";
import { artworks, commentReports, comments, hiddenPeople, user } from "../db/schema";
import { addGroupedNotification, addNotification } from "../notify/notifications";
import { loadMemberBadges } from "../generation/member-perks";
import { CommunityError, findVisibleArtwork, NOT_FOUND } from "./artwork-rows";
import { refuseForbiddenCombination } from "../safety/prompt-terms";
import { blockedTermMessage, findBlockedTerm, loadBlockedTerms } from "../safety/word-filter";

export const COMMENT_NOT_FOUND = "That comment does not exist.";

const columns = {
  id: comments.id,
  parentId: comments.parentId,
  body: comments.body,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  authorId: user.id,
  authorHandle: user.handle,
  authorName: user.name,
  authorImage: user.image,
  authorSince: user.createdAt,
};
interface Row {
  id: string;
  parentId: string | null;
  body: string;
  createdAt: Date;
  editedAt: Date | null;
  authorId: string;
  authorHandle: string;
  authorName: string;
  authorImage: string | null;
  authorSince: Date;
}

function toView(row: Row, known: Set<string>, badges: Map<string, string>, now = Date.now()): CommentView {
  return {
    id: row.id,
    parentId: row.parentId,
    body: row.body,
    author: {
      id: row.authorId,
      handle: row.authorHandle,
      name: row.authorName,
      image: row.authorImage,
      badge: badges.get(row.authorId) ?? null,
    },
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    linksAllowed: now - row.authorSince.getTime() >= LINKS_AFTER_DAYS * 24 * 3600 * 1000,
    mentions: mentionedHandles(row.body).filter((handle) => known.has(handle)),
    replies: [],
  };
}

/** The handles among `handles` that name someone who is not banned. */
async function knownHandles(db: Database, handles: string[]): Promise<Set<string>> {
  if (handles.length === 0) return new Set();
  const rows = await db
    .select({ handle: user.handle })
    .from(user)
    .where(and(inArray(user.handle, handles), eq(user.banned, false)));
  return new Set(rows.map((r) => r.handle));
}

/** What a viewer is shown: visible comments of authors who are not banned and whom the viewer has not hidden. */
function shownTo(viewerId: string | null): SQL {
  const conditions = [eq(comments.status, "visible"), eq(user.banned, false)];
  if (viewerId)
    conditions.push(
      notExists(
        sql`(select 1 from ${hiddenPeople} where ${hiddenPeople.userId} = ${viewerId} and ${hiddenPeople.hiddenId} = ${comments.userId})`,
      ),
    );
  return and(...conditions)!;
}

/**
 * An artwork's conversation: top-level comments oldest first, a page at a time (keyset on their
 * time and id), each with all its replies, oldest first. `artwork` is its id, or the artwork the
 * caller has already found visible to the viewer (the artwork's page reads it anyway).
 */
export async function listComments(
  db: Database,
  artworkOrId: string | { id: string; comments: number },
  viewerId: string | null,
  cursor?: string | null,
): Promise<CommentPage> {
  const artwork = typeof artworkOrId === "string" ? await findVisibleArtwork(db, artworkOrId, viewerId) : artworkOrId;
  if (!artwork) throw new CommunityError("not_found", NOT_FOUND);
  const conditions: SQL[] = [eq(comments.artworkId, artwork.id), isNull(comments.parentId), shownTo(viewerId)];
  const after = decodeCursor(cursor);
  if (after)
    conditions.push(sql`(${comments.createdAt}, ${comments.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`);
  const top = await db
    .select(columns)
    .from(comments)
    .innerJoin(user, eq(user.id, comments.userId))
    .where(and(...conditions))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(COMMENT_PAGE + 1);
  const page = top.slice(0, COMMENT_PAGE);
  const replies =
    page.length === 0
      ? []
      : await db
          .select(columns)
          .from(comments)
          .innerJoin(user, eq(user.id, comments.userId))
          .where(
            and(
              inArray(
                comments.parentId,
                page.map((c) => c.id),
              ),
              shownTo(viewerId),
            ),
          )
          .orderBy(asc(comments.createdAt), asc(comments.id));
  const shown = [...page, ...replies];
  // Mentions and members' badges (issue 41) of the whole page: one query each.
  const [known, badges] = await Promise.all([
    knownHandles(db, [...new Set(shown.flatMap((c) => mentionedHandles(c.body)))]),
    loadMemberBadges(
      db,
      shown.map((c) => c.authorId),
    ),
  ]);
  const views = page.map((row) => toView(row, known, badges));
  const byId = new Map(views.map((v) => [v.id, v]));
  for (const reply of replies) byId.get(reply.parentId!)?.replies.push(toView(reply, known, badges));
  const last = page.at(-1);
  return {
    items: views,
    nextCursor:
      top.length > COMMENT_PAGE && last
        ? Buffer.from(`${last.createdAt.toISOString()}|${last.id}`).toString("base64url")
        : null,
    total: artwork.comments,
  };
}

function decodeCursor(cursor: string | null | undefined): { at: string; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("|");
  if (!at || !id || !isUuid(id) || Number.isNaN(new Date(at).getTime())) return null;
  return { at, id };
}

async function refuseBlocked(db: Database, body: string): Promise<void> {
  refuseForbiddenCombination({ body });
  const term = findBlockedTerm(body, await loadBlockedTerms(db));
  if (term) throw new CommunityError("blocked_term", blockedTermMessage(term), { body: [blockedTermMessage(term)] });
}

async function readComment(db: Database, id: string): Promise<Row> {
  const [row] = await db
    .select(columns)
    .from(comments)
    .innerJoin(user, eq(user.id, comments.userId))
    .where(eq(comments.id, id));
  if (!row) throw new CommunityError("not_found", COMMENT_NOT_FOUND);
  return row;
}

async function viewOf(db: Database, id: string): Promise<CommentView> {
  const row = await readComment(db, id);
  const [known, badges] = await Promise.all([
    knownHandles(db, mentionedHandles(row.body)),
    loadMemberBadges(db, [row.authorId]),
  ]);
  return toView(row, known, badges);
}

/** Whether `userId` has hidden `otherId`. */
async function hides(db: Database, userId: string, otherId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: hiddenPeople.createdAt })
    .from(hiddenPeople)
    .where(and(eq(hiddenPeople.userId, userId), eq(hiddenPeople.hiddenId, otherId)));
  return Boolean(row);
}

/**
 * Writes a comment, or a reply (an answer to a reply answers its top-level comment: one level
 * deep). Refused on an artwork that is not published, on the works of someone who hid the author,
 * and with a blocked word.
 */
export async function addComment(
  db: Database,
  userId: string,
  artworkId: string,
  input: { body: string; parentId?: string | null },
): Promise<CommentView> {
  if (!isUuid(artworkId)) throw new CommunityError("not_found", NOT_FOUND);
  const [artwork] = await db
    .select({ id: artworks.id, userId: artworks.userId, title: artworks.title })
    .from(artworks)
    .where(and(eq(artworks.id, artworkId), eq(artworks.status, "published")));
  if (!artwork) throw new CommunityError("not_found", NOT_FOUND);
  if (artwork.userId !== userId && (await hides(db, artwork.userId, userId)))
    throw new CommunityError("forbidden", "You cannot comment on this creator's works.");
  await refuseBlocked(db, input.body);
  let parent: { id: string; userId: string } | null = null;
  if (input.parentId) {
    const [row] = await db
      .select({ id: comments.id, userId: comments.userId, parentId: comments.parentId, status: comments.status })
      .from(comments)
      .where(and(eq(comments.id, input.parentId), eq(comments.artworkId, artwork.id)));
    if (row?.status !== "visible")
      throw new CommunityError("not_found", COMMENT_NOT_FOUND, { parentId: ["That comment is gone"] });
    parent = row.parentId ? { id: row.parentId, userId: row.userId } : { id: row.id, userId: row.userId };
  }
  const [made] = await db
    .insert(comments)
    .values({ artworkId: artwork.id, userId, parentId: parent?.id ?? null, body: input.body, createdAt: new Date() })
    .returning({ id: comments.id });
  const view = await viewOf(db, made!.id);
  await tellAbout(db, view, artwork, parent).catch(() => undefined); // logged by the notifications
  return view;
}

/** Who hears of a new comment: the artwork's owner, the author it answers, the people it names. */
async function tellAbout(
  db: Database,
  comment: CommentView,
  artwork: { id: string; userId: string; title: string },
  parent: { userId: string } | null,
): Promise<void> {
  const authorId = comment.author.id;
  const named = comment.mentions.slice(0, MENTIONS_MAX);
  const people = await db
    .select({
      id: user.id,
      handle: user.handle,
      notifyComments: user.notifyComments,
      notifyMentions: user.notifyMentions,
    })
    .from(user)
    .where(
      and(
        or(
          eq(user.id, artwork.userId),
          ...(parent ? [eq(user.id, parent.userId)] : []),
          ...(named.length ? [inArray(user.handle, named)] : []),
        ),
        notExists(
          sql`(select 1 from ${hiddenPeople} where ${hiddenPeople.userId} = ${user.id} and ${hiddenPeople.hiddenId} = ${authorId})`,
        ),
      ),
    );
  const told = new Set<string>([authorId]);
  const title = artwork.title.slice(0, 80);
  for (const person of people) {
    if (told.has(person.id)) continue;
    if (person.id === artwork.userId && person.notifyComments) {
      told.add(person.id);
      await addGroupedNotification(db, person.id, {
        groupKey: `comment:${artwork.id}`,
        title: "New comments",
        actor: comment.author.name,
        action: `commented on “${title}”`,
      });
    }
  }
  for (const person of people) {
    if (told.has(person.id)) continue;
    if (parent && person.id === parent.userId && person.notifyComments) {
      told.add(person.id);
      await addNotification(db, person.id, {
        title: "A reply to your comment",
        message: `${comment.author.name} replied to your comment on “${title}”.`,
      });
    }
  }
  for (const person of people) {
    if (told.has(person.id) || !named.includes(person.handle) || !person.notifyMentions) continue;
    told.add(person.id);
    await addNotification(db, person.id, {
      title: "You were mentioned",
      message: `${comment.author.name} mentioned you in a comment on “${title}”.`,
    });
  }
}

/** Changes the author's own comment within COMMENT_EDIT_MINUTES of posting; it is marked edited. */
export async function editComment(db: Database, userId: string, id: string, body: string): Promise<CommentView> {
  if (!isUuid(id)) throw new CommunityError("not_found", COMMENT_NOT_FOUND);
  const row = await readComment(db, id);
  if (row.authorId !== userId) throw new CommunityError("forbidden", "Only its author may change a comment.");
  if (!stillEditable(row.createdAt))
    throw new CommunityError("closed", "A comment can be changed for 15 minutes after it is posted.", {
      body: ["A comment can be changed for 15 minutes after it is posted"],
    });
  await refuseBlocked(db, body);
  await db.update(comments).set({ body, editedAt: new Date() }).where(eq(comments.id, id));
  return viewOf(db, id);
}

/** Deletes a comment, with its replies: by its author, or by the owner of the artwork it is under. */
export async function deleteComment(db: Database, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw new CommunityError("not_found", COMMENT_NOT_FOUND);
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ authorId: comments.userId, ownerId: artworks.userId })
      .from(comments)
      .innerJoin(artworks, eq(artworks.id, comments.artworkId))
      .where(eq(comments.id, id))
      .for("update", { of: comments });
    if (!row) throw new CommunityError("not_found", COMMENT_NOT_FOUND);
    if (row.authorId !== userId && row.ownerId !== userId)
      throw new CommunityError("forbidden", "Only its author or the artwork's creator may delete a comment.");
    await tx.delete(comments).where(eq(comments.id, id));
  });
}

/** Reports someone else's comment to the moderators; one open report per person per comment. */
export async function reportComment(
  db: Database,
  userId: string,
  id: string,
  input: { reason: string; details: string },
): Promise<{ id: string }> {
  if (!isUuid(id)) throw new CommunityError("not_found", COMMENT_NOT_FOUND);
  const [row] = await db
    .select({ authorId: comments.userId, status: comments.status })
    .from(comments)
    .where(eq(comments.id, id));
  if (row?.status !== "visible") throw new CommunityError("not_found", COMMENT_NOT_FOUND);
  if (row.authorId === userId) throw new CommunityError("own_artwork", "You cannot report your own comment.");
  const [made] = await db
    .insert(commentReports)
    .values({ commentId: id, reporterId: userId, reason: input.reason, details: input.details })
    .onConflictDoNothing()
    .returning({ id: commentReports.id });
  if (!made)
    throw new CommunityError(
      "already_reported",
      "You have reported this comment already; the moderators will look at it.",
    );
  return made;
}

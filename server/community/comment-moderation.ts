/**
 * Reported comments, for admins, beside the artwork queue (moderation.ts): the queue, and the
 * actions on a comment — hide (kept for the record, shown to no one), restore, delete, dismiss the
 * reports. Banning the author is the users' admin action (server/admin/users.ts), which the page
 * calls next to these. Every action is audited in its own transaction.
 */
import { and, count, desc, eq, max } from "drizzle-orm";
import { z } from "zod";
import { type Actor, recordAudit } from "../audit/audit";
import { type Database, inTransaction } from "../db/client";
import { artworks, commentReports, comments, user } from "../db/schema";
import { ModerationError, openReportsOf } from "./moderation";

export const COMMENT_MODERATION_ACTIONS = ["hide", "restore", "delete", "dismiss", "ban"] as const;
export type CommentModerationAction = (typeof COMMENT_MODERATION_ACTIONS)[number];

export const commentModerationInput = z
  .object({
    commentId: z.uuid({ error: "Choose a comment" }),
    action: z.enum(COMMENT_MODERATION_ACTIONS),
    reason: z.string().trim().max(500, "Keep the reason under 500 characters").default(""),
  })
  .refine((v) => !["hide", "delete", "ban"].includes(v.action) || v.reason.length >= 3, {
    path: ["reason"],
    message: "Say why (at least 3 characters)",
  });

export async function listCommentQueue(db: Database, limit = 50) {
  const rows = await db
    .select({
      commentId: comments.id,
      body: comments.body,
      status: comments.status,
      artworkId: comments.artworkId,
      artworkTitle: artworks.title,
      authorId: user.id,
      authorName: user.name,
      authorEmail: user.email,
      authorBanned: user.banned,
      reports: count(commentReports.id),
      lastReport: max(commentReports.createdAt),
    })
    .from(commentReports)
    .innerJoin(comments, eq(comments.id, commentReports.commentId))
    .innerJoin(artworks, eq(artworks.id, comments.artworkId))
    .innerJoin(user, eq(user.id, comments.userId))
    .where(eq(commentReports.status, "open"))
    .groupBy(comments.id, artworks.id, user.id)
    .orderBy(desc(count(commentReports.id)), desc(max(commentReports.createdAt)))
    .limit(limit);
  const open = await openReportsOf(
    db,
    commentReports,
    commentReports.commentId,
    rows.map((r) => r.commentId),
  );
  return rows.map((r) => ({
    ...r,
    lastReport: r.lastReport ? new Date(r.lastReport).toISOString() : null,
    openReports: open.get(r.commentId) ?? [],
  }));
}

/**
 * Hides, restores or deletes a reported comment, or dismisses its reports; "ban" closes its reports
 * like "hide" and leaves the ban itself to the caller. Returns the author, for that.
 */
export async function moderateComment(
  db: Database,
  actor: Actor,
  input: z.output<typeof commentModerationInput>,
): Promise<{ message: string; authorId: string }> {
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(comments).where(eq(comments.id, input.commentId)).for("update");
    if (!before) throw new ModerationError("That comment does not exist.", "not_found");
    let resolve: "actioned" | "dismissed" = "actioned";
    let message = "";
    switch (input.action) {
      case "hide":
      case "ban":
        await tx.update(comments).set({ status: "hidden" }).where(eq(comments.id, before.id));
        message = input.action === "ban" ? "Hidden, and its author banned." : "Hidden: nobody sees it now.";
        break;
      case "restore":
        await tx.update(comments).set({ status: "visible" }).where(eq(comments.id, before.id));
        resolve = "dismissed";
        message = "Restored: visible again.";
        break;
      case "delete":
        message = "Deleted, with its replies.";
        break;
      case "dismiss":
        resolve = "dismissed";
        message = "Reports dismissed; the comment stays as it is.";
        break;
    }
    const resolved = await tx
      .update(commentReports)
      .set({ status: resolve, resolvedAt: new Date() })
      .where(and(eq(commentReports.commentId, before.id), eq(commentReports.status, "open")))
      .returning({ id: commentReports.id });
    await recordAudit(tx, actor, {
      action: `comment.${input.action}`,
      entityType: "comment",
      entityId: before.id,
      before,
      after: { reason: input.reason || null, reportsResolved: resolved.length },
    });
    // Deleted last: its reports go with it, after they were counted for the record.
    if (input.action === "delete") await tx.delete(comments).where(eq(comments.id, before.id));
    const closed = resolved.length ? ` ${resolved.length} report${resolved.length === 1 ? "" : "s"} closed.` : "";
    return { message: `${message}${closed}`, authorId: before.userId };
  });
}

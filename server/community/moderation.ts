/**
 * Moderation, for admins: the queue of artworks with open reports, and the actions on an
 * artwork — hide (only its creator still sees it), restore, remove (gone for everyone, kept for
 * the record), feature and unfeature on the community's main page. Hiding, restoring and removing
 * resolve the artwork's open reports and tell the creator why; every action is audited.
 */
import { and, count, desc, eq, inArray, isNotNull, max, sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, recordAudit } from "../audit/audit";
import { type Database, inTransaction } from "../db/client";
import { artworkReports, artworks, commentReports, user } from "../db/schema";
import { addNotification } from "../notify/notifications";
import { clearListCache } from "./list-cache";
import { AppError, type ErrorCode } from "../app-error";

export const MODERATION_ACTIONS = ["hide", "restore", "remove", "feature", "unfeature", "dismiss"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const moderationInput = z
  .object({
    artworkId: z.uuid({ error: "Choose an artwork" }),
    action: z.enum(MODERATION_ACTIONS),
    reason: z.string().trim().max(500, "Keep the reason under 500 characters").default(""),
  })
  .refine((v) => !["hide", "remove"].includes(v.action) || v.reason.length >= 3, {
    path: ["reason"],
    message: "Tell the creator why (at least 3 characters)",
  });

export class ModerationError extends AppError {
  constructor(message: string, code: ErrorCode = "moderation_refused") {
    super(code, message);
    this.name = "ModerationError";
  }
}

export async function listModerationQueue(db: Database, limit = 50) {
  const rows = await db
    .select({
      artworkId: artworks.id,
      title: artworks.title,
      status: artworks.status,
      thumbKey: artworks.thumbKey,
      creatorName: user.name,
      creatorEmail: user.email,
      reports: count(artworkReports.id),
      lastReport: max(artworkReports.createdAt),
      reasons: sql<string[]>`array_agg(distinct ${artworkReports.reason})`,
    })
    .from(artworkReports)
    .innerJoin(artworks, eq(artworks.id, artworkReports.artworkId))
    .innerJoin(user, eq(user.id, artworks.userId))
    .where(eq(artworkReports.status, "open"))
    .groupBy(artworks.id, user.id)
    .orderBy(desc(count(artworkReports.id)), desc(max(artworkReports.createdAt)))
    .limit(limit);
  const open = await openReportsOf(
    db,
    artworkReports,
    artworkReports.artworkId,
    rows.map((r) => r.artworkId),
  );
  return rows.map((r) => ({
    ...r,
    lastReport: r.lastReport ? new Date(r.lastReport).toISOString() : null,
    openReports: open.get(r.artworkId) ?? [],
  }));
}

/** Reports shown per reported artwork or comment in the queues; the count says how many there are in all. */
const REPORTS_SHOWN = 10;

export interface OpenReport {
  id: string;
  reason: string;
  details: string;
  reporterName: string;
  createdAt: string;
}

/**
 * What the reporters of these artworks or comments (`ids` of `parent`, a column of `table`) wrote
 * and has not been dealt with, newest first, at most REPORTS_SHOWN each: the reason alone rarely
 * tells the whole story.
 */
export async function openReportsOf(
  db: Database,
  table: typeof artworkReports | typeof commentReports,
  parent: typeof artworkReports.artworkId | typeof commentReports.commentId,
  ids: string[],
): Promise<Map<string, OpenReport[]>> {
  const byParent = new Map<string, OpenReport[]>();
  if (ids.length === 0) return byParent;
  const rows = await db
    .select({
      id: table.id,
      parentId: parent,
      reason: table.reason,
      details: table.details,
      createdAt: table.createdAt,
      reporterName: user.name,
    })
    .from(table)
    .innerJoin(user, eq(user.id, table.reporterId))
    .where(and(eq(table.status, "open"), inArray(parent, ids)))
    .orderBy(desc(table.createdAt));
  for (const { parentId, createdAt, ...report } of rows) {
    const list = byParent.get(parentId) ?? [];
    if (list.length < REPORTS_SHOWN) list.push({ ...report, createdAt: createdAt.toISOString() });
    byParent.set(parentId, list);
  }
  return byParent;
}

/** Open reports, for the review queue's pointer to them (issue 40): artworks and comments reported. */
export async function countOpenReports(db: Database): Promise<{ artworks: number; comments: number }> {
  const [[art], [comments]] = await Promise.all([
    db.select({ n: count() }).from(artworkReports).where(eq(artworkReports.status, "open")),
    db.select({ n: count() }).from(commentReports).where(eq(commentReports.status, "open")),
  ]);
  return { artworks: art?.n ?? 0, comments: comments?.n ?? 0 };
}

export async function listFeaturedArtworks(db: Database, limit = 24) {
  return db
    .select({ artworkId: artworks.id, title: artworks.title, featuredAt: artworks.featuredAt, creatorName: user.name })
    .from(artworks)
    .innerJoin(user, eq(user.id, artworks.userId))
    .where(and(isNotNull(artworks.featuredAt), eq(artworks.status, "published")))
    .orderBy(desc(artworks.featuredAt))
    .limit(limit);
}

const NOTICES: Partial<
  Record<
    ModerationAction,
    (title: string, reason: string) => { title: string; message: string; status: "warning" | "info" | "success" }
  >
> = {
  hide: (title, reason) => ({
    status: "warning",
    title: "Your artwork is hidden",
    message: `"${title}" is hidden from the community while we look at it: ${reason}`,
  }),
  remove: (title, reason) => ({
    status: "warning",
    title: "Your artwork was removed",
    message: `"${title}" was removed from the community: ${reason}`,
  }),
  restore: (title) => ({
    status: "info",
    title: "Your artwork is back",
    message: `"${title}" is visible in the community again.`,
  }),
  feature: (title) => ({
    status: "success",
    title: "Your artwork is featured",
    message: `"${title}" is featured on the community's main page.`,
  }),
};

export async function moderateArtwork(
  db: Database,
  actor: Actor,
  input: z.output<typeof moderationInput>,
): Promise<{ message: string }> {
  const result = await inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(artworks).where(eq(artworks.id, input.artworkId)).for("update");
    if (!before) throw new ModerationError("That artwork does not exist.", "not_found");
    if (before.status === "removed" && input.action !== "dismiss")
      throw new ModerationError("This artwork was removed; it stays removed.");
    const change: Partial<typeof artworks.$inferInsert> = {};
    let resolve: "actioned" | "dismissed" | null = null;
    switch (input.action) {
      case "hide":
        change.status = "hidden";
        change.featuredAt = null;
        resolve = "actioned";
        break;
      case "remove":
        change.status = "removed";
        change.featuredAt = null;
        resolve = "actioned";
        break;
      case "restore":
        change.status = "published";
        resolve = "dismissed";
        break;
      case "feature":
        if (before.status !== "published" || before.visibility !== "public")
          throw new ModerationError("Only published, public artworks can be featured.");
        if (before.maturity !== "general")
          throw new ModerationError("Only artworks rated general can be featured: the front page is for everyone.");
        change.featuredAt = new Date();
        break;
      case "unfeature":
        change.featuredAt = null;
        break;
      case "dismiss":
        resolve = "dismissed";
        break;
    }
    const [after] = Object.keys(change).length
      ? await tx.update(artworks).set(change).where(eq(artworks.id, before.id)).returning()
      : [before];
    let resolved = 0;
    if (resolve) {
      const rows = await tx
        .update(artworkReports)
        .set({ status: resolve, resolvedAt: new Date() })
        .where(and(eq(artworkReports.artworkId, before.id), eq(artworkReports.status, "open")))
        .returning({ id: artworkReports.id });
      resolved = rows.length;
    }
    const { search: _b, ...beforeRow } = before;
    const { search: _a, ...afterRow } = after!;
    await recordAudit(tx, actor, {
      action: `artwork.${input.action}`,
      entityType: "artwork",
      entityId: before.id,
      before: beforeRow,
      after: { ...afterRow, reason: input.reason || null, reportsResolved: resolved },
    });
    return { before, resolved };
  });
  clearListCache();
  const notice = NOTICES[input.action]?.(result.before.title, input.reason);
  if (notice) await addNotification(db, result.before.userId, notice).catch(() => {});
  const words: Record<ModerationAction, string> = {
    hide: "Hidden: only its creator sees it now.",
    remove: "Removed from the community.",
    restore: "Restored: visible to everyone again.",
    feature: "Featured on the community's main page.",
    unfeature: "No longer featured.",
    dismiss: "Reports dismissed; the artwork stays as it is.",
  };
  return {
    message: `${words[input.action]}${result.resolved ? ` ${result.resolved} report${result.resolved === 1 ? "" : "s"} closed.` : ""}`,
  };
}

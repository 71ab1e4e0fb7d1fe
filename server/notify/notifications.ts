/** Per-user notifications (spec §3): {status, title, message, created_date, is_viewed}, unviewed at first. */
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { notifications, user } from "../db/schema";
import { logger } from "../logger";

export type NotificationStatus = "info" | "success" | "warning" | "error";

export interface NewNotification {
  status?: NotificationStatus;
  title: string;
  message: string;
}

/** Adds a notification to a user's list; logs 'Error adding notification: …' and rethrows on failure (spec §8). */
export async function addNotification(db: Database, userId: string, input: NewNotification) {
  try {
    const [row] = await db
      .insert(notifications)
      .values({
        userId,
        status: input.status ?? "info",
        title: input.title.slice(0, 200),
        message: input.message.slice(0, 2000),
      })
      .returning();
    return row!;
  } catch (error) {
    logger.error({ err: error, userId }, `Error adding notification: ${(error as Error).message}`);
    throw error;
  }
}

/**
 * A notification that gathers its kind while unread (issue 30): the first makes a row, the next
 * ones of the same `groupKey` before the person reads it bump its count and say so — "Ana and 4
 * others followed you" — and bring it back to the top. One statement (an upsert on the open
 * group's unique index), so people acting at once all count.
 */
export async function addGroupedNotification(
  db: Database,
  userId: string,
  input: { groupKey: string; title: string; actor: string; action: string; status?: NotificationStatus },
) {
  const actor = input.actor.slice(0, 100);
  const one = `${actor} ${input.action}`;
  // With n in the group: "Ana followed you", "Ana and 1 other followed you", "Ana and n−1 others…".
  const many = sql`${actor} || ' and ' || ${notifications.groupCount}::text || CASE WHEN ${notifications.groupCount} = 1 THEN ' other ' ELSE ' others ' END || ${input.action}`;
  await db
    .insert(notifications)
    .values({ userId, status: input.status ?? "info", title: input.title, message: one, groupKey: input.groupKey })
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.groupKey],
      targetWhere: sql`group_key IS NOT NULL AND NOT is_viewed`,
      set: {
        groupCount: sql`${notifications.groupCount} + 1`,
        message: many,
        createdDate: sql`now()`,
      },
    });
}

export async function listNotifications(db: Database, userId: string, limit = 50) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdDate))
    .limit(limit);
}

export async function countUnreadNotifications(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isViewed, false)));
  return row?.n ?? 0;
}

/** Marks one of the user's own notifications viewed; false when it is not theirs. */
export async function markNotificationViewed(db: Database, userId: string, notificationId: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isViewed: true })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllNotificationsViewed(db: Database, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isViewed: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isViewed, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Which community notifications a person gets (issue 30): each kind may be muted on its own. */
export interface NotificationSettings {
  follows: boolean;
  comments: boolean;
  mentions: boolean;
}

export async function getNotificationSettings(db: Database, userId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select({ follows: user.notifyFollows, comments: user.notifyComments, mentions: user.notifyMentions })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? { follows: true, comments: true, mentions: true };
}

export async function updateNotificationSettings(
  db: Database,
  userId: string,
  settings: NotificationSettings,
): Promise<void> {
  await db
    .update(user)
    .set({ notifyFollows: settings.follows, notifyComments: settings.comments, notifyMentions: settings.mentions })
    .where(eq(user.id, userId));
}

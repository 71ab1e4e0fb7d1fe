/**
 * The notification shape every notification view shares: the JSON of `GET /api/notifications`
 * and the `/notifications` page (spec §3 field names). Pure: safe in the browser bundle.
 */
export type NotificationStatus = "info" | "success" | "warning" | "error";

export interface NotificationItem {
  id: string;
  status: NotificationStatus;
  title: string;
  message: string;
  /** ISO 8601. */
  created_date: string;
  is_viewed: boolean;
}

/** `GET /api/notifications`. */
export interface NotificationsPayload {
  notifications: NotificationItem[];
  unread: number;
}

/** `POST /api/notifications`: `{action: "mark-viewed", id}` or `{action: "mark-all-viewed"}`. */
export type NotificationsCommand = { action: "mark-viewed"; id: string } | { action: "mark-all-viewed" };

/** `POST /api/notifications` answer. */
export interface NotificationsCommandResult {
  ok: true;
  unread: number;
}

export const NOTIFICATIONS_API = "/api/notifications";

const STATUSES: readonly string[] = ["info", "success", "warning", "error"] satisfies NotificationStatus[];

/** Stored statuses are plain text; anything unexpected shows as info. */
export function toNotificationStatus(value: string): NotificationStatus {
  return STATUSES.includes(value) ? (value as NotificationStatus) : "info";
}

/** A stored row (server/db/schema notifications) as the shape above. */
export function serializeNotification(row: {
  id: string;
  status: string;
  title: string;
  message: string;
  createdDate: Date;
  isViewed: boolean;
}): NotificationItem {
  return {
    id: row.id,
    status: toNotificationStatus(row.status),
    title: row.title,
    message: row.message,
    created_date: row.createdDate.toISOString(),
    is_viewed: row.isViewed,
  };
}

/** The badge text: nothing at 0, "9+" above 9. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 9 ? "9+" : String(unread);
}

export function unreadLabel(unread: number): string {
  return `Notifications, ${Math.max(0, unread)} unread`;
}

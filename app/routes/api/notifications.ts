/**
 * The signed-in user's notifications (spec §3), for the header bell.
 *   GET  /api/notifications[?limit=1..50]  → {notifications: [{id, status, title, message, created_date, is_viewed}], unread}
 *   POST /api/notifications {action: "mark-viewed", id} | {action: "mark-all-viewed"} → {ok: true, unread}
 * Signed out: 401. Marking someone else's (or an unknown) notification: 404.
 */
import { getUser, type SessionUser } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import { ApiError, handleApi, json, parseWith, readJson, requireMethod } from "@server/http/api";
import { requestInfoContext } from "@server/http/request-context";
import {
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsViewed,
  markNotificationViewed,
} from "@server/notify/notifications";
import { z } from "zod";
import {
  serializeNotification,
  type NotificationsCommandResult,
  type NotificationsPayload,
} from "~/components/notifications/types";
import type { Route } from "./+types/notifications";

/** A notification command is a few dozen bytes; anything near this is not one. */
const MAX_COMMAND_BYTES = 4 * 1024;

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

const command = z.discriminatedUnion("action", [
  z.object({ action: z.literal("mark-viewed"), id: z.guid("Not a notification id") }),
  z.object({ action: z.literal("mark-all-viewed") }),
]);

async function requireApiUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) throw new ApiError("unauthorized", "Sign in to see your notifications");
  return user;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const info = context.get(requestInfoContext);
  return handleApi(
    async () => {
      const user = await requireApiUser(request);
      const { limit } = parseWith(listQuery, Object.fromEntries(new URL(request.url).searchParams));
      const db = getDb();
      const [rows, unread] = await Promise.all([
        listNotifications(db, user.userUid, limit),
        countUnreadNotifications(db, user.userUid),
      ]);
      return json({ notifications: rows.map(serializeNotification), unread } satisfies NotificationsPayload);
    },
    (error) => info.log.error({ err: error }, "listing notifications failed"),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const info = context.get(requestInfoContext);
  return handleApi(
    async () => {
      requireMethod(request, "POST");
      const user = await requireApiUser(request);
      const { value } = await readJson(request, { maxBytes: MAX_COMMAND_BYTES });
      const input = parseWith(command, value);
      const db = getDb();
      if (input.action === "mark-viewed") {
        const marked = await markNotificationViewed(db, user.userUid, input.id);
        if (!marked) throw new ApiError("not_found", "No such notification");
      } else {
        await markAllNotificationsViewed(db, user.userUid);
      }
      const unread = await countUnreadNotifications(db, user.userUid);
      return json({ ok: true, unread } satisfies NotificationsCommandResult);
    },
    (error) => info.log.error({ err: error }, "marking notifications failed"),
  );
}

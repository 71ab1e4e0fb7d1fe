/**
 * /notifications: every notification of the signed-in user, newest first, with "mark as read"
 * per item and for all. Plain forms posting to this page's action, so it works before (and
 * without) JavaScript; with it, each mark is a fetcher and shows at once.
 */
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/client";
import {
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsViewed,
  markNotificationViewed,
} from "@server/notify/notifications";
import { Bell, Check, CheckCheck } from "lucide-react";
import { useFetcher, useFetchers } from "react-router";
import { z } from "zod";
import { RelativeTime } from "~/components/notifications/relative-time";
import { NotificationStatusIcon } from "~/components/notifications/status-icon";
import { serializeNotification, type NotificationItem } from "~/components/notifications/types";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { Route } from "./+types/notifications";
import { PageHeading, SectionHeading } from "~/components/ui/page-heading";
import type { FormSuccess } from "~/lib/forms";
import { ActionNotice } from "~/components/ui/field";
import { formFailure } from "~/lib/forms.server";
import { EmptyState } from "~/components/ui/empty-state";

/** The page shows this many; older ones are kept but not listed. */
const PAGE_LIMIT = 100;

export const meta: Route.MetaFunction = () => [{ title: "Notifications · Atelier" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const [rows, unread] = await Promise.all([
    listNotifications(db, user.userUid, PAGE_LIMIT),
    countUnreadNotifications(db, user.userUid),
  ]);
  return { notifications: rows.map(serializeNotification), unread, limit: PAGE_LIMIT };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("mark-viewed"), id: z.guid() }),
  z.object({ intent: z.literal("mark-all-viewed") }),
]);

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const parsed = intentSchema.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) return formFailure({ form: "That request was not understood." });
  const db = getDb();
  if (parsed.data.intent === "mark-viewed") {
    const marked = await markNotificationViewed(db, user.userUid, parsed.data.id);
    if (!marked) return formFailure({ form: "That notification does not exist." }, { status: 404 });
    return { ok: true, message: "Marked as read." } satisfies FormSuccess;
  }
  const count = await markAllNotificationsViewed(db, user.userUid);
  return {
    ok: true,
    message: count === 1 ? "1 notification marked as read." : `${count} notifications marked as read.`,
  } satisfies FormSuccess;
}

/** Marks being submitted from this page: show them at once. */
function usePendingMarks() {
  const ids = new Set<string>();
  let all = false;
  const fetchers = useFetchers();
  for (const fetcher of fetchers) {
    if (fetcher.state === "idle" || !fetcher.formData) continue;
    const intent = fetcher.formData.get("intent");
    if (intent === "mark-all-viewed") all = true;
    else if (intent === "mark-viewed") ids.add(String(fetcher.formData.get("id")));
  }
  return { ids, all };
}

export default function NotificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { notifications, limit } = loaderData;
  const markAll = useFetcher<typeof action>({ key: "notifications-page-mark-all" });
  const pending = usePendingMarks();
  const isViewed = (n: NotificationItem) => n.is_viewed || pending.all || pending.ids.has(n.id);
  const unread = notifications.filter((n) => !isViewed(n)).length;
  const result = markAll.data ?? actionData;

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageHeading large>Notifications</PageHeading>
          <p className="mt-2 text-ink-soft" data-testid="notifications-summary">
            {notifications.length === 0
              ? "Nothing here yet."
              : unread === 0
                ? "Everything is read."
                : `${unread} unread`}
          </p>
        </div>
        {notifications.length > 0 ? (
          <markAll.Form method="post">
            <input type="hidden" name="intent" value="mark-all-viewed" />
            <button
              type="submit"
              className={buttonClass({ variant: "secondary", size: "sm" })}
              disabled={unread === 0 || markAll.state !== "idle"}
            >
              <CheckCheck aria-hidden className="size-4" />
              Mark all as read
            </button>
          </markAll.Form>
        ) : null}
      </div>

      {/* Success shows in the list itself; only a refusal needs words. */}
      {result && !result.ok ? <ActionNotice answer={result} className="mt-6" /> : null}

      {notifications.length === 0 ? (
        <EmptyState size="page" className="mt-10">
          <span className="grid size-14 place-items-center rounded-full bg-accent-soft text-accent">
            <Bell aria-hidden className="size-6" />
          </span>
          <SectionHeading className="mt-2">You're all caught up</SectionHeading>
          <p className="max-w-sm text-ink-soft">
            When something happens to your account or your artwork, you'll find it here.
          </p>
        </EmptyState>
      ) : (
        <ul
          className="mt-8 divide-y divide-line overflow-hidden rounded-3xl border border-line bg-paper-raised shadow-sm"
          aria-label="All notifications"
        >
          {notifications.map((n) => (
            <NotificationRow key={n.id} item={n} viewed={isViewed(n)} />
          ))}
        </ul>
      )}
      {notifications.length >= limit ? (
        <p className="mt-4 text-center text-sm text-ink-faint">Showing the latest {limit}.</p>
      ) : null}
    </section>
  );
}

function NotificationRow({ item, viewed }: { item: NotificationItem; viewed: boolean }) {
  const mark = useFetcher<typeof action>();
  return (
    <li
      data-testid="notification-row"
      data-viewed={viewed ? "true" : "false"}
      className={cn("flex gap-4 px-5 py-4 sm:px-6", viewed ? "bg-paper-raised" : "bg-accent-soft/40")}
    >
      <NotificationStatusIcon status={item.status} className="mt-0.5 size-9" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h2 className={cn("text-ink", viewed ? "font-medium" : "font-semibold")}>
            {viewed ? null : <span className="sr-only">Unread: </span>}
            {item.title}
          </h2>
          <RelativeTime iso={item.created_date} className="text-xs text-ink-faint" />
        </div>
        <p className="mt-1 whitespace-pre-line break-words text-sm text-ink-soft">{item.message}</p>
        {mark.data && !mark.data.ok ? (
          <p className="mt-2 text-sm font-medium text-danger">{mark.data.errors.form}</p>
        ) : null}
      </div>
      <div className="shrink-0 self-center">
        {viewed ? (
          <span className="inline-flex items-center gap-1 text-xs text-ink-faint">
            <Check aria-hidden className="size-3.5" />
            Read
          </span>
        ) : (
          <mark.Form method="post">
            <input type="hidden" name="intent" value="mark-viewed" />
            <input type="hidden" name="id" value={item.id} />
            <button
              type="submit"
              className="rounded-full px-3 py-1.5 text-sm font-medium text-accent ring-1 ring-accent/30 transition-colors hover:bg-accent-soft"
              aria-label={`Mark as read: ${item.title}`}
            >
              Mark as read
            </button>
          </mark.Form>
        )}
      </div>
    </li>
  );
}

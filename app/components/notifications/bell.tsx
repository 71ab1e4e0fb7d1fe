/**
 * The header's notification bell: the unread count as a badge, and a popover with the latest
 * notifications (loaded with a fetcher from GET /api/notifications when it opens). Clicking a
 * notification marks it viewed; "Mark all as read" marks them all. Every mark is a fetcher
 * submission, so React Router revalidates the root loader (the badge) and the list afterwards;
 * until then the marks show optimistically.
 */
import { Bell, CheckCheck, LoaderCircle } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher, useFetchers } from "react-router";
import { cn } from "~/lib/cn";
import { RelativeTime } from "./relative-time";
import { NotificationStatusIcon } from "./status-icon";
import { PersonalPart } from "../viewer/personal-part";
import { BellCount } from "./bell-count";
import {
  NOTIFICATIONS_API,
  type NotificationItem,
  type NotificationsCommand,
  type NotificationsCommandResult,
  type NotificationsPayload,
} from "./types";
import { usePathChange } from "~/lib/use-path-change";

/** How many notifications the popover shows; the rest are on /notifications. */
const POPOVER_LIMIT = 8;

/**
 * Marks in flight (or revalidating), from the bell (JSON to the API) or from the
 * /notifications page (its forms): ids being marked, and whether "mark all" is pending.
 */
function usePendingMarks() {
  const fetchers = useFetchers();
  const ids = new Set<string>();
  let all = false;
  for (const fetcher of fetchers) {
    if (fetcher.state === "idle") continue;
    let command: { action?: unknown; id?: unknown } | undefined;
    if (fetcher.formAction === NOTIFICATIONS_API && typeof fetcher.json === "object" && fetcher.json !== null) {
      command = fetcher.json as { action?: unknown; id?: unknown };
    } else if (fetcher.formAction === "/notifications" && fetcher.formData) {
      command = { action: fetcher.formData.get("intent"), id: fetcher.formData.get("id") };
    }
    if (command?.action === "mark-all-viewed") all = true;
    else if (command?.action === "mark-viewed" && typeof command.id === "string") ids.add(command.id);
  }
  return { ids, all };
}

export function NotificationsBell({ unread }: { unread: number }) {
  const [open, setOpen] = useState(false);
  // Loaded with fetch, not a fetcher: a failed load (an expired session…) shows a message in the
  // popover instead of sending the whole page to the error boundary.
  const [list, setList] = useState<{ data?: NotificationsPayload; state: "idle" | "loading" | "error" }>({
    state: "idle",
  });
  const markAll = useFetcher<NotificationsCommandResult>();
  const pending = usePendingMarks();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();

  const items = list.data?.notifications ?? (list.state === "error" ? [] : undefined);
  // Marks not yet reflected in the root loader's count lower the badge right away.
  const pendingUnviewed = items ? items.filter((n) => !n.is_viewed && pending.ids.has(n.id)).length : pending.ids.size;
  const shownUnread = pending.all ? 0 : Math.max(0, unread - pendingUnviewed);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const toggle = () => {
    if (open) return close(false);
    setOpen(true);
  };

  // Load when the popover opens, and again when the unread count changes (after a mark).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the unread count is a trigger: the list is fetched again when it changes
  useEffect(() => {
    if (!open) return;
    let current = true;
    setList((l) => ({ ...l, state: "loading" }));
    fetch(`${NOTIFICATIONS_API}?limit=${POPOVER_LIMIT}`, { headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        const data = (await response.json()) as NotificationsPayload;
        if (current) setList({ data, state: "idle" });
      })
      .catch(() => {
        if (current) setList((l) => ({ ...l, state: "error" }));
      });
    return () => {
      current = false;
    };
  }, [open, unread]);

  // A navigation (e.g. "See all") closes the popover.
  usePathChange(() => setOpen(false));

  // Opening moves focus into the popover; Escape, a click outside or tabbing away closes it.
  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close(true);
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) close(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) close(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open, close]);

  const anyUnviewed =
    shownUnread > 0 || (items?.some((n) => !n.is_viewed && !pending.all && !pending.ids.has(n.id)) ?? false);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={cn(
          "relative grid size-10 place-items-center rounded-full text-ink-soft transition-colors hover:bg-paper-sunken hover:text-ink",
          open && "bg-paper-sunken text-ink",
        )}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
        data-testid="notifications-bell"
      >
        <Bell aria-hidden className="size-5" />
        <PersonalPart name="bell">
          <BellCount unread={shownUnread} />
        </PersonalPart>
      </button>

      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-labelledby={headingId}
          tabIndex={-1}
          className="absolute right-0 top-full z-50 mt-2 w-[min(24rem,calc(100vw-2rem))] origin-top-right overflow-hidden rounded-2xl border border-line bg-paper-raised shadow-xl shadow-ink/10 outline-none"
        >
          <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
            <h2 id={headingId} className="font-display text-base font-semibold text-ink">
              Notifications
            </h2>
            <button
              type="button"
              disabled={!anyUnviewed || markAll.state !== "idle"}
              onClick={() =>
                void markAll.submit({ action: "mark-all-viewed" } satisfies NotificationsCommand, {
                  method: "post",
                  action: NOTIFICATIONS_API,
                  encType: "application/json",
                })
              }
              className="inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-medium text-accent hover:bg-accent-soft disabled:pointer-events-none disabled:opacity-50"
            >
              <CheckCheck aria-hidden className="size-4" />
              Mark all as read
            </button>
          </div>

          <div className="max-h-[min(26rem,70vh)] overflow-y-auto" aria-busy={list.state === "loading"}>
            {list.state === "error" && !list.data ? (
              <p role="alert" className="px-4 py-10 text-center text-sm text-danger">
                Notifications could not be loaded. Reload the page and try again.
              </p>
            ) : items === undefined ? (
              <p role="status" className="flex items-center justify-center gap-2 px-4 py-10 text-sm text-ink-soft">
                <LoaderCircle aria-hidden className="size-4 animate-spin" />
                Loading notifications…
              </p>
            ) : items.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
                <span className="grid size-11 place-items-center rounded-full bg-accent-soft text-accent">
                  <CheckCheck aria-hidden className="size-5" />
                </span>
                <p className="font-medium text-ink">You're all caught up</p>
                <p className="text-sm text-ink-soft">New notifications show up here.</p>
              </div>
            ) : (
              <ul className="divide-y divide-line" aria-label="Latest notifications">
                {items.map((item) => (
                  <BellItem
                    key={item.id}
                    item={item}
                    viewed={item.is_viewed || pending.all || pending.ids.has(item.id)}
                  />
                ))}
              </ul>
            )}
          </div>

          <div className="border-t border-line bg-paper/60 px-4 py-2.5 text-center">
            <Link
              to="/notifications"
              className="text-sm font-medium text-accent underline-offset-4 hover:underline"
              onClick={() => setOpen(false)}
            >
              See all
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function BellItem({ item, viewed }: { item: NotificationItem; viewed: boolean }) {
  const mark = useFetcher<NotificationsCommandResult>();
  const itemRef = useRef<HTMLLIElement>(null);
  const content = (
    <>
      <NotificationStatusIcon status={item.status} />
      <span className="min-w-0 flex-1">
        <span className="flex items-start justify-between gap-2">
          <span className={cn("text-sm text-ink", viewed ? "font-medium" : "font-semibold")}>{item.title}</span>
          {viewed ? null : <span aria-hidden className="mt-1.5 size-2 shrink-0 rounded-full bg-accent" />}
        </span>
        <span className="mt-0.5 line-clamp-2 block text-sm text-ink-soft">{item.message}</span>
        <RelativeTime iso={item.created_date} className="mt-1 block text-xs text-ink-faint" />
      </span>
    </>
  );
  return (
    <li
      ref={itemRef}
      tabIndex={-1}
      data-testid="notification-item"
      data-viewed={viewed ? "true" : "false"}
      className={cn("outline-none", viewed ? "bg-paper-raised" : "bg-accent-soft/50")}
    >
      {viewed ? (
        <div className="flex gap-3 px-4 py-3">{content}</div>
      ) : (
        <button
          type="button"
          className="flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-accent-soft focus-visible:-outline-offset-2"
          onClick={() => {
            // The button turns into plain text once marked: keep focus on the item.
            itemRef.current?.focus();
            void mark.submit({ action: "mark-viewed", id: item.id } satisfies NotificationsCommand, {
              method: "post",
              action: NOTIFICATIONS_API,
              encType: "application/json",
            });
          }}
        >
          <span className="sr-only">Unread, mark as read: </span>
          {content}
        </button>
      )}
    </li>
  );
}

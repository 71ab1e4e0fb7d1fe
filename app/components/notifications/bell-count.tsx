/** The bell's accessible name and badge: pure, so the server can render them alone (viewer/personal-part.tsx). */
import { badgeText, unreadLabel } from "./types";

export function BellCount({ unread }: { unread: number }) {
  const badge = badgeText(unread);
  return (
    <>
      <span className="sr-only">{unreadLabel(unread)}</span>
      {badge ? (
        <span
          aria-hidden
          data-testid="notifications-badge"
          className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-accent px-1 text-[0.6875rem] font-semibold leading-none text-paper ring-2 ring-paper"
        >
          {badge}
        </span>
      ) : null}
    </>
  );
}

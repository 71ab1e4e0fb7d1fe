/**
 * A member's badge beside their name (issue 41): their plan's short word ("Pro"), on creator pages
 * and comments. Read aloud as "…, Pro member"; the tooltip says the same to pointers.
 */
import { cn } from "~/lib/cn";

export function MemberBadge({ badge, className }: { badge: string | null | undefined; className?: string }) {
  if (!badge) return null;
  return (
    <span
      className={cn(
        "member-badge inline-flex shrink-0 items-center rounded-full bg-accent-soft px-2 py-0.5 align-middle font-sans text-xs font-semibold leading-4 tracking-wide text-accent-strong ring-1 ring-accent/30",
        className,
      )}
      title={`${badge} member`}
      data-testid="member-badge"
    >
      <span className="sr-only">, </span>
      {badge}
      <span className="sr-only"> member</span>
    </span>
  );
}

/** The header's parts that show the signed-in person: pure, so the server can render them alone (personal-part.tsx). */
import { useDateSettings } from "~/components/when";
import { cn } from "~/lib/cn";
import { formatCount, formatDate } from "~/lib/format";
import type { Viewer } from "~/lib/viewer";

export function TokenCount({ tokens }: { tokens: number }) {
  return (
    <span>
      {formatCount(tokens)}
      <span className="sr-only"> tokens</span>
    </span>
  );
}

/** What the balance's tooltip is, for the balance's `aria-describedby`. */
export const BALANCE_BREAKDOWN_ID = "header-balance-breakdown";

/**
 * The balance's tooltip (issue 41): for a member, the part of it that is their plan's allowance and
 * when it ends, and what they bought; for everyone else, what tokens are for. Shown while the
 * balance is hovered or focused (the header's `group/balance`), hidden again by Escape.
 */
export function BalanceBreakdown({
  tokens,
  allowance,
  dismissed = false,
}: {
  tokens: number;
  allowance?: Viewer["allowance"];
  /** Escape was pressed: hidden until the pointer or the focus leaves and comes back. */
  dismissed?: boolean;
}) {
  const dates = useDateSettings();
  return (
    <span
      id={BALANCE_BREAKDOWN_ID}
      role="tooltip"
      data-testid="balance-breakdown"
      className={cn(
        "pointer-events-none invisible absolute top-full right-0 z-50 mt-2 w-max max-w-[min(16rem,calc(100vw-6rem))] rounded-xl bg-ink px-3 py-2 text-xs font-medium leading-snug text-paper opacity-0 shadow-lg transition-opacity",
        !dismissed &&
          "group-focus-within/balance:visible group-focus-within/balance:opacity-100 group-hover/balance:visible group-hover/balance:opacity-100",
      )}
    >
      {allowance ? (
        <>
          {formatCount(allowance.tokens)} from your {allowance.plan ?? "membership"} allowance
          {allowance.endsAt ? (
            <>
              {" "}
              (ends{" "}
              {/* A page rendered for everyone gets this part in the default locale; the browser's first render may use another (ADR 0032). */}
              <time dateTime={allowance.endsAt} suppressHydrationWarning>
                {formatDate(allowance.endsAt, "dayMonth", dates)}
              </time>
              )
            </>
          ) : null}
          {" · "}
          {formatCount(Math.max(0, tokens - allowance.tokens))} bought
        </>
      ) : (
        "Your tokens: each picture costs a few. Buy more on the pricing page."
      )}
    </span>
  );
}

export function AccountChip({ name, image }: { name: string; image: string | null }) {
  return (
    <>
      {image ? (
        <img src={image} alt="" className="size-7 shrink-0 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden
          className="grid size-7 shrink-0 place-items-center rounded-full bg-accent-soft text-xs font-semibold text-accent"
        >
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="truncate">{name}</span>
    </>
  );
}

import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * A page's title (its one h1), the same on every page. `large` for public pages, which grow on
 * wider screens; long names wrap instead of widening the page.
 */
export function PageHeading({
  children,
  large = false,
  className,
  id,
}: {
  children: ReactNode;
  large?: boolean;
  className?: string;
  id?: string;
}) {
  return (
    <h1
      id={id}
      className={cn(
        "font-display text-3xl font-semibold tracking-tight break-words text-ink",
        large && "sm:text-4xl",
        className,
      )}
    >
      {children}
    </h1>
  );
}

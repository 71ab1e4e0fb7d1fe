import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

type HeadingProps = { children: ReactNode; large?: boolean; className?: string; id?: string };

/**
 * A page's title (its one h1), the same on every page. `large` for public pages, which grow on
 * wider screens; long names wrap instead of widening the page.
 */
export function PageHeading({ large = false, className, ...heading }: HeadingProps) {
  const look = cn("font-display text-3xl font-semibold tracking-tight break-words text-ink", large && "sm:text-4xl");
  return <h1 {...heading} className={cn(look, className)} />;
}

/**
 * A section's title (an h2) inside a page or a dialog: `large` for a page's main sections and
 * dialogs, the default for cards and panels. Give it an `id` when the section is labelled by it.
 */
export function SectionHeading({ large = false, className, ...heading }: HeadingProps) {
  return (
    <h2 {...heading} className={cn("font-display font-semibold text-ink", large ? "text-2xl" : "text-xl", className)} />
  );
}

/** What a list or panel says when it has nothing to show: one look for "nothing here" across the product. */
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

const sizes = {
  /** A line inside a settings card (the card is already raised). */
  card: "rounded-xl px-4 py-6 text-sm",
  /** A line standing in for a list. */
  list: "rounded-2xl bg-paper-raised px-6 py-10",
  /** A roomy block for a page or panel, stacking an icon, a title, a sentence and an action. */
  page: "flex flex-col items-center gap-2 rounded-3xl bg-paper-raised px-6 py-14",
} as const;

/**
 * `card` and `list` hold one line of text (a `<p>`; a link inside is fine); `page` is a `<div>`
 * whose children stack centred. `className` is for placement: margins, width, height.
 */
export function EmptyState({
  size,
  className,
  children,
}: {
  size: keyof typeof sizes;
  className?: string;
  children: ReactNode;
}) {
  const Tag = size === "page" ? "div" : "p";
  return (
    <Tag className={cn("border border-dashed border-line text-center text-ink-soft", sizes[size], className)}>
      {children}
    </Tag>
  );
}

/** A card of an admin settings page: a heading that names it for screen readers, what it is for, then its contents. */
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { SectionHeading } from "~/components/ui/page-heading";

export function SettingsCard({
  headingId,
  title,
  description,
  className,
  children,
}: {
  headingId: string;
  title: string;
  description: ReactNode;
  /** The spacing between the card's parts. */
  className: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className={cn(className, "rounded-2xl border border-line bg-paper-raised p-6")}
    >
      <div>
        <SectionHeading id={headingId}>{title}</SectionHeading>
        <p className="text-sm text-ink-soft">{description}</p>
      </div>
      {children}
    </section>
  );
}

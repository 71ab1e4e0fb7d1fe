/** One card of the profile page: an icon and a title over its forms and lists. */
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { SectionHeading } from "~/components/ui/page-heading";

export function ProfileSection({
  Icon,
  title,
  danger = false,
  children,
}: {
  Icon: LucideIcon;
  title: string;
  /** For what cannot be undone: a red border and icon. */
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={`rounded-3xl border bg-paper-raised p-6 shadow-sm ${danger ? "border-danger/30" : "border-line"}`}
    >
      <SectionHeading className="flex items-center gap-2">
        <Icon aria-hidden className={`size-5 ${danger ? "text-danger" : "text-accent"}`} />
        {title}
      </SectionHeading>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** One card of the profile page: an icon and a title over its forms and lists. */
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

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
      <h2 className="flex items-center gap-2 font-display text-xl font-semibold text-ink">
        <Icon aria-hidden className={`size-5 ${danger ? "text-danger" : "text-accent"}`} />
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

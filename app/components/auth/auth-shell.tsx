import type { ReactNode } from "react";
import { PageHeading } from "~/components/ui/page-heading";

/** The frame of every account page: a centred card with a title, a line of context and the form. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="relative isolate overflow-hidden px-4 py-12 sm:py-20">
      <div
        aria-hidden
        className="absolute -top-40 left-1/2 -z-10 size-[36rem] -translate-x-1/2 rounded-full bg-accent-soft blur-3xl"
      />
      <div className="mx-auto w-full max-w-md">
        <div className="rounded-3xl border border-line bg-paper-raised p-6 shadow-xl shadow-ink/5 sm:p-8">
          <PageHeading>{title}</PageHeading>
          {subtitle ? <div className="mt-2 text-ink-soft">{subtitle}</div> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-ink-soft">{footer}</div> : null}
      </div>
    </div>
  );
}

/** The frame every admin list page shares: its header, its filter form and its empty state. */
import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { PageHeading } from "~/components/ui/page-heading";
import { cn } from "~/lib/cn";

/** The page's title and what it is for; `action` (a link or button) sits on the right. */
export function AdminPageHeader({
  title,
  description,
  action,
}: {
  title: string;
  description: ReactNode;
  action?: ReactNode;
}) {
  const text = (
    <>
      <PageHeading>{title}</PageHeading>
      <p className="mt-1 text-ink-soft">{description}</p>
    </>
  );
  if (!action) return <header>{text}</header>;
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>{text}</div>
      {action}
    </header>
  );
}

/** The header's link to the form that adds a record to the list. */
export function AddLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClass()}>
      <Plus aria-hidden className="size-4" /> {children}
    </Link>
  );
}

/**
 * A list's filters: a GET form, so every filter is an address an admin can share. In a grid layout
 * the button takes a row of its own (`submitClassName` spans it).
 */
export function FilterForm({
  children,
  className = "flex flex-wrap items-end gap-3",
  submitLabel = "Filter",
  submitClassName,
}: {
  children: ReactNode;
  className?: string;
  submitLabel?: string;
  submitClassName?: string;
}) {
  const submit = (
    <button type="submit" className={buttonClass({ variant: "secondary" })}>
      {submitLabel}
    </button>
  );
  return (
    <Form method="get" className={className} role="search">
      {children}
      {submitClassName ? <div className={submitClassName}>{submit}</div> : submit}
    </Form>
  );
}

/** What a list without rows says instead (`roomy` where the list is the page's only content). */
export function EmptyList({ children, roomy = false }: { children: ReactNode; roomy?: boolean }) {
  return (
    <p
      className={cn(
        "rounded-2xl border border-dashed border-line bg-paper-raised px-6 text-center text-ink-soft",
        roomy ? "py-10" : "py-8",
      )}
    >
      {children}
    </p>
  );
}

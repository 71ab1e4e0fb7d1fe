/** What admin list pages share: the link that adds a record, the filter form and the empty state. */
import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";

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
    <EmptyState size="list" className={roomy ? undefined : "py-8"}>
      {children}
    </EmptyState>
  );
}

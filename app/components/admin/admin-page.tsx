/** The frame of every admin list and settings page: its header, what its last action said, then the page. */
import type { ReactNode } from "react";
import { ActionNotice } from "~/components/ui/field";
import { PageHeading } from "~/components/ui/page-heading";
import type { FormAnswer } from "~/lib/forms";

export function AdminPage({
  title,
  description,
  action,
  answer,
  className = "space-y-6",
  children,
}: {
  title: string;
  description: ReactNode;
  /** A link or button on the header's right (add a record, export). */
  action?: ReactNode;
  /** The page action's answer: its notice, or the form's error, shows under the header. */
  answer?: FormAnswer | null;
  /** The page's width and spacing (`max-w-4xl space-y-6`). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <AdminPageHeader title={title} description={description} action={action} />
      <ActionNotice answer={answer} />
      {children}
    </div>
  );
}

/** The page's title and what it is for; `action` (a link or button) sits on the right. */
function AdminPageHeader({
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

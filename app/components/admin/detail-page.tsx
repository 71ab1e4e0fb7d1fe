/** The frame the admin pages of one record share: the way back to its list, its editor form and its buttons. */
import type { ReactNode } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { useUnsavedChanges } from "~/components/admin/unsaved-changes";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { IntentButton } from "~/components/ui/intent-button";
import { PageHeading } from "~/components/ui/page-heading";
import type { FormAnswer } from "~/lib/forms";
import { cn } from "~/lib/cn";

/** The record's title, under a link back to the list it belongs to; `children` say more below it. */
function DetailPageHeader({
  backTo,
  backLabel,
  title,
  children,
}: {
  backTo: string;
  backLabel: string;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header>
      <Link to={backTo} className="text-sm text-ink-soft hover:underline">
        ← {backLabel}
      </Link>
      <PageHeading className="mt-2">{title}</PageHeading>
      {children}
    </header>
  );
}

/**
 * The frame of an admin page about one record: the way back to its list, its title (with `header`
 * below it), "Saved" when its last save worked (`saved`: what a new record's page says when it
 * opens), then the page.
 */
export function DetailPage({
  backTo,
  backLabel,
  title,
  header,
  answer,
  saved,
  className = "max-w-4xl space-y-6",
  children,
}: {
  backTo: string;
  backLabel: string;
  title: ReactNode;
  header?: ReactNode;
  answer?: FormAnswer | null;
  saved?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <DetailPageHeader backTo={backTo} backLabel={backLabel} title={title}>
        {header}
      </DetailPageHeader>
      {saved ? <SavedNotice answer={answer} created={saved} /> : null}
      {children}
    </div>
  );
}

/**
 * "Saved" after the editor's action worked, or `created` when a new record's page opens (its
 * action redirects here with ?saved=1).
 */
function SavedNotice({ answer, created }: { answer: FormAnswer | null | undefined; created: string }) {
  const [params] = useSearchParams();
  const saved = answer?.ok ? answer.message : params.get("saved") ? created : null;
  return saved ? <FormMessage tone="success">{saved}</FormMessage> : null;
}

/**
 * The record's form in its card. It warns before leaving with unsaved changes, and is drawn anew
 * (`key`) when the values it shows change, so its fields show what the server answered.
 */
export function EditorForm({
  answer,
  values,
  className,
  encType,
  children,
}: {
  answer: unknown;
  values: Record<string, string | undefined>;
  className: string;
  encType?: "multipart/form-data";
  children: ReactNode;
}) {
  const unsaved = useUnsavedChanges(answer);
  return (
    <Form
      method="post"
      encType={encType}
      noValidate
      {...unsaved}
      className={cn("rounded-2xl border border-line bg-paper-raised p-6", className)}
      key={JSON.stringify(values)}
    >
      {children}
    </Form>
  );
}

/** The editor's submit button, which says "Saving…" while the form is sent. */
export function SaveButton({ children }: { children: string }) {
  const saving = useNavigation().state === "submitting";
  return (
    <button type="submit" className={buttonClass()} disabled={saving}>
      {saving ? "Saving…" : children}
    </button>
  );
}

/** A form below the editor with one button that deletes the record, once the browser's confirmation says yes. */
export function DeleteRecordButton({
  confirm,
  encType,
  children,
}: {
  confirm: string;
  encType?: "multipart/form-data";
  children: string;
}) {
  return (
    <Form method="post" encType={encType}>
      <IntentButton intent="delete" confirm={confirm} className={buttonClass({ variant: "secondary" })}>
        {children}
      </IntentButton>
    </Form>
  );
}

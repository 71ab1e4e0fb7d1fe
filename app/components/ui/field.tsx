import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { cn } from "~/lib/cn";
import type { FormAnswer } from "~/lib/forms";

export const inputClass =
  "block w-full rounded-xl border border-line bg-paper-raised px-3.5 py-2.5 text-ink shadow-sm placeholder:text-ink-faint focus:border-accent focus:outline-2 focus:outline-offset-0 focus:outline-accent/30 aria-[invalid=true]:border-danger";

/** A field's label, above the control it names by `htmlFor`. */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-ink">
      {children}
    </label>
  );
}

/**
 * A field's error right below it, or nothing when there is none. `id` is what the control's
 * `aria-describedby` names; `alert` announces an error that appears without a page load (a file
 * the browser refused).
 */
export function FieldError({ id, alert, children }: { id?: string; alert?: boolean; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role={alert ? "alert" : undefined} className="mt-1.5 text-sm font-medium text-danger">
      {children}
    </p>
  );
}

/** A labelled input with its hint and its error right below it (errors come from the server's schema). */
export function TextField({
  label,
  error,
  hint,
  className,
  after,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  after?: ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
        {...input}
      />
      {after}
      {hint ? (
        <div id={hintId} className="mt-1.5 text-sm text-ink-soft">
          {hint}
        </div>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/**
 * A labelled textarea with its error below it, or else its hint. The id is the caller's, and so
 * is `aria-invalid`: the field marks nothing the caller did not ask for.
 */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  id: string;
  label: ReactNode;
  name: string;
  error?: string;
  hint?: ReactNode;
}) {
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <textarea id={id} className={inputClass} {...textarea} />
      {error ? <FieldError>{error}</FieldError> : hint ? <p className="mt-1.5 text-sm text-ink-soft">{hint}</p> : null}
    </div>
  );
}

/**
 * What a page action said (ADR 0037): its notice when it worked, the form's error when it did not;
 * errors that belong to a field show beside that field instead.
 */
export function ActionNotice({ answer, className }: { answer: FormAnswer | null | undefined; className?: string }) {
  if (!answer) return null;
  if (answer.ok)
    return (
      <FormMessage tone="success" className={className}>
        {answer.message}
      </FormMessage>
    );
  if (!answer.errors.form) return null;
  return (
    <FormMessage tone="error" className={className}>
      {answer.errors.form}
    </FormMessage>
  );
}

/** A message about the whole form: an error (role=alert) or a confirmation (role=status). */
export function FormMessage({
  tone,
  children,
  className,
}: {
  tone: "error" | "success" | "info";
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-xl border px-4 py-3 text-sm",
        tone === "error" && "border-danger/30 bg-red-50 text-danger",
        tone === "success" && "border-success/30 bg-emerald-50 text-success",
        tone === "info" && "border-accent/20 bg-accent-soft text-accent-strong",
        className,
      )}
    >
      {children}
    </div>
  );
}

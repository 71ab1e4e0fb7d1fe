import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { CloseButton } from "~/components/ui/close-button";
import { SectionHeading } from "~/components/ui/page-heading";

/**
 * A modal dialog (the native `<dialog>`: focus kept inside, Escape closes, focus returns to the
 * opener). The element exists only while open or closing: a list of fifty comments, each with a
 * report and a delete dialog, would otherwise render a hundred empty dialogs on every page.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Kept until the dialog's own close event, so closing (and giving the focus back) happens first.
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) {
      node.showModal?.();
      // The first field, not the close button, takes the focus.
      node.querySelector<HTMLElement>("input:not([type=hidden]):not([disabled]), textarea, select")?.focus();
    }
    if (!open && node.open) node.close();
  }, [open]);
  if (!mounted) return null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; the keyboard closes the dialog with Escape, natively
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100%-2rem))] overflow-y-auto rounded-3xl border border-line bg-paper-raised p-0 text-ink shadow-2xl backdrop:bg-ink/40 backdrop:backdrop-blur-sm"
      onClose={() => {
        setMounted(false);
        onClose();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current.close();
      }}
    >
      {open ? (
        <div className="p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <SectionHeading id={titleId}>{title}</SectionHeading>
            <CloseButton onClick={() => dialog.current?.close()} />
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * "Are you sure?": what will happen, an error beside it when the action failed, Cancel and the
 * action. `busy` disables the action while it runs.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  error,
  busy = false,
  action,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  error?: string | null;
  busy?: boolean;
  /** The action button's label: "Delete comment". */
  action: string;
  onConfirm: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <p className="text-ink-soft">{children}</p>
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className={buttonClass({ variant: "secondary", size: "sm" })} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={buttonClass({ size: "sm" })} disabled={busy} onClick={onConfirm}>
          {action}
        </button>
      </div>
    </Modal>
  );
}

import { type ReactNode, useEffect, useId, useRef } from "react";
import { CloseButton } from "~/components/ui/close-button";
import { SectionHeading } from "~/components/ui/page-heading";

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
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; the keyboard closes the dialog with Escape, natively
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100%-2rem))] overflow-y-auto rounded-3xl border border-line bg-paper-raised p-0 text-ink shadow-2xl backdrop:bg-ink/40 backdrop:backdrop-blur-sm"
      onClose={onClose}
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

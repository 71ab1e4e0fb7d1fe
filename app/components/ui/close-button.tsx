/** The round × button that closes a dialog or dismisses a notice: one look and one label everywhere. */
import { X } from "lucide-react";
import type { ButtonHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

export function CloseButton({
  label = "Close",
  small = false,
  className,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { label?: string; small?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      className={cn("rounded-full p-1.5 text-ink-soft hover:bg-paper-sunken hover:text-ink", className)}
      {...button}
    >
      <X aria-hidden className={small ? "size-4" : "size-5"} />
    </button>
  );
}

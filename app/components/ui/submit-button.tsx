import type { ButtonHTMLAttributes } from "react";

/** A form's submit button that says what is happening (`busyLabel`) while its form is being sent. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled"> & { busy: boolean; busyLabel: string }) {
  return (
    <button type="submit" disabled={busy} {...button}>
      {busy ? busyLabel : children}
    </button>
  );
}

import type { ButtonHTMLAttributes } from "react";

/**
 * A submit button that names the action its form asks for (`intent`, the field page actions switch
 * on). With `confirm`, the browser asks that question first and nothing is sent on "Cancel".
 */
export function IntentButton({
  intent,
  confirm,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "name" | "value" | "onClick"> & {
  intent: string;
  confirm?: string;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      onClick={confirm ? (event) => (window.confirm(confirm) ? undefined : event.preventDefault()) : undefined}
      {...button}
    />
  );
}

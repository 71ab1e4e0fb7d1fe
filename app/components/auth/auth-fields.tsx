/** The fields and buttons the account pages (sign in, sign up, codes, passwords) have in common. */
import { type ReactNode, useState } from "react";
import { Link, useNavigation } from "react-router";
import { PasswordStrengthMeter } from "~/components/auth/password-strength-meter";
import { buttonClass } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import type { FormFailure } from "~/lib/forms";

/** An account form's state: whether it is being sent, and what its last refused answer said and kept. */
export function useAccountForm(answer: FormFailure | undefined) {
  const busy = useNavigation().state === "submitting";
  return { busy, errors: answer?.errors, values: answer?.values ?? {} };
}

export function EmailField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      required
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** A password being chosen, with its strength shown as it is typed. */
export function NewPasswordField({ label, error, minLength }: { label: string; error?: string; minLength?: number }) {
  const [password, setPassword] = useState("");
  return (
    <TextField
      label={label}
      name="password"
      type="password"
      autoComplete="new-password"
      required
      minLength={minLength}
      value={password}
      onChange={(e) => setPassword(e.target.value)}
      error={error}
      hint={<PasswordStrengthMeter password={password} />}
    />
  );
}

/** The form's error as a whole (wrong code, too many attempts…); field errors show beside their fields. */
export function FormError({ message }: { message: string | undefined }) {
  return message ? <FormMessage tone="error">{message}</FormMessage> : null;
}

/** The account form's one wide button, which says what it is doing while the form is sent. */
export function AuthSubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: string;
}) {
  return (
    <button type="submit" disabled={busy} className={buttonClass({ size: "lg", className: "w-full" })}>
      {busy ? busyLabel : children}
    </button>
  );
}

/** The link below the card to the account page to go to instead, with its question before it. */
export function AuthFooterLink({ to, lead, children }: { to: string; lead?: string; children: ReactNode }) {
  const link = (
    <Link to={to} className="font-medium text-accent hover:underline">
      {children}
    </Link>
  );
  if (!lead) return link;
  return (
    <>
      {lead} {link}
    </>
  );
}

import { type FormEvent, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { AuthSubmitButton, EmailField } from "~/components/auth/auth-fields";
import { FormMessage, TextField } from "~/components/ui/field";
import { signInSchema } from "~/lib/account-schemas";
import { checkInput } from "~/lib/forms";

/**
 * The sign-in dialog's form. Loaded only when a dialog opens (or a visitor points at a sign-in
 * link), by sign-in-dialog.tsx: it brings the account schemas and zod, which public pages do
 * not need until someone signs in.
 */
export function SignInForm({ onDone }: { onDone: () => void }) {
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<{ form?: React.ReactNode; email?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = checkInput(signInSchema, {
      email: form.get("email"),
      password: form.get("password"),
      remember: form.get("remember") ?? undefined,
    });
    if (!checked.ok) {
      setErrors(checked.fields);
      return;
    }
    const signIn = checked.value;
    setBusy(true);
    setErrors({});
    try {
      const response = await fetch("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          email: signIn.email,
          password: signIn.password,
          rememberMe: signIn.remember,
        }),
      });
      if (response.ok) {
        onDone();
        await revalidator.revalidate();
        return;
      }
      const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
      if (response.status === 403 && body.code === "EMAIL_NOT_VERIFIED") {
        setErrors({
          form: (
            <>
              Verify your email first: we have sent you a new code.{" "}
              <Link
                to={`/verify-email?${new URLSearchParams({ email: signIn.email, sent: "1" })}`}
                className="underline"
              >
                Enter it
              </Link>
            </>
          ),
        });
      } else if (response.status === 401) {
        setErrors({ form: "That email and password do not match an account." });
      } else {
        setErrors({ form: body.message ?? "Signing in did not work. Try again in a moment." });
      }
    } catch {
      setErrors({ form: "Network error: check your connection and try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action="/login" noValidate onSubmit={submit} className="mt-5 space-y-4">
      {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
      <EmailField error={errors.email} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
        hint={
          <Link to="/reset-password" className="font-medium text-accent hover:underline" onClick={onDone}>
            Forgot your password?
          </Link>
        }
      />
      <label className="flex items-center gap-2 text-sm text-ink-soft">
        <input type="checkbox" name="remember" defaultChecked className="size-4 rounded accent-accent" /> Keep me signed
        in
      </label>
      <AuthSubmitButton busy={busy} busyLabel="Signing in…">
        Sign in
      </AuthSubmitButton>
    </form>
  );
}

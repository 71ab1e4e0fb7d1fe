import { X } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { signInSchema } from "~/lib/account-schemas";

/**
 * The sign-in dialog (the spec's "login popup"): signs in without leaving the page, so whatever
 * the visitor was doing stays as it was. Without scripts the trigger is a plain link to /login.
 */
export function SignInDialogTrigger({ className, children = "Sign in" }: { className?: string; children?: React.ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // The form exists only while the dialog is open: no second set of fields hidden in every page.
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const redirectTo = location.pathname + location.search;
  return (
    <>
      <Link
        to={`/login?redirectTo=${encodeURIComponent(redirectTo)}`}
        className={className}
        onClick={(event) => {
          if (!dialog.current?.showModal) return; // old browsers: follow the link
          event.preventDefault();
          setOpen(true);
          dialog.current.showModal();
        }}
      >
        {children}
      </Link>
      <dialog
        ref={dialog}
        aria-labelledby="sign-in-dialog-title"
        className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-3xl border border-line bg-paper-raised p-0 shadow-2xl backdrop:bg-ink/40 backdrop:backdrop-blur-sm"
        onClose={() => setOpen(false)}
        onClick={(event) => {
          if (event.target === dialog.current) dialog.current.close(); // a click on the backdrop
        }}
      >
        {open ? <SignInDialogBody redirectTo={redirectTo} onDone={() => dialog.current?.close()} /> : null}
      </dialog>
    </>
  );
}

function SignInDialogBody({ redirectTo, onDone }: { redirectTo: string; onDone: () => void }) {
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<{ form?: React.ReactNode; email?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password"), remember: form.get("remember") ?? undefined });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      setErrors(fields);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const response = await fetch("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: parsed.data.email, password: parsed.data.password, rememberMe: parsed.data.remember }),
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
              <Link to={`/verify-email?${new URLSearchParams({ email: parsed.data.email, sent: "1" })}`} className="underline">
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
    <div className="p-6 sm:p-8">
      <div className="flex items-start justify-between gap-4">
        <h2 id="sign-in-dialog-title" className="font-display text-2xl font-semibold text-ink">
          Sign in
        </h2>
        <button type="button" onClick={onDone} aria-label="Close" className="rounded-full p-1.5 text-ink-soft hover:bg-paper-sunken">
          <X aria-hidden className="size-5" />
        </button>
      </div>
      <form method="post" action="/login" noValidate onSubmit={submit} className="mt-5 space-y-4">
        {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
        <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <label className="flex items-center gap-2 text-sm text-ink-soft">
          <input type="checkbox" name="remember" defaultChecked className="size-4 rounded accent-accent" /> Keep me signed in
        </label>
        <button type="submit" disabled={busy} className={buttonClass({ size: "lg", className: "w-full" })}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
      <p className="mt-5 flex flex-wrap justify-between gap-2 text-sm">
        <Link to={`/login?redirectTo=${encodeURIComponent(redirectTo)}`} className="font-medium text-accent hover:underline" onClick={onDone}>
          More ways to sign in
        </Link>
        <Link to="/sign-up" className="font-medium text-accent hover:underline" onClick={onDone}>
          Create an account
        </Link>
      </p>
    </div>
  );
}

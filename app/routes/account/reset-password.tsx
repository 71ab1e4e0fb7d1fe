import { AccountError, accountCaller, sendEmailCode } from "@server/auth/accounts";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { buttonClass } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { emailOnlySchema } from "~/lib/account-schemas";
import { fieldOrFormError, parseForm } from "~/lib/forms";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [{ title: "Reset your password · Atelier" }];

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(form, emailOnlySchema);
  if (!parsed.ok) return data(parsed, { status: 400 });
  try {
    await sendEmailCode(accountCaller(request, context), { email: parsed.data.email, type: "forget-password" });
  } catch (error) {
    if (error instanceof AccountError)
      return data(fieldOrFormError(error, { email: parsed.data.email }), { status: 400 });
    throw error;
  }
  // The same answer whether or not an account exists for this address.
  return { ok: true as const, email: parsed.data.email };
}

export default function ResetPasswordPage({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData && "email" in actionData) {
    return (
      <AuthShell
        title="Check your inbox"
        subtitle={
          <>
            If an account exists for <strong className="text-ink">{actionData.email}</strong>, we sent it a link and a
            code to choose a new password.
          </>
        }
      >
        <Link
          to={`/new-password?${new URLSearchParams({ email: actionData.email })}`}
          className={buttonClass({ size: "lg", className: "w-full" })}
        >
          I have the code
        </Link>
      </AuthShell>
    );
  }
  const errors = actionData?.errors;
  return (
    <AuthShell
      title="Reset your password"
      subtitle="Tell us your email and we will send you a link and a code."
      footer={
        <Link to="/login" className="font-medium text-accent hover:underline">
          Back to sign in
        </Link>
      }
    >
      <Form method="post" noValidate className="space-y-5">
        {errors?.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.values?.email}
          error={errors?.fields.email}
        />
        <button type="submit" disabled={busy} className={buttonClass({ size: "lg", className: "w-full" })}>
          {busy ? "Sending…" : "Send me a link"}
        </button>
      </Form>
    </AuthShell>
  );
}

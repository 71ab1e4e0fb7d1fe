import { accountCaller, sendEmailCode } from "@server/auth/accounts";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { buttonClass } from "~/components/ui/button";
import { AuthFooterLink, AuthSubmitButton, EmailField, FormError } from "~/components/auth/auth-fields";
import { emailOnlySchema } from "~/lib/account-schemas";
import { parseForm, type FormSuccess } from "~/lib/forms";
import type { Route } from "./+types/reset-password";
import { refusal } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Reset your password · Atelier" }];

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(form, emailOnlySchema);
  if (!parsed.ok) return data(parsed, { status: 400 });
  try {
    await sendEmailCode(accountCaller(request, context), { email: parsed.data.email, type: "forget-password" });
  } catch (error) {
    return refusal(error, { values: { email: parsed.data.email } });
  }
  // The page turns into "check your inbox" for this address (said the same whether or not it has an account).
  return { ok: true, message: "Check your inbox.", values: { email: parsed.data.email } } satisfies FormSuccess;
}

export default function ResetPasswordPage({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.ok) {
    return (
      <AuthShell
        title="Check your inbox"
        subtitle={
          <>
            If an account exists for <strong className="text-ink">{actionData.values.email}</strong>, we sent it a link
            and a code to choose a new password.
          </>
        }
      >
        <Link
          to={`/new-password?${new URLSearchParams({ email: actionData.values.email })}`}
          className={buttonClass({ size: "lg", className: "w-full" })}
        >
          I have the code
        </Link>
      </AuthShell>
    );
  }
  const errors = actionData?.ok ? undefined : actionData?.errors;
  return (
    <AuthShell
      title="Reset your password"
      subtitle="Tell us your email and we will send you a link and a code."
      footer={<AuthFooterLink to="/login">Back to sign in</AuthFooterLink>}
    >
      <Form method="post" noValidate className="space-y-5">
        <FormError message={errors?.form} />
        <EmailField defaultValue={actionData?.values.email} error={errors?.fields.email} />
        <AuthSubmitButton busy={busy} busyLabel="Sending…">
          Send me a link
        </AuthSubmitButton>
      </Form>
    </AuthShell>
  );
}

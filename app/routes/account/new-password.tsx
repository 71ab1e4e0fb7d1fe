import { accountCaller, resetPasswordWithCode } from "@server/auth/accounts";
import { data, Form, redirect } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import {
  AuthFooterLink,
  AuthSubmitButton,
  EmailField,
  FormError,
  NewPasswordField,
  useAccountForm,
} from "~/components/auth/auth-fields";
import { TextField } from "~/components/ui/field";
import { emailOnlySchema, newPasswordSchema } from "~/lib/account-schemas";
import { parseForm } from "~/lib/forms";
import type { Route } from "./+types/new-password";
import { refusal } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Choose a new password · Atelier" }];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const email = emailOnlySchema.shape.email.safeParse(url.searchParams.get("email") ?? "");
  const code = url.searchParams.get("code");
  return { email: email.success ? email.data : "", code: code && /^\d{6}$/.test(code) ? code : "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(form, newPasswordSchema);
  if (!parsed.ok) return data(parsed, { status: 400 });
  const { email, code, password } = parsed.data;
  try {
    await resetPasswordWithCode(accountCaller(request, context), { email, code, password });
  } catch (error) {
    return refusal(error, { values: { email, code } });
  }
  return redirect("/login?reset=1");
}

export default function NewPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { busy, errors, values } = useAccountForm(actionData);
  return (
    <AuthShell
      title="Choose a new password"
      subtitle="Every other device signed in to your account will be signed out."
      footer={<AuthFooterLink to="/reset-password">Need a new code?</AuthFooterLink>}
    >
      <Form method="post" noValidate className="space-y-5">
        <FormError message={errors?.form} />
        <EmailField defaultValue={values.email ?? loaderData.email} error={errors?.fields.email} />
        <TextField
          label="Code from the email"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          defaultValue={values.code ?? loaderData.code}
          error={errors?.fields.code}
        />
        <NewPasswordField label="New password" error={errors?.fields.password} />
        <TextField
          label="New password, again"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          error={errors?.fields.confirm}
        />
        <AuthSubmitButton busy={busy} busyLabel="Saving…">
          Save the new password
        </AuthSubmitButton>
      </Form>
    </AuthShell>
  );
}

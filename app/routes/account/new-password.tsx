import { accountCaller, resetPasswordWithCode } from "@server/auth/accounts";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { PasswordStrengthMeter } from "~/components/auth/password-strength-meter";
import { buttonClass } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
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
  const [password, setPassword] = useState("");
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors;
  const values = actionData?.values ?? {};
  return (
    <AuthShell
      title="Choose a new password"
      subtitle="Every other device signed in to your account will be signed out."
      footer={
        <Link to="/reset-password" className="font-medium text-accent hover:underline">
          Need a new code?
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
          defaultValue={values.email ?? loaderData.email}
          error={errors?.fields.email}
        />
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
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors?.fields.password}
          hint={<PasswordStrengthMeter password={password} />}
        />
        <TextField
          label="New password, again"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          error={errors?.fields.confirm}
        />
        <button type="submit" disabled={busy} className={buttonClass({ size: "lg", className: "w-full" })}>
          {busy ? "Saving…" : "Save the new password"}
        </button>
      </Form>
    </AuthShell>
  );
}

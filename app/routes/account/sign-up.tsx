import { accountCaller, signUpWithPassword } from "@server/auth/accounts";
import { redirectAdminFromLoginArea } from "@server/auth/guards";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { PasswordStrengthMeter } from "~/components/auth/password-strength-meter";
import { buttonClass } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { signUpSchema } from "~/lib/account-schemas";
import { parseForm } from "~/lib/forms";
import type { Route } from "./+types/sign-up";
import { refusal } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Create your account · Atelier" }];

/** A signed-in admin opening the login area goes to the dashboard (spec §2, §6). */
export async function loader({ request }: Route.LoaderArgs) {
  await redirectAdminFromLoginArea(request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(form, signUpSchema);
  if (!parsed.ok) return data(parsed, { status: 400 });
  try {
    await signUpWithPassword(accountCaller(request, context), parsed.data);
  } catch (error) {
    const { password: _password, ...values } = parsed.data;
    return refusal(error, { values });
  }
  return redirect(`/verify-email?${new URLSearchParams({ email: parsed.data.email, sent: "1" })}`);
}

export default function SignUpPage({ actionData }: Route.ComponentProps) {
  const [password, setPassword] = useState("");
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors;
  const values = actionData?.values ?? {};
  return (
    <AuthShell
      title="Create your account"
      subtitle="Make artwork from words, pictures and doodles, and share it with the community."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-accent hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" noValidate className="space-y-5">
        {errors?.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
        <TextField
          label="Display name"
          name="name"
          autoComplete="nickname"
          required
          maxLength={60}
          defaultValue={values.name}
          error={errors?.fields.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          error={errors?.fields.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors?.fields.password}
          hint={<PasswordStrengthMeter password={password} />}
        />
        <button type="submit" disabled={busy} className={buttonClass({ size: "lg", className: "w-full" })}>
          {busy ? "Creating your account…" : "Create account"}
        </button>
        <p className="text-center text-xs text-ink-faint">We will send you an email to confirm your address.</p>
      </Form>
    </AuthShell>
  );
}

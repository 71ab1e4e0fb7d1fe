import { AccountError, accountCaller, sendEmailCode, signInWithPassword } from "@server/auth/accounts";
import { getUser, redirectAdminFromLoginArea } from "@server/auth/guards";
import { listSignInProviders } from "@server/auth/oauth";
import { Mail } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { AuthFooterLink, EmailField, FormError } from "~/components/auth/auth-fields";
import { OAuthButtons } from "~/components/auth/oauth-buttons";
import { buttonClass } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { emailOnlySchema, signInSchema } from "~/lib/account-schemas";
import { parseForm } from "~/lib/forms";
import { safeRedirectPath } from "~/lib/redirect-target";
import type { Route } from "./+types/login";
import { refusal } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Sign in · Atelier" }];

export async function loader({ request }: Route.LoaderArgs) {
  // A signed-in admin opening the login area goes to the dashboard (spec §2, §6); anyone else signed in moves on.
  await redirectAdminFromLoginArea(request);
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "", url.origin);
  if (await getUser(request)) throw redirect(redirectTo || "/");
  return { redirectTo, reset: url.searchParams.get("reset") === "1", providers: listSignInProviders() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const caller = accountCaller(request, context);
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "", new URL(request.url).origin);
  const values = { email: String(form.get("email") ?? "") };
  try {
    if (form.get("intent") === "email-link") {
      const parsed = parseForm(form, emailOnlySchema);
      if (!parsed.ok) return data(parsed, { status: 400 });
      await sendEmailCode(caller, { email: parsed.data.email, type: "sign-in" });
      return redirect(
        `/enter-otp?${new URLSearchParams({ purpose: "sign-in", email: parsed.data.email, sent: "1", ...(redirectTo ? { redirectTo } : {}) })}`,
      );
    }
    const parsed = parseForm(form, signInSchema);
    if (!parsed.ok) return data(parsed, { status: 400 });
    const { headers, isAdmin } = await signInWithPassword(caller, parsed.data);
    // With nowhere to go back to, an admin starts on the dashboard (spec §2, §6), everyone else at home.
    return redirect(redirectTo || (isAdmin ? "/admin/dashboard" : "/"), { headers });
  } catch (error) {
    if (error instanceof AccountError) {
      if (error.code === "email_not_verified") {
        return redirect(`/verify-email?${new URLSearchParams({ email: values.email, sent: "1" })}`);
      }
    }
    return refusal(error, { values });
  }
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  const errors = actionData?.errors;
  const values = actionData?.values ?? {};
  return (
    <AuthShell
      title="Sign in"
      subtitle="Welcome back to Atelier."
      footer={
        <AuthFooterLink to="/sign-up" lead="New here?">
          Create an account
        </AuthFooterLink>
      }
    >
      <div className="space-y-5">
        {loaderData.reset ? (
          <FormMessage tone="success">Your password is changed. Sign in with the new one.</FormMessage>
        ) : null}
        <FormError message={errors?.form} />
        <OAuthButtons providers={loaderData.providers} redirectTo={loaderData.redirectTo} />
        <Form method="post" noValidate className="space-y-5">
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <EmailField defaultValue={values.email} error={errors?.fields.email} />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            error={errors?.fields.password}
            hint={
              <Link to="/reset-password" className="font-medium text-accent hover:underline">
                Forgot your password?
              </Link>
            }
          />
          <label className="flex items-center gap-2 text-sm text-ink-soft">
            <input type="checkbox" name="remember" defaultChecked className="size-4 rounded accent-accent" /> Keep me
            signed in
          </label>
          <button
            type="submit"
            name="intent"
            value="password"
            disabled={navigation.state === "submitting"}
            className={buttonClass({ size: "lg", className: "w-full" })}
          >
            {navigation.state === "submitting" && intent === "password" ? "Signing in…" : "Sign in"}
          </button>
          <div className="flex items-center gap-3 text-xs text-ink-faint" aria-hidden>
            <span className="h-px flex-1 bg-line" /> or <span className="h-px flex-1 bg-line" />
          </div>
          <button
            type="submit"
            name="intent"
            value="email-link"
            formNoValidate
            disabled={navigation.state === "submitting"}
            className={buttonClass({ variant: "secondary", size: "lg", className: "w-full" })}
          >
            <Mail aria-hidden className="size-4" />
            {navigation.state === "submitting" && intent === "email-link" ? "Sending…" : "Email me a sign-in link"}
          </button>
        </Form>
      </div>
    </AuthShell>
  );
}

import { accountCaller, sendEmailCode, signInWithCode, verifyEmailWithCode } from "@server/auth/accounts";
import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation, useSubmit } from "react-router";
import { AuthFooterLink, AuthSubmitButton, EmailField, FormError } from "~/components/auth/auth-fields";
import { AuthShell } from "~/components/auth/auth-shell";
import { ResendButton } from "~/components/auth/resend-button";
import { FormMessage, TextField, ActionNotice } from "~/components/ui/field";
import { CODE_PURPOSES, type CodePurpose, codeSchema, emailOnlySchema } from "~/lib/account-schemas";
import { parseForm, type FormSuccess } from "~/lib/forms";
import { safeRedirectPath } from "~/lib/redirect-target";
import type { Route } from "./+types/enter-otp";
import { refusal } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Enter your code · Atelier" }];

const COPY: Record<CodePurpose, { title: string; action: string; busy: string }> = {
  "email-verification": { title: "Verify your email", action: "Verify", busy: "Verifying…" },
  "sign-in": { title: "Sign in with a code", action: "Sign in", busy: "Signing in…" },
  "forget-password": { title: "Reset your password", action: "Continue", busy: "Checking…" },
};

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const purposeParam = url.searchParams.get("purpose");
  const purpose: CodePurpose = (CODE_PURPOSES as readonly string[]).includes(purposeParam ?? "")
    ? (purposeParam as CodePurpose)
    : "email-verification";
  const email = emailOnlySchema.shape.email.safeParse(url.searchParams.get("email") ?? "");
  const code = url.searchParams.get("code");
  return {
    purpose,
    email: email.success ? email.data : "",
    code: code && /^\d{6}$/.test(code) ? code : "",
    sent: url.searchParams.get("sent") === "1",
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), "", url.origin),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const caller = accountCaller(request, context);
  const values = { email: String(form.get("email") ?? ""), code: String(form.get("code") ?? "") };
  try {
    if (form.get("intent") === "resend") {
      const parsed = parseForm(form, emailOnlySchema);
      if (!parsed.ok) return data(parsed, { status: 400 });
      const purpose = String(form.get("purpose"));
      const type = (CODE_PURPOSES as readonly string[]).includes(purpose)
        ? (purpose as CodePurpose)
        : "email-verification";
      await sendEmailCode(caller, { email: parsed.data.email, type });
      return { ok: true, intent: "resend", message: "We sent a new code." } satisfies FormSuccess;
    }
    const parsed = parseForm(form, codeSchema);
    if (!parsed.ok) return data(parsed, { status: 400 });
    const { email, code, purpose } = parsed.data;
    if (purpose === "forget-password") return redirect(`/new-password?${new URLSearchParams({ email, code })}`);
    if (purpose === "sign-in") {
      const headers = await signInWithCode(caller, { email, code });
      return redirect(safeRedirectPath(parsed.data.redirectTo, "/", new URL(request.url).origin), { headers });
    }
    const headers = await verifyEmailWithCode(caller, { email, code });
    return redirect("/verify-email?verified=1", { headers });
  } catch (error) {
    return refusal(error, { values });
  }
}

export default function EnterOtpPage({ loaderData, actionData }: Route.ComponentProps) {
  const { purpose, email, code, sent, redirectTo } = loaderData;
  const copy = COPY[purpose];
  const busy = useNavigation().state === "submitting";
  const submit = useSubmit();
  const autoSubmitted = useRef(false);
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const errors = failed?.errors;
  const values = failed?.values;

  // A link from the email carries its code: use it straight away (scripts only run for people).
  useEffect(() => {
    if (purpose !== "forget-password" && email && code && !autoSubmitted.current && !actionData) {
      autoSubmitted.current = true;
      void submit({ email, code, purpose, redirectTo }, { method: "post" });
    }
  }, [purpose, email, code, redirectTo, actionData, submit]);

  return (
    <AuthShell
      title={copy.title}
      subtitle={
        email ? (
          <>
            Enter the 6-digit code we sent to <strong className="text-ink">{email}</strong>.
          </>
        ) : (
          "Enter the 6-digit code from our email."
        )
      }
      footer={<AuthFooterLink to="/login">Back to sign in</AuthFooterLink>}
    >
      <div className="space-y-5">
        {sent && !actionData ? (
          <FormMessage tone="info">Check your inbox: the code works for 15 minutes.</FormMessage>
        ) : null}
        {actionData?.ok ? <ActionNotice answer={actionData} /> : null}
        <FormError message={errors?.form} />
        <Form method="post" noValidate className="space-y-5">
          <input type="hidden" name="purpose" value={purpose} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {email ? (
            <input type="hidden" name="email" value={email} />
          ) : (
            <EmailField defaultValue={values?.email} error={errors?.fields.email} />
          )}
          <TextField
            label="Code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={7}
            required
            autoFocus
            defaultValue={values?.code ?? code}
            className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
            error={errors?.fields.code}
          />
          <AuthSubmitButton busy={busy} busyLabel={copy.busy}>
            {copy.action}
          </AuthSubmitButton>
        </Form>
        {email ? <ResendButton email={email} startWithCooldown={sent} fields={{ purpose }} /> : null}
      </div>
    </AuthShell>
  );
}

import { accountCaller, sendEmailCode, verifyEmailWithCode } from "@server/auth/accounts";
import { MailCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { AuthFooterLink, FormError } from "~/components/auth/auth-fields";
import { AuthShell } from "~/components/auth/auth-shell";
import { ResendButton } from "~/components/auth/resend-button";
import { buttonClass } from "~/components/ui/button";
import { FormMessage, ActionNotice } from "~/components/ui/field";
import { codeSchema, emailOnlySchema } from "~/lib/account-schemas";
import { parseForm, type FormSuccess } from "~/lib/forms";
import type { Route } from "./+types/verify-email";
import { refusal } from "~/lib/forms.server";

export const meta: Route.MetaFunction = () => [{ title: "Verify your email · Atelier" }];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const email = emailOnlySchema.shape.email.safeParse(url.searchParams.get("email") ?? "");
  const code = url.searchParams.get("code");
  return {
    email: email.success ? email.data : null,
    code: code && /^\d{6}$/.test(code) ? code : null,
    sent: url.searchParams.get("sent") === "1",
    verified: url.searchParams.get("verified") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const caller = accountCaller(request, context);
  try {
    if (form.get("intent") === "resend") {
      const parsed = parseForm(form, emailOnlySchema);
      if (!parsed.ok) return data(parsed, { status: 400 });
      await sendEmailCode(caller, { email: parsed.data.email, type: "email-verification" });
      return { ok: true, intent: "resend", message: "We sent a new email." } satisfies FormSuccess;
    }
    const parsed = parseForm(form, codeSchema);
    if (!parsed.ok) return data(parsed, { status: 400 });
    const headers = await verifyEmailWithCode(caller, parsed.data);
    return redirect("/verify-email?verified=1", { headers });
  } catch (error) {
    return refusal(error, { values: { email: String(form.get("email") ?? "") } });
  }
}

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, code, sent, verified } = loaderData;
  const navigation = useNavigation();
  const submit = useSubmit();
  const autoSubmitted = useRef(false);
  const errors = actionData && !actionData.ok ? actionData.errors : undefined;

  // The link in the email lands here with the code: verify straight away (a person opened it;
  // mail scanners that only fetch the page do not run scripts, so they cannot use the code up).
  useEffect(() => {
    if (email && code && !autoSubmitted.current && !actionData) {
      autoSubmitted.current = true;
      void submit({ email, code, purpose: "email-verification" }, { method: "post" });
    }
  }, [email, code, actionData, submit]);

  if (verified) {
    return (
      <AuthShell title="Your email is verified" subtitle="You are signed in. Welcome to Atelier.">
        <div className="flex flex-col gap-3">
          <Link to="/ai/ai-text-to-art" className={buttonClass({ size: "lg" })}>
            Make your first artwork
          </Link>
          <Link to="/community/main" className={buttonClass({ variant: "secondary", size: "lg" })}>
            See the community
          </Link>
        </div>
      </AuthShell>
    );
  }

  if (email && code) {
    const codeError = errors?.fields.code ?? errors?.form;
    return (
      <AuthShell title={codeError ? "This link did not work" : "Verifying your email"} subtitle={email}>
        {codeError ? (
          <div className="space-y-4">
            <FormMessage tone="error">{codeError}</FormMessage>
            <ResendButton email={email} />
          </div>
        ) : (
          <Form method="post" className="space-y-4">
            <input type="hidden" name="email" value={email} />
            <input type="hidden" name="code" value={code} />
            <input type="hidden" name="purpose" value="email-verification" />
            <p className="text-ink-soft">
              {navigation.state === "submitting" ? "Checking your link…" : "Confirm that this is your email address."}
            </p>
            <button
              type="submit"
              className={buttonClass({ size: "lg", className: "w-full" })}
              disabled={navigation.state === "submitting"}
            >
              Verify my email
            </button>
          </Form>
        )}
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Check your inbox"
      subtitle={
        email ? (
          <>
            We sent a link and a 6-digit code to <strong className="text-ink">{email}</strong>.
          </>
        ) : (
          "We sent you a link and a 6-digit code."
        )
      }
      footer={
        <AuthFooterLink to="/sign-up" lead="Wrong address?">
          Sign up again
        </AuthFooterLink>
      }
    >
      <div className="space-y-5">
        <div className="flex items-start gap-3 rounded-2xl bg-paper-sunken p-4">
          <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
          <p className="text-sm text-ink-soft">
            Open the link in the email, or type the code. The email can take a minute; check your spam folder too.
          </p>
        </div>
        {actionData?.ok ? <ActionNotice answer={actionData} /> : null}
        <FormError message={errors?.form} />
        <Link
          to={`/enter-otp?${new URLSearchParams({ purpose: "email-verification", ...(email ? { email } : {}) })}`}
          className={buttonClass({ size: "lg", className: "w-full" })}
        >
          Enter the code
        </Link>
        {email ? <ResendButton email={email} startWithCooldown={sent} /> : null}
      </div>
    </AuthShell>
  );
}

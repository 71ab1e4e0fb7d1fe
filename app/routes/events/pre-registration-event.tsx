/** /pre-registration-event (only while its flag is on): leave an email before launch, with consent, for bonus tokens. */
import { loadTokenSettings } from "@server/generation/token-settings";
import { getDb } from "@server/db/client";
import { CheckCircle2, Gift, Mail, Sparkles } from "lucide-react";
import { type FormEvent, useState } from "react";
import { AuthSubmitButton, EmailField } from "~/components/auth/auth-fields";
import { FormMessage, FieldError } from "~/components/ui/field";
import { useApiClient } from "~/lib/api-client";
import { preRegistrationInput } from "~/lib/commerce";
import { checkInput } from "~/lib/forms";
import { HttpError } from "~/lib/http-client";
import type { Route } from "./+types/pre-registration-event";
import { SectionHeading } from "~/components/ui/page-heading";

export const meta: Route.MetaFunction = () => [
  { title: "Pre-registration · Atelier" },
  { name: "description", content: "Register early for Atelier and receive bonus tokens when your account opens." },
];

export async function loader() {
  return { bonus: (await loadTokenSettings(getDb())).preRegistrationBonus };
}

export default function PreRegistrationEventPage({ loaderData }: Route.ComponentProps) {
  const { bonus } = loaderData;
  const api = useApiClient();
  const [errors, setErrors] = useState<{ email?: string; consent?: string; form?: string }>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = checkInput(preRegistrationInput, {
      email: form.get("email"),
      consent: form.get("consent") ?? undefined,
    });
    if (!checked.ok) {
      setErrors(checked.fields);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const answer = await api.post<{ message: string }>("/api/pre-registrations", {
        json: { email: checked.value.email, consent: true },
      });
      setDone(answer.message);
    } catch (e) {
      const fields =
        e instanceof HttpError
          ? ((e.body as { error?: { fields?: Record<string, string[]> } })?.error?.fields ?? {})
          : {};
      setErrors({
        email: fields.email?.[0],
        consent: fields.consent?.[0],
        form: e instanceof HttpError ? e.message : "Network error: try again.",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:items-center lg:py-20">
      <div>
        <p className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-accent-strong">
          <Sparkles aria-hidden className="size-4" /> Early access
        </p>
        <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight text-balance text-ink sm:text-5xl">
          Pre-registration
        </h1>
        <p className="mt-4 text-lg text-ink-soft">
          Leave your email now. When you create your Atelier account with it and verify it,{" "}
          <strong className="text-ink">{bonus} bonus tokens</strong> are credited to you, on top of the welcome tokens.
        </p>
        <ul className="mt-6 space-y-3 text-ink-soft">
          <li className="flex gap-3">
            <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" /> One confirmation email now, nothing else
            until launch.
          </li>
          <li className="flex gap-3">
            <Gift aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" /> The bonus is credited once, to the
            account with this email.
          </li>
        </ul>
      </div>
      <div className="rounded-3xl border border-line bg-paper-raised p-6 shadow-sm sm:p-8">
        {done ? (
          <div className="text-center" role="status">
            <CheckCircle2 aria-hidden className="mx-auto size-12 text-success" />
            <p className="mt-3 font-display text-2xl font-semibold text-ink">{done}</p>
            <p className="mt-2 text-ink-soft">Check your inbox for the confirmation.</p>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-5">
            <SectionHeading large>Register your email</SectionHeading>
            {errors.form && !errors.email && !errors.consent ? (
              <FormMessage tone="error">{errors.form}</FormMessage>
            ) : null}
            <EmailField error={errors.email} />
            <div>
              <label className="flex items-start gap-3 text-sm text-ink">
                <input
                  type="checkbox"
                  name="consent"
                  value="on"
                  className="mt-0.5 size-4 accent-[var(--color-accent)]"
                  aria-invalid={errors.consent ? true : undefined}
                />
                <span>
                  I agree that Atelier may email me about the launch and my bonus. I can ask to be removed at any time.
                </span>
              </label>
              <FieldError>{errors.consent}</FieldError>
            </div>
            <AuthSubmitButton busy={busy} busyLabel="Registering…">
              Register
            </AuthSubmitButton>
          </form>
        )}
      </div>
    </div>
  );
}

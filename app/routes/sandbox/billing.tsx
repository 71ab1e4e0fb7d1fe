/**
 * /sandbox/billing?customer=…&return=…: the embedded sandbox provider's customer portal (issue
 * 41) — what Stripe's Customer Portal shows a member: their subscriptions, their invoices, and a
 * form that puts another card on file. A new card charges an invoice being retried at once, and
 * the sandbox reports the outcome to Atelier by its signed webhooks. "Back to Atelier" goes to
 * `return`, only ever a path of this site.
 */
import { loadSandboxBillingPage, replaceSandboxCardFromForm } from "@server/commerce/memberships/sandbox-billing-view";
import { getDb } from "@server/db/client";
import { ApiError, readFormData } from "@server/http/api";
import { ArrowLeft, CreditCard, FlaskConical, Lock } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { SandboxCardFields } from "~/components/sandbox/card-fields";
import { buttonClass } from "~/components/ui/button";
import { ActionNotice } from "~/components/ui/field";
import { When } from "~/components/when";
import { SANDBOX_TEST_CARDS } from "~/lib/commerce-constants";
import type { FormSuccess } from "~/lib/forms";
import { formFailure } from "~/lib/forms.server";
import { MEMBERSHIP_INVOICE_STATUS_WORDS, PLAN_INTERVAL_WORDS } from "~/lib/membership-constants";
import { safeRedirectPath } from "~/lib/redirect-target";
import type { Route } from "./+types/billing";

export const meta: Route.MetaFunction = () => [
  { title: "Sandbox billing · Atelier" },
  { name: "robots", content: "noindex" },
];

const DEFAULT_RETURN = "/user-profile#membership";
/** A card form's few fields: anything larger is not one. */
const FORM_MAX_BYTES = 4 * 1024;

const SUBSCRIPTION_STATUS_WORDS: Record<string, string> = {
  active: "Active",
  past_due: "Past due: a payment is being retried",
  canceled: "Canceled",
};

const INVOICE_REASON_WORDS: Record<string, string> = {
  subscription_create: "First payment",
  subscription_cycle: "Renewal",
  subscription_update: "Upgrade",
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await loadSandboxBillingPage(getDb(), url.searchParams.get("customer") ?? "");
  if (!page) throw data("This customer does not exist", { status: 404 });
  return { page, back: safeRedirectPath(url.searchParams.get("return"), DEFAULT_RETURN, url.origin) };
}

export async function action({ request }: Route.ActionArgs) {
  const db = getDb();
  const customer = new URL(request.url).searchParams.get("customer") ?? "";
  if (!(await loadSandboxBillingPage(db, customer))) throw data("This customer does not exist", { status: 404 });
  let form: FormData;
  try {
    form = await readFormData(request, FORM_MAX_BYTES);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return formFailure({ form: error.message }, { status: error.status });
  }
  const result = await replaceSandboxCardFromForm(db, customer, {
    number: form.get("number") ?? "",
    expiry: form.get("expiry") ?? "",
    cvc: form.get("cvc") ?? "",
    name: form.get("name") ?? "",
  });
  if (!result.ok) {
    // The card's problems beside its fields; "_" is the card as a whole.
    const { _: whole, ...fields } = result.fields;
    return formFailure({ form: whole, fields }, { values: { name: String(form.get("name") ?? "") } });
  }
  return {
    ok: true,
    message:
      result.behaviour === "decline"
        ? `Card ending ${result.last4} saved. This test card declines every charge, so an open invoice stays unpaid.`
        : `Card ending ${result.last4} saved: every subscription charges it from now on, and an open invoice was charged again at once.`,
  } satisfies FormSuccess;
}

export default function SandboxBillingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, back } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const fields = actionData && !actionData.ok ? actionData.errors.fields : {};

  return (
    <div className="min-h-[80vh] bg-paper-sunken px-4 py-10 sm:py-16">
      <div className="mx-auto max-w-2xl">
        <p className="mb-4 flex items-center justify-center gap-2 rounded-full bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900">
          <FlaskConical aria-hidden className="size-4 shrink-0" /> Sandbox: test billing. No money moves.
        </p>
        <div className="rounded-3xl border border-line bg-paper-raised p-6 shadow-lg sm:p-8">
          <p className="text-sm text-ink-soft">Billing with Atelier</p>
          <h1 className="mt-1 font-display text-3xl font-semibold tracking-tight text-ink">Your subscriptions</h1>
          {page.email ? <p className="mt-1 text-sm break-all text-ink-soft">For {page.email}</p> : null}
          <p className="mt-1 text-sm text-ink-soft">
            Sandbox time: <When value={page.now} />
          </p>

          <ul className="mt-6 divide-y divide-line text-sm" data-testid="sandbox-subscriptions">
            {page.subscriptions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                <span className="min-w-0">
                  <span className="block font-medium text-ink">
                    {s.planName}, {s.amount} {PLAN_INTERVAL_WORDS[s.interval as "month" | "year"] ?? s.interval}
                  </span>
                  <span className="block text-ink-soft">
                    {SUBSCRIPTION_STATUS_WORDS[s.status] ?? s.status}
                    {s.status === "canceled" ? null : (
                      <>
                        {" · "}
                        {s.cancelAtPeriodEnd ? "ends" : "renews"} on <When value={s.currentPeriodEnd} style="date" />
                      </>
                    )}
                  </span>
                </span>
              </li>
            ))}
          </ul>

          <h2 className="mt-8 font-semibold text-ink">Invoices</h2>
          <ul className="mt-2 divide-y divide-line text-sm" data-testid="sandbox-invoices">
            {page.invoices.map((i) => (
              <li key={i.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                <span className="min-w-0">
                  <span className="block font-medium text-ink">
                    {INVOICE_REASON_WORDS[i.reason] ?? i.reason} · {i.planName}
                  </span>
                  <span className="block text-ink-soft">
                    <When value={i.periodStart} style="date" /> to <When value={i.periodEnd} style="date" /> ·{" "}
                    {i.status === "open" && i.attemptCount > 0
                      ? "Declined"
                      : (MEMBERSHIP_INVOICE_STATUS_WORDS[i.status] ?? i.status)}
                    {i.status === "open" && i.nextAttemptAt ? (
                      <>
                        {" "}
                        · tried again on <When value={i.nextAttemptAt} style="date" />
                      </>
                    ) : null}
                  </span>
                </span>
                <span className="font-semibold whitespace-nowrap tabular-nums text-ink">{i.amount}</span>
              </li>
            ))}
          </ul>

          <h2 className="mt-8 flex items-center gap-2 font-semibold text-ink">
            <CreditCard aria-hidden className="size-4" /> Card on file
          </h2>
          <p className="mt-1 text-sm text-ink-soft">
            {page.cardLast4 ? `A card ending ${page.cardLast4}.` : "No card yet."} A new card is charged at once for a
            payment being retried.
          </p>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <ActionNotice answer={actionData} />
            <SandboxCardFields fields={fields} />
            <button type="submit" disabled={busy} className={buttonClass({ className: "w-full" })}>
              <Lock aria-hidden className="size-4" /> {busy ? "Saving…" : "Use this card"}
            </button>
          </Form>

          <p className="mt-6 text-center">
            <a
              href={back}
              className="inline-flex items-center gap-1.5 text-sm font-medium text-accent underline-offset-4 hover:underline"
            >
              <ArrowLeft aria-hidden className="size-4" /> Back to Atelier
            </a>
          </p>
        </div>

        <section
          aria-labelledby="test-cards"
          className="mt-6 rounded-2xl border border-line bg-paper-raised p-5 text-sm"
        >
          <h2 id="test-cards" className="flex items-center gap-2 font-semibold text-ink">
            <CreditCard aria-hidden className="size-4" /> Test cards
          </h2>
          <p className="mt-1 text-ink-soft">Any future expiry date and any three digits for the CVC.</p>
          <ul className="mt-3 space-y-1.5">
            {SANDBOX_TEST_CARDS.map((card) => (
              <li key={card.number} className="grid grid-cols-[auto_1fr] items-baseline gap-x-4">
                <code className="font-mono whitespace-nowrap text-ink">{card.number}</code>
                <span className="text-right text-ink-soft">{card.outcome}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

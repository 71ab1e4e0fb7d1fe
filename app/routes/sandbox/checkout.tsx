/**
 * /sandbox/checkout?session=…: the embedded sandbox provider's own payment page — what a hosted
 * checkout (Stripe's, say) shows, for test payments that move no money. It takes the test cards
 * listed on it, may ask for a confirmation step, and reports the outcome to Atelier by a signed
 * webhook before sending the buyer back.
 */
import {
  confirmSandboxCheckout,
  expireSandboxCheckout,
  getSandboxCheckout,
  paySandboxCheckout,
} from "@server/commerce/payments/sandbox";
import { getDb } from "@server/db/client";
import { CreditCard, FlaskConical, Lock, ShieldCheck } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { formatMoney } from "~/lib/format";
import { buttonClass } from "~/components/ui/button";
import { IntentButton } from "~/components/ui/intent-button";
import { FormMessage, ActionNotice } from "~/components/ui/field";
import { SandboxCardFields } from "~/components/sandbox/card-fields";
import { SANDBOX_TEST_CARDS } from "~/lib/commerce-constants";
import type { Route } from "./+types/checkout";
import { formFailure } from "~/lib/forms.server";
import type { FormSuccess } from "~/lib/forms";

export const meta: Route.MetaFunction = () => [
  { title: "Sandbox checkout · Atelier" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("session") ?? "";
  const checkout = /^cs_sbx_[0-9a-f]{24}$/.test(id) ? await getSandboxCheckout(getDb(), id) : null;
  if (!checkout) throw data("This checkout does not exist", { status: 404 });
  return { checkout };
}

export async function action({ request }: Route.ActionArgs) {
  const id = new URL(request.url).searchParams.get("session") ?? "";
  const form = await request.formData();
  const db = getDb();
  const intent = form.get("intent");
  if (intent === "cancel") {
    const back = await expireSandboxCheckout(db, id);
    if (!back) throw data("This checkout does not exist", { status: 404 });
    return redirect(back);
  }
  const result =
    intent === "approve" || intent === "refuse"
      ? await confirmSandboxCheckout(db, id, intent === "approve")
      : await paySandboxCheckout(db, id, {
          number: form.get("number") ?? "",
          expiry: form.get("expiry") ?? "",
          cvc: form.get("cvc") ?? "",
          name: form.get("name") ?? "",
        });
  if (result.kind === "paid" || result.kind === "declined" || result.kind === "closed")
    return redirect(result.redirectTo);
  if (result.kind === "confirm")
    return {
      ok: true,
      intent: "confirm",
      message: "Your bank asks you to confirm this payment.",
    } satisfies FormSuccess;
  // The card's problems beside its fields; "_" is the card as a whole.
  const { _: whole, ...fields } = result.fields;
  return formFailure(
    {
      form: whole?.[0],
      fields: Object.fromEntries(Object.entries(fields).map(([name, [first = ""]]) => [name, first])),
    },
    { values: { name: String(form.get("name") ?? "") } },
  );
}

export default function SandboxCheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { checkout } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const fields = actionData && !actionData.ok ? actionData.errors.fields : {};
  const confirming = actionData?.intent === "confirm" || checkout.paymentStatus === "requires_confirmation";
  const amount = formatMoney(checkout.amountMinor, checkout.currency);
  const closed = checkout.status !== "open";

  return (
    <div className="min-h-[80vh] bg-paper-sunken px-4 py-10 sm:py-16">
      <div className="mx-auto max-w-md">
        <p className="mb-4 flex items-center justify-center gap-2 rounded-full bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900">
          <FlaskConical aria-hidden className="size-4" /> Sandbox: a test payment. No money moves.
        </p>
        <div className="rounded-3xl border border-line bg-paper-raised p-6 shadow-lg sm:p-8">
          <p className="text-sm text-ink-soft">Pay Atelier</p>
          <h1 className="mt-1 font-display text-4xl font-semibold tracking-tight text-ink">{amount}</h1>
          <p className="mt-2 text-sm text-ink-soft">{checkout.description}</p>
          {checkout.customerEmail ? <p className="mt-1 text-sm text-ink-soft">For {checkout.customerEmail}</p> : null}

          {closed ? (
            <FormMessage tone="info" className="mt-6">
              This checkout is{" "}
              {checkout.status === "complete" ? "paid" : checkout.status === "failed" ? "declined" : "closed"}.{" "}
              <a
                className="font-semibold underline"
                href={(checkout.status === "complete" ? checkout.successUrl : checkout.cancelUrl).replace(
                  "{CHECKOUT_SESSION_ID}",
                  checkout.id,
                )}
              >
                Back to Atelier
              </a>
            </FormMessage>
          ) : confirming ? (
            <div className="mt-6 space-y-4">
              <FormMessage tone="info">
                <span className="flex items-start gap-2">
                  <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
                  Your bank asks you to confirm this payment of {amount}.
                </span>
              </FormMessage>
              <Form method="post" className="flex gap-3">
                <IntentButton intent="approve" disabled={busy} className={buttonClass({ className: "flex-1" })}>
                  Confirm payment
                </IntentButton>
                <IntentButton
                  intent="refuse"
                  disabled={busy}
                  className={buttonClass({ variant: "secondary", className: "flex-1" })}
                >
                  Refuse
                </IntentButton>
              </Form>
            </div>
          ) : (
            <Form method="post" className="mt-6 space-y-4" noValidate>
              <input type="hidden" name="intent" value="pay" />
              {actionData && !actionData.ok ? <ActionNotice answer={actionData} /> : null}
              <SandboxCardFields fields={fields} />
              <button type="submit" disabled={busy} className={buttonClass({ size: "lg", className: "w-full" })}>
                <Lock aria-hidden className="size-4" /> {busy ? "Paying…" : `Pay ${amount}`}
              </button>
            </Form>
          )}
          {!closed ? (
            <Form method="post" className="mt-4 text-center">
              <IntentButton
                intent="cancel"
                disabled={busy}
                className="text-sm font-medium text-ink-soft underline-offset-4 hover:underline"
              >
                Cancel and go back to Atelier
              </IntentButton>
            </Form>
          ) : null}
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

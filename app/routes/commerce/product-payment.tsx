/**
 * /product-payment: the last step. Without `?transaction=` it shows the order once more and
 * pays through the configured provider (the buyer signs in first if needed). With
 * `?transaction=…` — where the provider sends the buyer back — it shows the result: the tokens
 * and the new balance, or what went wrong with a way to try again.
 */
import { getUser } from "@server/auth/guards";
import { getPaymentProvider } from "@server/commerce/payments";
import { getUserTransaction, settleTransaction, type TransactionView } from "@server/commerce/transactions";
import { getDb } from "@server/db/client";
import { CheckCircle2, Clock, Coins, RotateCcw, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator, useSearchParams } from "react-router";
import { SignInDialogTrigger } from "~/components/auth/sign-in-dialog";
import { formatCount, formatMoney } from "~/lib/format";
import { quoteSummary } from "~/components/commerce/quote-summary";
import { ProductLayout } from "~/components/product/product-layout";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { useApiClient } from "~/lib/api-client";
import { readCheckoutCode, saveCheckoutCode } from "~/lib/checkout-code";
import { HttpError } from "~/lib/http-client";
import { useCart, useQuote } from "~/lib/use-cart";
import type { Route } from "./+types/product-payment";
import { EmptyState } from "~/components/ui/empty-state";

export const meta: Route.MetaFunction = () => [{ title: "Payment · Atelier" }];

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const provider = getPaymentProvider(db);
  const viewer = await getUser(request);
  const id = new URL(request.url).searchParams.get("transaction");
  let transaction: (TransactionView & { balance: number }) | null = null;
  if (id && viewer) {
    transaction = await getUserTransaction(db, viewer.userUid, id);
    if (transaction?.status === "pending") {
      await settleTransaction(db, transaction.id, "return");
      transaction = await getUserTransaction(db, viewer.userUid, id);
    }
  }
  return {
    providerLabel: provider.label,
    sandbox: provider.id === "sandbox",
    transactionId: id,
    transaction,
    signedIn: viewer !== null,
  };
}

/** The buyer's token balance after the payment settled (paid or refunded). */
function NewBalance({ tokens }: { tokens: number }) {
  return (
    <p
      className="mx-auto mt-6 inline-flex items-center gap-2 rounded-2xl bg-paper-sunken px-5 py-3 text-lg text-ink"
      data-testid="new-balance"
    >
      <Coins aria-hidden className="size-5 text-accent" /> Your balance: <strong>{formatCount(tokens)} tokens</strong>
    </p>
  );
}

export default function ProductPaymentPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.transactionId)
    return (
      <PaymentResult initial={loaderData.transaction} id={loaderData.transactionId} signedIn={loaderData.signedIn} />
    );
  return (
    <PaymentReview
      providerLabel={loaderData.providerLabel}
      sandbox={loaderData.sandbox}
      signedIn={loaderData.signedIn}
    />
  );
}

function PaymentReview({
  providerLabel,
  sandbox,
  signedIn,
}: {
  providerLabel: string;
  sandbox: boolean;
  signedIn: boolean;
}) {
  const api = useApiClient();
  const cart = useCart();
  const [code, setCode] = useState("");
  useEffect(() => setCode(readCheckoutCode()), []);
  const { quote, loading, error } = useQuote(cart.items, code, cart.ready);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const attempt = useRef<string | null>(null);

  async function pay() {
    setPaying(true);
    setPayError(null);
    // One key per press: a retried request opens the same checkout, a new press a new one.
    attempt.current = crypto.randomUUID();
    try {
      const start = await api.post<{ transactionId: string; redirectTo: string }>("/api/checkout", {
        json: { items: cart.items, code },
        idempotencyKey: attempt.current,
      });
      window.location.assign(start.redirectTo);
    } catch (e) {
      setPayError(e instanceof HttpError ? e.message : "The payment could not start. Nothing was charged; try again.");
      setPaying(false);
    }
  }

  const summary = quoteSummary(quote);
  const codeError = code && quote?.codeError ? quote.codeError : null;
  const total = quote ? formatMoney(quote.totalMinor, quote.currency) : "";

  return (
    <ProductLayout
      title="Payment"
      description="Check your order and pay. Tokens are added to your account as soon as the payment goes through."
      breadcrumbs={[
        { label: "Pricing plans", to: "/pricing-plans" },
        { label: "Review", to: "/product-overview" },
        { label: "Pay" },
      ]}
      currentStep={2}
      summary={{
        ...summary,
        action: signedIn
          ? {
              label: quote ? `Pay ${total}` : "Pay",
              pendingLabel: paying ? "Opening the payment page…" : "Updating prices…",
              pending: paying || loading || !cart.ready,
              disabled: Boolean(codeError || error),
              onClick: pay,
            }
          : {
              label: "Sign in to pay",
              href: "/login?redirectTo=/product-payment",
              disabled: summary.lineItems.length === 0,
            },
        emptyMessage: "Your cart is empty.",
        assurance: `Paid through ${providerLabel}. We never see your card.`,
      }}
    >
      <div className="space-y-6">
        {sandbox ? (
          <FormMessage tone="info">
            Payments here go to the built-in <strong>sandbox</strong>: a test checkout that takes test card numbers and
            moves no money.
          </FormMessage>
        ) : null}
        {!cart.ready ? (
          <p className="text-ink-soft" role="status">
            Loading your order…
          </p>
        ) : cart.items.length === 0 ? (
          <EmptyState size="page">
            <p className="font-medium text-ink">There is nothing to pay for yet.</p>
            <Link to="/pricing-plans" className={buttonClass({ className: "mt-2" })}>
              Choose a pack
            </Link>
          </EmptyState>
        ) : (
          <>
            <ul className="divide-y divide-line rounded-2xl border border-line bg-paper-raised" aria-label="Your order">
              {(quote?.lines ?? []).map((line) => (
                <li key={line.productId} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <span>
                    <span className="font-medium text-ink">
                      {line.quantity} × {line.name} pack
                    </span>
                    <span className="block text-sm text-ink-soft">
                      {formatCount(line.unitTokens * line.quantity)} tokens
                    </span>
                  </span>
                  <span className="tabular-nums text-ink">{formatMoney(line.totalMinor, quote!.currency)}</span>
                </li>
              ))}
            </ul>
            <p className="text-sm text-ink-soft">
              <Link to="/product-overview" className="font-medium text-accent underline-offset-4 hover:underline">
                Change the order or the code
              </Link>
            </p>
            {codeError ? (
              <FormMessage tone="error">{codeError} Change or remove the code in your cart.</FormMessage>
            ) : null}
            {error ? <FormMessage tone="error">{error}</FormMessage> : null}
            {payError ? <FormMessage tone="error">{payError}</FormMessage> : null}
            {!signedIn ? (
              <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-paper-raised p-5">
                <p className="flex-1 text-ink">
                  Sign in to pay: the tokens go to your account. Your cart stays as it is.
                </p>
                <SignInDialogTrigger className={buttonClass()}>Sign in</SignInDialogTrigger>
              </div>
            ) : null}
          </>
        )}
      </div>
    </ProductLayout>
  );
}

function PaymentResult({
  initial,
  id,
  signedIn,
}: {
  initial: (TransactionView & { balance: number }) | null;
  id: string;
  signedIn: boolean;
}) {
  const api = useApiClient();
  const revalidator = useRevalidator();
  const cart = useCart();
  const [params] = useSearchParams();
  const [transaction, setTransaction] = useState(initial);
  const [waitedLong, setWaitedLong] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const status = transaction?.status;

  useEffect(() => setTransaction(initial), [initial]);
  // Follow a pending payment until the provider's answer is in.
  // Every 1.5 s for a minute, then every 15 s for ten minutes; after that the page says to come back.
  useEffect(() => {
    if (status !== "pending") return;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const tick = async () => {
      const waited = Date.now() - started;
      if (waited > 60_000) setWaitedLong(true);
      if (waited > 10 * 60_000) return;
      try {
        const answer = await api.get<{ transaction: TransactionView & { balance: number } }>(`/api/transactions/${id}`);
        if (!stopped) setTransaction(answer.transaction);
      } catch {
        // try again at the next tick
      }
      if (!stopped) timer = setTimeout(tick, waited > 60_000 ? 15_000 : 1500);
    };
    timer = setTimeout(tick, 1500);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [status, id, api]);
  // Paid: the cart and code are done with, and the header's balance is refreshed.
  const cleared = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the payment is known and the cart has loaded; clear and revalidate are read then
  useEffect(() => {
    if (status !== "paid" || cleared.current || !cart.ready) return;
    cleared.current = true;
    saveCheckoutCode("");
    void cart.clear();
    void revalidator.revalidate();
  }, [status, cart.ready]);

  async function cancel() {
    setCanceling(true);
    try {
      const answer = await api.post<{ transaction: TransactionView & { balance: number } }>(
        `/api/transactions/${id}/cancel`,
      );
      setTransaction(answer.transaction);
    } finally {
      setCanceling(false);
    }
  }

  const card = "mx-auto max-w-xl rounded-3xl border border-line bg-paper-raised p-8 text-center shadow-sm";
  if (!signedIn) {
    return (
      <div className="px-4 py-16">
        <div className={card}>
          <h1 className="font-display text-3xl font-semibold text-ink">Sign in to see this payment</h1>
          <p className="mt-2 text-ink-soft">Payments are shown to the account that made them.</p>
          <SignInDialogTrigger className={buttonClass({ className: "mt-6" })}>Sign in</SignInDialogTrigger>
        </div>
      </div>
    );
  }
  if (!transaction) {
    return (
      <div className="px-4 py-16">
        <div className={card}>
          <h1 className="font-display text-3xl font-semibold text-ink">Payment not found</h1>
          <p className="mt-2 text-ink-soft">This payment does not exist or belongs to another account.</p>
          <Link to="/pricing-plans" className={buttonClass({ className: "mt-6" })}>
            See the packs
          </Link>
        </div>
      </div>
    );
  }
  const money = (minor: number) => formatMoney(minor, transaction.currency);
  return (
    <div className="px-4 py-12 sm:py-16">
      <div className={card} aria-live="polite">
        {status === "refunded" ? (
          <>
            <RotateCcw aria-hidden className="mx-auto size-14 text-ink-soft" />
            <h1 className="mt-4 font-display text-3xl font-semibold text-ink">Payment refunded</h1>
            <p className="mt-2 text-ink-soft">
              {money(transaction.refundedMinor ?? transaction.totalMinor)} went back to you.
              {transaction.unrecoveredTokens
                ? ` ${formatCount(transaction.unrecoveredTokens)} of its tokens had already been spent and stay spent.`
                : ""}
            </p>
            <NewBalance tokens={transaction.balance} />
          </>
        ) : status === "paid" ? (
          <>
            <CheckCircle2 aria-hidden className="mx-auto size-14 text-success" />
            <h1 className="mt-4 font-display text-3xl font-semibold text-ink">Payment received</h1>
            <p className="mt-2 text-ink-soft">
              {formatCount(transaction.tokens)} tokens are on your account. Your receipt with its PDF invoice is on its
              way to your inbox.
            </p>
            <NewBalance tokens={transaction.balance} />
            <p className="mt-3 text-sm text-ink-soft">
              Paid {money(transaction.totalMinor)}
              {transaction.discountMinor > 0
                ? `, ${money(transaction.discountMinor)} saved with ${transaction.discountCode}`
                : ""}
              .
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link to="/ai/ai-text-to-art" className={buttonClass()}>
                Make something
              </Link>
              <Link to="/user-profile#purchases" className={buttonClass({ variant: "secondary" })}>
                Your purchases
              </Link>
            </div>
          </>
        ) : status === "pending" ? (
          <>
            <Clock aria-hidden className="mx-auto size-14 animate-pulse text-accent" />
            <h1 className="mt-4 font-display text-3xl font-semibold text-ink">Confirming your payment…</h1>
            <p className="mt-2 text-ink-soft" role="status">
              {params.get("canceled")
                ? "You left the payment page. If you paid anyway, this page updates in a moment."
                : "This takes a few seconds. You can leave this page: the tokens arrive as soon as the payment is confirmed."}
            </p>
            {waitedLong ? (
              <p className="mt-2 text-sm text-ink-soft">
                Still waiting for the payment provider. We check again every few minutes, and email your receipt when it
                is through.
              </p>
            ) : null}
            <button
              type="button"
              onClick={cancel}
              disabled={canceling}
              className={buttonClass({ variant: "secondary", className: "mt-6" })}
            >
              {canceling ? "Canceling…" : "Cancel this payment"}
            </button>
          </>
        ) : (
          <>
            <XCircle aria-hidden className="mx-auto size-14 text-danger" />
            <h1 className="mt-4 font-display text-3xl font-semibold text-ink">
              {status === "canceled" ? "Payment canceled" : "Payment failed"}
            </h1>
            <p className="mt-2 text-ink-soft">
              {transaction.failureMessage ?? "The payment did not go through."} Nothing was charged and no tokens were
              added.
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link to="/product-payment" className={buttonClass()}>
                <RotateCcw aria-hidden className="size-4" /> Try again
              </Link>
              <Link to="/product-overview" className={buttonClass({ variant: "secondary" })}>
                Back to your cart
              </Link>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

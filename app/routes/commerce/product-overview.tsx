/**
 * /product-overview: the cart (the spec's `selectedProducts`) priced by the server — lines with
 * their quantities, the discount code with immediate feedback, totals and tokens — then on to payment.
 */
import { listShopProducts } from "@server/commerce/products";
import { getDb } from "@server/db/client";
import { BadgePercent, ShoppingBag, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { QuantityStepper } from "~/components/commerce/quantity-stepper";
import { formatCount, formatMoney } from "~/lib/format";
import { quoteSummary } from "~/components/commerce/quote-summary";
import { ProductLayout } from "~/components/product/product-layout";
import { buttonClass } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { discountCodeField } from "~/lib/commerce";
import { readCheckoutCode, saveCheckoutCode } from "~/lib/checkout-code";
import { useCart, useQuote } from "~/lib/use-cart";
import type { Route } from "./+types/product-overview";
import { EmptyState } from "~/components/ui/empty-state";

export const meta: Route.MetaFunction = () => [{ title: "Your cart · Atelier" }];

export async function loader() {
  return { products: await listShopProducts(getDb()) };
}

export default function ProductOverviewPage({ loaderData }: Route.ComponentProps) {
  const { products } = loaderData;
  const navigate = useNavigate();
  const cart = useCart();
  const [code, setCode] = useState("");
  const [draft, setDraft] = useState("");
  const [codeFieldError, setCodeFieldError] = useState<string | undefined>();
  useEffect(() => {
    const saved = readCheckoutCode();
    setCode(saved);
    setDraft(saved);
  }, []);
  const { quote, loading, error } = useQuote(cart.items, code, cart.ready);
  const byId = new Map(products.map((p) => [p.id, p]));

  function applyCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = discountCodeField.safeParse(draft);
    if (!parsed.success) {
      setCodeFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setCodeFieldError(undefined);
    setCode(parsed.data);
    saveCheckoutCode(parsed.data);
  }
  function removeCode() {
    setCode("");
    setDraft("");
    saveCheckoutCode("");
  }

  const codeError = code && quote?.codeError ? quote.codeError : undefined;
  const summary = quoteSummary(quote);

  return (
    <ProductLayout
      title="Your cart"
      description="Check your packs and add a discount code. Prices and discounts are worked out on our server."
      breadcrumbs={[
        { label: "Pricing plans", to: "/pricing-plans" },
        { label: "Choose tier", to: "/checkout-tiers" },
        { label: "Review" },
      ]}
      currentStep={1}
      summary={{
        ...summary,
        action: {
          label: "Continue to payment",
          pendingLabel: "Updating prices…",
          pending: loading || !cart.ready,
          disabled: Boolean(codeError) || Boolean(error),
          onClick: () => navigate("/product-payment"),
        },
        emptyMessage: "Your cart is empty.",
        assurance: codeError
          ? "Remove or change the code to continue."
          : "You review everything once more before paying.",
      }}
    >
      {!cart.ready ? (
        <p className="text-ink-soft" role="status">
          Loading your cart…
        </p>
      ) : cart.items.length === 0 ? (
        <EmptyState size="page">
          <ShoppingBag aria-hidden className="size-10 text-ink-faint" />
          <p className="mt-1 font-medium text-ink">Your cart is empty</p>
          <p className="text-sm text-ink-soft">Choose a pack of tokens to make more art.</p>
          <Link to="/pricing-plans" className={buttonClass({ className: "mt-3" })}>
            See the packs
          </Link>
        </EmptyState>
      ) : (
        <div className="space-y-8">
          <ul
            className="divide-y divide-line rounded-2xl border border-line bg-paper-raised"
            aria-label="Packs in your cart"
          >
            {cart.items.map((item) => {
              const product = byId.get(item.productId);
              const line = quote?.lines.find((l) => l.productId === item.productId);
              const known = product?.name ?? line?.name;
              // "Starter pack"; a pack that left the shop has no name to show.
              const packName = known ? `${known} pack` : "A pack no longer sold";
              return (
                <li key={item.productId} className="flex flex-wrap items-center gap-4 p-4 sm:p-5">
                  <div className="min-w-40 flex-1">
                    <p className="font-medium text-ink">{packName}</p>
                    <p className="text-sm text-ink-soft">
                      {product
                        ? `${formatCount(product.tokens + product.bonusTokens)} tokens · ${formatMoney(product.priceMinor, product.currency)} each`
                        : "Remove it to continue."}
                    </p>
                  </div>
                  <QuantityStepper
                    value={item.quantity}
                    onChange={(q) => void cart.setQuantity(item.productId, q)}
                    label={packName}
                    disabled={!product}
                  />
                  <p className="w-24 text-right font-medium tabular-nums text-ink">
                    {line ? formatMoney(line.subtotalMinor, quote!.currency) : "—"}
                  </p>
                  <button
                    type="button"
                    onClick={() => void cart.remove(item.productId)}
                    className="grid size-9 place-items-center rounded-full text-ink-soft hover:bg-paper-sunken hover:text-danger"
                    aria-label={known ? `Remove the ${known} pack` : "Remove the pack no longer sold"}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </button>
                </li>
              );
            })}
          </ul>
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          {cart.error ? <FormMessage tone="error">{cart.error}</FormMessage> : null}

          <section aria-labelledby="code-heading" className="rounded-2xl border border-line bg-paper-raised p-5">
            <h2 id="code-heading" className="flex items-center gap-2 font-medium text-ink">
              <BadgePercent aria-hidden className="size-4 text-accent" /> Discount code
            </h2>
            {code && quote?.discount ? (
              <div className="mt-3 flex flex-wrap items-center justify-between gap-3" role="status">
                <p className="text-success">
                  <strong>{quote.discount.code}</strong> applied: you save{" "}
                  {formatMoney(quote.discountMinor, quote.currency)}.
                </p>
                <button
                  type="button"
                  onClick={removeCode}
                  className="text-sm font-medium text-ink-soft underline-offset-4 hover:underline"
                >
                  Remove code
                </button>
              </div>
            ) : (
              <form onSubmit={applyCode} noValidate className="mt-3 flex flex-wrap items-start gap-3">
                <TextField
                  label="Code"
                  name="code"
                  value={draft}
                  onChange={(e) => setDraft(e.target.value)}
                  autoComplete="off"
                  autoCapitalize="characters"
                  className="min-w-48 flex-1"
                  error={codeFieldError ?? codeError}
                />
                <button
                  type="submit"
                  className={buttonClass({ variant: "secondary", className: "mt-7" })}
                  disabled={loading && Boolean(code)}
                >
                  Apply
                </button>
                {code && codeError ? (
                  <button
                    type="button"
                    onClick={removeCode}
                    className="mt-9 text-sm font-medium text-ink-soft underline-offset-4 hover:underline"
                  >
                    Clear
                  </button>
                ) : null}
              </form>
            )}
          </section>
        </div>
      )}
    </ProductLayout>
  );
}

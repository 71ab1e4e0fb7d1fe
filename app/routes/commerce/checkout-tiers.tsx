/** /checkout-tiers: choose a tier and a quantity, see tokens and price update, put it in the cart. */
import { listShopProducts } from "@server/commerce/products";
import { getDb } from "@server/db/client";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { QuantityStepper } from "~/components/commerce/quantity-stepper";
import { formatCount } from "~/lib/format";
import { ProductLayout } from "~/components/product/product-layout";
import { TierOptions } from "~/components/product/tier-options";
import { FormMessage } from "~/components/ui/field";
import { useCart } from "~/lib/use-cart";
import type { Route } from "./+types/checkout-tiers";

export const meta: Route.MetaFunction = () => [{ title: "Choose your tokens · Atelier" }];

export async function loader() {
  return { products: await listShopProducts(getDb()) };
}

/** The last choice on this page, kept in the spec's `product-container` key. */
const CHOICE_KEY = "product-container";

export default function CheckoutTiersPage({ loaderData }: Route.ComponentProps) {
  const { products } = loaderData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const cart = useCart();
  const requested = params.get("product");
  const fallback = products.find((p) => p.badge)?.id ?? products[0]?.id ?? null;
  const [selectedId, setSelectedId] = useState<string | null>(
    products.some((p) => p.id === requested) ? requested : fallback,
  );
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);

  // Restore the last choice when the page was opened without one.
  useEffect(() => {
    if (requested) return;
    try {
      const saved = JSON.parse(window.localStorage.getItem(CHOICE_KEY) ?? "null") as {
        productId?: string;
        quantity?: number;
      } | null;
      if (saved?.productId && products.some((p) => p.id === saved.productId)) setSelectedId(saved.productId);
      if (saved?.quantity && saved.quantity >= 1) setQuantity(Math.min(20, Math.floor(saved.quantity)));
    } catch {
      // nothing saved
    }
  }, [requested, products]);
  useEffect(() => {
    try {
      window.localStorage.setItem(CHOICE_KEY, JSON.stringify({ productId: selectedId, quantity }));
    } catch {
      // storage unavailable
    }
  }, [selectedId, quantity]);

  const product = products.find((p) => p.id === selectedId) ?? null;
  const currency = product?.currency ?? "USD";
  async function addToCart() {
    if (!product) return;
    setBusy(true);
    await cart.add(product.id, quantity);
    setBusy(false);
    navigate("/product-overview");
  }

  return (
    <ProductLayout
      title="Choose your tokens"
      description="Pick a pack and how many. Tokens are added to your account as soon as the payment goes through."
      breadcrumbs={[{ label: "Pricing plans", to: "/pricing-plans" }, { label: "Choose tier" }]}
      currentStep={0}
      summary={{
        currency,
        lineItems: product
          ? [
              {
                id: product.id,
                label: `${product.name} pack`,
                detail: `${formatCount(product.tokens + product.bonusTokens)} tokens each`,
                unitAmountMinor: product.priceMinor,
                quantity,
              },
            ]
          : [],
        tokens: product ? (product.tokens + product.bonusTokens) * quantity : 0,
        action: {
          label: "Add to cart",
          pendingLabel: "Adding…",
          pending: busy || !cart.ready,
          onClick: addToCart,
          disabled: !product,
        },
        emptyMessage: "Choose a pack to see its price.",
        assurance: "Prices are confirmed on the next step, before you pay.",
      }}
    >
      {products.length === 0 ? (
        <FormMessage tone="info">No packs are on sale right now.</FormMessage>
      ) : (
        <div className="space-y-8">
          <TierOptions
            legend="Token packs"
            hideLegend
            name="productId"
            currency={currency}
            value={selectedId}
            onChange={setSelectedId}
            options={products.map((p) => ({
              id: p.id,
              name: p.name,
              description: p.description,
              tokens: p.tokens,
              bonusTokens: p.bonusTokens,
              priceMinor: p.priceMinor,
              ...(p.badge ? { badge: p.badge } : {}),
            }))}
          />
          <div className="flex flex-wrap items-center gap-4 rounded-2xl border border-line bg-paper-raised p-5">
            <div className="flex-1">
              <p className="font-medium text-ink">How many packs?</p>
              <p className="text-sm text-ink-soft">Up to 20 of one pack at a time.</p>
            </div>
            <QuantityStepper
              value={quantity}
              onChange={setQuantity}
              label={product ? `${product.name} pack` : "pack"}
              disabled={!product}
            />
          </div>
          {cart.error ? <FormMessage tone="error">{cart.error}</FormMessage> : null}
        </div>
      )}
    </ProductLayout>
  );
}

/** /pricing-plans: the token packs side by side, what each includes, how tokens are spent, the FAQ and the redeem event. */
import { getUser } from "@server/auth/guards";
import { listShopProducts } from "@server/commerce/products";
import { listPublishedFaqs } from "@server/content/faqs";
import { getRedeemWindow } from "@server/commerce/redeem-codes";
import { loadFeatureFlags } from "@server/content/feature-flags";
import { getDb } from "@server/db/client";
import { loadTokenSettings } from "@server/generation/token-settings";
import { Check, ChevronDown, Coins, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { RedeemCard } from "~/components/commerce/redeem-card";
import { formatCount, formatMoney } from "~/lib/format";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { Route } from "./+types/pricing-plans";
import { SectionHeading } from "~/components/ui/page-heading";
import { EmptyState } from "~/components/ui/empty-state";

export const meta: Route.MetaFunction = () => [
  { title: "Pricing plans · Atelier" },
  {
    name: "description",
    content:
      "Token packs for making artwork with Atelier: prices, what each includes, and answers to common questions.",
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const [products, faqs, settings, flags, viewer] = await Promise.all([
    listShopProducts(db),
    listPublishedFaqs(db),
    loadTokenSettings(db),
    loadFeatureFlags(db),
    getUser(request),
  ]);
  return {
    products,
    faqs,
    costs: { small: settings.costs.text["512"], large: settings.costs.text["1024"] },
    redeem: flags.countdown_timer_token_redeem
      ? { window: await getRedeemWindow(db), now: new Date().toISOString() }
      : null,
    signedIn: viewer !== null,
  };
}

export default function PricingPlansPage({ loaderData }: Route.ComponentProps) {
  const { products, faqs, costs, redeem, signedIn } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mx-auto max-w-2xl text-center">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-accent-strong">
          <Sparkles aria-hidden className="size-4" /> Tokens never expire
        </p>
        <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight text-balance text-ink sm:text-5xl">
          Pricing plans
        </h1>
        <p className="mt-3 text-lg text-pretty text-ink-soft">
          Buy a pack of tokens once and spend it on any mode and style. A {costs.small}-token picture at 512 px,{" "}
          {costs.large} tokens at 1024 px; a failed picture gives its tokens back.
        </p>
      </header>

      {products.length === 0 ? (
        <EmptyState size="list" className="mx-auto mt-12 max-w-lg">
          No packs are on sale right now. Come back soon.
        </EmptyState>
      ) : (
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 xl:grid-cols-4" aria-label="Token packs">
          {products.map((product) => {
            const total = product.tokens + product.bonusTokens;
            const highlighted = Boolean(product.badge);
            return (
              <li
                key={product.id}
                className={cn(
                  "relative flex flex-col rounded-3xl border bg-paper-raised p-6 shadow-sm",
                  highlighted ? "border-accent shadow-lg shadow-accent/10 ring-1 ring-accent" : "border-line",
                )}
              >
                {product.imageUrl ? (
                  <img
                    src={product.imageUrl}
                    alt=""
                    loading="lazy"
                    className="-mx-6 -mt-6 mb-5 aspect-[16/9] w-[calc(100%+3rem)] max-w-none rounded-t-3xl object-cover"
                  />
                ) : null}
                {product.badge ? (
                  <span className="absolute -top-3 left-6 z-10 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-paper">
                    {product.badge}
                  </span>
                ) : null}
                <SectionHeading large>{product.name}</SectionHeading>
                <p className="mt-1 min-h-12 text-sm text-ink-soft">{product.description}</p>
                <p className="mt-4 flex items-baseline gap-1">
                  <span className="font-display text-4xl font-semibold tracking-tight text-ink">
                    {formatMoney(product.priceMinor, product.currency)}
                  </span>
                  <span className="text-sm text-ink-soft">once</span>
                </p>
                <p className="mt-2 flex items-center gap-1.5 font-medium text-ink">
                  <Coins aria-hidden className="size-4 text-accent" />
                  {formatCount(total)} tokens
                </p>
                <p className="mt-0.5 min-h-5 pl-5.5 text-sm text-success">
                  {product.bonusTokens > 0 ? `including ${formatCount(product.bonusTokens)} bonus tokens` : ""}
                </p>
                <ul className="mt-5 flex-1 space-y-2 text-sm text-ink-soft">
                  {/* Worked out from today's prices, so it never promises more than the tokens buy. */}
                  <li className="flex gap-2">
                    <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
                    About {formatCount(Math.floor(total / costs.small))} pictures at 512 px, or{" "}
                    {formatCount(Math.floor(total / costs.large))} at 1024 px
                  </li>
                  {product.features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
                      {feature}
                    </li>
                  ))}
                </ul>
                <Link
                  to={`/checkout-tiers?product=${product.id}`}
                  className={buttonClass({ variant: highlighted ? "primary" : "secondary", className: "mt-6 w-full" })}
                >
                  Choose {product.name}
                </Link>
              </li>
            );
          })}
        </ul>
      )}

      {redeem ? (
        <div className="mx-auto mt-14 max-w-4xl">
          <RedeemCard window={redeem.window} serverNow={redeem.now} signedIn={signedIn} />
        </div>
      ) : null}

      {faqs.length > 0 ? (
        <section aria-labelledby="faq-heading" className="mx-auto mt-16 max-w-3xl">
          <h2 id="faq-heading" className="text-center font-display text-3xl font-semibold text-ink">
            Questions and answers
          </h2>
          <div className="mt-8 divide-y divide-line rounded-3xl border border-line bg-paper-raised">
            {faqs.map((faq) => (
              <details key={faq.id} className="group px-6 py-4">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-ink">
                  {faq.question}
                  <ChevronDown aria-hidden className="size-5 shrink-0 text-ink-soft transition group-open:rotate-180" />
                </summary>
                <p className="mt-3 whitespace-pre-line text-ink-soft">{faq.answer}</p>
              </details>
            ))}
          </div>
        </section>
      ) : null}

      <section className="mx-auto mt-16 max-w-3xl rounded-3xl bg-ink px-6 py-10 text-center text-paper sm:px-10">
        <h2 className="font-display text-3xl font-semibold">Not sure yet?</h2>
        <p className="mt-2 text-paper/80">
          Every new account starts with free tokens. Make a few pictures first, then choose a pack.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/ai/ai-text-to-art" className={buttonClass({ variant: "inverse" })}>
            Try text to art
          </Link>
          <Link to="/community/main" className={buttonClass({ variant: "inverse-outline" })}>
            See what people make
          </Link>
        </div>
      </section>
    </div>
  );
}

/**
 * /pricing-plans: the memberships (issue 41) with a monthly/yearly switch that works without the
 * page's script, each perk in plain words; the token packs side by side, what each includes, how
 * tokens are spent, the FAQ and the redeem event. Visitors may be served a kept copy (it reads
 * nothing of them); a signed-in person's page says which plan is theirs, so it is rendered for them.
 */
import { getUser } from "@server/auth/guards";
import {
  allowancePerPeriod,
  findLivePlanId,
  listPlansForSale,
  monthlyValueMinor,
} from "@server/commerce/memberships/plans";
import { listShopProducts } from "@server/commerce/products";
import { listPublishedFaqs } from "@server/content/faqs";
import { getRedeemWindow } from "@server/commerce/redeem-codes";
import { loadFeatureFlags } from "@server/content/feature-flags";
import { getDb } from "@server/db/client";
import { loadTokenSettings } from "@server/generation/token-settings";
import { Check, ChevronDown, Coins, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { RedeemCard } from "~/components/commerce/redeem-card";
import { formatCount, formatMoney } from "~/lib/format";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { Route } from "./+types/pricing-plans";
import { EmptyState } from "~/components/ui/empty-state";
import { STANDARD_MAX_SIZE } from "~/lib/generation-constants";
import { FormMessage } from "~/components/ui/field";
import { membershipErrorMessage } from "~/lib/membership-constants";

export const meta: Route.MetaFunction = () => [
  { title: "Pricing plans · Atelier" },
  {
    name: "description",
    content:
      "Memberships and token packs for making artwork with Atelier: prices, tokens each month, perks, what each pack includes, and answers to common questions.",
  },
];

/** The person's live plan, for "Your plan": only a signed-in person has one. */
async function livePlanOf(request: Request): Promise<string | null> {
  const viewer = await getUser(request);
  return viewer ? findLivePlanId(getDb(), viewer.userUid) : null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const [products, plans, faqs, settings, flags, viewer, livePlanId] = await Promise.all([
    listShopProducts(db),
    listPlansForSale(db),
    listPublishedFaqs(db),
    loadTokenSettings(db),
    loadFeatureFlags(db),
    getUser(request),
    livePlanOf(request),
  ]);
  const topPriority = Math.max(0, ...plans.map((p) => p.queuePriority));
  return {
    products,
    plans: plans.map((plan) => {
      const twelveMonths = plan.monthlyPriceMinor * 12;
      const savingMinor = Math.max(0, twelveMonths - plan.yearlyPriceMinor);
      return {
        ...plan,
        yearlyPerMonthMinor: monthlyValueMinor(plan, "year"),
        tokensPerYear: allowancePerPeriod(plan, "year"),
        savingMinor,
        savingPercent: savingMinor > 0 ? Math.round((savingMinor / twelveMonths) * 100) : 0,
        startsFirst: plan.queuePriority > 0 && plan.queuePriority === topPriority,
      };
    }),
    billing: new URL(request.url).searchParams.get("billing") === "year" ? ("year" as const) : ("month" as const),
    // Where /api/memberships sends a refused form back, and the checkout's cancel page: codes only, worded here.
    membershipNotice: membershipNoticeOf(new URL(request.url).searchParams),
    everyone: { jobs: settings.maxConcurrentJobs, size: STANDARD_MAX_SIZE },
    livePlanId,
    faqs,
    costs: { small: settings.costs.text["512"], large: settings.costs.text["1024"] },
    redeem: flags.countdown_timer_token_redeem
      ? { window: await getRedeemWindow(db), now: new Date().toISOString() }
      : null,
    signedIn: viewer !== null,
  };
}

export default function PricingPlansPage({ loaderData }: Route.ComponentProps) {
  const { products, plans, faqs, costs, redeem, signedIn } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mx-auto max-w-2xl text-center">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-accent-strong">
          <Sparkles aria-hidden className="size-4" /> Bought tokens never expire
        </p>
        <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight text-balance text-ink sm:text-5xl">
          Pricing plans
        </h1>
        <p className="mt-3 text-lg text-pretty text-ink-soft">
          {plans.length > 0 ? "Become a member for tokens every month and perks, or buy" : "Buy"} a pack of tokens once
          and spend it on any mode and style. A {costs.small}-token picture at 512 px, {costs.large} tokens at 1024 px;
          a failed picture gives its tokens back.
        </p>
      </header>

      {plans.length > 0 ? <Memberships data={loaderData} /> : null}

      <h2
        id="packs-heading"
        className={cn(
          "text-center font-display font-semibold text-ink",
          plans.length > 0 ? "mt-16 text-3xl" : "sr-only",
        )}
      >
        Token packs
      </h2>
      {plans.length > 0 ? (
        <p className="mx-auto mt-2 max-w-2xl text-center text-ink-soft">
          Pay once, no membership: the tokens stay until you spend them.
        </p>
      ) : null}
      {products.length === 0 ? (
        <EmptyState size="list" className="mx-auto mt-12 max-w-lg">
          No packs are on sale right now. Come back soon.
        </EmptyState>
      ) : (
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 xl:grid-cols-4" aria-labelledby="packs-heading">
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
                <h3 className="font-display text-2xl font-semibold text-ink">{product.name}</h3>
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

type PlanCard = Route.ComponentProps["loaderData"]["plans"][number];

/** While "Yearly" is checked, monthly parts are hidden and yearly ones shown: CSS alone, so it works before the script. */
const ONLY_MONTHLY = "group-has-[#billing-year:checked]/billing:hidden";
const ONLY_YEARLY = "hidden group-has-[#billing-year:checked]/billing:block";

/** One choice of the Monthly/Yearly switch: a radio button drawn as a pill, keyboard-usable as radios are. */
function BillingChoice({
  value,
  checked,
  children,
}: {
  value: "month" | "year";
  checked: boolean;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        "flex min-h-10 cursor-pointer items-center gap-2 rounded-full px-4 py-2 text-sm font-medium text-ink-soft transition",
        "has-[:checked]:bg-paper-raised has-[:checked]:text-ink has-[:checked]:shadow-sm",
        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent",
      )}
    >
      <input
        type="radio"
        name="billing"
        id={`billing-${value}`}
        value={value}
        defaultChecked={checked}
        className="sr-only"
      />
      {children}
    </label>
  );
}

function Perk({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-2">
      <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
      <span>{children}</span>
    </li>
  );
}

/** The plans on sale, with the Monthly/Yearly switch; each card says what its perks mean and how to join. */
function membershipNoticeOf(query: URLSearchParams): { tone: "error" | "info"; text: string } | null {
  const error = query.get("membership_error");
  if (error) return { tone: "error", text: membershipErrorMessage(error.slice(0, 40), "start") };
  if (query.get("membership") === "canceled")
    return {
      tone: "info",
      text: "You left the payment page: nothing was charged, and you can join whenever you like.",
    };
  return null;
}

function Memberships({ data }: { data: Route.ComponentProps["loaderData"] }) {
  const { plans, billing, everyone, livePlanId, costs, membershipNotice } = data;
  const bestSaving = Math.max(...plans.map((p) => p.savingPercent));
  const member = livePlanId !== null;
  const onRetiredPlan = member && !plans.some((p) => p.id === livePlanId);
  return (
    <section aria-labelledby="memberships-heading" className="group/billing mt-12">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="memberships-heading" className="font-display text-3xl font-semibold text-ink">
          Memberships
        </h2>
        <p className="mt-2 text-pretty text-ink-soft">
          Tokens every month without thinking about it, and perks while you are a member. Cancel any time: the perks
          last to the end of the period you paid for.
        </p>
      </div>
      {membershipNotice ? (
        <FormMessage tone={membershipNotice.tone} className="mx-auto mt-6 max-w-2xl">
          {membershipNotice.text}
        </FormMessage>
      ) : null}
      <fieldset className="mx-auto mt-6 flex w-fit max-w-full flex-wrap justify-center gap-1 rounded-full bg-paper-sunken p-1 ring-1 ring-line">
        <legend className="sr-only">Billing</legend>
        <BillingChoice value="month" checked={billing === "month"}>
          Monthly
        </BillingChoice>
        <BillingChoice value="year" checked={billing === "year"}>
          Yearly
          {bestSaving > 0 ? (
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-success">
              save up to {bestSaving}%
            </span>
          ) : null}
        </BillingChoice>
      </fieldset>
      {onRetiredPlan ? (
        <p className="mx-auto mt-6 max-w-2xl text-center text-sm text-ink-soft">
          Your plan is no longer sold; you keep it until you change.{" "}
          <Link to="/user-profile#membership" className="font-medium text-accent hover:underline">
            See your membership
          </Link>
        </p>
      ) : null}
      <ul
        className={cn(
          "mx-auto mt-8 grid gap-6 md:grid-cols-2",
          plans.length >= 3 ? "max-w-6xl lg:grid-cols-3" : "max-w-4xl",
        )}
        aria-labelledby="memberships-heading"
      >
        {plans.map((plan) => (
          <PlanCardItem
            key={plan.id}
            plan={plan}
            everyone={everyone}
            costs={costs}
            mine={plan.id === livePlanId}
            member={member}
          />
        ))}
      </ul>
    </section>
  );
}

function PlanCardItem({
  plan,
  everyone,
  costs,
  mine,
  member,
}: {
  plan: PlanCard;
  everyone: { jobs: number; size: number };
  costs: { small: number; large: number };
  mine: boolean;
  member: boolean;
}) {
  const money = (minor: number) => formatMoney(minor, plan.currency);
  const pictures = `${formatCount(plan.maxConcurrentJobs)} ${plan.maxConcurrentJobs === 1 ? "picture" : "pictures"}`;
  return (
    <li
      className={cn(
        "relative flex flex-col rounded-3xl border bg-paper-raised p-6 shadow-sm",
        mine ? "border-accent shadow-lg shadow-accent/10 ring-1 ring-accent" : "border-line",
      )}
    >
      {mine ? (
        <span className="absolute -top-3 left-6 z-10 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-paper">
          Your plan
        </span>
      ) : null}
      <h3 className="font-display text-2xl font-semibold text-ink">{plan.name}</h3>
      {plan.description ? <p className="mt-1 text-sm text-ink-soft">{plan.description}</p> : null}

      <div className="mt-4">
        <p className={cn("flex flex-wrap items-baseline gap-x-1", ONLY_MONTHLY)}>
          <span className="font-display text-4xl font-semibold tracking-tight text-ink">
            {money(plan.monthlyPriceMinor)}
          </span>
          <span className="text-sm text-ink-soft">a month</span>
        </p>
        <p className={cn("mt-1 text-sm text-ink-soft", ONLY_MONTHLY)}>Charged every month.</p>
        <p
          className={cn(
            "flex-wrap items-baseline gap-x-1",
            ONLY_YEARLY,
            "group-has-[#billing-year:checked]/billing:flex",
          )}
        >
          <span className="font-display text-4xl font-semibold tracking-tight text-ink">
            {money(plan.yearlyPerMonthMinor)}
          </span>
          <span className="text-sm text-ink-soft">a month</span>
        </p>
        <p className={cn("mt-1 text-sm text-ink-soft", ONLY_YEARLY)}>
          {money(plan.yearlyPriceMinor)} charged once a year
          {plan.savingMinor > 0 ? (
            <>
              {" "}
              —{" "}
              <span className="font-medium text-success">
                you save {money(plan.savingMinor)} ({plan.savingPercent}%)
              </span>
            </>
          ) : null}
          .
        </p>
      </div>

      <p className="mt-4 flex items-center gap-1.5 font-medium text-ink">
        <Coins aria-hidden className="size-4 shrink-0 text-accent" />
        <span className={ONLY_MONTHLY}>{formatCount(plan.tokensPerMonth)} tokens every month</span>
        <span className={ONLY_YEARLY}>
          {formatCount(plan.tokensPerYear)} tokens each year ({formatCount(plan.tokensPerMonth)} a month)
        </span>
      </p>
      <p className="mt-0.5 pl-5.5 text-sm text-ink-soft">
        About {formatCount(Math.floor(plan.tokensPerMonth / costs.small))} pictures a month at 512 px, or{" "}
        {formatCount(Math.floor(plan.tokensPerMonth / costs.large))} at 1024 px
      </p>

      <h4 className="sr-only">Perks of {plan.name}</h4>
      <ul className="mt-5 flex-1 space-y-2 text-sm text-ink-soft">
        <Perk>
          {pictures} in progress at once (everyone else: {formatCount(everyone.jobs)})
        </Perk>
        {plan.queuePriority > 0 ? (
          <Perk>
            {plan.startsFirst
              ? "Your pictures start first when the queue is busy"
              : "Your pictures start before non-members' when the queue is busy"}
          </Perk>
        ) : null}
        {plan.maxSize > everyone.size ? (
          <Perk>
            Pictures up to {plan.maxSize} × {plan.maxSize} (everyone else: {everyone.size} × {everyone.size})
          </Perk>
        ) : null}
        <Perk>
          A{" "}
          <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-strong">
            {plan.badge}
          </span>{" "}
          badge beside your name on your creator page and comments
        </Perk>
      </ul>

      {mine ? (
        <Link to="/user-profile#membership" className={buttonClass({ variant: "secondary", className: "mt-6 w-full" })}>
          Manage your membership
        </Link>
      ) : member ? (
        <Link
          to="/user-profile#membership"
          className={buttonClass({ variant: "secondary", className: "mt-6 w-full" })}
          aria-label={`Change plan to ${plan.name}`}
        >
          Change plan
        </Link>
      ) : (
        (["month", "year"] as const).map((interval) => (
          // A plain form: it works before the page's script, and the answer is a redirect to the payment page.
          <form
            key={interval}
            method="post"
            action="/api/memberships"
            className={cn("mt-6", interval === "month" ? ONLY_MONTHLY : ONLY_YEARLY)}
          >
            <input type="hidden" name="planId" value={plan.id} />
            <input type="hidden" name="interval" value={interval} />
            <button type="submit" className={buttonClass({ className: "w-full" })}>
              Join {plan.name}
            </button>
          </form>
        ))
      )}
    </li>
  );
}

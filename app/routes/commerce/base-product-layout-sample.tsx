import { BadgePercent, Info, RotateCcw, Sparkles, Zap } from "lucide-react";
import { useId, useState } from "react";
import { type OrderLineItem, ProductLayout, orderSubtotal } from "~/components/product/product-layout";
import { type TierOption, TierOptions } from "~/components/product/tier-options";
import { formatCount } from "~/lib/format";
import { SectionHeading } from "~/components/ui/page-heading";

export const meta = () => [
  { title: "Product layout sample — Atelier" },
  {
    name: "description",
    content:
      "The product layout used by Atelier's commerce pages, shown with sample token packs. Nothing on this page can be bought.",
  },
];

const CURRENCY = "USD";

/** Example packs only: real products come from the shop's catalogue. */
const SAMPLE_PACKS: TierOption[] = [
  {
    id: "sample-starter",
    name: "Starter",
    description: "Enough to try every way of creating.",
    tokens: 500,
    priceMinor: 499,
  },
  {
    id: "sample-creator",
    name: "Creator",
    description: "For a few new pieces every week.",
    tokens: 1200,
    bonusTokens: 100,
    priceMinor: 999,
    badge: "Most popular",
  },
  {
    id: "sample-studio",
    name: "Studio",
    description: "For series, experiments and remixes.",
    tokens: 3000,
    bonusTokens: 400,
    priceMinor: 2199,
  },
  {
    id: "sample-atelier",
    name: "Atelier",
    description: "For people who make art most days.",
    tokens: 7500,
    bonusTokens: 1500,
    priceMinor: 4999,
  },
];

const SAMPLE_DISCOUNT = { code: "SAMPLE10", percent: 10 };

export default function BaseProductLayoutSample() {
  const [selectedId, setSelectedId] = useState<string | null>("sample-creator");
  const [discountOn, setDiscountOn] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const discountId = useId();

  const pack = SAMPLE_PACKS.find((p) => p.id === selectedId) ?? null;
  const lineItems: OrderLineItem[] = pack
    ? [
        {
          id: pack.id,
          label: `${pack.name} pack`,
          detail: `${formatCount(pack.tokens)} tokens`,
          unitAmountMinor: pack.priceMinor,
        },
        ...(pack.bonusTokens
          ? [
              {
                id: `${pack.id}-bonus`,
                label: "Bonus tokens",
                detail: `+${formatCount(pack.bonusTokens)} tokens`,
                unitAmountMinor: 0,
              },
            ]
          : []),
      ]
    : [];
  const subtotal = orderSubtotal(lineItems);
  // Integer arithmetic on minor units: round the percentage to the nearest cent.
  const discountMinor = discountOn ? Math.round((subtotal * SAMPLE_DISCOUNT.percent) / 100) : 0;
  const tokens = pack ? pack.tokens + (pack.bonusTokens ?? 0) : 0;

  return (
    <ProductLayout
      banner={<SampleBanner />}
      breadcrumbs={[
        { label: "Home", to: "/" },
        { label: "Pricing plans", to: "/pricing-plans" },
        { label: "Product layout sample" },
      ]}
      title="Choose your token pack"
      description="Tokens pay for every creation: text, image or doodle to art. Pick the pack that suits how often you make things."
      steps={["Choose tier", "Review", "Pay"]}
      currentStep={0}
      summary={{
        currency: CURRENCY,
        lineItems,
        discount:
          discountMinor > 0
            ? { label: `Code ${SAMPLE_DISCOUNT.code} (${SAMPLE_DISCOUNT.percent}% off)`, amountMinor: discountMinor }
            : null,
        tokens,
        emptyMessage: "Choose a pack to see your order.",
        action: {
          label: "Continue to review",
          onClick: () =>
            setNotice(
              "This is a sample layout, so there is no next step. On a real product page this opens the review step.",
            ),
        },
        assurance: "Sample only: nothing is charged on this page",
        footnote:
          "Sample prices in US dollars. On real product pages, prices and packs come from the shop's catalogue.",
        children: (
          <p
            role="status"
            className={
              notice
                ? "rounded-xl border border-dashed border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-900"
                : "sr-only"
            }
          >
            {notice}
          </p>
        ),
      }}
    >
      <div className="space-y-8">
        <TierOptions
          legend="Token packs (sample)"
          name="pack"
          options={SAMPLE_PACKS}
          value={selectedId}
          onChange={(id) => {
            setSelectedId(id);
            setNotice(null);
          }}
          currency={CURRENCY}
        />

        <div className="rounded-2xl border border-line bg-paper-raised p-5">
          <div className="flex items-start gap-3">
            <input
              id={discountId}
              type="checkbox"
              checked={discountOn}
              onChange={(event) => setDiscountOn(event.target.checked)}
              className="mt-1 size-4 shrink-0 accent-accent"
            />
            <label htmlFor={discountId} className="cursor-pointer">
              <span className="flex items-center gap-2 font-medium text-ink">
                <BadgePercent aria-hidden className="size-4 text-accent" />
                Apply the sample discount code {SAMPLE_DISCOUNT.code}
              </span>
              <span className="mt-0.5 block text-sm text-ink-soft">
                Takes {SAMPLE_DISCOUNT.percent}% off the subtotal, to show how discounts appear in the summary.
              </span>
            </label>
          </div>
        </div>

        <section aria-labelledby="sample-included-heading">
          <SectionHeading id="sample-included-heading">Every pack includes</SectionHeading>
          <ul className="mt-4 grid gap-3 sm:grid-cols-3">
            {INCLUDED.map(({ icon: ItemIcon, title, body }) => (
              <li key={title} className="rounded-2xl bg-paper-sunken p-4">
                <ItemIcon aria-hidden className="size-5 text-accent" />
                <p className="mt-3 font-medium text-ink">{title}</p>
                <p className="mt-1 text-sm text-ink-soft">{body}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </ProductLayout>
  );
}

const INCLUDED = [
  { icon: Sparkles, title: "Every way to create", body: "Spend tokens on text, image or doodle to art." },
  { icon: RotateCcw, title: "Refunds on failures", body: "If a generation fails, its tokens come straight back." },
  { icon: Zap, title: "Ready right away", body: "Tokens land in your account as soon as payment clears." },
] as const;

function SampleBanner() {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-2xl border border-dashed border-amber-400 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-600" />
      <p className="text-sm">
        <span className="font-semibold">Sample layout — the products shown are examples.</span> This page shows the
        layout the commerce pages share, filled with sample content. Nothing here can be bought.
      </p>
    </div>
  );
}

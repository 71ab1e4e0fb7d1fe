import { Check, ChevronRight, Coins, Lock } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { DEFAULT_LOCALE, formatCount, formatMoney } from "~/lib/format";
import { SectionHeading } from "~/components/ui/page-heading";

/** The steps every purchase goes through, in order. */
export const CHECKOUT_STEPS = ["Choose tier", "Review", "Pay"] as const;

export type Breadcrumb = { label: string; to?: string };

export type OrderLineItem = {
  id: string;
  label: string;
  /** A short second line, e.g. "1,200 tokens". */
  detail?: string;
  /** Price of one unit, in integer minor units (cents). 0 shows as "Included". */
  unitAmountMinor: number;
  quantity?: number;
};

export type OrderDiscount = {
  label: string;
  /** How much comes off, in integer minor units; never more than the subtotal. */
  amountMinor: number;
};

export type OrderAction = {
  label: string;
  /** A link to the next step… */
  href?: string;
  /** …or a button. `type: "submit"` with `form` submits a form in the main column. */
  onClick?: () => void;
  type?: "button" | "submit";
  form?: string;
  disabled?: boolean;
  /** Shown instead of the label while the next step loads. */
  pendingLabel?: string;
  pending?: boolean;
};

export type OrderSummaryProps = {
  currency: string;
  locale?: string;
  lineItems: OrderLineItem[];
  discount?: OrderDiscount | null;
  /** Tokens the buyer receives with this order. */
  tokens: number;
  action: OrderAction;
  /** Shown when there are no line items yet. */
  emptyMessage?: string;
  /** One reassuring line under the action, e.g. how payment is handled. */
  assurance?: ReactNode;
  /** Small print at the bottom (terms, what happens next). */
  footnote?: ReactNode;
  /** Extra content between the totals and the action, e.g. a discount code field. */
  children?: ReactNode;
  className?: string;
};

export type ProductLayoutProps = {
  title: string;
  description?: ReactNode;
  breadcrumbs?: Breadcrumb[];
  steps?: readonly string[];
  /** Index into `steps` of the step this page is (0-based). */
  currentStep?: number;
  /** Shown above everything else, full width (notices, sample banners). */
  banner?: ReactNode;
  summary: OrderSummaryProps;
  children: ReactNode;
};

/** The sum of the line items, in minor units. */
export function orderSubtotal(lineItems: OrderLineItem[]): number {
  return lineItems.reduce((sum, item) => sum + item.unitAmountMinor * (item.quantity ?? 1), 0);
}

/**
 * The layout every commerce page shares: breadcrumb, title, the checkout steps and the page's
 * content on the left; a sticky order summary on the right. On small screens it is one column,
 * with the summary after the content.
 */
export function ProductLayout({
  title,
  description,
  breadcrumbs,
  steps = CHECKOUT_STEPS,
  currentStep = 0,
  banner,
  summary,
  children,
}: ProductLayoutProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 pb-8 sm:px-6 sm:pt-10">
      {banner ? <div className="mb-6 sm:mb-8">{banner}</div> : null}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-10 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0">
          {breadcrumbs && breadcrumbs.length > 0 ? <Breadcrumbs items={breadcrumbs} /> : null}
          <header className="mt-4">
            <h1 className="font-display text-3xl font-semibold tracking-tight text-balance text-ink sm:text-4xl">
              {title}
            </h1>
            {description ? (
              <div className="mt-2 max-w-2xl text-base text-pretty text-ink-soft sm:text-lg">{description}</div>
            ) : null}
          </header>
          {steps.length > 0 ? <StepsIndicator steps={steps} current={currentStep} className="mt-6" /> : null}
          <div className="mt-8">{children}</div>
        </div>
        <OrderSummary {...summary} className={cn("lg:sticky lg:top-24", summary.className)} />
      </div>
    </div>
  );
}

export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-ink-faint">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={item.to ?? item.label} className="flex items-center gap-1">
              {item.to && !last ? (
                <Link
                  to={item.to}
                  className="rounded-sm text-ink-soft underline-offset-4 hover:text-ink hover:underline"
                >
                  {item.label}
                </Link>
              ) : (
                <span aria-current={last ? "page" : undefined} className={cn(last && "font-medium text-ink")}>
                  {item.label}
                </span>
              )}
              {!last ? <ChevronRight aria-hidden className="size-3.5" /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export function StepsIndicator({
  steps,
  current,
  className,
}: {
  steps: readonly string[];
  current: number;
  className?: string;
}) {
  return (
    <nav aria-label="Checkout progress" className={className}>
      <ol className="flex max-w-xl items-center gap-2 sm:gap-3">
        {steps.map((step, i) => {
          const done = i < current;
          const isCurrent = i === current;
          return (
            <li
              key={step}
              aria-current={isCurrent ? "step" : undefined}
              className={cn("flex items-center gap-2 sm:gap-3", i > 0 ? "min-w-0 flex-1" : "shrink-0")}
            >
              {i > 0 ? (
                <span aria-hidden className={cn("h-px min-w-3 flex-1", i <= current ? "bg-accent" : "bg-line")} />
              ) : null}
              <span
                aria-hidden
                className={cn(
                  "grid size-7 shrink-0 place-items-center rounded-full text-xs font-semibold transition-colors",
                  done && "bg-accent text-paper",
                  isCurrent && "bg-ink text-paper ring-4 ring-accent-soft",
                  !done && !isCurrent && "bg-paper-raised text-ink-faint ring-1 ring-line",
                )}
              >
                {done ? <Check className="size-3.5" strokeWidth={3} /> : i + 1}
              </span>
              <span
                className={cn(
                  "shrink-0 text-sm",
                  isCurrent ? "font-semibold text-ink" : done ? "text-ink-soft" : "text-ink-faint",
                )}
              >
                <span className="sr-only">
                  Step {i + 1} of {steps.length}:{" "}
                </span>
                {step}
                {done ? <span className="sr-only"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The order summary card: line items, subtotal, discount, total, tokens and the next action. */
export function OrderSummary({
  currency,
  locale = DEFAULT_LOCALE,
  lineItems,
  discount,
  tokens,
  action,
  emptyMessage = "Nothing selected yet.",
  assurance,
  footnote,
  children,
  className,
}: OrderSummaryProps) {
  const headingId = useId();
  const money = (amountMinor: number) => formatMoney(amountMinor, currency, locale);
  const subtotal = orderSubtotal(lineItems);
  const discountAmount = discount ? Math.min(Math.max(discount.amountMinor, 0), subtotal) : 0;
  const total = subtotal - discountAmount;
  const empty = lineItems.length === 0;

  const actionClass = cn(
    "inline-flex w-full items-center justify-center gap-2 rounded-full bg-ink px-5 py-3 text-base font-semibold text-paper shadow-sm transition",
    "hover:bg-accent-strong disabled:cursor-not-allowed disabled:bg-ink/40 aria-disabled:cursor-not-allowed aria-disabled:bg-ink/40",
  );
  const actionDisabled = action.disabled || action.pending || empty;
  const actionLabel = action.pending && action.pendingLabel ? action.pendingLabel : action.label;

  return (
    <aside
      aria-labelledby={headingId}
      className={cn("rounded-3xl border border-line bg-paper-raised p-5 shadow-sm shadow-ink/[0.04] sm:p-6", className)}
    >
      <SectionHeading id={headingId}>Order summary</SectionHeading>

      {empty ? (
        <p className="mt-4 rounded-xl bg-paper-sunken px-4 py-6 text-center text-sm text-ink-soft">{emptyMessage}</p>
      ) : (
        <ul className="mt-4 divide-y divide-line border-y border-line">
          {lineItems.map((item) => {
            const quantity = item.quantity ?? 1;
            const amount = item.unitAmountMinor * quantity;
            return (
              <li key={item.id} className="flex items-start justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-ink">
                    {item.label}
                    {quantity > 1 ? <span className="text-ink-soft"> × {formatCount(quantity, locale)}</span> : null}
                  </p>
                  {item.detail ? <p className="mt-0.5 text-sm text-ink-soft">{item.detail}</p> : null}
                </div>
                <p className="shrink-0 text-right font-medium text-ink tabular-nums">
                  {amount === 0 ? "Included" : money(amount)}
                </p>
              </li>
            );
          })}
        </ul>
      )}

      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">Subtotal</dt>
          <dd className="text-ink tabular-nums">{money(subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">
            Discount
            {discount && discountAmount > 0 ? (
              <span className="block text-xs text-ink-faint">{discount.label}</span>
            ) : null}
          </dt>
          <dd className={cn("tabular-nums", discountAmount > 0 ? "font-medium text-success" : "text-ink-faint")}>
            {discountAmount > 0 ? `−${money(discountAmount)}` : money(0)}
          </dd>
        </div>
        <div
          className="flex items-baseline justify-between gap-4 border-t border-line pt-3"
          aria-live="polite"
          aria-atomic="true"
        >
          <dt className="text-base font-semibold text-ink">Total</dt>
          <dd className="font-display text-2xl font-semibold text-ink tabular-nums">{money(total)}</dd>
        </div>
      </dl>

      <div className="mt-4 flex items-center gap-3 rounded-2xl bg-accent-soft px-4 py-3 text-accent-strong">
        <Coins aria-hidden className="size-5 shrink-0" />
        <p className="text-sm">
          You receive <span className="font-semibold tabular-nums">{formatCount(tokens, locale)}</span> tokens
        </p>
      </div>

      {children ? <div className="mt-4">{children}</div> : null}

      <div className="mt-5">
        {action.href && !actionDisabled ? (
          <Link to={action.href} className={actionClass}>
            {actionLabel}
          </Link>
        ) : (
          <button
            type={action.type ?? "button"}
            form={action.form}
            onClick={action.onClick}
            disabled={actionDisabled}
            aria-busy={action.pending || undefined}
            className={actionClass}
          >
            {actionLabel}
          </button>
        )}
        {assurance ? (
          <p className="mt-3 flex items-center justify-center gap-1.5 text-center text-xs text-ink-faint">
            <Lock aria-hidden className="size-3.5 shrink-0" />
            {assurance}
          </p>
        ) : null}
      </div>

      {footnote ? (
        <div className="mt-4 border-t border-line pt-4 text-xs leading-relaxed text-ink-soft">{footnote}</div>
      ) : null}
    </aside>
  );
}

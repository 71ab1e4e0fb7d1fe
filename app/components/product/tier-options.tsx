import { Check, Coins } from "lucide-react";
import { useId } from "react";
import { cn } from "~/lib/cn";
import { DEFAULT_LOCALE, formatCount, formatMoney } from "~/lib/format";

export type TierOption = {
  id: string;
  name: string;
  /** A few words about who the tier is for. */
  description?: string;
  tokens: number;
  bonusTokens?: number;
  /** Price in integer minor units (cents). */
  priceMinor: number;
  /** A short highlight such as "Most popular". */
  badge?: string;
};

type TierOptionsProps = {
  legend: string;
  /** Visually hide the legend when a heading nearby already says the same thing. */
  hideLegend?: boolean;
  /** The radio group's form field name. */
  name: string;
  options: TierOption[];
  value: string | null;
  onChange: (id: string) => void;
  currency: string;
  locale?: string;
  className?: string;
};

/**
 * Token tiers as selectable cards. Underneath they are native radio buttons, so the group is
 * one tab stop, arrow keys move the choice, and the choice submits with a form.
 */
export function TierOptions({
  legend,
  hideLegend = false,
  name,
  options,
  value,
  onChange,
  currency,
  locale = DEFAULT_LOCALE,
  className,
}: TierOptionsProps) {
  const baseId = useId();
  return (
    <fieldset className={className}>
      <legend className={cn(hideLegend ? "sr-only" : "mb-4 font-display text-xl font-semibold text-ink")}>
        {legend}
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {options.map((option) => {
          const checked = option.id === value;
          const totalTokens = option.tokens + (option.bonusTokens ?? 0);
          const per100 = totalTokens > 0 ? Math.round((option.priceMinor * 100) / totalTokens) : 0;
          const nameId = `${baseId}-${option.id}-name`;
          const descriptionId = `${baseId}-${option.id}-desc`;
          return (
            <label
              key={option.id}
              className={cn(
                "group relative flex cursor-pointer flex-col rounded-2xl border bg-paper-raised p-5 transition",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent",
                checked
                  ? "border-accent shadow-lg shadow-accent/10 ring-1 ring-accent"
                  : "border-line hover:border-ink-faint/60 hover:shadow-md hover:shadow-ink/5",
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.id}
                checked={checked}
                onChange={() => onChange(option.id)}
                aria-labelledby={nameId}
                aria-describedby={descriptionId}
                className="sr-only"
              />
              <span className="flex items-start justify-between gap-3">
                <span id={nameId} className="flex flex-wrap items-center gap-2">
                  <span className="font-display text-lg font-semibold text-ink">{option.name}</span>
                  {option.badge ? <span className="sr-only">, </span> : null}
                  {option.badge ? (
                    <span className="rounded-full bg-gradient-to-r from-amber-500 to-pink-600 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-white uppercase">
                      {option.badge}
                    </span>
                  ) : null}
                </span>
                <span
                  aria-hidden
                  className={cn(
                    "grid size-5 shrink-0 place-items-center rounded-full border transition",
                    checked
                      ? "border-accent bg-accent text-paper"
                      : "border-line bg-paper group-hover:border-ink-faint",
                  )}
                >
                  {checked ? <Check className="size-3" strokeWidth={3.5} /> : null}
                </span>
              </span>

              <span id={descriptionId} className="mt-3 flex flex-1 flex-col">
                <span className="flex items-baseline gap-2">
                  <Coins aria-hidden className="size-4 shrink-0 self-center text-accent" />
                  <span className="text-2xl font-semibold text-ink tabular-nums">
                    {formatCount(option.tokens, locale)}
                  </span>
                  <span className="text-sm text-ink-soft">tokens</span>
                </span>
                {option.bonusTokens ? (
                  <span className="mt-1 text-sm font-medium text-success">
                    +{formatCount(option.bonusTokens, locale)} bonus tokens
                  </span>
                ) : (
                  <span className="mt-1 text-sm text-ink-faint">No bonus</span>
                )}
                {option.description ? <span className="mt-3 text-sm text-ink-soft">{option.description}</span> : null}
                <span className="mt-4 flex items-baseline justify-between gap-2 border-t border-line pt-3">
                  <span className="text-lg font-semibold text-ink tabular-nums">
                    {formatMoney(option.priceMinor, currency, locale)}
                  </span>
                  <span className="text-xs text-ink-faint tabular-nums">
                    {formatMoney(per100, currency, locale)} per 100 tokens
                  </span>
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

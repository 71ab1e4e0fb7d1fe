/**
 * The studio's choice controls. Each is a group of native radio buttons (a fieldset with a
 * legend), so arrow keys move between options and screen readers announce "radio, 3 of 11".
 */
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { FieldError } from "~/components/ui/field";
import type { StylePreset } from "@atelier/studio/styles";

const focusRing =
  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent";

export function StylePicker({
  name,
  styles,
  value,
  onChange,
  error,
  hint,
}: {
  name: string;
  styles: StylePreset[];
  value: string;
  onChange: (id: string) => void;
  error?: string;
  /** Why the style shown is chosen (one named in the prompt). */
  hint?: string;
}) {
  const describedBy = [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ");
  return (
    <fieldset aria-describedby={describedBy || undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm font-medium text-ink">Style</legend>
      {hint ? (
        <p id={`${name}-hint`} data-testid="style-from-prompt" className="mb-2 text-xs text-ink-soft">
          {hint}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2">
        {styles.map((style) => {
          const checked = value === style.id;
          return (
            <label
              key={style.id}
              data-testid={`style-${style.id}`}
              className={cn(
                "group relative flex cursor-pointer items-center gap-2 rounded-2xl sm:gap-3 bg-paper-raised p-2 pr-3 text-left ring-1 transition hover:bg-paper-sunken/60",
                checked ? "bg-accent-soft/60 ring-2 ring-accent" : "ring-line",
                focusRing,
              )}
            >
              <input
                type="radio"
                name={name}
                value={style.id}
                checked={checked}
                onChange={() => onChange(style.id)}
                className="sr-only"
              />
              <span
                aria-hidden
                className="relative grid size-9 shrink-0 sm:size-11 place-items-center rounded-xl shadow-inner"
                style={{ backgroundImage: `linear-gradient(135deg, ${style.swatch[0]}, ${style.swatch[1]})` }}
              >
                {checked ? (
                  <span className="grid size-5 place-items-center rounded-full bg-paper text-accent shadow">
                    <Check className="size-3.5" strokeWidth={3} />
                  </span>
                ) : style.christmas ? (
                  <span className="text-sm text-white drop-shadow">✻</span>
                ) : null}
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-semibold leading-tight text-ink">{style.label}</span>
                <span className="mt-0.5 line-clamp-2 text-xs leading-snug text-ink-soft">{style.description}</span>
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={`${name}-error`}>{error}</FieldError>
    </fieldset>
  );
}

/** A row of pill-shaped radio options (sizes, number of images, aspect ratios). */
export function SegmentedRadio<T extends string | number>({
  name,
  legend,
  options,
  value,
  onChange,
  error,
  hint,
}: {
  name: string;
  legend: string;
  /** A disabled option is shown but cannot be chosen; its `description` says why. */
  options: { value: T; label: ReactNode; description?: string; disabled?: boolean }[];
  value: T;
  onChange: (value: T) => void;
  error?: string;
  hint?: ReactNode;
}) {
  return (
    <fieldset
      aria-describedby={
        [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ") || undefined
      }
    >
      <legend className="mb-2 text-sm font-medium text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={String(option.value)}
              title={option.description}
              className={cn(
                "inline-flex min-h-10 items-center gap-2 rounded-xl px-3 py-1.5 text-sm font-medium ring-1 transition",
                option.disabled
                  ? "cursor-not-allowed bg-paper-sunken text-ink-faint ring-line"
                  : checked
                    ? "cursor-pointer bg-accent-soft text-accent-strong ring-accent"
                    : "cursor-pointer bg-paper-raised text-ink-soft ring-line hover:bg-paper-sunken hover:text-ink",
                focusRing,
              )}
            >
              <input
                type="radio"
                name={name}
                value={String(option.value)}
                checked={checked}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                className="sr-only"
              />
              {option.label}
            </label>
          );
        })}
      </div>
      {hint ? (
        <p id={`${name}-hint`} className="mt-1.5 text-xs text-ink-faint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${name}-error`}>{error}</FieldError>
    </fieldset>
  );
}

/** A little rectangle in the aspect ratio's shape. */
export function RatioShape({ ratio }: { ratio: string }) {
  const [w, h] = ratio.split(":").map(Number) as [number, number];
  const scale = 18 / Math.max(w, h);
  return (
    <span aria-hidden className="grid size-5 place-items-center">
      <span
        className="block rounded-[3px] border-2 border-current"
        style={{ width: Math.max(6, w * scale), height: Math.max(6, h * scale) }}
      />
    </span>
  );
}

import { Minus, Plus } from "lucide-react";
import { QUANTITY_MAX } from "~/lib/commerce-constants";

/** A quantity field with − and + buttons; typing works too. Whole numbers from 1 to the maximum. */
export function QuantityStepper({
  value,
  onChange,
  label,
  disabled,
}: {
  value: number;
  onChange: (next: number) => void;
  label: string;
  disabled?: boolean;
}) {
  const set = (next: number) => onChange(Math.max(1, Math.min(QUANTITY_MAX, Math.round(next) || 1)));
  const button =
    "grid size-9 place-items-center rounded-full text-ink ring-1 ring-line transition hover:bg-paper-sunken disabled:opacity-40";
  return (
    <div className="inline-flex items-center gap-2">
      <button
        type="button"
        className={button}
        onClick={() => set(value - 1)}
        disabled={disabled || value <= 1}
        aria-label={`One less: ${label}`}
      >
        <Minus aria-hidden className="size-4" />
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={QUANTITY_MAX}
        value={value}
        disabled={disabled}
        aria-label={`Quantity: ${label}`}
        onChange={(e) => set(Number(e.target.value))}
        className="w-14 rounded-lg border border-line bg-paper-raised px-2 py-1.5 text-center tabular-nums text-ink"
      />
      <button
        type="button"
        className={button}
        onClick={() => set(value + 1)}
        disabled={disabled || value >= QUANTITY_MAX}
        aria-label={`One more: ${label}`}
      >
        <Plus aria-hidden className="size-4" />
      </button>
    </div>
  );
}

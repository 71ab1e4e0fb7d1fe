/** The fields of an admin list's filter form (a GET form): a label over a menu or an input. */
import { inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";

export interface FilterOption {
  value: string;
  label: string;
}

/** Menu options for a list of values, each shown by its label. */
export function optionsOf<V extends string>(values: readonly V[], labelOf: (value: V) => string): FilterOption[] {
  return values.map((value) => ({ value, label: labelOf(value) }));
}

export function FilterSelect({
  label,
  name,
  value,
  options,
  anyLabel,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly FilterOption[];
  /** The first choice, which filters nothing (an empty value): "All", "Anyone". */
  anyLabel?: string;
}) {
  return (
    <label className="text-sm font-medium text-ink">
      {label}
      <select name={name} defaultValue={value} className={`${inputClass} mt-1.5`}>
        {anyLabel !== undefined ? <option value="">{anyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function FilterInput({
  label,
  name,
  value,
  type = "search",
  placeholder,
  className,
}: {
  label: string;
  name: string;
  value: string;
  type?: "search" | "date";
  placeholder?: string;
  /** The label's width in the filter row, e.g. a search box that takes the room left. */
  className?: string;
}) {
  return (
    <label className={cn("text-sm font-medium text-ink", className)}>
      {label}
      <input
        type={type}
        name={name}
        defaultValue={value}
        placeholder={placeholder}
        className={`${inputClass} mt-1.5`}
      />
    </label>
  );
}

/** The list's free-text search (`q`), which takes the room left in the filter row (`wide` for longer searches). */
export function SearchFilter({
  value,
  placeholder,
  wide = false,
}: {
  value: string;
  placeholder: string;
  wide?: boolean;
}) {
  return (
    <FilterInput
      label="Search"
      name="q"
      value={value}
      placeholder={placeholder}
      className={wide ? "min-w-64 flex-1" : "min-w-56 flex-1"}
    />
  );
}

/** The first and last day a list shows (`utc` where its days are UTC days). */
export function DateRangeFilter({ from, to, utc = false }: { from: string; to: string; utc?: boolean }) {
  const zone = utc ? " (UTC)" : "";
  return (
    <>
      <FilterInput label={`From${zone}`} name="from" type="date" value={from} />
      <FilterInput label={`To${zone}`} name="to" type="date" value={to} />
    </>
  );
}

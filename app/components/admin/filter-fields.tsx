/** The fields of an admin list's filter form (a GET form): a label over a menu or an input. */
import { inputClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";

export interface FilterOption {
  value: string;
  label: string;
}

export function FilterSelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly FilterOption[];
}) {
  return (
    <label className="text-sm font-medium text-ink">
      {label}
      <select name={name} defaultValue={value} className={`${inputClass} mt-1.5`}>
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

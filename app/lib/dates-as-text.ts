/** A value's type with a date as ISO text (over a union: `Date | null` becomes `string | null`). */
type AsText<Value> = Value extends Date ? string : Value;

export type DatesAsText<Row> = { [Key in keyof Row]: AsText<Row[Key]> };

/**
 * A database row for a page: each of its dates as ISO text, which the page formats itself
 * (the same text on the server and in the browser). Dates inside nested values are left as they are.
 */
export function datesAsText<Row extends object>(row: Row): DatesAsText<Row> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as DatesAsText<Row>;
}

/**
 * Money in Atelier is always an integer number of minor units (cents for USD, yen for JPY).
 * These helpers only format it; they never do arithmetic in floating point.
 */

/** The locale used for formatting unless a caller passes one; fixed so server and browser agree. */
export const DEFAULT_LOCALE = "en-US";

/*
 * Formatters are made once per locale and currency: building an Intl.NumberFormat costs about
 * 50–100 µs, formatting with one ~1 µs, and a pricing page formats dozens of figures.
 */
const formatters = new Map<string, { format: Intl.NumberFormat; minorPerMajor: number }>();
const countFormatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(currency: string, locale: string): { format: Intl.NumberFormat; minorPerMajor: number } {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const format = new Intl.NumberFormat(locale, { style: "currency", currency });
    formatter = { format, minorPerMajor: 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2) };
    formatters.set(key, formatter);
  }
  return formatter;
}

/** How many minor units make one major unit for a currency (100 for USD, 1 for JPY). */
export function minorUnitsPerMajor(currency: string, locale: string = DEFAULT_LOCALE): number {
  return currencyFormatter(currency, locale).minorPerMajor;
}

/** Formats an integer amount of minor units, e.g. formatMoney(1299, "USD") → "$12.99". */
export function formatMoney(amountMinor: number, currency: string, locale: string = DEFAULT_LOCALE): string {
  if (!Number.isInteger(amountMinor)) throw new RangeError(`Money must be an integer number of minor units, got ${amountMinor}`);
  const { format, minorPerMajor } = currencyFormatter(currency, locale);
  return format.format(amountMinor / minorPerMajor);
}

/** Formats a plain count (tokens, items) with grouping, e.g. 12500 → "12,500". */
export function formatCount(value: number, locale: string = DEFAULT_LOCALE): string {
  let formatter = countFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale);
    countFormatters.set(locale, formatter);
  }
  return formatter.format(value);
}

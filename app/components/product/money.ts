/**
 * Money in Atelier is always an integer number of minor units (cents for USD, yen for JPY).
 * These helpers only format it; they never do arithmetic in floating point.
 */

/** The locale used for formatting unless a caller passes one; fixed so server and browser agree. */
export const DEFAULT_LOCALE = "en-US";

const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: "currency", currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** How many minor units make one major unit for a currency (100 for USD, 1 for JPY). */
export function minorUnitsPerMajor(currency: string, locale: string = DEFAULT_LOCALE): number {
  const digits = currencyFormatter(currency, locale).resolvedOptions().maximumFractionDigits ?? 2;
  return 10 ** digits;
}

/** Formats an integer amount of minor units, e.g. formatMoney(1299, "USD") → "$12.99". */
export function formatMoney(amountMinor: number, currency: string, locale: string = DEFAULT_LOCALE): string {
  if (!Number.isInteger(amountMinor)) throw new RangeError(`Money must be an integer number of minor units, got ${amountMinor}`);
  return currencyFormatter(currency, locale).format(amountMinor / minorUnitsPerMajor(currency, locale));
}

/** Formats a plain count (tokens, items) with grouping, e.g. 12500 → "12,500". */
export function formatCount(value: number, locale: string = DEFAULT_LOCALE): string {
  return new Intl.NumberFormat(locale).format(value);
}

/**
 * The one place Atelier turns numbers, money and dates into text, on the server and in the
 * browser (ADR 0032).
 *
 * - Counts and money are written the same way for everyone ("12,500 tokens", "$12.99"): the
 *   interface is in English, the figures appear in sentences, emails and receipts that must
 *   agree with the page, and every English locale groups digits alike below 100,000.
 * - Dates follow the viewer: their English variant ("24 Nov 2026" or "Nov 24, 2026") and their
 *   time zone, chosen in the browser (app/components/when.tsx). The server does not know the time
 *   zone, so a page is rendered in UTC, labelled so, and the browser rewrites its dates once it
 *   comes alive. The back office, emails and receipts always show UTC, labelled.
 *
 * Money in Atelier is always an integer number of minor units (cents for USD, yen for JPY). These
 * helpers only format it; they never do arithmetic in floating point.
 */

/** The locale for counts and money, and for dates when the viewer's is not known; fixed so server and browser agree. */
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

/** Formats an integer amount of minor units, e.g. formatMoney(1299, "USD") → "$12.99". */
export function formatMoney(amountMinor: number, currency: string, locale: string = DEFAULT_LOCALE): string {
  if (!Number.isInteger(amountMinor))
    throw new RangeError(`Money must be an integer number of minor units, got ${amountMinor}`);
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

const compactCount = new Intl.NumberFormat(DEFAULT_LOCALE, { notation: "compact", maximumFractionDigits: 1 });

/** A count where space is short, e.g. 1234 → "1.2K" (likes and downloads on a card). */
export function formatCompactCount(value: number): string {
  return compactCount.format(value);
}

/** How a date is written: the viewer's locale decides the order of day and month. */
export type DateStyle = "date" | "dateTime" | "dateTimeSeconds" | "dayMonth" | "longDate" | "longDateTime";

const DATE_STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: "medium" }, // 24 Nov 2026 · Nov 24, 2026
  dateTime: { dateStyle: "medium", timeStyle: "short" }, // 24 Nov 2026, 14:01 · Nov 24, 2026, 2:01 PM
  dateTimeSeconds: { dateStyle: "medium", timeStyle: "medium" },
  dayMonth: { day: "numeric", month: "short" }, // 24 Nov · Nov 24
  longDate: { dateStyle: "long" }, // 24 November 2026
  longDateTime: { dateStyle: "long", timeStyle: "short" },
};

/** Where and for whom a date is written. */
export interface DateSettings {
  locale: string;
  timeZone: string;
}

/** UTC in the default locale: the back office, emails, receipts, and every page before the browser has said where it is. */
export const UTC_SETTINGS: DateSettings = Object.freeze({ locale: DEFAULT_LOCALE, timeZone: "UTC" });

// Made once per locale, zone and style: with options, toLocaleString builds a formatter every call (~0.1 ms).
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** A date as text in the given locale and time zone, e.g. "24 Nov 2026, 14:01". Invalid input gives "—". */
export function formatDate(
  value: Date | string | number,
  style: DateStyle = "dateTime",
  settings: DateSettings = UTC_SETTINGS,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "—";
  const key = `${settings.locale}|${settings.timeZone}|${style}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(settings.locale, { ...DATE_STYLES[style], timeZone: settings.timeZone });
    dateFormatters.set(key, formatter);
  }
  return formatter.format(date);
}

/** True for the styles that show a time of day (those need their zone named when it is UTC). */
export function showsTime(style: DateStyle): boolean {
  return "timeStyle" in DATE_STYLES[style];
}

/**
 * The viewer's English variant from their preferred languages, most preferred first ("en-GB",
 * "en-AU"…); the default when none is English (the interface is English, so its dates are too).
 */
export function englishLocale(preferences: readonly string[]): string {
  for (const tag of preferences) {
    if (!/^en(-[a-z0-9]{2,8})*$/i.test(tag)) continue;
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf(tag);
      if (supported) return supported;
    } catch {
      // A malformed tag: try the next one.
    }
  }
  return DEFAULT_LOCALE;
}

/** The same, from an Accept-Language header (quality values respected), for the page the server renders. */
export function localeFromAcceptLanguage(header: string | null | undefined): string {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .slice(0, 500)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return englishLocale(ranked.map((entry) => entry.tag));
}

/** The time zone a browser reports; UTC when it reports none the formatter knows. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) {
      new Intl.DateTimeFormat(DEFAULT_LOCALE, { timeZone: zone });
      return zone;
    }
  } catch {
    // An unknown zone name.
  }
  return "UTC";
}

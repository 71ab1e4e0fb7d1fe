import { useEffect, useState } from "react";
import { useDateSettings } from "~/components/when";
import { formatDate } from "~/lib/format";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 60 * 60],
  ["month", 30 * 24 * 60 * 60],
  ["week", 7 * 24 * 60 * 60],
  ["day", 24 * 60 * 60],
  ["hour", 60 * 60],
  ["minute", 60],
];

const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago"… */
export function formatRelativeTime(date: Date, now: Date = new Date()): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  for (const [unit, size] of UNITS) {
    if (abs >= size || unit === "minute") return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

/**
 * A `<time>` that reads "5 minutes ago" and shows the exact date on hover. Server and browser
 * may disagree by a minute (or a time zone), so the text is refreshed after hydration.
 */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const date = new Date(iso);
  const settings = useDateSettings();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time
      dateTime={iso}
      title={`${formatDate(date, "dateTime", settings)}${settings.timeZone === "UTC" ? " UTC" : ""}`}
      className={className}
      suppressHydrationWarning
    >
      {formatRelativeTime(date, now)}
    </time>
  );
}

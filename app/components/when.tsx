/**
 * Dates as the viewer reads them (ADR 0032). The server renders every date in UTC — it cannot know
 * the visitor's time zone — in the English variant their browser asked for, and says "UTC"; the
 * first render in the browser repeats exactly that (no hydration mismatch), then the provider
 * switches to the browser's own locale and time zone and every <When> rewrites itself.
 */
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import {
  browserTimeZone,
  type DateSettings,
  type DateStyle,
  DEFAULT_LOCALE,
  englishLocale,
  formatDate,
  showsTime,
  UTC_SETTINGS,
} from "~/lib/format";

const DateSettingsContext = createContext<DateSettings>(UTC_SETTINGS);

/** Wraps the app; `locale` is what the server rendered with (the root loader's, from Accept-Language). */
export function DateSettingsProvider({ locale, children }: { locale: string; children: ReactNode }) {
  const [settings, setSettings] = useState<DateSettings>(() => ({ locale, timeZone: "UTC" }));
  useEffect(() => {
    const languages = navigator.languages?.length ? navigator.languages : [navigator.language ?? DEFAULT_LOCALE];
    const viewer = { locale: englishLocale(languages), timeZone: browserTimeZone() };
    setSettings((current) =>
      current.locale === viewer.locale && current.timeZone === viewer.timeZone ? current : viewer,
    );
  }, []);
  return <DateSettingsContext.Provider value={settings}>{children}</DateSettingsContext.Provider>;
}

/** The viewer's date settings (UTC until the browser has said where it is). */
export function useDateSettings(): DateSettings {
  return useContext(DateSettingsContext);
}

/**
 * A date in a `<time>` element. `zone="utc"` keeps UTC for everyone (the back office, windows an
 * admin entered in UTC); a time shown in UTC says so unless `zoneLabel={false}` (a column headed
 * "When (UTC)").
 */
export function When({
  value,
  style = "dateTime",
  zone = "viewer",
  zoneLabel = true,
  className,
}: {
  value: string | Date;
  style?: DateStyle;
  zone?: "viewer" | "utc";
  zoneLabel?: boolean;
  className?: string;
}) {
  const viewer = useDateSettings();
  const settings = zone === "utc" ? { locale: viewer.locale, timeZone: "UTC" } : viewer;
  const date = value instanceof Date ? value : new Date(value);
  const iso = Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  const label = zoneLabel && settings.timeZone === "UTC" && showsTime(style) ? " UTC" : "";
  return (
    <time dateTime={iso} className={className}>
      {formatDate(date, style, settings)}
      {label}
    </time>
  );
}

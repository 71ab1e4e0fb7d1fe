/**
 * One way to write numbers, money and dates (issue 16, ADR 0032): the formatters of
 * app/lib/format.ts, the viewer's English variant picked from what the browser asks for, and a
 * rule that nothing else in app/ or server/ builds its own formatter.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  englishLocale,
  formatCompactCount,
  formatCount,
  formatDate,
  formatMoney,
  localeFromAcceptLanguage,
  UTC_SETTINGS,
} from "~/lib/format";

const AT = new Date("2026-11-24T14:01:26Z");
/** ICU versions differ in the space before AM/PM (a narrow no-break space since ICU 72, reverted in some builds). */
const plain = (text: string) => text.replace(/\s/g, " ");

describe("formatDate", () => {
  it("writes UTC in the default locale unless told otherwise", () => {
    expect(plain(formatDate(AT))).toBe("Nov 24, 2026, 2:01 PM");
    expect(plain(formatDate(AT, "date", UTC_SETTINGS))).toBe("Nov 24, 2026");
    expect(plain(formatDate(AT, "dateTimeSeconds"))).toBe("Nov 24, 2026, 2:01:26 PM");
    expect(plain(formatDate(AT, "dayMonth"))).toBe("Nov 24");
    expect(plain(formatDate(AT, "longDateTime"))).toBe("November 24, 2026 at 2:01 PM");
  });

  it("follows the viewer's locale and time zone", () => {
    expect(plain(formatDate(AT, "dateTime", { locale: "en-GB", timeZone: "Asia/Tokyo" }))).toBe("24 Nov 2026, 23:01");
    expect(plain(formatDate(AT, "date", { locale: "en-GB", timeZone: "Pacific/Kiritimati" }))).toBe("25 Nov 2026");
    expect(
      plain(formatDate("2026-11-24T14:01:26Z", "dateTime", { locale: "en-US", timeZone: "America/New_York" })),
    ).toBe("Nov 24, 2026, 9:01 AM");
  });

  it("writes a dash for a date that is not one", () => {
    expect(plain(formatDate("not a date"))).toBe("—");
    expect(plain(formatDate(Number.NaN))).toBe("—");
  });
});

describe("the viewer's locale", () => {
  it("is the first English variant the browser prefers", () => {
    expect(englishLocale(["en-GB", "en-US"])).toBe("en-GB");
    expect(englishLocale(["de-DE", "en-AU"])).toBe("en-AU");
    expect(englishLocale(["fr-FR", "de"])).toBe("en-US");
    expect(englishLocale([])).toBe("en-US");
  });

  it("reads Accept-Language with its quality values, and survives nonsense", () => {
    expect(localeFromAcceptLanguage("en-US;q=0.5, en-GB;q=0.9, fr")).toBe("en-GB");
    expect(localeFromAcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8")).toBe("en");
    expect(localeFromAcceptLanguage("en-GB;q=0, en-IN")).toBe("en-IN");
    expect(localeFromAcceptLanguage(undefined)).toBe("en-US");
    expect(localeFromAcceptLanguage("*")).toBe("en-US");
    expect(localeFromAcceptLanguage("en-\u0000GB, ;;;, en-zz-zz-zz-zz-zz-zz-zz")).not.toContain("\u0000");
    expect(localeFromAcceptLanguage(`${"en-GB,".repeat(10_000)}`)).toBe("en-GB");
  });
});

describe("counts and money", () => {
  it("are written the same way for everyone", () => {
    expect(formatCount(1450)).toBe("1,450");
    expect(formatCompactCount(1234)).toBe("1.2K");
    expect(formatMoney(1299, "USD")).toBe("$12.99");
    expect(formatMoney(1500, "JPY")).toBe("¥1,500");
    expect(() => formatMoney(12.5, "USD")).toThrow(RangeError);
  });
});

describe("one formatter", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const sources = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(rel);
      return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
    });

  it("nothing in app/ or server/ formats numbers or dates by itself", () => {
    const own = /\.toLocale(Date|Time)?String\(|new Intl\.(DateTimeFormat|NumberFormat)\(/;
    const offenders = [...sources("app"), ...sources("server")]
      .filter((file) => file !== path.join("app", "lib", "format.ts"))
      .filter((file) => own.test(fs.readFileSync(path.join(root, file), "utf8")));
    expect(offenders).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { parseTimestamp14, timestamp14 } from "../../app/lib/timestamp";

describe("timestamp14", () => {
  it("builds 14 digits in UTC: year, month, day, hour, minute, second", () => {
    expect(timestamp14(new Date(Date.UTC(2026, 0, 5, 7, 8, 9)))).toBe("20260105070809");
    expect(timestamp14(new Date("2026-12-31T23:59:59.999Z"))).toBe("20261231235959");
  });

  it("is always 14 digits", () => {
    expect(timestamp14()).toMatch(/^\d{14}$/);
  });

  it("round-trips and rejects impossible dates", () => {
    expect(parseTimestamp14("20260105070809")?.toISOString()).toBe("2026-01-05T07:08:09.000Z");
    expect(parseTimestamp14("20260230120000")).toBeNull();
    expect(parseTimestamp14("2026010507080")).toBeNull();
  });

  it("refuses an invalid date", () => {
    expect(() => timestamp14(new Date("nope"))).toThrow(RangeError);
  });
});

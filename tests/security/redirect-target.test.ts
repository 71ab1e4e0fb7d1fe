/**
 * Issue 15, item 1: no address a visitor or an admin gives leads a visitor off-site, except an
 * admin's route rule to an allow-listed host. The one check (app/lib/redirect-target.ts) against
 * a corpus of known open-redirect bypasses and 20,000 seeded random strings made of their
 * pieces; then every place that uses it: the sign-in pages' `redirectTo`, the OAuth round trip,
 * route rules (refused by the admin form, and re-checked when applied). The same requests against
 * the running server are in redirect-server.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  checkRedirectTarget,
  isHostAllowed,
  PLACEHOLDER_ORIGIN,
  safeRedirectPath,
} from "../../app/lib/redirect-target";
import { ALL_FLAGS_OFF } from "../../server/content/feature-flags";
import { checkNavigation } from "../../server/navigation/check-navigation";
import { type RouteRule, resolveRouteRule, routeRuleInput } from "../../server/navigation/route-rules";
import { oauthCallbackUrls } from "../../server/auth/oauth";
import { BYPASS_CORPUS } from "./redirect-corpus";

const ORIGIN = "https://atelier.example";
const FALLBACK = "/__fallback__";
const ALLOWED = ["docs.atelier.example", "*.partner.example"];

/** Paths of the site that must survive unchanged. */
const KEPT: readonly [string, string][] = [
  ["/", "/"],
  ["/community/main", "/community/main"],
  ["/community/list?q=cats&sort=new", "/community/list?q=cats&sort=new"],
  ["/user-profile#tokens", "/user-profile#tokens"],
  ["/login?redirectTo=%2Fuser-profile", "/login?redirectTo=%2Fuser-profile"],
  ["/community/list?q=caf%C3%A9", "/community/list?q=caf%C3%A9"],
  ["/community/list?q=café", "/community/list?q=caf%C3%A9"],
  ["/ai/../pricing-plans", "/pricing-plans"],
  ["/product-payment?transaction=abc&checkout=cs_sbx_1", "/product-payment?transaction=abc&checkout=cs_sbx_1"],
  [`${ORIGIN}/community/main?x=1`, "/community/main?x=1"],
];

/** The property: the fallback, or a single-slash path that a browser resolves on this origin. */
function assertStaysOnSite(input: string, result: string, origin = ORIGIN) {
  if (result === FALLBACK) return;
  const where = `input ${JSON.stringify(input)} → ${JSON.stringify(result)}`;
  expect(result.startsWith("/"), where).toBe(true);
  expect(result.startsWith("//"), where).toBe(false);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for
  expect(result, where).not.toMatch(/[\\\u0000-\u001f\u007f-\u009f]/);
  // Resolved from the root and from a deep page, as a Location header or an <a href> would be.
  for (const base of [origin, `${origin}/a/b/c?x=1#y`])
    expect(new URL(result, base).origin, where).toBe(new URL(origin).origin);
  // Stable: checking the answer again changes nothing (so passing it on is safe).
  expect(safeRedirectPath(result, FALLBACK, origin), where).toBe(result);
  // Carried in a query string and read back (login → enter-otp → redirect), it is still the same.
  const carried = new URLSearchParams({ redirectTo: result }).toString();
  expect(safeRedirectPath(new URLSearchParams(carried).get("redirectTo"), FALLBACK, origin), where).toBe(result);
}

/** The inputs as they arrive: raw, and once URL-decoded (a query string's value). */
function variants(value: string): string[] {
  const out = [value];
  try {
    out.push(decodeURIComponent(value));
  } catch {
    // not decodable: the raw value alone
  }
  out.push(new URLSearchParams(`redirectTo=${value}`).get("redirectTo") ?? "");
  return out;
}

// ——— A small seeded generator (mulberry32): the same 20,000 strings on every run ———
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  "/",
  "/",
  "/",
  "//",
  "\\",
  ".",
  "..",
  "./",
  "../",
  "%2F",
  "%2f",
  "%5C",
  "%5c",
  "%2e",
  "%2E%2E",
  "%09",
  "%0A",
  "%0D",
  "%00",
  "%25",
  "%",
  "\t",
  "\n",
  "\r",
  "\u0000",
  " ",
  "\u00a0",
  "\u200b",
  "\u2028",
  "@",
  ":",
  "?",
  "#",
  "&",
  "=",
  ";",
  "／",
  "⁄",
  "＼",
  "。",
  "ｅ",
  "evil.example",
  "atelier.example",
  "localhost",
  "x",
  "a",
  "community",
  "http:",
  "https:",
  "javascript:",
  "data:",
  "//evil.example",
  "https://evil.example",
  "https://atelier.example",
  "user:pass@",
];

function randomInputs(count: number, seed: number): string[] {
  const random = mulberry32(seed);
  const pick = () => PIECES[Math.floor(random() * PIECES.length)]!;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const length = 1 + Math.floor(random() * 10);
    let s = random() < 0.6 ? "/" : "";
    for (let j = 0; j < length; j++) s += pick();
    out.push(s);
  }
  return out;
}

describe("the redirect-target check (app/lib/redirect-target.ts)", () => {
  it("refuses every bypass the issue reported", () => {
    for (const value of [
      "/.//evil.example/phish",
      "/.//evil.example",
      "/./\\evil.example",
      "/x/..//evil.example",
      "/\\evil.example/landing",
      "/\t/evil.example/landing",
    ]) {
      expect(safeRedirectPath(value, FALLBACK), value).toBe(FALLBACK);
      expect(safeRedirectPath(value, FALLBACK, ORIGIN), value).toBe(FALLBACK);
    }
    // The sign-in link from the report, as the login page reads it from its query string.
    const fromQuery = new URL(
      "https://atelier.example/login?redirectTo=%2F.%2F%2Fevil.example%2Fphish",
    ).searchParams.get("redirectTo");
    expect(safeRedirectPath(fromQuery, FALLBACK, ORIGIN)).toBe(FALLBACK);
  });

  it("keeps the site's own paths, as parsed", () => {
    for (const [input, expected] of KEPT) expect(safeRedirectPath(input, FALLBACK, ORIGIN), input).toBe(expected);
  });

  it("corpus: every known bypass ends on the fallback or a path of the site", () => {
    let refused = 0;
    for (const entry of BYPASS_CORPUS) {
      for (const input of variants(entry)) {
        for (const origin of [ORIGIN, "http://localhost:3000", undefined]) {
          const result = safeRedirectPath(input, FALLBACK, origin);
          assertStaysOnSite(input, result, origin ?? PLACEHOLDER_ORIGIN);
          if (result === FALLBACK) refused++;
        }
      }
    }
    expect(refused).toBeGreaterThan(BYPASS_CORPUS.length); // most are refused outright, not repaired
  });

  it("corpus: anything that names evil.example as a host is refused, never repaired into a path", () => {
    for (const entry of BYPASS_CORPUS) {
      for (const input of variants(entry)) {
        const target = checkRedirectTarget(input, { origin: ORIGIN });
        if (!target.ok) continue;
        // Accepted ones are paths of this site: evil.example can only be a path segment in them.
        expect(target.external).toBe(false);
        expect(target.url.hostname).toBe("atelier.example");
      }
    }
  });

  it("never returns something other than the fallback or a path: non-strings, non-http(s) schemes", () => {
    for (const value of [undefined, null, 42, {}, ["/x"], new URL("https://atelier.example/x")])
      expect(safeRedirectPath(value, FALLBACK, ORIGIN)).toBe(FALLBACK);
    for (const value of [
      "javascript:alert(1)",
      "data:text/html,x",
      "ftp://atelier.example/x",
      "file:///x",
      "blob:https://atelier.example/x",
    ]) {
      expect(
        checkRedirectTarget(value, { origin: ORIGIN, externalHosts: ["*.example", "atelier.example"] }).ok,
        value,
      ).toBe(false);
    }
  });

  it("random strings (20,000, seeded) built from the bypasses' pieces keep the property", () => {
    for (const input of randomInputs(20_000, 0x15)) {
      for (const value of variants(input)) assertStaysOnSite(value, safeRedirectPath(value, FALLBACK, ORIGIN));
    }
  });

  it("random strings: an admin's external target only ever leads to an allow-listed host over http(s)", () => {
    for (const input of randomInputs(5_000, 0x28)) {
      for (const value of [
        input,
        input.replace(/^\/?/, "https://docs.atelier.example/"),
        input.replace(/^\/?/, "https://a.partner.example"),
      ]) {
        const target = checkRedirectTarget(value, { origin: ORIGIN, externalHosts: ALLOWED });
        if (!target.ok) continue;
        const resolved = new URL(target.location, ORIGIN);
        expect(["http:", "https:"], value).toContain(resolved.protocol);
        if (target.external) {
          expect(isHostAllowed(resolved.hostname, ALLOWED), `${value} → ${target.location}`).toBe(true);
          expect(resolved.username + resolved.password).toBe("");
          // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for
          expect(target.location).not.toMatch(/[\\\u0000-\u001f]/);
        } else {
          assertStaysOnSite(value, target.location);
        }
      }
    }
  });

  it("allow-list: exact hosts and *.suffix subdomains, nothing that merely ends the same", () => {
    expect(checkRedirectTarget("https://docs.atelier.example/start", { externalHosts: ALLOWED })).toMatchObject({
      ok: true,
      external: true,
      location: "https://docs.atelier.example/start",
    });
    expect(checkRedirectTarget("https://eu.partner.example/", { externalHosts: ALLOWED })).toMatchObject({
      ok: true,
      external: true,
    });
    expect(checkRedirectTarget("https://evilpartner.example/", { externalHosts: ALLOWED })).toMatchObject({
      ok: false,
      reason: "host-not-allowed",
    });
    expect(checkRedirectTarget("https://docs.atelier.example.evil.example/", { externalHosts: ALLOWED })).toMatchObject(
      { ok: false, reason: "host-not-allowed" },
    );
    expect(checkRedirectTarget("https://docs.atelier.example@evil.example/", { externalHosts: ALLOWED })).toMatchObject(
      { ok: false },
    );
    expect(checkRedirectTarget("https://evil.example@docs.atelier.example/", { externalHosts: ALLOWED })).toMatchObject(
      { ok: false, reason: "credentials" },
    );
    expect(checkRedirectTarget("//docs.atelier.example/", { externalHosts: ALLOWED })).toMatchObject({
      ok: false,
      reason: "protocol-relative",
    });
    // Without an allow-list (every visitor's redirectTo) no other origin passes, listed or not.
    expect(checkRedirectTarget("https://docs.atelier.example/start", { origin: ORIGIN })).toMatchObject({
      ok: false,
      reason: "other-origin",
    });
  });
});

describe("where visitors' addresses are used", () => {
  it("the OAuth round trip's callback addresses carry only a checked path", () => {
    for (const entry of BYPASS_CORPUS) {
      const { callbackURL, errorCallbackURL } = oauthCallbackUrls({
        provider: "oidc",
        popup: false,
        redirectTo: entry,
      });
      assertStaysOnSite(entry, callbackURL, PLACEHOLDER_ORIGIN);
      assertStaysOnSite(entry, new URL(errorCallbackURL, ORIGIN).searchParams.get("redirectTo")!);
    }
  });

  it("/oauth/popup-complete's loader hands the page only a checked path", async () => {
    const { loader } = await import("../../app/routes/account/oauth-popup-complete");
    for (const entry of BYPASS_CORPUS) {
      const request = new Request(
        `${ORIGIN}/oauth/popup-complete?${new URLSearchParams({ provider: "oidc", redirectTo: entry })}`,
      );
      const data = await loader({ request, params: {}, context: undefined } as unknown as Parameters<typeof loader>[0]);
      expect(data.redirectTo).not.toBeNull();
      assertStaysOnSite(entry, data.redirectTo!);
    }
  });
});

describe("route rules", () => {
  const rule = (target: string, id = 1): RouteRule => ({ id, fromPath: "/promo", target, permanent: false });
  const visit = new URL(`${ORIGIN}/promo?ref=mail`);

  const UNSAFE_TARGETS = [
    "/\\evil.example/landing",
    "/\t/evil.example/landing",
    "/\n/evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/x/..//evil.example",
    "/%2F/evil.example",
    "//evil.example",
    "\\\\evil.example",
    "/／evil.example",
    "javascript:alert(1)",
    "data:text/html,x",
    "https://user:pass@docs.atelier.example/",
    "evil.example",
  ];

  it("the admin form refuses unsafe targets with a sentence beside the field", () => {
    for (const target of UNSAFE_TARGETS) {
      const parsed = routeRuleInput.safeParse({ fromPath: "/promo", target });
      expect(parsed.success, target).toBe(false);
      const issue = parsed.error!.issues.find((i) => i.path[0] === "target");
      expect(issue?.message, target).toMatch(/\w+ \w+/);
    }
    expect(
      routeRuleInput.safeParse({ fromPath: "/promo", target: "/\\evil.example/landing" }).error?.issues[0]?.message,
    ).toMatch(/backslash/i);
    expect(
      routeRuleInput.safeParse({ fromPath: "/promo", target: "/.//evil.example" }).error?.issues[0]?.message,
    ).toMatch(/single \//);
    expect(
      routeRuleInput.safeParse({ fromPath: "/promo", target: "/\t/evil.example" }).error?.issues[0]?.message,
    ).toMatch(/tab/);
  });

  it("the admin form still takes paths of the site and http(s) addresses (their host is checked when applied)", () => {
    for (const target of [
      "/pricing-plans",
      "/community/list?sort=new",
      "/about-us#team",
      "https://docs.atelier.example/start",
      "https://not-yet-listed.example/",
    ]) {
      expect(routeRuleInput.safeParse({ fromPath: "/promo", target }).success, target).toBe(true);
    }
  });

  it("a rule saved before the check (or written by hand) is refused when applied, never followed off-site", () => {
    for (const target of [...UNSAFE_TARGETS, ...BYPASS_CORPUS]) {
      const outcome = resolveRouteRule(rule(target), visit, ALLOWED);
      if (outcome.kind === "refused") continue;
      if (outcome.external) {
        expect(isHostAllowed(new URL(outcome.location).hostname, ALLOWED), target).toBe(true);
      } else {
        expect(new URL(outcome.location, visit).origin, `${JSON.stringify(target)} → ${outcome.location}`).toBe(ORIGIN);
        expect(outcome.location.startsWith("//"), target).toBe(false);
      }
    }
    for (const target of UNSAFE_TARGETS)
      expect(resolveRouteRule(rule(target), visit, ALLOWED).kind, target).toBe("refused");
  });

  it("the navigation checks carry on (and log) instead of following an unsafe stored rule", () => {
    const state = {
      flags: { ...ALL_FLAGS_OFF },
      settings: { allowedDomains: ["atelier.example"], externalRedirectHosts: ALLOWED },
      rules: [rule("/\\evil.example/landing")],
    };
    const decision = checkNavigation({ pattern: "*", url: visit, origin: ORIGIN, state });
    expect(decision).toMatchObject({ kind: "continue", refusedRedirect: { target: "/\\evil.example/landing" } });
  });

  it("internal targets redirect to the parsed path, keeping the visitor's query unless the rule names one", () => {
    expect(resolveRouteRule(rule("/pricing-plans"), visit, [])).toEqual({
      kind: "redirect",
      location: "/pricing-plans?ref=mail",
      status: 302,
      external: false,
    });
    expect(resolveRouteRule(rule("/a/../pricing-plans?from=rule"), visit, [])).toMatchObject({
      location: "/pricing-plans?from=rule",
    });
    expect(resolveRouteRule(rule("/about-us#team"), visit, [])).toMatchObject({ location: "/about-us?ref=mail#team" });
    expect(resolveRouteRule(rule("https://eu.partner.example/x"), visit, ALLOWED)).toMatchObject({
      kind: "redirect",
      external: true,
      location: "https://eu.partner.example/x",
    });
  });
});

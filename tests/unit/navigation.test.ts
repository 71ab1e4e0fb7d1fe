import { describe, expect, it } from "vitest";
import { ALL_FLAGS_OFF } from "../../server/content/feature-flags";
import { checkNavigation, type ShellState } from "../../server/navigation/check-navigation";
import { canonicalLocation, isDomainAllowed, originOfRequest } from "../../server/navigation/domain-check";
import { findRouteRule, resolveRouteRule, routeRuleInput } from "../../server/navigation/route-rules";
import { pageUrl } from "../../server/navigation/middleware";

const state = (over: Partial<ShellState> = {}): ShellState => ({
  flags: { ...ALL_FLAGS_OFF },
  settings: { allowedDomains: ["localhost", "127.0.0.1"], externalRedirectHosts: ["docs.atelier.example"] },
  rules: [
    { id: 1, fromPath: "/pricing", target: "/pricing-plans", permanent: false },
    { id: 2, fromPath: "/old/*", target: "/community/list", permanent: true },
    { id: 3, fromPath: "/old/special", target: "/about-us", permanent: false },
    { id: 4, fromPath: "/help", target: "https://docs.atelier.example/start", permanent: false },
    { id: 5, fromPath: "/evil", target: "https://evil.example/", permanent: false },
  ],
  ...over,
});
const url = (path: string) => new URL(`http://localhost:3000${path}`);

describe("domain check", () => {
  it("reads the Origin header, else the Host", () => {
    expect(originOfRequest(new Request("http://a.test/x", { headers: { origin: "https://b.test" } }))).toBe(
      "https://b.test",
    );
    expect(originOfRequest(new Request("http://a.test/x", { headers: { host: "c.test:8080" } }))).toBe(
      "http://c.test:8080",
    );
  });

  it("allows listed hosts, ports ignored, wildcards for subdomains", () => {
    expect(isDomainAllowed("http://localhost:3000", ["localhost"])).toBe(true);
    expect(isDomainAllowed("http://[::1]:3000", ["::1"])).toBe(true);
    expect(isDomainAllowed("https://eu.atelier.example", ["*.atelier.example"])).toBe(true);
    expect(isDomainAllowed("https://atelier.example.evil.test", ["*.atelier.example"])).toBe(false);
    expect(isDomainAllowed("https://evil.example", ["localhost"])).toBe(false);
    expect(isDomainAllowed(null, ["localhost"])).toBe(false);
    expect(isDomainAllowed("not a url", ["localhost"])).toBe(false);
  });
});

describe("canonical address (PUBLIC_URL set)", () => {
  const canonical = "https://atelier.example";
  const visit = (href: string, init: RequestInit = {}) => canonicalLocation(new Request(href, init), canonical);

  it("moves a first visit on another host to the same page there", () => {
    expect(visit("http://www.atelier.example/community/list?sort=popular")).toBe(
      "https://atelier.example/community/list?sort=popular",
    );
    expect(visit("http://127.0.0.1:3000/", { method: "HEAD" })).toBe("https://atelier.example/");
  });

  it("stays: same host (whatever the scheme a proxy reports), no PUBLIC_URL, a form, a data request, a signed-in visitor", () => {
    expect(visit("http://atelier.example/pricing-plans")).toBeNull();
    expect(visit("https://ATELIER.example/pricing-plans")).toBeNull();
    expect(canonicalLocation(new Request("http://localhost:3000/"), null)).toBeNull();
    expect(visit("http://localhost:3000/login", { method: "POST" })).toBeNull();
    expect(visit("http://localhost:3000/pricing-plans.data")).toBeNull();
    expect(
      visit("http://localhost:3000/product-payment?transaction=1", {
        headers: { cookie: "better-auth.session_token=abc.def" },
      }),
    ).toBeNull();
  });
});

describe("route rules", () => {
  it("prefers an exact match over the longest prefix", () => {
    const rules = state().rules;
    expect(findRouteRule(rules, "/old/special")?.id).toBe(3);
    expect(findRouteRule(rules, "/old/anything/else")?.id).toBe(2);
    expect(findRouteRule(rules, "/old")?.id).toBe(2);
    expect(findRouteRule(rules, "/pricing/")?.id).toBe(1);
    expect(findRouteRule(rules, "/older")).toBeUndefined();
  });

  it("keeps the query string on internal redirects", () => {
    const outcome = resolveRouteRule(state().rules[0]!, url("/pricing?ref=mail"), []);
    expect(outcome).toEqual({ kind: "redirect", location: "/pricing-plans?ref=mail", status: 302, external: false });
  });

  it("follows an external address only when its host is allowed", () => {
    const rules = state().rules;
    expect(resolveRouteRule(rules[3]!, url("/help"), ["docs.atelier.example"])).toMatchObject({
      kind: "redirect",
      external: true,
    });
    expect(resolveRouteRule(rules[4]!, url("/evil"), ["docs.atelier.example"])).toMatchObject({ kind: "refused" });
  });

  it("validates rule input", () => {
    expect(routeRuleInput.safeParse({ fromPath: "/a", target: "/a" }).success).toBe(false);
    expect(routeRuleInput.safeParse({ fromPath: "a", target: "/b" }).success).toBe(false);
    expect(routeRuleInput.safeParse({ fromPath: "/a", target: "//evil.example" }).success).toBe(false);
    expect(routeRuleInput.safeParse({ fromPath: "/a", target: "javascript:alert(1)" }).success).toBe(false);
    expect(routeRuleInput.safeParse({ fromPath: "/a/*", target: "https://x.example/y" }).success).toBe(true);
  });
});

describe("checkNavigation, in the spec's order", () => {
  const origin = "http://localhost:3000";

  it("lets a valid page on an allowed domain through", () => {
    expect(checkNavigation({ pattern: "about-us", url: url("/about-us"), origin, state: state() })).toEqual({
      kind: "continue",
    });
  });

  it("answers 404 for an event page while its flag is off, before anything else", () => {
    const decision = checkNavigation({
      pattern: "ai/christmas-event/ai-text-to-art",
      url: url("/ai/christmas-event/ai-text-to-art"),
      origin: "https://evil.example",
      state: state(),
    });
    expect(decision).toEqual({ kind: "not-found" });
  });

  it("opens an event page when its flag is on", () => {
    const s = state({ flags: { ...ALL_FLAGS_OFF, christmas_event: true, pre_registration: true } });
    expect(
      checkNavigation({
        pattern: "ai/christmas-event/ai-text-to-art",
        url: url("/ai/christmas-event/ai-text-to-art"),
        origin,
        state: s,
      }).kind,
    ).toBe("continue");
    expect(
      checkNavigation({ pattern: "pre-registration-event", url: url("/pre-registration-event"), origin, state: s })
        .kind,
    ).toBe("continue");
  });

  it("blocks an unlisted domain before applying route rules", () => {
    expect(
      checkNavigation({ pattern: "*", url: url("/pricing"), origin: "https://evil.example", state: state() }),
    ).toEqual({ kind: "unavailable" });
  });

  it("applies route rules to unmatched paths", () => {
    expect(checkNavigation({ pattern: "*", url: url("/pricing"), origin, state: state() })).toMatchObject({
      kind: "redirect",
      location: "/pricing-plans",
    });
  });

  it("refuses a disallowed external redirect and carries on", () => {
    expect(checkNavigation({ pattern: "*", url: url("/evil"), origin, state: state() })).toEqual({
      kind: "continue",
      refusedRedirect: {
        target: "https://evil.example/",
        reason: "external host evil.example is not on the redirect allow-list",
      },
    });
  });
});

describe("pageUrl", () => {
  it("strips React Router's data-request decorations", () => {
    expect(pageUrl(new Request("http://x.test/about-us.data?_routes=root,routes/about-us")).toString()).toBe(
      "http://x.test/about-us",
    );
    expect(pageUrl(new Request("http://x.test/_root.data")).pathname).toBe("/");
    expect(pageUrl(new Request("http://x.test/community/list?q=sea")).search).toBe("?q=sea");
  });
});

/** The same-origin rule for state-changing requests (server/http/same-origin.ts), as a table. */
import { describe, expect, it } from "vitest";
import { isCrossSiteRequest, type RequestOriginFacts } from "../../server/http/same-origin";

const allowed = ["localhost", "127.0.0.1", "*.atelier.example"];
const post = (facts: Partial<RequestOriginFacts>): RequestOriginFacts => ({
  method: "POST",
  path: "/api/cart",
  ownOrigin: "http://127.0.0.1:3000",
  ...facts,
});

describe("isCrossSiteRequest", () => {
  it.each([
    ["own origin", { origin: "http://127.0.0.1:3000" }, false],
    ["another allowed host of this deployment", { origin: "https://www.atelier.example" }, false],
    ["another site", { origin: "https://evil.example" }, true],
    ["a look-alike of an allowed host", { origin: "https://atelier.example.evil.example" }, true],
    ["an opaque origin (sandboxed frame, cross-site redirect)", { origin: "null" }, true],
    ["no Origin, Sec-Fetch-Site cross-site", { secFetchSite: "cross-site" }, true],
    ["no Origin, Sec-Fetch-Site same-origin", { secFetchSite: "same-origin" }, false],
    ["no Origin, Sec-Fetch-Site none (typed by the person)", { secFetchSite: "none" }, false],
    ["Origin wins over Sec-Fetch-Site", { origin: "https://evil.example", secFetchSite: "same-origin" }, true],
    ["only a Referer from another site", { referer: "https://evil.example/page" }, true],
    ["only a Referer from this site", { referer: "http://127.0.0.1:3000/pricing-plans" }, false],
    ["only a Referer that is not a URL", { referer: "not a url" }, true],
    ["nothing at all (a script, not a browser page)", {}, false],
  ])("POST with %s → cross-site: %s", (_label, facts, expected) => {
    expect(isCrossSiteRequest(post(facts), allowed)).toBe(expected);
  });

  it("never stops reads, and lets payment providers post their signed webhooks", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"])
      expect(isCrossSiteRequest(post({ method, origin: "https://evil.example" }), allowed)).toBe(false);
    for (const method of ["PUT", "PATCH", "DELETE"])
      expect(isCrossSiteRequest(post({ method, origin: "https://evil.example" }), allowed)).toBe(true);
    expect(
      isCrossSiteRequest(post({ path: "/api/payments/webhooks/stripe", origin: "https://stripe.example" }), allowed),
    ).toBe(false);
    expect(isCrossSiteRequest(post({ path: "/api/payments/webhooksx", origin: "https://evil.example" }), allowed)).toBe(
      true,
    );
  });
});

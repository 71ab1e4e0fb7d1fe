/**
 * Issue 15, item 1, against the served production build: the sign-in pages, the OAuth start and
 * route rules never answer with a Location (or hand the page an address) that leaves the site,
 * whatever `redirectTo` or rule target they are given. The check itself is property-tested in
 * redirect-target.test.ts; this proves every door uses it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { routeRules } from "../../server/db/schema";
import { type BuiltServer, cookiesOf, DEMO_ADMIN, DEMO_USER, startBuiltServer } from "../support/built-server";
import { checkRedirectTarget } from "../../app/lib/redirect-target";
import { BYPASS_CORPUS } from "./redirect-corpus";

let server: BuiltServer;

beforeAll(async () => {
  server = await startBuiltServer();
}, 120_000);

afterAll(async () => {
  await server?.dispose();
});

/** A Location (or any address handed to the page) stays on the site, and so does a redirectTo it carries. */
function expectOnSite(address: string | null, input: string) {
  const where = `redirectTo ${JSON.stringify(input).slice(0, 120)} → ${JSON.stringify(address)?.slice(0, 200)}`;
  expect(address, where).not.toBeNull();
  expect(address!.startsWith("//"), where).toBe(false);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for
  expect(address, where).not.toMatch(/[\\\u0000-\u001f]/);
  const resolved = new URL(address!, `${server.origin}/login`);
  expect(resolved.origin, where).toBe(server.origin);
  const carried = resolved.searchParams.get("redirectTo");
  if (carried !== null) expectOnSite(carried, input);
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  redirect: "manual" as const,
  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin },
  body: new URLSearchParams(fields).toString(),
});

async function signIn(who: { email: string; password: string }, redirectTo = ""): Promise<Response> {
  return fetch(
    `${server.origin}/login`,
    form({ email: who.email, password: who.password, ...(redirectTo ? { redirectTo } : {}) }),
  );
}

/** The values the issue reported, and the nearest relatives of each. */
const REPORTED = [
  "/.//evil.example",
  "/./\\evil.example",
  "/x/..//evil.example",
  "/.//evil.example/phish",
  "/\\evil.example",
  "/\t/evil.example",
  "//evil.example",
  "https://evil.example",
  "/%2F/evil.example",
  "javascript:alert(1)",
];

describe("sign-in: redirectTo", () => {
  it("POST /login with the reported bypasses signs in and lands on /, never on another host", async () => {
    for (const redirectTo of REPORTED) {
      const response = await signIn(DEMO_USER, redirectTo);
      expect(response.status, redirectTo).toBe(302);
      expect(response.headers.get("location"), redirectTo).toBe("/");
    }
    const kept = await signIn(DEMO_USER, "/community/main?tab=new");
    expect(kept.headers.get("location")).toBe("/community/main?tab=new");
  });

  it("signed in, GET /login?redirectTo=… moves on within the site for every entry of the corpus", async () => {
    const cookie = cookiesOf(await signIn(DEMO_USER));
    expect(cookie).toContain("session_token=");
    // The link from the report, exactly as it was sent.
    const reported = await fetch(`${server.origin}/login?redirectTo=%2F.%2F%2Fevil.example%2Fphish`, {
      redirect: "manual",
      headers: { Cookie: cookie },
    });
    expect(reported.status).toBe(302);
    expect(reported.headers.get("location")).toBe("/");
    for (const redirectTo of BYPASS_CORPUS) {
      const response = await fetch(`${server.origin}/login?${new URLSearchParams({ redirectTo })}`, {
        redirect: "manual",
        headers: { Cookie: cookie },
      });
      expect([301, 302, 303, 307, 308], redirectTo).toContain(response.status);
      expectOnSite(response.headers.get("location"), redirectTo);
    }
  });

  it("GET /enter-otp hands its form only a checked redirectTo", async () => {
    for (const redirectTo of BYPASS_CORPUS) {
      const response = await fetch(
        `${server.origin}/enter-otp?${new URLSearchParams({ purpose: "sign-in", email: DEMO_USER.email, redirectTo })}`,
      );
      expect(response.status, redirectTo).toBe(200);
      const html = await response.text();
      const value =
        /<input[^>]*name="redirectTo"[^>]*value="([^"]*)"/.exec(html)?.[1] ??
        /<input[^>]*value="([^"]*)"[^>]*name="redirectTo"/.exec(html)?.[1];
      expect(value, redirectTo).toBeDefined();
      const decoded = value!
        .replace(/&amp;/g, "&")
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">");
      if (decoded !== "") expectOnSite(decoded, redirectTo);
    }
  });

  it("GET /api/oauth/start?redirectTo=… answers a Location on the site carrying a checked redirectTo", async () => {
    for (const redirectTo of BYPASS_CORPUS) {
      const response = await fetch(
        `${server.origin}/api/oauth/start?${new URLSearchParams({ provider: "no-such-provider", redirectTo })}`,
        { redirect: "manual" },
      );
      expect(response.status, redirectTo).toBe(302);
      expectOnSite(response.headers.get("location"), redirectTo);
    }
  });
});

describe("route rules", () => {
  let admin = "";

  const addRule = (fromPath: string, target: string) =>
    fetch(`${server.origin}/admin/set-token-default`, {
      ...form({ intent: "rule-add", fromPath, target, note: "" }),
      headers: { ...form({}).headers, Cookie: admin },
    });

  it("the admin form refuses a target that would leave the site, with a sentence beside the field", async () => {
    const signedIn = await signIn(DEMO_ADMIN);
    admin = cookiesOf(signedIn);
    expect(admin).toContain("session_token=");
    for (const [target, sentence] of [
      ["/\\evil.example/landing", "Remove the backslash"],
      ["/\t/evil.example/landing", "Remove the tab"],
      ["/.//evil.example", "single /"],
      ["//evil.example", "single /"],
    ] as const) {
      const response = await addRule("/promo", target);
      expect(response.status, target).toBe(400);
      expect(await response.text(), target).toContain(sentence);
    }
    const saved = await addRule("/promo", "/pricing-plans");
    expect(saved.status).toBe(200);
    const followed = await fetch(`${server.origin}/promo?ref=mail`, { redirect: "manual" });
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/pricing-plans?ref=mail");
  });

  it("rules already in the database from before are checked again when applied: visitors stay on the site", async () => {
    await server.stop();
    const handle = await openDatabase({ kind: "pglite", dir: `${server.dataDir}/db` });
    await handle.db.insert(routeRules).values([
      { fromPath: "/legacy-backslash", target: "/\\evil.example/landing", enabled: true },
      { fromPath: "/legacy-tab", target: "/\t/evil.example/landing", enabled: true },
      { fromPath: "/legacy-dots", target: "/x/..//evil.example", enabled: true },
      { fromPath: "/legacy-external", target: "https://evil.example/landing", enabled: true },
    ]);
    await handle.close();
    await server.restart();
    for (const path of ["/legacy-backslash", "/legacy-tab", "/legacy-dots", "/legacy-external"]) {
      const response = await fetch(`${server.origin}${path}`, { redirect: "manual" });
      const location = response.headers.get("location");
      if (location !== null) expectOnSite(location, path);
      expect(response.status, path).toBe(404);
    }
    // The back office shows them as refused.
    const page = await (await fetch(`${server.origin}/admin/set-token-default`, { headers: { Cookie: admin } })).text();
    expect(page.match(/refused: <!-- -->unsafe target|refused: unsafe target/g)?.length).toBe(3);
    expect(page).toMatch(/refused: (<!-- -->)?host not allowed/);
  });
});

describe("Better Auth's endpoints: return addresses", () => {
  it("refuse every corpus address that would leave the site, and keep paths on it", async () => {
    // Social sign-in takes all three return addresses and has no attempt limit to run into.
    const post = (body: Record<string, unknown>) =>
      fetch(`${server.origin}/api/auth/sign-in/social`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/json", Origin: server.origin },
        body: JSON.stringify({ provider: "google", ...body }),
      });
    for (const field of ["callbackURL", "errorCallbackURL", "newUserCallbackURL"]) {
      for (const value of [...REPORTED, ...BYPASS_CORPUS]) {
        const response = await post({ [field]: value });
        const where = `${field}=${JSON.stringify(value).slice(0, 80)}`;
        const answer = (await response.json().catch(() => ({}))) as { code?: string; url?: string };
        if (response.status === 400 && /^INVALID_(CALLBACK_URL|CHARACTERS)$/.test(answer.code ?? "")) continue; // refused, as it should be
        // Passed on to Better Auth: then it was a path on this site, and so is any address the answer carries.
        expect(response.status, where).toBeLessThan(500);
        expect(checkRedirectTarget(value, { origin: server.origin }), where).toMatchObject({
          ok: true,
          external: false,
        });
        if (answer.url) expectOnSite(answer.url, value);
        const location = response.headers.get("location");
        if (location) expectOnSite(location, value);
      }
    }
    const onSite = await post({ callbackURL: "/studio" });
    expect(onSite.status).not.toBe(400);
  });
});

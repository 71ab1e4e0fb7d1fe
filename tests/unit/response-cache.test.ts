/**
 * The shared caches of public lists: the in-process page cache (one query for a burst, TTL,
 * clearing) and the HTTP micro-cache in front of the routes, on a real Express server with
 * compression, talked to over HTTP; and the same micro-cache keeping a signed-in page for its person.
 */
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cachedList, clearListCache, LIST_CACHE_TTL_MS } from "../../server/community/list-cache";
import { announceChange } from "../../server/db/change-feed";
import {
  clearSharedResponses,
  PERSONAL_CACHE_HEADER,
  PERSONAL_PAGE_SECONDS,
  SHARED_CACHE_HEADER,
  sharedResponseCache,
} from "../../server/http/response-cache";

/** Serves `app` on a free port of 127.0.0.1. */
async function listen(app: express.Express): Promise<{ server: Server; base: string }> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe("list page cache", () => {
  beforeEach(() => clearListCache());

  it("runs one load for concurrent callers and reuses it until the TTL passes", async () => {
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 10));
      return { page: loads };
    };
    const now = 1_000_000;
    const answers = await Promise.all(Array.from({ length: 20 }, () => cachedList("k", load, now)));
    expect(loads).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(await cachedList("k", load, now + LIST_CACHE_TTL_MS - 1)).toEqual({ page: 1 });
    expect(await cachedList("k", load, now + LIST_CACHE_TTL_MS)).toEqual({ page: 2 });
    expect(await cachedList("other", load, now)).toEqual({ page: 3 });
  });

  it("forgets everything when cleared, and never keeps a failed load", async () => {
    let loads = 0;
    expect(await cachedList("k", async () => ++loads)).toBe(1);
    clearListCache();
    expect(await cachedList("k", async () => ++loads)).toBe(2);
    await expect(cachedList("bad", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    await Promise.resolve();
    expect(await cachedList("bad", async () => "recovered")).toBe("recovered");
  });
});

describe("shared HTTP response cache", () => {
  let server: Server;
  let base = "";
  const runs: Record<string, number> = {};
  const count = (name: string) => (runs[name] = (runs[name] ?? 0) + 1);

  beforeAll(async () => {
    const app = express();
    app.use(sharedResponseCache());
    app.use(compression({ threshold: 0 }));
    app.get("/shared", (req, res) => {
      res
        .set("Cache-Control", "public, max-age=0, s-maxage=60")
        .set("X-Route", "yes")
        .json({ run: count("shared"), q: req.query.q ?? null, pad: "x".repeat(2000) });
    });
    app.get("/varies", (_req, res) => {
      res
        .set("Cache-Control", "public, s-maxage=60")
        .set("Vary", "Cookie")
        .json({ run: count("varies") });
    });
    app.get("/private", (_req, res) => {
      res.set("Cache-Control", "private, s-maxage=60").json({ run: count("private") });
    });
    app.get("/plain", (_req, res) => {
      res.json({ run: count("plain") });
    });
    app.get("/cookie", (_req, res) => {
      res
        .set("Cache-Control", "s-maxage=60")
        .cookie("seen", "1")
        .json({ run: count("cookie") });
    });
    app.get("/missing", (_req, res) => {
      res
        .status(404)
        .set("Cache-Control", "s-maxage=60")
        .json({ run: count("missing") });
    });
    ({ server, base } = await listen(app));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => clearSharedResponses());

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, { headers: { "accept-encoding": "identity", ...headers } });
    return { status: res.status, headers: res.headers, body: (await res.json()) as { run: number; q?: string | null } };
  };

  it("replays an s-maxage answer to anonymous visitors with its headers, per URL", async () => {
    const first = await get("/shared?q=sea");
    const again = await get("/shared?q=sea");
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("x-route")).toBe("yes");
    expect(again.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
    expect(again.headers.get("age")).toBe("0");
    expect(first.headers.get("age")).toBeNull();
    const other = await get("/shared?q=lake");
    expect(other.body).toMatchObject({ q: "lake", run: first.body.run + 1 });
  });

  it("keeps compressed and plain answers apart, each decoding to the same JSON", async () => {
    const plain = await get("/shared");
    const zipped = await fetch(`${base}/shared`, { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const zippedBody = await zipped.json();
    const zippedAgain = await fetch(`${base}/shared`, { headers: { "accept-encoding": "gzip" } });
    expect(zippedAgain.headers.get("content-encoding")).toBe("gzip");
    expect(zippedAgain.headers.get("age")).toBe("0");
    expect(await zippedAgain.json()).toEqual(zippedBody);
    expect((zippedBody as { run: number }).run).toBe(plain.body.run + 1);
  });

  it("replays a public answer to requests with cookies or credentials too, unless it varies by them", async () => {
    const first = await get("/shared");
    expect((await get("/shared", { cookie: "session=abc" })).body.run).toBe(first.body.run);
    expect((await get("/shared", { authorization: "Bearer x" })).body.run).toBe(first.body.run);
    clearSharedResponses();
    const signedIn = await get("/shared", { cookie: "session=abc" }); // kept from a signed-in request as well
    expect((await get("/shared")).body.run).toBe(signedIn.body.run);
    const varying = await get("/varies");
    expect((await get("/varies")).body.run).toBe(varying.body.run); // anonymous: kept
    expect((await get("/varies", { cookie: "session=abc" })).body.run).toBe(varying.body.run + 1);
  });

  it("is skipped by private, uncacheable, cookie-setting or failed answers", async () => {
    for (const path of ["/private", "/plain", "/cookie", "/missing"]) {
      const a = await get(path);
      const b = await get(path);
      expect(b.body.run, path).toBe(a.body.run + 1);
    }
  });

  it("forgets everything when the lists change", async () => {
    const first = await get("/shared");
    clearListCache();
    expect((await get("/shared")).body.run).toBe(first.body.run + 1);
  });
});

describe("shared pages in the HTTP response cache", () => {
  let server: Server;
  let base = "";
  let renders = 0;
  const scripts = ['window.__ctx = {"a":1};', "import('/assets/entry.js');"];

  beforeAll(async () => {
    const app = express();
    // As in the shell: a fresh nonce per request in the policy, then the cache, then compression.
    app.use((_req, res, next) => {
      res.locals.nonce = randomBytes(16).toString("base64");
      res.set(
        "Content-Security-Policy",
        `default-src 'self';script-src 'self' 'nonce-${res.locals.nonce as string}';object-src 'none'`,
      );
      next();
    });
    app.use(sharedResponseCache());
    app.use(compression({ threshold: 0 }));
    app.get("/page", (_req, res) => {
      renders++;
      const nonce = res.locals.nonce as string;
      res.set(SHARED_CACHE_HEADER, "60").type("html");
      res.send(
        `<!DOCTYPE html><html><body><p>render ${renders}</p>${scripts.map((s) => `<script nonce="${nonce}">${s}</script>`).join("")}<script type="module" src="/assets/x.js" nonce="${nonce}"></script></body></html>`,
      );
    });
    ({ server, base } = await listen(app));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    clearSharedResponses();
    renders = 0;
  });

  const get = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/page`, { headers: { "accept-encoding": "identity", ...headers } });
    return { headers: res.headers, body: await res.text() };
  };

  it("replays a page with its inline scripts allowed by hash, never by the nonce of the request that rendered it", async () => {
    const first = await get();
    expect(first.headers.get(SHARED_CACHE_HEADER)).toBeNull(); // the internal header never leaves
    expect(first.headers.get("cache-control")).toBe("no-cache");
    expect(first.headers.get("content-security-policy")).toMatch(/'nonce-/);
    for (const encoding of ["identity", "gzip", "br"]) {
      const kept = await get({ "accept-encoding": encoding });
      const again = await get({ "accept-encoding": encoding });
      expect(again.body).toBe(kept.body);
      expect(again.headers.get("age")).toBe("0");
      const policy = again.headers.get("content-security-policy")!;
      expect(policy).not.toContain("nonce-");
      for (const script of scripts)
        expect(policy).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
      expect(policy).toMatch(/^default-src 'self';script-src 'self' 'sha256-[^;]+';object-src 'none'$/);
    }
  });

  it("renders again for anyone with a cookie, per host, and after a change to the run-time settings", async () => {
    await get();
    expect((await get({ cookie: "better-auth.session_token=x" })).body).toContain("render 2");
    expect((await get()).body).toContain("render 1");
    const otherHost = await new Promise<string>((resolve, reject) => {
      const url = new URL(`${base}/page`);
      http
        .get({ host: url.hostname, port: url.port, path: "/page", headers: { host: "other.example" } }, (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve(text));
        })
        .on("error", reject);
    });
    expect(otherHost).toContain("render 3");
    announceChange({ kind: "table", table: "feature_flags" });
    expect((await get()).body).toContain("render 4");
    announceChange({ kind: "user", userId: "u1" }); // a person's sessions are not what pages show to visitors
    expect((await get()).body).toContain("render 4");
  });
});

describe("signed-in pages kept for their person", () => {
  let server: Server;
  let base = "";
  let renders = 0;
  /** While set, the route waits for it before answering (a change heard mid-render). */
  let midRender: (() => void) | undefined;

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.nonce = randomBytes(16).toString("base64");
      res.set("Content-Security-Policy", `script-src 'nonce-${res.locals.nonce as string}'`);
      next();
    });
    app.use(sharedResponseCache());
    app.use(compression({ threshold: 0 }));
    // As the root middleware does: the page says whose it is, from the session its cookie names.
    app.get("/me", (req, res) => {
      renders++;
      midRender?.();
      const who = /session=(\w+)/.exec(req.headers.cookie ?? "")?.[1];
      if (who && !req.headers["x-no-keep"]) res.set(PERSONAL_CACHE_HEADER, who);
      if (req.query.refresh) res.cookie("session_data", "fresh");
      res.set("Cache-Control", "private, no-cache").type("html");
      res.send(`<p>${who ?? "nobody"} render ${renders}</p><script nonce="${res.locals.nonce as string}">1</script>`);
    });
    app.post("/me", (_req, res) => {
      res.json({ saved: true });
    });
    ({ server, base } = await listen(app));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    clearSharedResponses();
    renders = 0;
    midRender = undefined;
  });

  const get = async (headers: Record<string, string> = {}, path = "/me") => {
    const res = await fetch(base + path, { headers: { "accept-encoding": "identity", ...headers } });
    return { headers: res.headers, body: await res.text() };
  };
  const ada = { cookie: "session=ada; theme=dark" };
  const bo = { cookie: "session=bo" };

  it("replays a page only to the same cookies, never to another person or an anonymous visitor", async () => {
    const first = await get(ada);
    expect(first.body).toContain("ada render 1");
    expect(first.headers.get(PERSONAL_CACHE_HEADER)).toBeNull(); // the internal header never leaves
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const again = await get(ada);
    expect(again.body).toBe(first.body);
    expect(again.headers.get("age")).toBe("0");
    expect(again.headers.get("content-security-policy")).toMatch(/^script-src 'sha256-[^']+'$/);
    expect((await get(bo)).body).toContain("bo render 2");
    expect((await get({ cookie: "session=ada" })).body).toContain("ada render 3"); // not the same Cookie header
    expect((await get()).body).toContain("nobody render 4");
    expect((await get({ ...ada, authorization: "Bearer t" })).body).toContain("render 5");
    expect((await get({ ...ada, "accept-language": "fr" })).body).toContain("render 6");
    expect((await get(bo)).body).toContain("bo render 2");
  });

  it("forgets a person's pages when the database announces a change of theirs, and only theirs", async () => {
    await get(ada);
    await get(bo);
    announceChange({ kind: "personal", userId: "bo" });
    expect((await get(ada)).body).toContain("ada render 1");
    expect((await get(bo)).body).toContain("bo render 3");
    announceChange({ kind: "user", userId: "ada" }); // sessions or account
    expect((await get(ada)).body).toContain("ada render 4");
    announceChange({ kind: "generation", id: "g1" }); // progress is on no kept page
    expect((await get(ada)).body).toContain("ada render 4");
    announceChange({ kind: "table", table: "feature_flags" });
    expect((await get(ada)).body).toContain("ada render 5");
    expect((await get(bo)).body).toContain("bo render 6");
  });

  it("forgets the writer's pages when a request with their cookies may write", async () => {
    await get(ada);
    await get(bo);
    expect((await fetch(`${base}/me`, { method: "POST", headers: ada })).status).toBe(200);
    expect((await get(ada)).body).toContain("ada render 3");
    expect((await get(bo)).body).toContain("bo render 2");
  });

  it("does not keep a page whose render overlapped a change, one that sets a cookie, or one that does not opt in", async () => {
    midRender = () => announceChange({ kind: "personal", userId: "ada" });
    await get(ada);
    midRender = undefined;
    expect((await get(ada)).body).toContain("ada render 2");
    expect((await get(ada)).body).toContain("ada render 2"); // kept from the quiet render
    clearSharedResponses();
    await get(bo, "/me?refresh=1");
    expect((await get(bo, "/me?refresh=1")).body).toContain("bo render 4");
    await get({ ...bo, "x-no-keep": "1" });
    expect((await get({ ...bo, "x-no-keep": "1" })).body).toContain("bo render 6");
  });

  it("renders again once the kept page is older than its lifetime", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      await get(ada);
      vi.setSystemTime(Date.now() + PERSONAL_PAGE_SECONDS * 1000 - 1);
      expect((await get(ada)).body).toContain("ada render 1");
      vi.setSystemTime(Date.now() + 2);
      expect((await get(ada)).body).toContain("ada render 2");
    } finally {
      vi.useRealTimers();
    }
  });
});

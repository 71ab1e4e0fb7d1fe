/**
 * The shared caches of public lists: the in-process page cache (one query for a burst, TTL,
 * clearing) and the HTTP micro-cache in front of the routes, on a real Express server with
 * compression, talked to over HTTP.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cachedList, clearListCache, LIST_CACHE_TTL_MS } from "../../server/community/list-cache";
import { clearSharedResponses, sharedResponseCache } from "../../server/http/response-cache";

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
      res.set("Cache-Control", "public, max-age=0, s-maxage=60").set("X-Route", "yes").json({ run: count("shared"), q: req.query.q ?? null, pad: "x".repeat(2000) });
    });
    app.get("/private", (_req, res) => {
      res.set("Cache-Control", "private, s-maxage=60").json({ run: count("private") });
    });
    app.get("/plain", (_req, res) => {
      res.json({ run: count("plain") });
    });
    app.get("/cookie", (_req, res) => {
      res.set("Cache-Control", "s-maxage=60").cookie("seen", "1").json({ run: count("cookie") });
    });
    app.get("/missing", (_req, res) => {
      res.status(404).set("Cache-Control", "s-maxage=60").json({ run: count("missing") });
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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

  it("is skipped by requests with cookies or credentials, and by private, uncacheable, cookie-setting or failed answers", async () => {
    const first = await get("/shared");
    expect((await get("/shared", { cookie: "session=abc" })).body.run).toBe(first.body.run + 1);
    expect((await get("/shared", { authorization: "Bearer x" })).body.run).toBe(first.body.run + 2);
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

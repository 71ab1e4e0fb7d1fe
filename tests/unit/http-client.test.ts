/** The browser HTTP client against a real local HTTP server. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHttpClient, HttpError, retryDelayMs } from "../../app/lib/http-client";

let server: http.Server;
let baseUrl = "";
let hits: { method: string; url: string; key: string | undefined }[] = [];
/** Status codes to answer, in order, per path; then 200. */
let script: Record<string, { status: number; headers?: Record<string, string> }[]> = {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push({ method: req.method!, url: req.url!, key: req.headers["idempotency-key"] as string | undefined });
    const next = script[req.url!]?.shift();
    if (req.url === "/slow") {
      setTimeout(() => res.end("{}"), 500);
      return;
    }
    res.writeHead(next?.status ?? 200, { "Content-Type": "application/json", ...next?.headers });
    res.end(
      JSON.stringify(
        next && next.status >= 400
          ? { error: { code: "x", message: `status ${next.status}` } }
          : { ok: true, url: req.url },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits = [];
  script = {};
});

const client = () => createHttpClient({ baseUrl, timeoutMs: 200, sleep: async () => {} });

describe("http client", () => {
  it("prefixes the configured base URL", async () => {
    await expect(client().get("/a")).resolves.toEqual({ ok: true, url: "/a" });
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])("retries a GET once on %i", async (status) => {
    script["/r"] = [{ status }];
    await expect(client().get("/r")).resolves.toMatchObject({ ok: true });
    expect(hits).toHaveLength(2);
  });

  it("retries only once", async () => {
    script["/r"] = [{ status: 503 }, { status: 503 }];
    await expect(client().get("/r")).rejects.toMatchObject({ status: 503 });
    expect(hits).toHaveLength(2);
  });

  it("does not retry other failures", async () => {
    script["/r"] = [{ status: 400 }];
    const error = await client()
      .get("/r")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe("status 400");
    expect(hits).toHaveLength(1);
  });

  it("never retries a POST without an Idempotency-Key", async () => {
    script["/p"] = [{ status: 503 }];
    await expect(client().post("/p", { json: { a: 1 } })).rejects.toMatchObject({ status: 503 });
    expect(hits).toHaveLength(1);
  });

  it("retries a POST that carries an Idempotency-Key, with the same key", async () => {
    script["/p"] = [{ status: 503 }];
    await expect(client().post("/p", { json: { a: 1 }, idempotencyKey: "key-12345678" })).resolves.toMatchObject({
      ok: true,
    });
    expect(hits.map((h) => h.key)).toEqual(["key-12345678", "key-12345678"]);
  });

  it("honours Retry-After", async () => {
    const waits: number[] = [];
    script["/r"] = [{ status: 429, headers: { "Retry-After": "2" } }];
    await createHttpClient({ baseUrl, sleep: async (ms) => void waits.push(ms) }).get("/r");
    expect(waits).toEqual([2000]);
    expect(retryDelayMs("120", 10_000)).toBe(10_000);
    expect(retryDelayMs(new Date(Date.now() + 3000).toUTCString(), 10_000)).toBeGreaterThan(1000);
  });

  it("times out", async () => {
    const error = await createHttpClient({ baseUrl, timeoutMs: 100, sleep: async () => {} })
      .post("/slow")
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 408, message: "The request timed out" });
  });
});

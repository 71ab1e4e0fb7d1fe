/**
 * The HTTP shell's layers on a real Express server over HTTP: the security headers worked out once
 * at start are exactly what helmet sends per request (with this answer's nonce), and an answer
 * sent before its upload arrived closes the connection instead of leaving the upload unread on a
 * kept-alive socket.
 */
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import helmet from "helmet";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getConfig } from "../../server/config";
import { createShellLayers, helmetOptions } from "../../server/http/shell-layers";

vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent"; // before the logger reads the configuration
});

let server: Server;
let base = "";

beforeAll(async () => {
  const config = { ...getConfig(), publicUrl: "https://atelier.example" };
  const app = express();
  const layers = createShellLayers(config, { dev: false });
  for (const layer of layers) app.use(layer.handle);
  app.get("/page", (_req, res) => res.type("text/plain").send(`nonce ${res.locals.nonce as string}`));
  // What helmet itself sends, per request, with the same options and nonce.
  const reference = helmet(helmetOptions(config, false));
  app.get("/reference", (req, res) => {
    res.locals.nonce = String(req.query.nonce);
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    reference(req, res, () => res.type("text/plain").send("reference"));
  });
  // Refuses an upload from its declared size, without reading it.
  app.post("/upload", (_req, res) => res.status(413).type("text/plain").send("too large"));
  app.post("/echo", express.text({ limit: "1mb" }), (req, res) =>
    res.type("text/plain").send(`got ${(req.body as string).length}`),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const SECURITY_HEADERS = [
  "content-security-policy",
  "strict-transport-security",
  "referrer-policy",
  "x-frame-options",
  "x-content-type-options",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

describe("security headers", () => {
  it("are helmet's, with a fresh nonce in the policy on every answer", async () => {
    const first = await fetch(`${base}/page`);
    const nonce = (await first.text()).replace("nonce ", "");
    expect(first.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    const reference = await fetch(`${base}/reference?nonce=${encodeURIComponent(nonce)}`);
    for (const name of SECURITY_HEADERS)
      expect([name, first.headers.get(name)]).toEqual([name, reference.headers.get(name)]);
    expect(first.headers.get("strict-transport-security")).toBeTruthy();
    const second = await fetch(`${base}/page`);
    expect(second.headers.get("content-security-policy")).not.toBe(first.headers.get("content-security-policy"));
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  });
});

describe("early answers", () => {
  function post(
    path: string,
    body: Buffer,
    declaredLength = body.length,
  ): Promise<{ status: number; connection: string | undefined; text: string; ms: number }> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${base}${path}`,
        {
          method: "POST",
          headers: { "Content-Type": "text/plain", "Content-Length": declaredLength },
          agent: new http.Agent({ keepAlive: true }),
        },
        (response) => {
          let text = "";
          response.on("data", (chunk: Buffer) => (text += chunk.toString()));
          response.on("end", () =>
            resolve({
              status: response.statusCode!,
              connection: response.headers.connection,
              text,
              ms: Date.now() - started,
            }),
          );
        },
      );
      request.on("error", reject);
      // Sends only the first part of what it declared, as a slow upload would.
      request.write(body);
    });
  }

  it("close the connection when the upload has not arrived, so the browser is not left waiting", async () => {
    const answer = await post("/upload", Buffer.alloc(64 * 1024, 1), 50 * 1024 * 1024);
    expect(answer).toMatchObject({ status: 413, connection: "close", text: "too large" });
  });

  it("keep it open when the request was read whole", async () => {
    const body = Buffer.from("hello");
    const answer = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const request = http.request(
        `${base}/echo`,
        { method: "POST", headers: { "Content-Type": "text/plain" }, agent: new http.Agent({ keepAlive: true }) },
        (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode!, connection: response.headers.connection }));
        },
      );
      request.on("error", reject);
      request.end(body);
    });
    expect(answer).toEqual({ status: 200, connection: "keep-alive" });
  });
});

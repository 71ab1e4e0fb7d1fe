/**
 * The front door in front of the shell's Express app, on a real node:http server over HTTP:
 * it answers the liveness probe and kept answers without running Express, with the same
 * security headers and request ids as the shell, and hands everything else on untouched.
 */
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getConfig } from "../../server/config";
import { createFrontDoor } from "../../server/http/front-door";
import { clearSharedResponses, SHARED_CACHE_HEADER } from "../../server/http/response-cache";
import { createShellLayers } from "../../server/http/shell-layers";

vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent"; // before the logger reads the configuration
});

let server: Server;
let base = "";
const reached: string[] = [];
let runs = 0;

beforeAll(async () => {
  const config = { ...getConfig(), publicUrl: "https://atelier.example" };
  const app = express();
  app.use((req, _res, next) => {
    reached.push(req.url);
    next();
  });
  for (const layer of createShellLayers(config, { dev: false })) app.use(layer.handle);
  app.get("/healthz", (_req, res) => res.json({ status: "from express" }));
  app.get("/list", (_req, res) => res.set("Cache-Control", "public, max-age=0, s-maxage=60").json({ run: ++runs }));
  app.get("/page", (_req, res) => {
    res.set(SHARED_CACHE_HEADER, "60").type("html");
    res.send(`<!DOCTYPE html><p>page ${++runs}</p><script nonce="${res.locals.nonce as string}">window.x=1</script>`);
  });
  app.get("/echo-id", (_req, res) => res.json({ id: res.locals.requestId as string }));
  app.post("/list", (_req, res) => res.status(201).json({ posted: true }));
  server = http.createServer(createFrontDoor(app, config, { dev: false })).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => {
  reached.length = 0;
  clearSharedResponses();
});

describe("the front door", () => {
  it("answers /healthz itself, with the shell's security headers and no inline script allowed", async () => {
    const res = await fetch(`${base}/healthz`, { headers: { "x-request-id": "probe-1" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toBe("probe-1");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=/);
    const policy = res.headers.get("content-security-policy")!;
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain("nonce-");
    const head = await fetch(`${base}/healthz?probe=lb`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(reached).toEqual([]);
    // A made-up request id is not echoed: a fresh one is given.
    const odd = await fetch(`${base}/healthz`, { headers: { "x-request-id": "bad id\twith spaces" } });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("replays kept answers without running Express, each with its own request id", async () => {
    const first = await fetch(`${base}/list`);
    const firstBody = await first.json();
    const again = await fetch(`${base}/list`, { headers: { cookie: "session=someone" } });
    expect(await again.json()).toEqual(firstBody);
    expect(again.headers.get("age")).toBe("0");
    expect(again.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(again.headers.get("x-frame-options")).toBe("DENY");
    expect(reached).toEqual(["/list"]);
  });

  it("sends pages to people with cookies and other methods on to the routes", async () => {
    const page = await (await fetch(`${base}/page`)).text();
    expect(await (await fetch(`${base}/page`)).text()).toBe(page);
    expect(await (await fetch(`${base}/page`, { headers: { cookie: "theme=dark" } })).text()).not.toBe(page);
    const posted = await fetch(`${base}/list`, { method: "POST" });
    expect(posted.status).toBe(201);
    expect(reached).toEqual(["/page", "/page", "/list"]);
  });

  it("leaves the request id to the shell when the routes answer", async () => {
    const res = await fetch(`${base}/echo-id`, { headers: { "x-request-id": "caller-7" } });
    expect(res.headers.get("x-request-id")).toBe("caller-7");
    expect(await res.json()).toEqual({ id: "caller-7" });
  });
});

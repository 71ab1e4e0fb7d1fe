/**
 * `npm start`'s path in embedded mode: the built server creates, migrates and seeds a PGlite
 * database under DATA_DIR, serves pages, keeps its data across restarts and stops cleanly on
 * SIGTERM, draining first when asked to. Needs the production build (scripts/test.sh builds first).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
let dataDir = "";

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `node server.mjs` as `npm start` runs it: NODE_ENV left unset unless a test sets it. */
function startServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = "";
  const { NODE_ENV: _vitestsMode, ...inherited } = process.env;
  const child = spawn(process.execPath, [...nodeArgs, "server.mjs"], {
    cwd: root,
    env: { ...inherited, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForReady(port: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return (await res.json()) as { status: string; database: string };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not become ready");
}

beforeAll(() => {
  if (!fs.existsSync(path.join(root, "build/server/index.js")))
    throw new Error("Run `npm run build` first (npm test does).");
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-embedded-"));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("embedded start", () => {
  it("creates, migrates and seeds the database, serves, restarts with its data and stops on SIGTERM", async () => {
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    expect(await waitForReady(port)).toMatchObject({ status: "ready", database: "pglite" });
    expect(first.output()).toMatch(/Admin {2}admin@atelier\.local {2}\/ {2}\S{12}/);
    expect(fs.readFileSync(path.join(dataDir, "demo-accounts.txt"), "utf8")).toMatch(
      /^Admin {2}admin@atelier\.local {2}\/ {2}\S{12}$/m,
    );
    expect(fs.existsSync(path.join(dataDir, "db"))).toBe(true);
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Atelier");
    const seeded = await fetch(`http://127.0.0.1:${port}/pricing`, { redirect: "manual" });
    expect(seeded.headers.get("location")).toBe("/pricing-plans");
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("stopped");

    const second = startServer({ DATA_DIR: dataDir, PORT: String(port), DRAIN_SECONDS: "2" });
    await waitForReady(port);
    expect(second.output()).not.toContain("seeded demo data");

    // A rolling restart's stop: readiness goes false first, answers keep coming (each closing its
    // connection, so a balancer moves on), and only after DRAIN_SECONDS does the process stop.
    const stopAsked = Date.now();
    second.child.kill("SIGTERM");
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(503);
    const during = await fetch(`http://127.0.0.1:${port}/pricing-plans`);
    expect(during.status).toBe(200);
    expect(during.headers.get("connection")).toBe("close");
    expect(await second.exited).toBe(0);
    expect(Date.now() - stopAsked).toBeGreaterThanOrEqual(2_000);
    expect(second.output()).toContain("draining");
  });

  it("refuses to start on a bad setting and names it", async () => {
    const run = startServer({ DATA_DIR: dataDir, PORT: "not-a-port" });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('PORT: expected a port number (got "not-a-port")');
  });
});

describe("production builds", () => {
  it("serves with the production builds of React and React DOM when NODE_ENV is not set, and says so at start", async () => {
    const port = await freePort();
    const loadedFile = path.join(dataDir, "loaded-modules.txt");
    const run = startServer({ DATA_DIR: dataDir, PORT: String(port), LOADED_MODULES_FILE: loadedFile }, [
      "--import",
      "./tests/support/record-loaded-modules.mjs",
    ]);
    await waitForReady(port);
    for (const page of ["/", "/community/list", "/pricing-plans", "/no-such-page"])
      await (await fetch(`http://127.0.0.1:${port}${page}`)).text();
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain("Atelier is listening (production mode)");
    expect(run.output()).not.toContain("development builds of libraries are loaded");
    const loaded = fs.readFileSync(loadedFile, "utf8").split("\n");
    expect(loaded.some((file) => /react-dom-server\.node\.production\.js$/.test(file))).toBe(true);
    expect(loaded.filter((file) => /\.development\.[cm]?js$/.test(file))).toEqual([]);
  });
});

describe("embedded database lock", () => {
  it("refuses a second process on the same data directory, with an explanation", async () => {
    const lockedDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-lock-"));
    try {
      const port = await freePort();
      const first = startServer({ DATA_DIR: lockedDir, PORT: String(port) });
      await waitForReady(port);
      const second = startServer({ DATA_DIR: lockedDir, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain("is already open in process");
      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
      expect(fs.existsSync(path.join(lockedDir, "db.lock"))).toBe(false);
    } finally {
      fs.rmSync(lockedDir, { recursive: true, force: true });
    }
  });
});

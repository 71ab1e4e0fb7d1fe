/**
 * The production build served as `npm start` serves it (`node server.mjs`, embedded PGlite in a
 * DATA_DIR of its own), for tests that must see real answers: status, Location, Set-Cookie.
 * Needs `npm run build` (scripts/test.sh builds before the tests).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export const DEMO_USER = { email: "demo@atelier.local", password: "demo-user-password-for-tests" };
export const DEMO_ADMIN = { email: "admin@atelier.local", password: "demo-admin-password-for-tests" };

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface BuiltServer {
  origin: string;
  dataDir: string;
  output: () => string;
  /** The server process's id while it runs (to sample its memory). */
  pid: () => number | undefined;
  /** SIGTERM, then wait for the exit. The data directory stays for a restart. */
  stop: () => Promise<void>;
  /** Starts again on the same port and data (after `stop`). */
  restart: () => Promise<void>;
  /** Stops it if running and removes the data directory. */
  dispose: () => Promise<void>;
}

export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  if (!fs.existsSync(path.join(root, "build/server/index.js")))
    throw new Error("Run `npm run build` first (npm test does).");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-served-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let exited: Promise<unknown> = Promise.resolve();
  let output = "";

  const launch = async () => {
    const { NODE_ENV: _vitestsMode, ...inherited } = process.env;
    child = spawn(process.execPath, ["server.mjs"], {
      cwd: root,
      env: {
        ...inherited,
        DATA_DIR: dataDir,
        PORT: String(port),
        LOG_LEVEL: "warn",
        AUTH_SECRET: "built-server-test-secret-0123456789abcdef",
        DEMO_USER_PASSWORD: DEMO_USER.password,
        DEMO_ADMIN_PASSWORD: DEMO_ADMIN.password,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    const running = child;
    exited = new Promise((resolve) => running.on("exit", resolve));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (running.exitCode !== null) throw new Error(`the server stopped at start:\n${output}`);
      try {
        if ((await fetch(`${origin}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`the server did not become ready:\n${output}`);
  };

  const stop = async () => {
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    child = null;
  };

  await launch();
  return {
    origin,
    dataDir,
    output: () => output,
    pid: () => (child as ChildProcess | null)?.pid,
    stop,
    restart: launch,
    dispose: async () => {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `name=value` pairs of an answer's Set-Cookie headers, ready for a Cookie header. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

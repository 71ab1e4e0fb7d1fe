/**
 * A PostgreSQL deployment split in processes: a web process that only enqueues jobs
 * (JOB_WORKERS=false) and a separate worker (`server.mjs --worker`) that runs them.
 * Needs the production build and a PostgreSQL server (integration-postgres project only).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { emailOutbox } from "../../server/db/schema";
import { postgresUrl } from "../support/global-setup";

const root = path.resolve(import.meta.dirname, "../..");
const dbName = `atelier_multi_${randomBytes(4).toString("hex")}`;
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function start(args: string[], env: Record<string, string>) {
  let output = "";
  const child = spawn(process.execPath, ["server.mjs", ...args], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", AUTH_SECRET: "multi-process-test-secret-0123456789abcdef", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  children.push(child);
  return { child, output: () => output, exited: new Promise<number | null>((r) => child.on("exit", r)) };
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

describe("web and worker processes on PostgreSQL", () => {
  it("the web process enqueues, only the worker sends, and both stop cleanly", async () => {
    const url = postgresUrl(dbName);
    const port = await freePort();
    const web = start([], { DATABASE_URL: url, PORT: String(port), JOB_WORKERS: "false", DATA_DIR: path.join(root, ".tmp", dbName) });
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
      } catch {}
      if (i > 150) throw new Error(`web did not start:\n${web.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const sent = await fetch(`http://127.0.0.1:${port}/api/auth/email-otp/send-verification-otp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ email: "demo@atelier.local", type: "sign-in" }),
    });
    expect(sent.status).toBe(200);

    const handle = await openDatabase({ kind: "postgres", url });
    const outbox = () => handle.db.select().from(emailOutbox).where(eq(emailOutbox.to, "demo@atelier.local"));
    await new Promise((r) => setTimeout(r, 2500));
    expect(await outbox()).toEqual([]); // nobody works the queue yet

    const worker = start(["--worker"], { DATABASE_URL: url });
    await expect.poll(async () => (await outbox()).map((e) => e.kind), { timeout: 20_000, interval: 250 }).toEqual(["sign-in-link"]);
    await handle.close();

    worker.child.kill("SIGTERM");
    web.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    expect(await web.exited).toBe(0);
  });
});

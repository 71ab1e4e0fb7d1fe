/**
 * A PostgreSQL deployment split in processes: a web process that only enqueues jobs
 * (JOB_WORKERS=false) and a separate worker (`server.mjs --worker`) that runs them.
 * Needs the production build and a PostgreSQL server (integration-postgres project only).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { hashPassword } from "better-auth/crypto";
import { account, emailOutbox, generationImages, generations, user } from "../../server/db/schema";
import { applyTokenMovement, getTokenBalance, sumTokenLedger } from "../../server/generation/ledger";
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
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      AUTH_SECRET: "multi-process-test-secret-0123456789abcdef",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  children.push(child);
  return { child, output: () => output, exited: new Promise<number | null>((r) => child.on("exit", r)) };
}

/** Polls /readyz every 200 ms, for up to 30 s; a process that never gets ready fails with its output. */
async function waitUntilReady(web: ReturnType<typeof start>, port: number): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {}
    if (i > 150) throw new Error(`web did not start:\n${web.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
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
    const web = start([], {
      DATABASE_URL: url,
      PORT: String(port),
      JOB_WORKERS: "false",
      DATA_DIR: path.join(root, ".tmp", dbName),
    });
    await waitUntilReady(web, port);
    const sent = await fetch(`http://127.0.0.1:${port}/api/auth/email-otp/send-verification-otp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ email: "demo@atelier.local", type: "sign-in" }),
    });
    expect(sent.status).toBe(200);

    const handle = await openDatabase({ kind: "postgres", url });
    const outbox = () => handle.db.select().from(emailOutbox).where(eq(emailOutbox.to, "demo@atelier.local"));
    // The email waits in the queue, created and not taken: the web process works no jobs.
    const emailJobs = async () => {
      const result = (await handle.db.execute(
        sql`select state from pgboss.job where name = 'email.send'`,
      )) as unknown as {
        rows: { state: string }[];
      };
      return result.rows.map((r) => r.state);
    };
    await expect.poll(emailJobs, { timeout: 10_000, interval: 100 }).toEqual(["created"]);
    expect(await outbox()).toEqual([]);

    const metricsPort = await freePort();
    const worker = start(["--worker"], { DATABASE_URL: url, METRICS_PORT: String(metricsPort) });
    await expect
      .poll(async () => (await outbox()).map((e) => e.kind), { timeout: 20_000, interval: 250 })
      .toEqual(["sign-in-link"]);
    await handle.close();

    // The worker's own /metrics (it has no other HTTP): the job it ran, and the queues' depth.
    let text = "";
    await expect
      .poll(
        async () => {
          const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).catch(() => null);
          text = scraped?.ok ? await scraped.text() : "";
          return scraped?.status;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe(200);
    expect(text).toMatch(/atelier_job_duration_seconds_count\{kind="email\.send",outcome="completed"\} 1/);
    expect(text).toMatch(/atelier_queue_jobs\{kind="email\.send",state="ready"\} 0/);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    const withWrongToken = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
      headers: { Authorization: "Bearer wrong" },
    });
    expect(withWrongToken.status, "127.0.0.1 is allowed by default, token or not").toBe(200);

    worker.child.kill("SIGTERM");
    web.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    expect(await web.exited).toBe(0);
  });

  it("a generation whose worker is killed mid-render is picked up by the next worker and finishes, paid once", async () => {
    const url = postgresUrl(dbName);
    const port = await freePort();
    const dataDir = path.join(root, ".tmp", `${dbName}-gen`);
    const shared = { DATABASE_URL: url, DATA_DIR: dataDir, STUDIO_THREADS: "1" };
    const web = start([], { ...shared, PORT: String(port), JOB_WORKERS: "false" });
    await waitUntilReady(web, port);
    const handle = await openDatabase({ kind: "postgres", url });
    const db = handle.db;
    const password = "a-long-test-password-9";
    await db
      .insert(user)
      .values({ id: "painter", name: "Painter", email: "painter@example.test", emailVerified: true });
    await db.insert(account).values({
      id: "painter-account",
      accountId: "painter",
      providerId: "credential",
      userId: "painter",
      password: await hashPassword(password),
    });
    await applyTokenMovement(db, {
      userId: "painter",
      amount: 40,
      reason: "admin_adjustment",
      idempotencyKey: "test:painter",
    });

    const origin = `http://127.0.0.1:${port}`;
    const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({ email: "painter@example.test", password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const form = new FormData();
    for (const [k, v] of Object.entries({
      mode: "text",
      prompt: "a red sunset over snowy mountains and a calm lake",
      style: "oil-painting",
      size: "1024",
      count: "4",
      seed: "7",
      aspectRatio: "1:1",
    }))
      form.set(k, v);
    const created = await fetch(`${origin}/api/generations`, {
      method: "POST",
      body: form,
      headers: { Cookie: cookie, Origin: origin },
    });
    expect(created.status, await created.clone().text()).toBe(202);
    const { generation } = (await created.json()) as { generation: { id: string; cost: number } };
    const row = async () => (await db.select().from(generations).where(eq(generations.id, generation.id)))[0]!;

    // The first worker starts rendering, and dies without a word.
    const first = start(["--worker"], shared);
    await expect.poll(async () => (await row()).status, { timeout: 30_000, interval: 100 }).toBe("running");
    first.child.kill("SIGKILL");
    await first.exited;
    expect((await row()).status).toBe("running");

    // The next worker finds the stale heartbeat, queues the generation again and finishes it.
    const second = start(["--worker"], shared);
    await expect.poll(async () => (await row()).status, { timeout: 90_000, interval: 500 }).toBe("succeeded");
    expect((await row()).attempts).toBe(2);
    expect(
      await db.select().from(generationImages).where(eq(generationImages.generationId, generation.id)),
    ).toHaveLength(4);
    expect(await getTokenBalance(db, "painter")).toBe(40 - generation.cost);
    expect(await sumTokenLedger(db, "painter")).toBe(40 - generation.cost);
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    second.child.kill("SIGTERM");
    web.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    expect(await web.exited).toBe(0);
  }, 150_000);
});

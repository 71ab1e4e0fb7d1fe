/**
 * The public API as scripts meet it (issue 31): `npm start`'s production server on PostgreSQL,
 * 50 connections, each request with the token of the next of 50 people (a token is read, its
 * scope checked and its rate counted on every request), beside the browser's own API for the same
 * reads with a real session cookie:
 * - GET /api/v1/balance and GET /api/v1/generations (20 jobs, one page) with tokens;
 * - GET /api/tokens and GET /api/generations with the demo person's session, the baseline.
 *   npm run build && TEST_POSTGRES_URL=postgres://… node bench/run-ts.mjs bench/api-v1.bench.ts [seconds]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { createScratchDatabase } from "./support/database";
import { load } from "./support/load";
import { startAtelier, stopChild } from "./support/servers";

const PEOPLE = 50;
const CONNECTIONS = 50;
const root = path.resolve(import.meta.dirname, "../..");

export async function main(args: string[]) {
  const seconds = Number(args[0] ?? 5);
  const server = process.env.TEST_POSTGRES_URL;
  if (!server) throw new Error("Set TEST_POSTGRES_URL to a PostgreSQL server; a database is created and dropped.");
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("Build first: npm run build");
  const { url, drop } = await createScratchDatabase(server, "atelier_bench_api");
  process.env.DATABASE_URL = url;
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-bench-"));
  const { openDatabase } = await import("../server/db/client");
  const { migrateDatabase } = await import("../server/db/migrate");
  const { createApiToken } = await import("../server/api-tokens/tokens");
  const { apiTokenInput } = await import("../app/lib/api-tokens");
  const target = { kind: "postgres", url } as const;
  const handle = await openDatabase(target);
  await migrateDatabase(target, handle);
  const tokens: string[] = [];
  for (let i = 0; i < PEOPLE; i++) {
    const id = randomUUID();
    await handle.db.execute(
      sql`INSERT INTO "user" (id, name, email, email_verified) VALUES (${id}, ${`Script ${i}`}, ${`${id}@bench.test`}, true)`,
    );
    await handle.db.execute(sql`
      INSERT INTO generations (user_id, mode, status, engine_id, engine_label, prompt, style, aspect_ratio, size,
        width, height, count, seed, strength, cost, created_at)
      SELECT ${id}, 'text', 'succeeded', 'studio', 'Studio', 'a lighthouse #' || g, 'natural', '1:1', 512, 512, 512, 1,
        g, 0.75, 2, now() - (g || ' minutes')::interval
      FROM generate_series(1, 20) g`);
    const made = apiTokenInput.parse({ name: "bench", scopes: ["read"], expiresIn: "7" });
    tokens.push((await createApiToken(handle.db, id, made)).token);
  }
  await handle.close();

  const { base, server: child } = await startAtelier(root, {
    ...process.env,
    NODE_ENV: undefined,
    LOG_LEVEL: "warn",
    DEMO_USER_PASSWORD: "bench-user-password-0123",
    AUTH_SECRET: "bench-secret-0123456789abcdef0123456789",
  });
  let results: [string, Awaited<ReturnType<typeof load>>][] = [];
  try {
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ email: "demo@atelier.local", password: "bench-user-password-0123" }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    let n = 0;
    const nextToken = () => `Bearer ${tokens[n++ % tokens.length]}`;
    const check = await fetch(`${base}/api/v1/generations`, { headers: { Authorization: nextToken() } });
    if (!check.ok) throw new Error(`/api/v1/generations: ${check.status}`);
    await load(`${base}/api/v1/balance`, CONNECTIONS, 2, {}, { headerEachTime: ["authorization", nextToken] }); // warm up
    results = [
      ["GET /api/tokens (session, baseline)", await load(`${base}/api/tokens`, CONNECTIONS, seconds, { cookie })],
      [
        "GET /api/v1/balance (50 tokens)",
        await load(
          `${base}/api/v1/balance`,
          CONNECTIONS,
          seconds,
          {},
          { headerEachTime: ["authorization", nextToken] },
        ),
      ],
      [
        "GET /api/generations (session, baseline)",
        await load(`${base}/api/generations?limit=20`, CONNECTIONS, seconds, { cookie }),
      ],
      [
        "GET /api/v1/generations (50 tokens)",
        await load(
          `${base}/api/v1/generations?limit=20`,
          CONNECTIONS,
          seconds,
          {},
          {
            headerEachTime: ["authorization", nextToken],
          },
        ),
      ],
    ];
  } finally {
    await stopChild(child);
    await drop();
  }
  console.log(`The public API on PostgreSQL, ${CONNECTIONS} connections, ${seconds} s per run (npm start's server)`);
  for (const [label, r] of results)
    console.log(
      `${label.padEnd(42)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms${r.errors + r.non2xx ? `   failed ${r.errors + r.non2xx}` : ""}`,
    );
}

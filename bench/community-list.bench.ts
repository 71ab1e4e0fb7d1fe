/**
 * The community list under load, with 10,000 seeded artworks on PostgreSQL:
 * - GET /api/artworks (first page) at 100 concurrent connections: requests/s and p99, beside a
 *   bare Node http server answering a fixed JSON body of the same size in the same run, and
 *   beside the HTTP shell alone (/healthz); as anonymous visitors and signed in (both replayed
 *   by the front door from the shared response cache, ADR 0027), and signed in with a new search
 *   every request (nothing kept: the route and its query run every time);
 * - the detail page's server render (/community/detail?id=…);
 * - the query plans of every list sort, search and filter: none may scan all artworks.
 * Target: p99 under 50 ms at 100 connections for the first page.
 *   npm run build && TEST_POSTGRES_URL=postgres://… node bench/run-ts.mjs bench/community-list.bench.ts [seconds]
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { BENCH_WORDS, seedBenchArtworks } from "./support/artworks";
import { createScratchDatabase } from "./support/database";
import { freePort, startBareServer, stopChild, waitUntilReady } from "./support/servers";

const ARTWORKS = 10_000;
const root = path.resolve(import.meta.dirname, "../..");

async function load(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
  nextPath?: () => string,
) {
  const requests = nextPath
    ? [{ setupRequest: (request: { path: string }) => ({ ...request, path: nextPath() }) }]
    : undefined;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    ...(requests ? { requests } : {}),
  } as autocannon.Options);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function main(args: string[]) {
  const seconds = Number(args[0] ?? 10);
  const server = process.env.TEST_POSTGRES_URL ?? process.env.DATABASE_URL;
  if (!server) throw new Error("Set TEST_POSTGRES_URL to a PostgreSQL server; a database is created and dropped.");
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("Build first: npm run build");
  const { url, drop: dropDatabase } = await createScratchDatabase(server, "atelier_bench");
  process.env.DATABASE_URL = url;
  process.env.LOG_LEVEL = "warn";
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-bench-"));

  const { openDatabase } = await import("../server/db/client");
  const { migrateDatabase } = await import("../server/db/migrate");
  const schema = await import("../server/db/schema");
  const { listArtworks } = await import("../server/community/artworks");
  const target = { kind: "postgres", url: url } as const;
  const handle = await openDatabase(target);
  await migrateDatabase(target, handle);
  const db = handle.db;

  // 10,000 artworks by 200 creators, with styles, modes, tags and a spread of dates and counters.
  const firstId = await seedBenchArtworks(db, { artworks: ARTWORKS, creators: 200 });
  await db.execute(sql`ANALYZE`);

  // Query plans: capture the SQL each list variant runs and EXPLAIN it.
  const captured: { query: string; params: unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const capturing = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => void captured.push({ query, params }) },
  });
  const variants = [
    { sort: "newest" },
    { sort: "trending" },
    { sort: "featured" },
    { sort: "most-liked" },
    { sort: "most-downloaded" },
    { sort: "newest", style: "watercolor" },
    { sort: "newest", mode: "doodle" },
    { sort: "newest", christmas: true },
    { sort: "newest", q: "galaxy lake" },
  ];
  const scans: string[] = [];
  for (const variant of variants) {
    captured.length = 0;
    const page = await listArtworks(capturing as never, { limit: 24, ...variant } as never);
    const second = page.nextCursor
      ? await listArtworks(capturing as never, { limit: 24, ...variant, cursor: page.nextCursor } as never)
      : null;
    void second;
    for (const { query, params } of captured) {
      const plan = await pool.query(`EXPLAIN (FORMAT JSON) ${query}`, params as unknown[]);
      const text = JSON.stringify(plan.rows[0]);
      if (
        /"Node Type":"Seq Scan","Parallel Aware":(true|false),"Async Capable":(true|false),"Relation Name":"artworks"/.test(
          text,
        ) ||
        /"Seq Scan"[^}]*"artworks"/.test(text)
      ) {
        scans.push(`${JSON.stringify(variant)}: ${query.slice(0, 120)}…`);
      }
    }
  }
  await pool.end();
  await handle.close();

  // The production server on that database.
  const port = await freePort();
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    // As `npm start` runs it (NODE_ENV unset: server.mjs picks production builds), with the demo user to sign in as.
    env: {
      ...process.env,
      NODE_ENV: undefined,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_USER_PASSWORD: "bench-user-password-0123",
      AUTH_SECRET: "bench-secret-0123456789abcdef0123456789",
    },
    stdio: "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilReady(`${base}/readyz`, child);
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ email: "demo@atelier.local", password: "bench-user-password-0123" }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  const session = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const listUrl = `${base}/api/artworks?limit=24`;
  const body = await (await fetch(listUrl)).text();

  // Baselines: a bare node:http server answering the same bytes, in this process (as issue 14
  // measured; the targets' ratios use it) and in a process of its own.
  const bare = await startBareServer(body, "application/json", { inBenchProcess: true });
  const bareUrl = bare.url;
  const bareOwn = await startBareServer(body, "application/json");

  await load(listUrl, 10, 2); // warm up
  const baseline = await load(bareUrl, 100, seconds);
  const baselineOwn = await load(bareOwn.url, 100, seconds);
  await bareOwn.stop();
  const shell = await load(`${base}/healthz`, 100, seconds);
  const list = await load(listUrl, 100, seconds);
  // The first page is the same for everyone: the front door replays it to signed-in people too (ADR 0027).
  const signedIn = await load(listUrl, 100, seconds, { cookie: session });
  // A new search every request: nothing is kept, the route and its query run every time.
  let searches = 0;
  const searchPath = () =>
    `/api/artworks?limit=24&q=${BENCH_WORDS[searches % BENCH_WORDS.length]}+${Math.floor(searches++ / BENCH_WORDS.length)}`;
  const uncached = await load(listUrl, 100, seconds, { cookie: session }, searchPath);
  const detail = await load(`${base}/community/detail?id=${firstId}`, 10, seconds);
  await bare.stop();
  await stopChild(child);
  await dropDatabase();

  const row = (label: string, r: { rps: number; p50: number; p99: number; errors: number }, ratio?: string) =>
    console.log(
      `${label.padEnd(44)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms${r.errors ? `   errors ${r.errors}` : ""}${ratio ?? ""}`,
    );
  console.log(
    `Community list, ${ARTWORKS} artworks on PostgreSQL, ${seconds} s per run, response ${body.length} bytes`,
  );
  row("bare node http, same body, in this process", baseline);
  row(
    "bare node http, same body, own process",
    baselineOwn,
    `   (the one in this process reaches ×${(baseline.rps / baselineOwn.rps).toFixed(3)} of it; ratios below use the first)`,
  );
  row(
    "GET /healthz (the HTTP shell alone), 100 conns",
    shell,
    `   ×${(shell.rps / baseline.rps).toFixed(3)} of bare   target ≥ 0.50: ${shell.rps / baseline.rps >= 0.5 ? "met" : "MISSED"}`,
  );
  row(
    "GET /api/artworks first page, 100 conns",
    list,
    `   ×${(list.rps / baseline.rps).toFixed(3)} of bare   target ≥ 0.30, p99 < 50 ms: ${list.rps / baseline.rps >= 0.3 && list.p99 < 50 ? "met" : "MISSED"}`,
  );
  row(
    "GET /api/artworks signed in, 100 conns",
    signedIn,
    `   ×${(signedIn.rps / baseline.rps).toFixed(3)} of bare   target ≥ 0.15, p99 < 100 ms: ${signedIn.rps / baseline.rps >= 0.15 && signedIn.p99 < 100 ? "met" : "MISSED"}`,
  );
  row(
    "GET /api/artworks?q=<new search> signed in",
    uncached,
    `   ×${(uncached.rps / baseline.rps).toFixed(3)} of bare   (no cache: route and query every time)`,
  );
  row("GET /community/detail (SSR), 10 conns", detail);
  console.log(
    scans.length === 0
      ? "Query plans: no sequential scan of artworks in any list, filter or search"
      : `Sequential scans of artworks:\n  ${scans.join("\n  ")}`,
  );
}

/**
 * Pages as a visitor meets them, under load, on the production server started as `npm start`
 * starts it (`node server.mjs`, NODE_ENV unset), beside a bare node:http server sending the very
 * same bytes, in the same run:
 * - home, pricing, the community list (1,000 artworks), an artwork's detail page, and the
 *   signed-in profile page;
 * - at 10 connections: requests/s and p50/p99, for anonymous visitors (who may be answered from
 *   the 2-second page micro-cache, ADR 0026; signed in, from the page kept for its person, ADR
 *   0040) and "rendered" (one more cookie, different each time, skips every cache, so each
 *   request renders the page);
 * - at 200 connections for 20 s: errors, timeouts, 5xx answers and p99 (target: none, p99 < 2 s),
 *   and the slowest /healthz answer meanwhile (target: < 1 s);
 * - on the embedded default (PGlite) and, when TEST_POSTGRES_URL is set, on PostgreSQL.
 * Targets (issue 14): home, pricing and community list ≥ 10 % of bare on the embedded default and
 * ≥ 15 % on PostgreSQL, with p99 < 100 ms at 10 connections; detail and profile ≥ 5 %.
 *
 *   npm run build && node bench/run-ts.mjs bench/pages.bench.ts [seconds=10] [burst-seconds=20] [pglite,postgres]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Load, load } from "./support/load";
import { seedBenchArtworks } from "./support/artworks";
import { createScratchDatabase } from "./support/database";
import { startAtelier, startBareServer, stopChild } from "./support/servers";

const ARTWORKS = 1_000;
const USER_PASSWORD = "bench-user-password-0123";
const root = path.resolve(import.meta.dirname, "../..");

/** Opens the bench's database, migrates it, adds 1,000 artworks by 50 creators, and closes it. */
async function seedArtworks(
  target: { kind: "pglite"; dir: string } | { kind: "postgres"; url: string },
): Promise<string> {
  const { openDatabase } = await import("../server/db/client");
  const { migrateDatabase } = await import("../server/db/migrate");
  const handle = await openDatabase(target);
  await migrateDatabase(target, handle);
  const firstId = await seedBenchArtworks(handle.db, { artworks: ARTWORKS, creators: 50 });
  await handle.close();
  return firstId;
}

interface PageResult {
  page: string;
  bare: Load;
  anonymous: Load;
  rendered: Load;
  burst: Load;
  bytes: number;
}

async function benchDatabase(
  kind: "pglite" | "postgres",
  seconds: number,
  burstSeconds: number,
): Promise<PageResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-pages-bench-"));
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: undefined,
    DATABASE_URL: undefined,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    DEMO_USER_PASSWORD: USER_PASSWORD,
  };
  let dropDatabase = async () => {};
  let detailId: string;
  if (kind === "postgres") {
    const server = process.env.TEST_POSTGRES_URL!;
    const { url, drop } = await createScratchDatabase(server, "atelier_pages");
    env.DATABASE_URL = url;
    detailId = await seedArtworks({ kind: "postgres", url });
    dropDatabase = drop;
  } else {
    detailId = await seedArtworks({ kind: "pglite", dir: path.join(dataDir, "db") });
  }

  // As `npm start` runs it: NODE_ENV unset, so server.mjs picks production builds itself.
  const { base, server } = await startAtelier(root, env);
  /**
   * A session cookie as a browser holds it. A browser keeps the signed copy of the session that
   * the server refreshes every SESSION_CACHE_SECONDS (60 s); autocannon cannot, so the sign-in
   * happens just before the page's runs, which end within that minute at the default durations.
   */
  const signIn = async () => {
    const response = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ email: "demo@atelier.local", password: USER_PASSWORD }),
    });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  };

  const pages: { page: string; path: string; signedIn?: boolean }[] = [
    { page: "/", path: "/" },
    { page: "/pricing-plans", path: "/pricing-plans" },
    { page: "/community/list", path: "/community/list" },
    { page: "/community/detail", path: `/community/detail?id=${detailId}` },
    { page: "/user-profile (signed in)", path: "/user-profile", signedIn: true },
  ];
  const results: PageResult[] = [];
  for (const { page, path: pagePath, signedIn } of pages) {
    const headers: Record<string, string> = signedIn ? { cookie: await signIn() } : {};
    const url = `${base}${pagePath}`;
    const first = await fetch(url, { headers });
    if (first.status !== 200) throw new Error(`${page}: ${first.status}`);
    const body = Buffer.from(await first.arrayBuffer());
    // The baseline as issue 14 measured it: a bare server in this process (see bench/support/servers.ts).
    const bare = await startBareServer(body, "text/html; charset=utf-8", { inBenchProcess: true });
    await load(url, 10, 2, headers); // warm up
    const bareLoad = await load(bare.url, 10, seconds);
    await bare.stop();
    const anonymous = await load(url, 10, seconds, headers);
    // One more cookie, different on every request: neither the shared nor a person's kept page
    // (ADR 0040) answers, so the page renders each time.
    let n = 0;
    const rendered = await load(url, 10, seconds, headers, {
      cookieEachTime: () => `${headers.cookie ? `${headers.cookie}; ` : ""}bench=${n++}`,
    });
    // While 200 visitors wait, a load balancer's probe must still get through quickly.
    const probes: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const started = Date.now();
        const ok = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) }).then(
          (r) => r.ok,
          () => false,
        );
        probes.push(ok ? Date.now() - started : Number.POSITIVE_INFINITY);
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const burst = await load(url, 200, burstSeconds, headers);
    probing = false;
    await probe;
    burst.slowestProbe = Math.max(...probes);
    results.push({ page, bare: bareLoad, anonymous, rendered, burst, bytes: body.length });
  }
  await stopChild(server);
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return results;
}

function report(kind: string, results: PageResult[], seconds: number, burstSeconds: number) {
  const target = (page: string) =>
    page.startsWith("/community/detail") || page.startsWith("/user-profile") ? 0.05 : kind === "postgres" ? 0.15 : 0.1;
  console.log(
    `\n${kind === "pglite" ? "Embedded default (PGlite)" : "PostgreSQL"}: 10 connections × ${seconds} s; burst 200 connections × ${burstSeconds} s`,
  );
  console.log(
    `${"page".padEnd(27)}${"bytes".padStart(7)} ${"bare req/s".padStart(11)} ${"req/s".padStart(7)} ${"p50".padStart(5)} ${"p99".padStart(5)} ${"ratio".padStart(7)}  ${"rendered".padStart(8)} ${"p99".padStart(5)} ${"ratio".padStart(7)}  ${"burst req/s".padStart(11)} ${"p99".padStart(6)} ${"failed".padStart(6)} ${"healthz".padStart(7)}  target`,
  );
  for (const r of results) {
    const ratio = r.anonymous.rps / r.bare.rps;
    const renderedRatio = r.rendered.rps / r.bare.rps;
    const failed =
      r.burst.errors +
      r.burst.timeouts +
      r.burst.fiveXx +
      r.anonymous.errors +
      r.anonymous.fiveXx +
      r.rendered.errors +
      r.rendered.fiveXx;
    const met =
      ratio >= target(r.page) &&
      r.anonymous.p99 < 100 &&
      failed === 0 &&
      r.burst.p99 < 2000 &&
      (r.burst.slowestProbe ?? 0) < 1000;
    console.log(
      `${r.page.padEnd(27)}${String(r.bytes).padStart(7)} ${r.bare.rps.toFixed(0).padStart(11)} ${r.anonymous.rps.toFixed(0).padStart(7)} ${String(r.anonymous.p50).padStart(5)} ${String(r.anonymous.p99).padStart(5)} ${(ratio * 100).toFixed(1).padStart(6)}%  ${r.rendered.rps.toFixed(0).padStart(8)} ${String(r.rendered.p99).padStart(5)} ${(renderedRatio * 100).toFixed(1).padStart(6)}%  ${r.burst.rps.toFixed(0).padStart(11)} ${String(r.burst.p99).padStart(6)} ${String(failed).padStart(6)} ${String(r.burst.slowestProbe).padStart(7)}  ≥${target(r.page) * 100}%: ${met ? "met" : "MISSED"}`,
    );
  }
}

export async function main(args: string[]) {
  const seconds = Number(args[0] ?? 10);
  const burstSeconds = Number(args[1] ?? 20);
  const kinds = (args[2] ?? (process.env.TEST_POSTGRES_URL ? "pglite,postgres" : "pglite")).split(",") as (
    | "pglite"
    | "postgres"
  )[];
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("Build first: npm run build");
  if (kinds.includes("postgres") && !process.env.TEST_POSTGRES_URL)
    throw new Error("Set TEST_POSTGRES_URL to measure on PostgreSQL");
  console.log(
    `Pages under load: npm start's server (production builds), ${os.cpus().length} cores, autocannon in this process, each page beside a bare node:http server in this process sending its bytes`,
  );
  for (const kind of kinds) report(kind, await benchDatabase(kind, seconds, burstSeconds), seconds, burstSeconds);
}

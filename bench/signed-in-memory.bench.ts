/**
 * What a web process keeps per signed-in person, measured with 10,000 different people (issue 29,
 * ADR 0050): `npm start`'s server on PGlite (or PostgreSQL), each person's session made in the
 * database beforehand (signing 10,000 people in would time their password hashes), then each asks
 * for the home page (their header's numbers are kept) and the first 2,000 also for their
 * notifications (a page kept for them). The server's resident memory is read from /proc after each
 * quarter; what is kept is capped (10,000 people's numbers, 200 shared renders, 500 kept pages of
 * 32 MB), so memory must level off rather than grow with the people.
 *
 *   npm run build && node bench/run-ts.mjs bench/signed-in-memory.bench.ts [people=10000] [pglite|postgres]
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase } from "./support/database";
import { startAtelier, stopChild } from "./support/servers";

const root = path.resolve(import.meta.dirname, "../..");
const SECRET = "signed-in-memory-bench-secret-0123456789abcdef";
const KEPT_PAGES = 2_000;
const AT_ONCE = 16;

type Target = { kind: "pglite"; dir: string } | { kind: "postgres"; url: string };

/** Makes `count` people with a session each; answers their session tokens. */
async function seed(target: Target, count: number): Promise<string[]> {
  const { openDatabase } = await import("../server/db/client");
  const { migrateDatabase } = await import("../server/db/migrate");
  const { session, user } = await import("../server/db/schema");
  const handle = await openDatabase(target);
  await migrateDatabase(target, handle);
  const tokens: string[] = [];
  for (let from = 0; from < count; from += 1_000) {
    const people = Array.from({ length: Math.min(1_000, count - from) }, (_, i) => ({
      id: randomUUID(),
      name: `Person ${from + i}`,
      email: `person-${from + i}@memory.bench`,
      token: randomBytes(24).toString("base64url"),
    }));
    await handle.db
      .insert(user)
      .values(people.map(({ id, name, email }) => ({ id, name, email, emailVerified: true })));
    await handle.db.insert(session).values(
      people.map((p) => ({
        id: randomUUID(),
        token: p.token,
        userId: p.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    tokens.push(...people.map((p) => p.token));
  }
  await handle.close();
  return tokens;
}

/**
 * The session cookie a browser holds after signing in: Better Auth's signed cookie, the token and
 * its HMAC-SHA256 under the server's secret in base64 (better-call's signCookieValue).
 */
function sessionCookie(token: string): string {
  const signature = createHmac("sha256", SECRET).update(token).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

function residentMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** The JavaScript heap in use as the server's /metrics reports it (garbage not yet collected included). */
async function heapMegabytes(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const match = /^atelier_nodejs_heap_size_used_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(text);
  return match ? Number(match[1]) / 1024 / 1024 : Number.NaN;
}

/** Both, after a pause in which the server does nothing (its timers may collect some garbage). */
async function sample(base: string, pid: number): Promise<{ rss: number; heap: number }> {
  await new Promise((r) => setTimeout(r, 2_000));
  return { rss: residentMegabytes(pid), heap: await heapMegabytes(base) };
}

async function askAll(base: string, cookies: string[], page: string, name: (i: number) => string): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < cookies.length; i = next++) {
      const response = await fetch(`${base}${page}`, { headers: { cookie: cookies[i]! }, redirect: "manual" });
      const html = await response.text();
      if (response.status !== 200 || !html.includes(name(i)))
        throw new Error(`${page} for ${name(i)}: ${response.status}, not their page`);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
}

export async function main(args: string[]): Promise<void> {
  const count = Number(args[0] ?? 10_000);
  const kind = (args[1] ?? "pglite") as "pglite" | "postgres";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-memory-bench-"));
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: undefined,
    DATABASE_URL: undefined,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    AUTH_SECRET: SECRET,
  };
  let drop = async () => {};
  let target: Target;
  if (kind === "postgres") {
    const scratch = await createScratchDatabase(process.env.TEST_POSTGRES_URL!, "atelier_memory");
    target = { kind: "postgres", url: scratch.url };
    env.DATABASE_URL = scratch.url;
    drop = scratch.drop;
  } else target = { kind: "pglite", dir: path.join(dataDir, "db") };
  const seededAt = performance.now();
  const tokens = await seed(target, count);
  console.log(`${count} people with a session each, made in ${((performance.now() - seededAt) / 1000).toFixed(1)} s`);
  const { base, server } = await startAtelier(root, env);
  const cookies = tokens.map(sessionCookie);
  const name = (i: number) => `Person ${i}`;
  try {
    // Warm: every page's code loaded, the shared render made.
    await askAll(base, cookies.slice(0, 50), "/", name);
    await askAll(base, cookies.slice(0, 50), "/notifications", name);
    const start = await sample(base, server.pid!);
    console.log(`\n${kind}: memory of the web process as different people sign in`);
    console.log("people   resident MB   heap used MB");
    const row = (people: number, m: { rss: number; heap: number }) =>
      console.log(
        `${String(people).padStart(6)}   ${m.rss.toFixed(0).padStart(11)}   ${m.heap.toFixed(0).padStart(12)}`,
      );
    row(50, start);
    const quarter = Math.ceil(count / 4);
    const samples: { rss: number; heap: number }[] = [];
    for (let done = 0; done < count; done += quarter) {
      const slice = cookies.slice(done, done + quarter);
      await askAll(base, slice, "/", (i) => name(done + i));
      const kept = Math.max(0, Math.min(slice.length, KEPT_PAGES - done));
      if (kept > 0) await askAll(base, slice.slice(0, kept), "/notifications", (i) => name(done + i));
      const m = await sample(base, server.pid!);
      samples.push(m);
      row(Math.min(count, done + quarter), m);
    }
    const last = samples.at(-1)!;
    const heapGrowth = last.heap - start.heap;
    console.log(
      `\n${count} people: heap in use ${heapGrowth.toFixed(0)} MB over the warm process (${((heapGrowth * 1024 * 1024) / count).toFixed(0)} bytes a person, garbage included), resident ${(last.rss - start.rss).toFixed(0)} MB (what the heap and an embedded database grew to, not all given back). What is kept is capped: 10,000 people's numbers, 500 kept pages / 32 MB, 200 shared renders`,
    );
  } finally {
    await stopChild(server);
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

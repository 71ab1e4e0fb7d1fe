/**
 * A signed-in person's pages under load (issue 29), on the production server started as `npm start`
 * starts it (`node server.mjs`, NODE_ENV unset), beside a bare node:http server sending the very
 * same bytes, in the same run:
 * - every page a signed-in person uses most — home, the community list (1,000 artworks), an
 *   artwork's page, pricing, the three Studio pages, notifications, the profile (replayed
 *   until it changes, ADR 0040) and the editor of one of the person's pictures (issue 31) — each requested with the person's real session cookie, so it is
 *   answered for that person (whatever a cache may do, it must never be someone else's page);
 * - at 10 connections: requests/s, p50 and p99, and the share of the bare server's requests/s;
 * - a burst of 200 connections, each request from the next of 200 *different* signed-in accounts;
 * - on the embedded default (PGlite) and, when TEST_POSTGRES_URL is set, on PostgreSQL;
 * - with `--profile`, a CPU profile of the server while it answers the signed-in home page,
 *   summarised as the functions with the most time of their own.
 * Targets (issue 29): every page ≥ 10 % of bare on PGlite and on PostgreSQL with p99 < 50 ms at
 * 10 connections; the 200-account burst with no errors and p99 < 1 s.
 *
 *   npm run build && node bench/run-ts.mjs bench/signed-in.bench.ts [seconds=5] [burst-seconds=10] [pglite,postgres] [--profile]
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { seedBenchArtworks } from "./support/artworks";
import { createScratchDatabase } from "./support/database";
import { type Load, load } from "./support/load";
import { summariseProfile } from "./support/profile";
import { startAtelier, startBareServer, stopChild } from "./support/servers";

const ARTWORKS = 1_000;
const ACCOUNTS = 200;
const PASSWORD = "bench-user-password-0123";
const root = path.resolve(import.meta.dirname, "../..");

type Target = { kind: "pglite"; dir: string } | { kind: "postgres"; url: string };

/** Migrates the bench's database, adds the artworks and 200 accounts sharing one password; answers an artwork's id and the accounts' emails. */
async function seed(target: Target): Promise<{ detailId: string; pictureId: string; emails: string[] }> {
  const { openDatabase } = await import("../server/db/client");
  const { migrateDatabase } = await import("../server/db/migrate");
  const { account, generationImages, generations, user } = await import("../server/db/schema");
  const { hashPassword } = await import("better-auth/crypto");
  const handle = await openDatabase(target);
  await migrateDatabase(target, handle);
  const detailId = await seedBenchArtworks(handle.db, { artworks: ARTWORKS, creators: 50 });
  const hash = await hashPassword(PASSWORD);
  const people = Array.from({ length: ACCOUNTS }, (_, i) => ({ id: randomUUID(), email: `reader-${i}@bench.test` }));
  await handle.db
    .insert(user)
    .values(people.map((p, i) => ({ id: p.id, name: `Reader ${i}`, email: p.email, emailVerified: true })));
  await handle.db.insert(account).values(
    people.map((p) => ({
      id: randomUUID(),
      accountId: p.id,
      providerId: "credential",
      userId: p.id,
      password: hash,
    })),
  );
  // The first reader's own picture, for the editor (/ai/edit reads the rows; the file is not opened).
  const [picture] = await handle.db
    .insert(generations)
    .values({
      userId: people[0]!.id,
      mode: "text",
      status: "succeeded",
      engineId: "studio",
      engineLabel: "Studio — offline engine",
      prompt: "a calm lake under a dull grey sky",
      style: "natural",
      aspectRatio: "4:3",
      size: 1024,
      width: 1024,
      height: 768,
      count: 1,
      seed: 1,
      strength: 0.75,
      cost: 4,
    })
    .returning({ id: generations.id });
  await handle.db.insert(generationImages).values({
    generationId: picture!.id,
    index: 0,
    key: `users/${people[0]!.id}/generations/20260101000000-bench.png`,
    thumbKey: `users/${people[0]!.id}/generations/20260101000000-bench.webp`,
    placeholder: "data:image/webp;base64,",
    mime: "image/png",
    bytes: 1,
    width: 1024,
    height: 768,
  });
  await handle.close();
  return { detailId, pictureId: picture!.id, emails: people.map((p) => p.email) };
}

/** A session cookie as a browser holds it after signing in with a password. */
async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The answer's bytes as sent (not decompressed, unlike fetch's). */
function rawAnswer(url: string, headers: Record<string, string>): Promise<{ encoding: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ encoding: String(response.headers["content-encoding"] ?? ""), body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

interface PageResult {
  page: string;
  bytes: number;
  bare: Load;
  signedIn: Load;
}

interface Run {
  pages: PageResult[];
  burst: Load & { page: string; accounts: number };
  profile?: string[];
}

async function benchDatabase(
  kind: "pglite" | "postgres",
  seconds: number,
  burstSeconds: number,
  profile: boolean,
): Promise<Run> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-signed-in-bench-"));
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: undefined,
    DATABASE_URL: undefined,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  };
  let dropDatabase = async () => {};
  let seeded: Awaited<ReturnType<typeof seed>>;
  if (kind === "postgres") {
    const { url, drop } = await createScratchDatabase(process.env.TEST_POSTGRES_URL!, "atelier_signed_in");
    env.DATABASE_URL = url;
    seeded = await seed({ kind: "postgres", url });
    dropDatabase = drop;
  } else {
    seeded = await seed({ kind: "pglite", dir: path.join(dataDir, "db") });
  }

  let { base, server } = await startAtelier(root, env);
  const pages = [
    "/",
    "/community/list",
    `/community/detail?id=${seeded.detailId}`,
    "/pricing-plans",
    "/ai/ai-text-to-art",
    "/ai/ai-image-to-art",
    "/ai/ai-doodle-to-art",
    "/notifications",
    "/user-profile",
    `/ai/edit?generation=${seeded.pictureId}&index=0`,
  ];
  const results: PageResult[] = [];
  for (const page of pages) {
    // Signed in just before each page: the session's signed copy in the cookie lasts a minute.
    const cookie = await signIn(base, seeded.emails[0]!);
    const url = `${base}${page}`;
    const first = await fetch(url, { headers: { cookie }, redirect: "manual" });
    if (first.status !== 200) throw new Error(`${page}: ${first.status} (not signed in?)`);
    const body = Buffer.from(await first.arrayBuffer());
    if (!body.toString().includes("Reader 0")) throw new Error(`${page}: the page is not the signed-in person's`);
    const bare = await startBareServer(body, "text/html; charset=utf-8", { inBenchProcess: true });
    await load(url, 10, 1, { cookie }); // warm up
    const bareLoad = await load(bare.url, 10, seconds);
    await bare.stop();
    const signedIn = await load(url, 10, seconds, { cookie });
    results.push({ page: page.replace(/\?(id|generation)=.*/, "?$1=…"), bytes: body.length, bare: bareLoad, signedIn });
  }

  // What browsers ask for: the pages compressed (gzip). The bare server sends the same compressed bytes.
  for (const page of ["/", "/community/list"]) {
    const cookie = await signIn(base, seeded.emails[0]!);
    const url = `${base}${page}`;
    const headers = { cookie, "accept-encoding": "gzip" };
    const { encoding, body } = await rawAnswer(url, headers);
    if (encoding !== "gzip") throw new Error(`${page}: not compressed (${encoding})`);
    if (!zlib.gunzipSync(body).toString().includes("Reader 0")) throw new Error(`${page}: not the person's page`);
    const bare = await startBareServer(body, "text/html; charset=utf-8", {
      inBenchProcess: true,
      contentEncoding: "gzip",
    });
    await load(url, 10, 1, headers);
    const bareLoad = await load(bare.url, 10, seconds);
    await bare.stop();
    const signedIn = await load(url, 10, seconds, headers);
    results.push({ page: `${page} (gzip)`, bytes: body.length, bare: bareLoad, signedIn });
  }

  // Two hundred people at once, each request from the next of them.
  const cookies: string[] = [];
  for (const email of seeded.emails) cookies.push(await signIn(base, email));
  let n = 0;
  const burst = await load(`${base}/`, 200, burstSeconds, {}, { cookieEachTime: () => cookies[n++ % cookies.length]! });

  let summary: string[] | undefined;
  if (profile) {
    // The same server again, profiled while ten connections ask for the signed-in home page. The
    // session is made before (its password hash would fill the profile) and outlives the restart;
    // a pause after start-up lets the summary leave out start-up and warm-up.
    const cookie = await signIn(base, seeded.emails[0]!);
    await stopChild(server);
    const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-profile-"));
    ({ base, server } = await startAtelier(root, env, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`]));
    const home = await (await fetch(`${base}/`, { headers: { cookie } })).text();
    if (!home.includes("Reader 0")) throw new Error("the profiled server did not know the session");
    await load(`${base}/`, 10, 1, { cookie });
    await new Promise((r) => setTimeout(r, 1500));
    await load(`${base}/`, 10, seconds, { cookie });
    await stopChild(server);
    const file = fs.readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
    summary = file ? summariseProfile(path.join(profileDir, file), root) : ["(no profile was written)"];
    fs.rmSync(profileDir, { recursive: true, force: true });
  } else {
    await stopChild(server);
  }
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    pages: results,
    burst: { ...burst, page: "/", accounts: cookies.length },
    ...(summary ? { profile: summary } : {}),
  };
}

function report(kind: string, run: Run, seconds: number, burstSeconds: number) {
  console.log(
    `\n${kind === "pglite" ? "Embedded default (PGlite)" : "PostgreSQL"}: signed in, 10 connections × ${seconds} s; burst 200 connections × ${burstSeconds} s from ${run.burst.accounts} accounts`,
  );
  console.log(
    `${"page (signed in)".padEnd(24)}${"bytes".padStart(7)} ${"bare req/s".padStart(11)} ${"req/s".padStart(7)} ${"p50".padStart(5)} ${"p99".padStart(5)} ${"of bare".padStart(8)}  target ≥ 10 %, p99 < 50 ms`,
  );
  for (const r of run.pages) {
    const ratio = r.signedIn.rps / r.bare.rps;
    const failed = r.signedIn.errors + r.signedIn.timeouts + r.signedIn.fiveXx;
    const met = ratio >= 0.1 && r.signedIn.p99 < 50 && failed === 0;
    console.log(
      `${r.page.padEnd(24)}${String(r.bytes).padStart(7)} ${r.bare.rps.toFixed(0).padStart(11)} ${r.signedIn.rps.toFixed(0).padStart(7)} ${String(r.signedIn.p50).padStart(5)} ${String(r.signedIn.p99).padStart(5)} ${(ratio * 100).toFixed(2).padStart(7)}%  ${met ? "met" : "MISSED"}${failed ? ` (${failed} failed)` : ""}`,
    );
  }
  const b = run.burst;
  const burstFailed = b.errors + b.timeouts + b.fiveXx;
  console.log(
    `burst on ${b.page}: ${b.rps.toFixed(0)} req/s, p50 ${b.p50} ms, p99 ${b.p99} ms, ${burstFailed} failed  target: none failed, p99 < 1000 ms: ${burstFailed === 0 && b.p99 < 1000 ? "met" : "MISSED"}`,
  );
  if (run.profile)
    console.log(`CPU profile of the server answering the signed-in home page:\n${run.profile.join("\n")}`);
}

export async function main(args: string[]) {
  const flags = args.filter((a) => a.startsWith("--"));
  const [secondsArg, burstArg, kindsArg] = args.filter((a) => !a.startsWith("--"));
  const seconds = Number(secondsArg ?? 5);
  const burstSeconds = Number(burstArg ?? 10);
  const kinds = (kindsArg ?? (process.env.TEST_POSTGRES_URL ? "pglite,postgres" : "pglite")).split(",") as (
    | "pglite"
    | "postgres"
  )[];
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("Build first: npm run build");
  if (kinds.includes("postgres") && !process.env.TEST_POSTGRES_URL)
    throw new Error("Set TEST_POSTGRES_URL to measure on PostgreSQL");
  console.log(
    `A signed-in person's pages under load: npm start's server (production builds), ${os.cpus().length} cores, autocannon and the bare server in this process`,
  );
  for (const kind of kinds)
    report(kind, await benchDatabase(kind, seconds, burstSeconds, flags.includes("--profile")), seconds, burstSeconds);
}

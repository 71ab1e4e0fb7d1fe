/**
 * The community's people at size (issue 30), on PostgreSQL with 10,000 people, 200,000 follows,
 * 100,000 artworks, 300,000 comments and 10,000 hidden people, as `npm start` serves them to a signed-in person at 50
 * connections, rendered every time (each request's address is new, so no kept page answers it):
 * - the community list (/community/list), the baseline of the ratios;
 * - the Following feed (/community/following) of someone who follows 20 creators;
 * - a creator's page (/creators/<handle>);
 * - an artwork's page with 200 comments (/community/detail?id=…);
 * - beside them, the pricing page (/pricing-plans): no database reads but the person's, the floor
 *   of what a signed-in page rendered every time costs on this machine.
 * Target: each at least 60 % of the list's requests per second in the same run, p99 under 100 ms.
 * Every query those pages run is EXPLAINed: none may scan a whole table of people, follows,
 * artworks or comments.
 * With `--profile`, each page is measured on a server of its own started with `--cpu-prof`, and the
 * functions that spent the most time are printed; `--pages=list,detail` measures only those pages.
 *   npm run build && TEST_POSTGRES_URL=postgres://… node bench/run-ts.mjs bench/community.bench.ts [seconds] [--profile] [--pages=…]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { createScratchDatabase } from "./support/database";
import { summariseProfile } from "./support/profile";
import { startAtelier, stopChild } from "./support/servers";

const PEOPLE = 10_000;
const FOLLOWS_EACH = 20;
const ARTWORKS = 100_000;
const COMMENTS = 300_000;
const ON_ONE_ARTWORK = 200;
const CONNECTIONS = 50;
// run-ts.mjs bundles this file into node_modules/.cache: the repository is two levels up.
const root = path.resolve(import.meta.dirname, "../..");

async function load(base: string, pathOf: (n: number) => string, seconds: number, cookie: string) {
  let n = 0;
  const result = await autocannon({
    url: `${base}${pathOf(0)}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie },
    requests: [{ setupRequest: (request: { path: string }) => ({ ...request, path: pathOf(++n) }) }],
  } as autocannon.Options);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** People, follows, artworks and comments in a few set-based statements (triggers off while loading). */
async function seed(db: import("../server/db/client").Database): Promise<{ artworkWithComments: string }> {
  await db.execute(sql`SET session_replication_role = replica`);
  await db.execute(sql`
    INSERT INTO "user" (id, name, email, email_verified, handle, bio, created_at, updated_at)
    SELECT 'p' || g, 'Person ' || g, 'p' || g || '@bench.test', true, 'person-' || g, 'Painter number ' || g,
      now() - interval '90 days', now()
    FROM generate_series(1, ${PEOPLE}) g`);
  await db.execute(sql`
    INSERT INTO follows (follower_id, followed_id, created_at)
    SELECT 'p' || a, 'p' || (((a + k * 37) % ${PEOPLE}) + 1), now() - (k || ' minutes')::interval
    FROM generate_series(1, ${PEOPLE}) a, generate_series(1, ${FOLLOWS_EACH}) k`);
  // Some people hid someone, so the hidden-people checks meet a table with rows (an empty one is scanned).
  await db.execute(sql`
    INSERT INTO hidden_people (user_id, hidden_id, created_at)
    SELECT 'p' || a, 'p' || (((a + 5003) % ${PEOPLE}) + 1), now() FROM generate_series(1, ${PEOPLE}) a`);
  await db.execute(sql`
    INSERT INTO artworks (id, user_id, title, description, tags, prompt, mode, style, aspect_ratio, size, seed,
      strength, engine_label, key, thumb_key, placeholder, mime, width, height, likes, created_at, updated_at)
    SELECT gen_random_uuid(), 'p' || ((g % ${PEOPLE}) + 1), 'Study #' || g, 'A study', '["sea","night"]'::jsonb,
      'a harbour at night', 'text', 'watercolor', '1:1', 512, g, 0.8, 'Studio — offline engine',
      'users/bench/artworks/' || g || '.png', 'users/bench/artworks/' || g || '.webp',
      'data:image/webp;base64,UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAfQ//73v/+BiOh/AAA=', 'image/png', 512, 512,
      g % 300, now() - (g || ' seconds')::interval, now()
    FROM generate_series(1, ${ARTWORKS}) g`);
  const { rows } = (await db.execute(sql`SELECT id FROM artworks ORDER BY created_at DESC LIMIT 1`)) as unknown as {
    rows: { id: string }[];
  };
  const artworkWithComments = rows[0]!.id;
  // 200 comments (a tenth of them replies) on one artwork; the rest spread over the others.
  await db.execute(sql`
    INSERT INTO comments (id, artwork_id, user_id, body, created_at)
    SELECT gen_random_uuid(), ${artworkWithComments}::uuid, 'p' || ((g * 13 % ${PEOPLE}) + 1),
      'What a lovely harbour, the light is just right #' || g, now() - ((300 - g) || ' minutes')::interval
    FROM generate_series(1, ${ON_ONE_ARTWORK}) g`);
  await db.execute(sql`
    WITH numbered AS (SELECT id, row_number() OVER (ORDER BY created_at DESC) AS n FROM artworks)
    INSERT INTO comments (id, artwork_id, user_id, body, created_at)
    SELECT gen_random_uuid(), numbered.id, 'p' || ((g * 7 % ${PEOPLE}) + 1), 'Nice #' || g, now() - (g || ' seconds')::interval
    FROM generate_series(1, ${COMMENTS - ON_ONE_ARTWORK}) g
    JOIN numbered ON numbered.n = 2 + (g % (${ARTWORKS} - 1))`);
  await db.execute(sql`
    UPDATE comments c SET parent_id = p.id
    FROM (SELECT id, row_number() OVER (ORDER BY created_at) AS n FROM comments WHERE artwork_id = ${artworkWithComments}::uuid) p,
      (SELECT id, row_number() OVER (ORDER BY created_at) AS n FROM comments WHERE artwork_id = ${artworkWithComments}::uuid) r
    WHERE c.id = r.id AND r.n % 10 = 0 AND p.n = r.n - 1`);
  await db.execute(sql`
    UPDATE artworks a SET comments = c.n FROM (SELECT artwork_id, count(*)::int AS n FROM comments GROUP BY 1) c
    WHERE a.id = c.artwork_id`);
  await db.execute(sql`SET session_replication_role = DEFAULT`);
  await db.execute(sql`ANALYZE`);
  return { artworkWithComments };
}

export async function main(args: string[]) {
  const seconds = Number(args.find((a) => !a.startsWith("--")) ?? 10);
  const profile = args.includes("--profile");
  const only = args
    .find((a) => a.startsWith("--pages="))
    ?.slice("--pages=".length)
    .split(",");
  const server = process.env.TEST_POSTGRES_URL ?? process.env.DATABASE_URL;
  if (!server) throw new Error("Set TEST_POSTGRES_URL to a PostgreSQL server; a database is created and dropped.");
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("Build first: npm run build");
  const { url, drop } = await createScratchDatabase(server, "atelier_bench_people");
  process.env.DATABASE_URL = url;
  process.env.LOG_LEVEL = "warn";
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-bench-"));
  const { openDatabase } = await import("../server/db/client");
  const { migrateDatabase } = await import("../server/db/migrate");
  const schema = await import("../server/db/schema");
  const target = { kind: "postgres", url } as const;
  const handle = await openDatabase(target);
  await migrateDatabase(target, handle);
  const seeding = Date.now();
  const { artworkWithComments } = await seed(handle.db);
  console.log(
    `Seeded ${PEOPLE} people, ${PEOPLE * FOLLOWS_EACH} follows, ${ARTWORKS} artworks, ${COMMENTS} comments in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
  );

  // Query plans of what the three pages read, captured from the domain functions themselves.
  const captured: { query: string; params: unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const capturing = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => void captured.push({ query, params }) },
  }) as unknown as import("../server/db/client").Database;
  const { findCreator, getCreatorProfile, listCreatorArtworks } = await import("../server/community/creators");
  const { listFollowingFeed, listPeople, viewerRelation } = await import("../server/community/follows");
  const { listComments } = await import("../server/community/comments");
  const creator = await findCreator(capturing, "person-42");
  if (!creator || !("creator" in creator)) throw new Error("person-42 was not seeded");
  await getCreatorProfile(capturing, creator.creator);
  const works = await listCreatorArtworks(capturing, creator.creator.id, {});
  if (works.nextCursor) await listCreatorArtworks(capturing, creator.creator.id, { cursor: works.nextCursor });
  await listPeople(capturing, creator.creator.id, "followers", null);
  await viewerRelation(capturing, "p7", creator.creator.id);
  const feed = await listFollowingFeed(capturing, "p7", {});
  if (feed.nextCursor) await listFollowingFeed(capturing, "p7", { cursor: feed.nextCursor });
  const thread = await listComments(capturing, artworkWithComments, "p7");
  if (thread.total < ON_ONE_ARTWORK) throw new Error(`the artwork has ${thread.total} comments`);
  const scans: string[] = [];
  for (const { query, params } of captured) {
    const plan = JSON.stringify((await pool.query(`EXPLAIN (FORMAT JSON) ${query}`, params as unknown[])).rows[0]);
    for (const table of ["user", "follows", "artworks", "comments", "hidden_people"])
      if (new RegExp(`"Node Type":"Seq Scan"[^}]*"Relation Name":"${table}"`).test(plan))
        scans.push(`${table}: ${query.slice(0, 140)}…`);
  }
  await pool.end();

  // The production server on that database, and a signed-in person who follows 20 creators.
  const env = {
    ...process.env,
    NODE_ENV: undefined,
    DEMO_USER_PASSWORD: "bench-user-password-0123",
    AUTH_SECRET: "bench-secret-0123456789abcdef0123456789",
  };
  let { base, server: child } = await startAtelier(root, env);
  const [demo] = await handle.db
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(sql`${schema.user.email} = 'demo@atelier.local'`);
  await handle.db.execute(sql`
    INSERT INTO follows (follower_id, followed_id) SELECT ${demo!.id}, 'p' || (g * 17) FROM generate_series(1, 20) g`);
  await handle.close();
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

  const pages = {
    list: (n: number) => `/community/list?r=${n}`,
    following: (n: number) => `/community/following?r=${n}`,
    creatorPage: (n: number) => `/creators/person-${(n % 5000) + 1}?r=${n}`,
    detail: (n: number) => `/community/detail?id=${artworkWithComments}&r=${n}`,
    floor: (n: number) => `/pricing-plans?r=${n}`,
  };
  type Name = keyof typeof pages;
  const results: Partial<Record<Name, Awaited<ReturnType<typeof load>>>> = {};
  const profiles: Partial<Record<Name, string[]>> = {};
  try {
    for (const [name, pathOf] of Object.entries(pages)) {
      const answer = await fetch(`${base}${pathOf(0)}`, { headers: { cookie } });
      if (!answer.ok) throw new Error(`${name}: ${answer.status}`);
      if (name === "detail" && ((await answer.text()).match(/data-testid="comment"/g) ?? []).length < 20)
        throw new Error("the comments are not on the page");
    }
    for (const name of Object.keys(pages) as Name[]) {
      if (only && name !== "list" && !only.includes(name)) continue;
      if (!profile) {
        if (name === "list") await load(base, pages.list, 2, cookie); // warm up
        results[name] = await load(base, pages[name], seconds, cookie);
        continue;
      }
      // A server of its own, profiled; the pause after its warm-up marks where the summary starts.
      await stopChild(child);
      const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-profile-"));
      ({ base, server: child } = await startAtelier(root, env, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`]));
      await load(base, pages[name], 2, cookie);
      await new Promise((r) => setTimeout(r, 1500));
      results[name] = await load(base, pages[name], seconds, cookie);
      await stopChild(child);
      const file = fs.readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
      profiles[name] = file ? summariseProfile(path.join(profileDir, file), root) : ["(no profile was written)"];
      fs.rmSync(profileDir, { recursive: true, force: true });
    }
  } finally {
    await stopChild(child);
    await drop();
  }
  const list = results.list!;

  const row = (label: string, r: { rps: number; p50: number; p99: number; errors: number }, target = true) => {
    const ratio = r.rps / list.rps;
    console.log(
      `${label.padEnd(46)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms${r.errors ? `   errors ${r.errors}` : ""}${
        target
          ? `   ×${ratio.toFixed(2)} of the list   target ≥ 0.60, p99 < 100 ms: ${ratio >= 0.6 && r.p99 < 100 ? "met" : "MISSED"}`
          : ""
      }`,
    );
  };
  console.log(
    `Community at size on PostgreSQL, signed in, ${CONNECTIONS} connections, ${seconds} s per run, rendered every time`,
  );
  row("GET /community/list (baseline)", list, false);
  const labels: Record<Name, string> = {
    list: "GET /community/list",
    following: "GET /community/following (follows 20)",
    creatorPage: "GET /creators/<handle>",
    detail: `GET /community/detail, ${ON_ONE_ARTWORK} comments`,
    floor: "GET /pricing-plans (the floor: no reads)",
  };
  for (const name of Object.keys(labels) as Name[]) {
    const measured = results[name];
    if (measured && name !== "list") row(labels[name], measured, name !== "floor");
    if (profiles[name]) console.log(`CPU profile, ${labels[name]}:\n${profiles[name]!.join("\n")}`);
  }
  console.log(
    scans.length === 0
      ? "Query plans: no sequential scan of people, follows, artworks, comments or hidden people"
      : `Sequential scans:\n  ${scans.join("\n  ")}`,
  );
}

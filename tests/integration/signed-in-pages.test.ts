/**
 * A signed-in person's pages are fast because they are not rendered for each request (ADR 0050):
 * pages that look the same to every signed-in person are rendered once per kind of person and the
 * person's header is put in per request; a person's own pages are replayed to them until they
 * change (ADR 0040). Neither may ever show one person's data to another, nor an old value after a
 * change. Against `npm start`'s production server: on PGlite one process, on PostgreSQL two web
 * processes on one database, with the test's own connection as a third process making changes.
 * Needs `npm run build` (npm test builds first).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../server/db/client";
import { migrateDatabase } from "../../server/db/migrate";
import { account, artworks, generationImages, generations, notifications, user } from "../../server/db/schema";
import { applyTokenMovement } from "../../server/generation/ledger";
import { freePort } from "../support/built-server";
import { sql } from "drizzle-orm";
import { testDatabaseKind } from "../support/database";
import { postgresUrl } from "../support/global-setup";
import { publishedArtworkRow, studioGenerationRow } from "../support/rows";

const root = path.resolve(import.meta.dirname, "../..");
const PASSWORD = "signed-in-pages-password-01";
const SECRET = "signed-in-pages-test-secret-0123456789abcdef";

interface Person {
  id: string;
  email: string;
  name: string;
  balance: number;
  unread: number;
  admin: boolean;
  cookie: string;
}

const people: Person[] = [
  { name: "Anouk Vermeer", email: "anouk@pages.test", balance: 1234, unread: 2, admin: false },
  { name: "Bertrand Okafor", email: "bertrand@pages.test", balance: 567, unread: 0, admin: false },
  { name: "Citlali Admin", email: "citlali@pages.test", balance: 89, unread: 1, admin: true },
].map((p) => ({ ...p, id: randomUUID(), cookie: "" }));
const [anouk, bertrand, citlali] = people as [Person, Person, Person];
let detailId = "";
/** A work rated mature (issue 40): only people who opted in are sent it. Bertrand starts opted in. */
const MATURE_TITLE = "Moonlit figure study";
let matureId = "";
/** Anouk's one picture, which only she may open in the editor. */
const ANOUK_PROMPT = "a lighthouse only Anouk painted";
let anouksEditor = "";

const SHARED = ["/", "/community/list", "/pricing-plans", "/about-us", "/product-overview"];
const OWN = () => [
  `/community/detail?id=${detailId}`,
  "/ai/ai-text-to-art",
  "/notifications",
  "/user-profile",
  anouksEditor,
];

type Target = { kind: "pglite"; dir: string } | { kind: "postgres"; url: string };
let target: Target;
let dataDir = "";
let dropDatabase = async () => {};
const children: ChildProcess[] = [];
let origins: string[] = [];

async function seed(handle: DatabaseHandle) {
  const hash = await hashPassword(PASSWORD);
  for (const p of people) {
    await handle.db
      .insert(user)
      .values({ id: p.id, name: p.name, email: p.email, emailVerified: true, role: p.admin ? "admin" : "user" });
    await handle.db
      .insert(account)
      .values({ id: randomUUID(), accountId: p.id, providerId: "credential", userId: p.id, password: hash });
    await applyTokenMovement(handle.db, {
      userId: p.id,
      amount: p.balance,
      reason: "admin_adjustment",
      idempotencyKey: `seed:${p.id}`,
    });
    for (let i = 0; i < p.unread; i++)
      await handle.db.insert(notifications).values({ userId: p.id, title: "Hello", message: `Note ${i}` });
  }
  // The artwork's maker is nobody the test signs in: their name is on the community's cards.
  const maker = randomUUID();
  await handle.db
    .insert(user)
    .values({ id: maker, name: "Maker Of Harbours", email: "maker@pages.test", emailVerified: true });
  // Screened already (a sha256): the background screening leaves them be — their files are not stored,
  // and a picture it cannot read it rates explicit.
  const screened = { sha256: "0".repeat(64) };
  const [artwork] = await handle.db
    .insert(artworks)
    .values(publishedArtworkRow(maker, "Harbour", screened))
    .returning();
  detailId = artwork!.id;
  // A fixture: the rating the safety check would have given, and Bertrand's choice, set directly.
  const [mature] = await handle.db
    .insert(artworks)
    // Dated tomorrow: the newest of all, above the demo works a fresh PGlite start paints.
    .values(
      publishedArtworkRow(maker, MATURE_TITLE, {
        maturity: "mature",
        markedMature: true,
        createdAt: new Date(Date.now() + 24 * 3600 * 1000),
        ...screened,
      }),
    )
    .returning();
  matureId = mature!.id;
  await handle.db.execute(sql`update "user" set browsing_level = 'mature' where id = ${bertrand.id}`);
  const [picture] = await handle.db
    .insert(generations)
    .values(studioGenerationRow(anouk.id, { status: "succeeded", prompt: ANOUK_PROMPT }))
    .returning();
  await handle.db.insert(generationImages).values({
    generationId: picture!.id,
    index: 0,
    key: `users/${anouk.id}/generations/a.png`,
    thumbKey: `users/${anouk.id}/generations/a.webp`,
    placeholder: "data:image/webp;base64,AAAA",
    mime: "image/png",
    bytes: 9,
    width: 512,
    height: 512,
  });
  anouksEditor = `/ai/edit?generation=${picture!.id}&index=0`;
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function startWeb(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const { NODE_ENV: _mode, ...inherited } = process.env;
  let output = "";
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    env: { ...inherited, PORT: String(port), LOG_LEVEL: "warn", AUTH_SECRET: SECRET, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  children.push(child);
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return origin;
    } catch {}
    if (i > 150 || child.exitCode !== null) throw new Error(`web did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let signIns = 0;

async function signIn(origin: string, p: Person): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    // Better Auth lets three sign-ins a ten seconds from one address: each of these is from its own.
    headers: { "Content-Type": "application/json", Origin: origin, "X-Forwarded-For": `10.0.0.${++signIns}` },
    body: JSON.stringify({ email: p.email, password: PASSWORD }),
  });
  expect(response.status, `${p.name} signs in: ${response.status === 200 ? "" : await response.text()}`).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function page(origin: string, url: string, who: Person | null): Promise<string> {
  const response = await fetch(`${origin}${url}`, {
    headers: who ? { cookie: who.cookie, "accept-encoding": "gzip" } : {},
    redirect: "manual",
  });
  expect(response.status, `${url} for ${who?.name ?? "a visitor"}`).toBe(200);
  return response.text();
}

/** The header's balance as the page shows it. */
const balanceOf = (p: Person) => `${p.balance.toLocaleString("en-US")}<span class="sr-only"> tokens`;

/** The person's own name, balance and bell in the page, and nothing of anyone else. */
function expectOnlyOwn(html: string, me: Person | null, what: string) {
  for (const p of people) {
    expect(html.includes(p.name), `${what}: ${p.name}'s name`).toBe(p === me);
    expect(html.includes(balanceOf(p)), `${what}: ${p.name}'s balance`).toBe(p === me);
  }
  if (me) expect(html, `${what}: the bell`).toContain(`Notifications, ${me.unread} unread`);
  else expect(html, `${what}: no bell for a visitor`).not.toContain(" unread<");
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-signed-in-pages-"));
  if (testDatabaseKind === "postgres") {
    const name = `atelier_pages_${randomUUID().slice(0, 8)}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    target = { kind: "postgres", url: postgresUrl(name) };
    dropDatabase = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else target = { kind: "pglite", dir: path.join(dataDir, "db") };
  const handle = await openDatabase(target);
  await migrateDatabase(target, handle);
  await seed(handle);
  await handle.close();
  const env: Record<string, string> =
    target.kind === "postgres"
      ? { DATABASE_URL: target.url, DATA_DIR: dataDir, JOB_WORKERS: "false" }
      : { DATA_DIR: dataDir };
  // On PostgreSQL two web processes share the database, as behind a load balancer.
  origins = await Promise.all(target.kind === "postgres" ? [startWeb(env), startWeb(env)] : [startWeb(env)]);
  for (const p of people) p.cookie = await signIn(origins[0]!, p);
}, 120_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("signed-in pages", () => {
  it("never carry one person's data to another, through every kept path, interleaved", async () => {
    for (let round = 0; round < 3; round++) {
      const asks: Promise<void>[] = [];
      for (const origin of origins)
        for (const url of [...SHARED, ...OWN()])
          for (const who of [...people, null]) {
            if (!who && (url === "/notifications" || url === "/user-profile")) continue;
            asks.push(
              page(origin, url, who).then((html) => {
                expectOnlyOwn(html, who, `${url} (${origin})`);
                if (url === anouksEditor)
                  expect(html.includes(ANOUK_PROMPT), `${url}: whose picture`).toBe(who === anouk);
              }),
            );
          }
      await Promise.all(asks);
    }
  });

  it("are rendered per browsing level: a mature work reaches only people who opted in, and a change shows on the next page", async () => {
    const lists = ["/community/list", "/community/main"];
    const levels = new Map<Person | null, boolean>([
      [anouk, false],
      [bertrand, true],
      [citlali, false],
      [null, false],
    ]);
    const expectLevels = async (what: string) => {
      const asks: Promise<void>[] = [];
      for (const origin of origins)
        for (const url of lists)
          for (const [who, mature] of levels)
            asks.push(
              page(origin, url, who).then((html) => {
                expectOnlyOwn(html, who, `${url} (${origin}) ${what}`);
                expect(html.includes(MATURE_TITLE), `${url} (${origin}) for ${who?.name ?? "a visitor"} ${what}`).toBe(
                  mature,
                );
              }),
            );
      await Promise.all(asks);
    };
    // Twice: the second round is answered from the renders kept per kind of person.
    await expectLevels("at first");
    await expectLevels("again");
    // The work's page: the picture for Bertrand, a note for everyone else; never in its share card.
    for (const [who, mature] of levels) {
      const html = await page(origins[0]!, `/community/detail?id=${matureId}`, who);
      expect(html.includes(MATURE_TITLE), `the work's page for ${who?.name ?? "a visitor"}`).toBe(mature);
      expect(html.includes("for adults who chose to see mature pictures")).toBe(!mature);
      expect(html).not.toContain('property="og:image"');
    }

    // Anouk opts in on her profile: her next list has the work, on every process; nobody else's changes.
    const choose = async (body: Record<string, string>) => {
      const answer = await fetch(`${origins[0]}/user-profile`, {
        method: "POST",
        headers: { cookie: anouk.cookie, Origin: origins[0]!, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "browsing-level", ...body }),
        redirect: "manual",
      });
      return answer.text();
    };
    expect(await choose({ level: "mature" })).toContain("Confirm that you are 18 or older");
    await expectLevels("after a refused opt-in");
    await choose({ level: "mature", confirmAdult: "on" });
    levels.set(anouk, true);
    for (const web of origins)
      await expect
        .poll(async () => (await page(web, "/community/list", anouk)).includes(MATURE_TITLE), { timeout: 2_000 })
        .toBe(true);
    await expectLevels("after Anouk opted in");
    await choose({ level: "general" });
    levels.set(anouk, false);
    for (const web of origins)
      await expect
        .poll(async () => (await page(web, "/community/list", anouk)).includes(MATURE_TITLE), { timeout: 2_000 })
        .toBe(false);
    await expectLevels("after Anouk went back to general");
  });

  it("show a change on the person's next page: at once after their own action, within a second from elsewhere", async () => {
    const origin = origins[0]!;
    // Their own action: reading every notification (the bell and the kept /notifications page).
    await page(origin, "/notifications", anouk);
    const read = await fetch(`${origin}/api/notifications`, {
      method: "POST",
      headers: { cookie: anouk.cookie, Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({ action: "mark-all-viewed" }),
    });
    expect(read.status).toBe(200);
    anouk.unread = 0;
    for (const url of ["/", "/notifications"])
      expectOnlyOwn(await page(origin, url, anouk), anouk, `${url} after reading`);

    // Deleting the picture: its editor says at once that it is gone.
    expect(await page(origin, anouksEditor, anouk)).toContain(ANOUK_PROMPT);
    const generationId = new URL(anouksEditor, origin).searchParams.get("generation")!;
    const removed = await fetch(`${origin}/api/generations/${generationId}`, {
      method: "DELETE",
      headers: { cookie: anouk.cookie, Origin: origin },
    });
    expect(removed.status).toBe(200);
    expect(await page(origin, anouksEditor, anouk)).not.toContain(ANOUK_PROMPT);

    // Signing out everywhere else, from a second session: the first one is signed out at once.
    const second = await signIn(origin, citlali);
    const revoke = await fetch(`${origin}/api/auth/revoke-other-sessions`, {
      method: "POST",
      headers: { cookie: second, Origin: origin, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(revoke.status).toBe(200);
    expectOnlyOwn(await page(origin, "/", citlali), null, "/ after the session was ended elsewhere");
    citlali.cookie = second;
    expectOnlyOwn(await page(origin, "/", citlali), citlali, "/ in the session that stayed");

    if (target.kind !== "postgres") return;
    // Changes made by another process (this test's own connection): every web process shows them
    // on the person's next page within a second.
    const handle = await openDatabase(target);
    try {
      const within = async (what: string, check: (origin: string) => Promise<boolean>) => {
        const started = Date.now();
        for (const web of origins)
          await expect.poll(() => check(web), { message: what, timeout: 1_000, interval: 25 }).toBe(true);
        return Date.now() - started;
      };
      await Promise.all(origins.map((web) => page(web, "/", anouk)));
      await applyTokenMovement(handle.db, {
        userId: anouk.id,
        amount: 100,
        reason: "admin_adjustment",
        idempotencyKey: `grant:${randomUUID()}`,
      });
      anouk.balance += 100;
      await within("a grant shows in the header", async (web) =>
        (await page(web, "/", anouk)).includes(balanceOf(anouk)),
      );
      await handle.db.insert(notifications).values({ userId: anouk.id, title: "Liked", message: "Someone liked it" });
      anouk.unread = 1;
      await within("a notification rings the bell", async (web) =>
        (await page(web, "/notifications", anouk)).includes("Notifications, 1 unread"),
      );
      await handle.db.execute(
        sql`insert into feature_flags (key, enabled) values ('pre_registration', true) on conflict (key) do update set enabled = true`,
      );
      await within("an admin's flag shows", async (web) => (await page(web, "/", bertrand)).includes("Pre-register"));
      await handle.db.execute(sql`delete from session where user_id = ${bertrand.id}`);
      await within("a session ended elsewhere signs the person out", async (web) => {
        const html = await page(web, "/", bertrand);
        return !html.includes(bertrand.name) && !html.includes("unread<");
      });
      await handle.db.execute(sql`update "user" set banned = true where id = ${anouk.id}`);
      await within(
        "a ban signs the person out",
        async (web) => !(await page(web, "/community/list", anouk)).includes(anouk.name),
      );
    } finally {
      await handle.close();
    }
  });
});

/**
 * The run-time snapshot and the session cookie cache (ADR 0026), on PGlite and PostgreSQL:
 * - settings are read once per change, not once per request, and a change made through Atelier is
 *   seen by the next read at once; one made by hand in SQL (another process, a script) is heard
 *   through the trigger's NOTIFY, and on PostgreSQL a missed message is caught by the re-check;
 * - a signed-in request trusts the session's signed cookie copy for SESSION_CACHE_SECONDS (2 s
 *   here), but a ban or a sign-out elsewhere ends the session at once where the change is heard,
 *   and within the window where it is not.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getAuth } from "../../server/auth/auth";
import { getUser } from "../../server/auth/guards";
import { loadFeatureFlags, setFeatureFlag } from "../../server/content/feature-flags";
import { listPublishedFaqs } from "../../server/content/faqs";
import { RECHECK_INTERVAL_MS, startChangeFeed } from "../../server/db/change-feed";
import { setDatabase } from "../../server/db/client";
import { featureFlags, faqs, runtimeChanges, session, user } from "../../server/db/schema";
import { requestScope } from "../../server/http/request-context";
import { loadRouteRules } from "../../server/navigation/route-rules";
import { createVerifiedUser } from "../../e2e/support/accounts";
import { testDatabaseKind, setUpTestDatabase } from "../support/database";

// Before any import reads the configuration.
vi.hoisted(() => {
  process.env.SESSION_CACHE_SECONDS = "2";
  process.env.AUTH_SECRET ??= "runtime-snapshot-test-secret-0123456789abcdef";
});

const database = setUpTestDatabase();
let stopFeed: (() => Promise<void>) | undefined;

beforeEach(async () => {
  setDatabase(database.handle);
  stopFeed = await startChangeFeed(database.handle);
});
afterEach(async () => {
  await stopFeed?.();
  setDatabase(undefined);
});
afterAll(() => setDatabase(undefined));

async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  withinMs: number,
): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (accept(value)) return { value, ms: Date.now() - started };
    if (Date.now() - started > withinMs) throw new Error(`not seen within ${withinMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs SQL on a connection of its own, as another process would (PGlite has one connection: its own). */
async function asAnotherProcess(statements: string[]): Promise<void> {
  if (database.target.kind === "pglite") {
    try {
      for (const statement of statements) await database.db.execute(sql.raw(statement));
    } finally {
      await database.db.execute(sql.raw("reset session_replication_role"));
    }
    return;
  }
  const client = new pg.Client({ connectionString: database.target.url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

describe("run-time snapshot", () => {
  it("reads settings once per change and sees Atelier's own change on the next read", async () => {
    const first = await loadFeatureFlags(database.db);
    expect(await loadFeatureFlags(database.db)).toBe(first); // the same object: no query
    expect(Object.isFrozen(first)).toBe(true);
    await setFeatureFlag(database.db, "christmas_event", true);
    expect((await loadFeatureFlags(database.db)).christmas_event).toBe(true);
  });

  it("hears a change written by hand in SQL through the trigger's message", async () => {
    expect((await listPublishedFaqs(database.db)).length).toBe(0);
    await asAnotherProcess([
      `insert into faqs (question, answer, published, sort_order) values ('Is it free?', 'Mostly.', true, 10)`,
    ]);
    const { value, ms } = await eventually(
      () => listPublishedFaqs(database.db),
      (list) => list.length === 1,
      2_000,
    );
    expect(value[0]!.question).toBe("Is it free?");
    expect(ms).toBeLessThan(2_000);
    await asAnotherProcess([`truncate faqs`]);
    await eventually(
      () => listPublishedFaqs(database.db),
      (list) => list.length === 0,
      2_000,
    );
  });

  it.runIf(testDatabaseKind === "postgres")(
    "catches a missed message with the re-check within two seconds",
    async () => {
      expect(await loadRouteRules(database.db)).toEqual([]);
      // Triggers off (as if the message was lost), then the version moves as the trigger would move it.
      await asAnotherProcess([
        `set session_replication_role = replica`,
        `insert into route_rules (from_path, target) values ('/old', '/new')`,
        `update runtime_changes set version = version + 1 where table_name = 'route_rules'`,
        `insert into runtime_changes (table_name, version) values ('route_rules', 1) on conflict do nothing`,
      ]);
      const { ms } = await eventually(
        () => loadRouteRules(database.db),
        (rules) => rules.length === 1,
        RECHECK_INTERVAL_MS + 1_000,
      );
      expect(ms).toBeLessThanOrEqual(RECHECK_INTERVAL_MS + 1_000);
    },
  );

  it("reads straight from the database inside a transaction", async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(featureFlags).values({ key: "pre_registration", enabled: true });
      expect((await loadFeatureFlags(tx as never)).pre_registration).toBe(true);
    });
  });

  it("bumps the version of each table on every write, by any writer", async () => {
    const version = async () =>
      (await database.db.select().from(runtimeChanges).where(sql`${runtimeChanges.tableName} = 'faqs'`))[0]?.version ??
      0;
    const before = await version();
    await asAnotherProcess([
      `insert into faqs (question, answer) values ('Q', 'A')`,
      `update faqs set published = true`,
    ]);
    expect(await version()).toBe(before + 2);
    expect(await database.db.select().from(faqs)).toHaveLength(1);
  });
});

describe("session cookie cache", () => {
  async function signIn() {
    const person = await createVerifiedUser(database.db, "Cached Person");
    const { headers } = await getAuth().api.signInEmail({
      body: { email: person.email, password: person.password },
      returnHeaders: true,
    });
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain("session_data=");
    return { person, cookie };
  }
  const whoIs = (cookie: string) =>
    requestScope.run({ sessionReads: new Map(), cookiesToSend: [] }, () =>
      getUser(new Request("http://localhost/", { headers: { cookie } })),
    );

  it("trusts the signed cookie copy: a session removed without a message still works until the window ends", async () => {
    const { person, cookie } = await signIn();
    expect((await whoIs(cookie))?.userUid).toBe(person.id);
    // Removed with triggers off: no process hears of it, as when a message is lost.
    await asAnotherProcess([
      "set session_replication_role = replica",
      `delete from session where user_id = '${person.id}'`,
    ]);
    expect((await whoIs(cookie))?.userUid).toBe(person.id);
    const { ms } = await eventually(
      () => whoIs(cookie),
      (who) => who === null,
      3_000,
    );
    expect(ms).toBeLessThanOrEqual(2_500); // SESSION_CACHE_SECONDS = 2
  });

  it("ends a banned person's session at once where the change is heard", async () => {
    const { person, cookie } = await signIn();
    expect((await whoIs(cookie))?.name).toBe("Cached Person");
    // What the admin plugin's ban does: mark the account, remove its sessions.
    await asAnotherProcess([
      `update "user" set banned = true where id = '${person.id}'`,
      `delete from session where user_id = '${person.id}'`,
    ]);
    await eventually(
      () => whoIs(cookie),
      (who) => who === null,
      500,
    );
  });

  it("shows a new name at once, not the cookie copy's", async () => {
    const { person, cookie } = await signIn();
    await database.db.update(user).set({ name: "Renamed Person" }).where(sql`${user.id} = ${person.id}`);
    const { value } = await eventually(
      () => whoIs(cookie),
      (who) => who?.name === "Renamed Person",
      500,
    );
    expect(value?.userUid).toBe(person.id);
    expect(await database.db.select().from(session)).toHaveLength(1);
  });

  it("reads the session once per request however many loaders ask, and hands the refreshed cookie to the answer", async () => {
    const { person, cookie } = await signIn();
    const token = cookie.split("; ").find((c) => c.startsWith("better-auth.session_token="))!;
    const scope = { sessionReads: new Map(), cookiesToSend: [] as string[] };
    const request = new Request("http://localhost/", { headers: { cookie: token } });
    const [a, b] = await requestScope.run(scope, () => Promise.all([getUser(request), getUser(new Request(request))]));
    expect(a).toBe(b);
    expect(a?.userUid).toBe(person.id);
    expect(scope.sessionReads.size).toBe(1);
    expect(scope.cookiesToSend.some((c) => c.startsWith("better-auth.session_data="))).toBe(true);
  });
});

/**
 * What a kept signed-in page shows of one person is announced when it changes (migration 0016,
 * ADR 0040), on PGlite and PostgreSQL, also when the write comes from another connection (another
 * process): sessions, sign-in methods, a pending email change, the balance and its ledger,
 * purchases with their lines and events, notifications. Writes about somebody else, or that no
 * such page shows, say nothing of this person.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseChange, onDatabaseChange, startChangeFeed } from "../../server/db/change-feed";
import { artworks, generations, user } from "../../server/db/schema";
import { applyTokenMovement } from "../../server/generation/ledger";
import { setUpTestDatabase } from "../support/database";
import { publishedArtworkRow, studioGenerationRow } from "../support/rows";

const t = setUpTestDatabase();
let stopFeed: (() => Promise<void>) | undefined;
let heard: DatabaseChange[] = [];
const stopHearing = onDatabaseChange((change) => heard.push(change));
beforeEach(async () => {
  stopFeed = await startChangeFeed(t.handle);
  heard = [];
});
afterEach(async () => {
  await stopFeed?.();
});
afterAll(async () => {
  stopHearing();
  await stopFeed?.();
});

/** A write from a connection of its own, as another process makes it (PGlite: its one connection). */
async function elsewhere(statement: string) {
  if (t.target.kind === "pglite") {
    await t.db.execute(sql.raw(statement));
    return;
  }
  const client = new pg.Client({ connectionString: t.target.url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const personalOf = (userId: string) => heard.filter((c) => c.kind === "personal" && c.userId === userId).length;

/** Runs `write` and waits until this person's change is heard once more than before. */
async function expectAnnounced(userId: string, what: string, write: () => Promise<unknown>) {
  const before = personalOf(userId);
  await write();
  await expect.poll(() => personalOf(userId), { message: what, timeout: 3_000, interval: 20 }).toBeGreaterThan(before);
}

async function newPerson(name: string) {
  const id = `${name}-${randomUUID().slice(0, 8)}`;
  await t.db.insert(user).values({ id, name, email: `${id}@example.test`, emailVerified: true });
  return id;
}

describe("personal page announcements", () => {
  it("announce every write to what the profile shows, from any connection, for its person only", async () => {
    const ada = await newPerson("ada");
    const bo = await newPerson("bo");
    const session = randomUUID();
    await expectAnnounced(ada, "a new session", () =>
      elsewhere(
        `insert into session (id, token, user_id, expires_at) values ('${session}', 'tok-${session}', '${ada}', now() + interval '1 day')`,
      ),
    );
    await expectAnnounced(ada, "a session's activity", () =>
      elsewhere(`update session set updated_at = now() where id = '${session}'`),
    );
    await expectAnnounced(ada, "a sign-in method added", () =>
      elsewhere(
        `insert into account (id, account_id, provider_id, user_id, created_at, updated_at) values ('acc-${ada}', 'gh-1', 'github', '${ada}', now(), now())`,
      ),
    );
    await expectAnnounced(ada, "a sign-in method removed", () =>
      elsewhere(`delete from account where id = 'acc-${ada}'`),
    );
    await expectAnnounced(ada, "a pending email change", () =>
      elsewhere(
        `insert into verification (id, identifier, value, expires_at) values ('v-${ada}', 'change-email-${ada}', '{}', now() + interval '1 hour')`,
      ),
    );
    await expectAnnounced(ada, "tokens credited (balance and ledger)", () =>
      applyTokenMovement(t.db, { userId: ada, amount: 25, reason: "admin_adjustment", idempotencyKey: `grant:${ada}` }),
    );
    const purchase = randomUUID();
    const product = randomUUID();
    await t.db.execute(
      sql.raw(
        `insert into products (id, name, price_minor, tokens, tier) values ('${product}', 'Starter', 499, 500, 'starter')`,
      ),
    );
    await expectAnnounced(ada, "a purchase", () =>
      elsewhere(
        `insert into transactions (id, user_id, status, provider, currency, subtotal_minor, total_minor, tokens) values ('${purchase}', '${ada}', 'pending', 'none', 'USD', 499, 499, 500)`,
      ),
    );
    await expectAnnounced(ada, "a purchase's line", () =>
      elsewhere(
        `insert into transaction_lines (transaction_id, product_id, product_name, unit_price_minor, quantity, unit_tokens, line_total_minor) values ('${purchase}', '${product}', 'Starter', 499, 1, 500, 499)`,
      ),
    );
    await expectAnnounced(ada, "a purchase's event", () =>
      elsewhere(
        `insert into transaction_events (transaction_id, status, source) values ('${purchase}', 'paid', 'webhook')`,
      ),
    );
    await expectAnnounced(ada, "a notification", () =>
      elsewhere(`insert into notifications (user_id, title, message) values ('${ada}', 'Hello', 'A like')`),
    );
    await expectAnnounced(ada, "notifications read", () =>
      elsewhere(`update notifications set is_viewed = true where user_id = '${ada}'`),
    );
    expect(personalOf(bo), "nothing of Ada's is Bo's").toBe(0);

    // Another kind of verification (a sign-in code) is nobody's page; Bo's own write is his.
    const adaBefore = personalOf(ada);
    await elsewhere(
      `insert into verification (id, identifier, value, expires_at) values ('otp-${bo}', 'sign-in-otp-${bo}@example.test', '1', now() + interval '1 hour')`,
    );
    await expectAnnounced(bo, "Bo's notification", () =>
      elsewhere(`insert into notifications (user_id, title, message) values ('${bo}', 'Hi', 'Welcome')`),
    );
    expect(personalOf(ada)).toBe(adaBefore);
    expect(heard.some((c) => c.kind === "personal" && c.userId.includes("@"))).toBe(false);
  });

  it("announce a person's generations, reactions and artworks, but not a generation's progress (migration 0018)", async () => {
    const ada = await newPerson("ada");
    const bo = await newPerson("bo");
    let generation: { id: string } | undefined;
    await expectAnnounced(ada, "a generation started", async () => {
      [generation] = await t.db.insert(generations).values(studioGenerationRow(ada)).returning();
    });
    await expectAnnounced(ada, "a generation's status", () =>
      elsewhere(`update generations set status = 'running' where id = '${generation!.id}'`),
    );
    const before = personalOf(ada);
    await elsewhere(`update generations set progress = 40 where id = '${generation!.id}'`);
    await expectAnnounced(ada, "a generation refunded", () =>
      elsewhere(`update generations set status = 'failed', refunded = true where id = '${generation!.id}'`),
    );
    expect(personalOf(ada), "the progress tick said nothing, the failure once").toBe(before + 1);
    let artwork: { id: string } | undefined;
    await expectAnnounced(ada, "an artwork published", async () => {
      [artwork] = await t.db.insert(artworks).values(publishedArtworkRow(ada, "Ada's lighthouse")).returning();
    });
    await expectAnnounced(bo, "Bo's like", () =>
      elsewhere(
        `insert into artwork_reactions (artwork_id, user_id, value) values ('${artwork!.id}', '${bo}', 'like')`,
      ),
    );
    await expectAnnounced(ada, "a like changes Ada's artwork's count", () =>
      elsewhere(`update artworks set likes = likes + 1 where id = '${artwork!.id}'`),
    );
    await expectAnnounced(bo, "Bo takes his like back", () =>
      elsewhere(`delete from artwork_reactions where user_id = '${bo}'`),
    );
    await expectAnnounced(ada, "a generation deleted", () =>
      elsewhere(`delete from generations where id = '${generation!.id}'`),
    );
  });
});

/**
 * What the profile page reads of the account from our own tables, on a real database: the sign-in
 * methods and the sessions (this one marked, expired ones and other people's left out, tokens never
 * returned).
 */
import { describe, expect, it } from "vitest";
import { listUserSessions, listUserSignInMethods } from "../../server/auth/profile";
import { account, session, user } from "../../server/db/schema";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();
const HOUR = 3_600_000;

async function createUser(id: string) {
  await t.db.insert(user).values({ id, name: `User ${id}`, email: `${id}@example.test`, emailVerified: true });
}

async function addSession(
  id: string,
  userId: string,
  options: { updatedAgoHours: number; expiresInHours?: number; userAgent?: string; ipAddress?: string },
) {
  const now = Date.now();
  await t.db.insert(session).values({
    id,
    token: `token-of-${id}`,
    userId,
    expiresAt: new Date(now + (options.expiresInHours ?? 24) * HOUR),
    userAgent: options.userAgent ?? null,
    ipAddress: options.ipAddress ?? null,
    createdAt: new Date(now - 48 * HOUR),
    updatedAt: new Date(now - options.updatedAgoHours * HOUR),
  });
}

describe("the profile's account data", () => {
  it("lists the providers a user signs in with, oldest first, and only theirs", async () => {
    await createUser("ada");
    await createUser("bob");
    await t.db.insert(account).values([
      { id: "a2", accountId: "g-ada", providerId: "google", userId: "ada", createdAt: new Date(Date.now() - HOUR) },
      {
        id: "a1",
        accountId: "ada",
        providerId: "credential",
        userId: "ada",
        password: "hash",
        createdAt: new Date(Date.now() - 2 * HOUR),
      },
      { id: "b1", accountId: "bob", providerId: "oidc", userId: "bob" },
    ]);
    expect(await listUserSignInMethods(t.db, "ada")).toEqual(["credential", "google"]);
    expect(await listUserSignInMethods(t.db, "bob")).toEqual(["oidc"]);
    expect(await listUserSignInMethods(t.db, "nobody")).toEqual([]);
  });

  it("lists unexpired sessions, the current one first, then the most recently active, without their tokens", async () => {
    await createUser("ada");
    await createUser("bob");
    await addSession("old", "ada", {
      updatedAgoHours: 5,
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
      ipAddress: "10.0.0.1",
    });
    await addSession("mine", "ada", { updatedAgoHours: 3 });
    await addSession("recent", "ada", { updatedAgoHours: 1, ipAddress: "10.0.0.2" });
    await addSession("expired", "ada", { updatedAgoHours: 0, expiresInHours: -1 });
    await addSession("bobs", "bob", { updatedAgoHours: 0 });

    const sessions = await listUserSessions(t.db, "ada", "mine");
    expect(sessions.map((s) => [s.id, s.current])).toEqual([
      ["mine", true],
      ["recent", false],
      ["old", false],
    ]);
    expect(sessions[2]).toEqual({
      id: "old",
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
      ipAddress: "10.0.0.1",
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
      current: false,
    });
    expect(JSON.stringify(sessions)).not.toContain("token-of-");
    // A current session that is not among them (it just expired) marks none.
    expect((await listUserSessions(t.db, "ada", "expired")).some((s) => s.current)).toBe(false);
    expect(await listUserSessions(t.db, "nobody", "mine")).toEqual([]);
  });
});

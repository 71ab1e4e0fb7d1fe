/**
 * The account forms' abuse limits (server/auth/limits.ts), counted in the database: an office or
 * school behind one address signs in as often as it needs, wrong passwords from it are capped,
 * and the one-minute email cooldown holds per kind of email, not across kinds.
 */
import { describe, expect, it } from "vitest";
import { AUTH_LIMITS, limitCodeEmail, limitSignInAttempt, recordSignInFailure } from "../../server/auth/limits";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();

describe("sign-in limits per address", () => {
  it("never count successful sign-ins, and stop an address after its wrong passwords", async () => {
    const office = "203.0.113.7";
    for (let i = 0; i < AUTH_LIMITS.signInFailuresPerIp.limit * 2; i++) {
      expect(await limitSignInAttempt(t.db, office, `colleague-${i}@example.test`)).toBeNull();
    }
    for (let i = 0; i < AUTH_LIMITS.signInFailuresPerIp.limit; i++)
      await recordSignInFailure(t.db, `guess-${i}@example.test`, office);
    const refused = await limitSignInAttempt(t.db, office, "someone-new@example.test");
    expect(refused?.message).toMatch(/Too many wrong passwords from your network/);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
    // Another address is not held up by this one.
    expect(await limitSignInAttempt(t.db, "198.51.100.9", "someone-new@example.test")).toBeNull();
  });

  it("still lock one account after its wrong passwords, from any address", async () => {
    for (let i = 0; i < AUTH_LIMITS.signInFailuresPerAccount.limit; i++)
      await recordSignInFailure(t.db, "target@example.test", `192.0.2.${i}`);
    expect((await limitSignInAttempt(t.db, "192.0.2.200", "target@example.test"))?.message).toMatch(
      /Too many wrong passwords for this account/,
    );
  });
});

describe("the email cooldown", () => {
  it("holds per kind of email: a sign-in link does not hold up a password reset", async () => {
    const ip = "203.0.113.20";
    expect(await limitCodeEmail(t.db, ip, "ada@example.test", "sign-in")).toBeNull();
    expect((await limitCodeEmail(t.db, ip, "ada@example.test", "sign-in"))?.message).toMatch(
      /We just sent you this email/,
    );
    expect(await limitCodeEmail(t.db, ip, "ada@example.test", "forget-password")).toBeNull();
    expect(await limitCodeEmail(t.db, ip, "ada@example.test", "email-verification")).toBeNull();
  });
});

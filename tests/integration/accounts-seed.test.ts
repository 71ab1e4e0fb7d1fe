/** The demo accounts seeded on first start: an admin and a user, with Better Auth password hashes. */
import { verifyPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { account, user } from "../../server/db/schema";
import { seedDemoAccounts } from "../../server/seed";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();

describe("demo accounts", () => {
  it("are created once with the given passwords, verified, admin and user", async () => {
    const created = await seedDemoAccounts(t.db, {
      demoAdminPassword: "admin-password-1",
      demoUserPassword: "user-password-1",
    });
    expect(created).toEqual([
      { email: "admin@atelier.local", password: "admin-password-1", role: "admin" },
      { email: "demo@atelier.local", password: "user-password-1", role: "user" },
    ]);
    const [admin] = await t.db.select().from(user).where(eq(user.email, "admin@atelier.local"));
    expect(admin).toMatchObject({ role: "admin", emailVerified: true, banned: false });
    const [credential] = await t.db.select().from(account).where(eq(account.userId, admin!.id));
    expect(credential!.providerId).toBe("credential");
    expect(await verifyPassword({ hash: credential!.password!, password: "admin-password-1" })).toBe(true);
    expect(await verifyPassword({ hash: credential!.password!, password: "wrong-password" })).toBe(false);
    expect(await seedDemoAccounts(t.db)).toEqual([]);
    expect(await t.db.select().from(user)).toHaveLength(2);
  });

  it("get random passwords when none are configured", async () => {
    const created = await seedDemoAccounts(t.db);
    expect(created.map((a) => a.password.length)).toEqual([12, 12]);
    expect(created[0]!.password).not.toBe(created[1]!.password);
  });
});

describe("user_uid by email (spec §7)", () => {
  it("returns the id, ignoring case and spaces, and null on a miss", async () => {
    const { findUserUidByEmail } = await import("../../server/notify/custom-email");
    await seedDemoAccounts(t.db, { demoAdminPassword: "admin-password-1", demoUserPassword: "user-password-1" });
    const [admin] = await t.db.select().from(user).where(eq(user.email, "admin@atelier.local"));
    expect(await findUserUidByEmail(t.db, "  Admin@Atelier.local ")).toBe(admin!.id);
    expect(await findUserUidByEmail(t.db, "nobody@example.test")).toBeNull();
  });
});

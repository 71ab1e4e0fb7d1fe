/** Users as admins manage them, on a real database: search, profile and role, token adjustments that never go below zero, bans that end sessions, notifications; all audited. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tokenAdjustmentForm, userListQuery, userProfileForm } from "../../app/lib/admin-users";
import {
  adjustUserTokens,
  getUserForAdmin,
  listUsersForAdmin,
  notifyUserByAdmin,
  setUserBanned,
  UserAdminError,
  updateUserByAdmin,
} from "../../server/admin/users";
import { auditLog, notifications, session, user } from "../../server/db/schema";
import { getTokenBalance, sumTokenLedger } from "../../server/generation/ledger";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();
const admin = { userUid: "boss", email: "boss@example.test" };

async function people() {
  await t.db.insert(user).values([
    { id: "boss", name: "Boss", email: "boss@example.test", emailVerified: true, role: "admin" },
    { id: "ada", name: "Ada Painter", email: "ada@example.test", emailVerified: true },
    { id: "bob", name: "Bob", email: "bob@example.test", emailVerified: false },
  ]);
  await t.db
    .insert(session)
    .values({ id: "s1", token: "tok-1", userId: "ada", expiresAt: new Date(Date.now() + 86_400_000) } as never);
}

describe("managing users", () => {
  it("searches and filters accounts", async () => {
    await people();
    const ids = async (q: Record<string, string>) =>
      (await listUsersForAdmin(t.db, userListQuery.parse(q))).rows.map((r) => r.id).sort();
    expect(await ids({})).toEqual(["ada", "bob", "boss"]);
    expect(await ids({ q: "painter" })).toEqual(["ada"]);
    expect(await ids({ role: "admin" })).toEqual(["boss"]);
    expect(await ids({ status: "unverified" })).toEqual(["bob"]);
  });

  it("adjusts tokens with a reason and never below zero", async () => {
    await people();
    expect(
      await adjustUserTokens(
        t.db,
        admin,
        "ada",
        tokenAdjustmentForm.parse({ amount: "40", reason: "Sorry for the outage" }),
      ),
    ).toBe(40);
    const refused = await adjustUserTokens(
      t.db,
      admin,
      "ada",
      tokenAdjustmentForm.parse({ amount: "-41", reason: "Too many" }),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UserAdminError);
    expect((refused as UserAdminError).message).toBe("They have 40 tokens: a balance cannot go below zero.");
    expect(await getTokenBalance(t.db, "ada")).toBe(40);
    expect(await sumTokenLedger(t.db, "ada")).toBe(40);
    const detail = await getUserForAdmin(t.db, "ada");
    expect(detail!.ledger).toMatchObject([{ amount: 40, reason: "admin_adjustment", note: "Sorry for the outage" }]);
    expect(tokenAdjustmentForm.safeParse({ amount: "0", reason: "x" }).success).toBe(false);
  });

  it("edits profiles and roles, bans with their sessions ended, notifies; auditing each", async () => {
    await people();
    await updateUserByAdmin(
      t.db,
      admin,
      "ada",
      userProfileForm.parse({ name: "Ada P.", email: "ADA@example.test", isAdmin: "on" }),
    );
    expect((await getUserForAdmin(t.db, "ada"))!.user).toMatchObject({
      name: "Ada P.",
      email: "ada@example.test",
      isAdmin: true,
    });
    await expect(
      updateUserByAdmin(t.db, admin, "ada", userProfileForm.parse({ name: "Ada", email: "bob@example.test" })),
    ).rejects.toThrow("Another account uses this email.");
    await expect(
      updateUserByAdmin(t.db, admin, "boss", userProfileForm.parse({ name: "Boss", email: "boss@example.test" })),
    ).rejects.toThrow("You cannot take away your own admin role.");
    expect(await setUserBanned(t.db, admin, "ada", true, "Spam")).toBe(1);
    expect(await t.db.select().from(session).where(eq(session.userId, "ada"))).toEqual([]);
    await expect(setUserBanned(t.db, admin, "boss", true, "")).rejects.toThrow("You cannot ban yourself.");
    await setUserBanned(t.db, admin, "ada", false, "");
    await notifyUserByAdmin(t.db, admin, "bob", { title: "Hello", message: "Welcome aboard" });
    expect(
      await t.db.select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, "bob")),
    ).toEqual([{ title: "Hello" }]);
    expect((await t.db.select().from(auditLog)).map((a) => a.action).sort()).toEqual([
      "user.ban",
      "user.notify",
      "user.unban",
      "user.update",
    ]);
  });
});

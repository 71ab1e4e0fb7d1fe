/** Per-user notifications (spec §3): add, list newest first, count unread, mark one (only one's own), mark all. */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { logger } from "../../server/logger";
import { serializeNotification } from "../../app/components/notifications/types";
import { notifications, user } from "../../server/db/schema";
import {
  addNotification,
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsViewed,
  markNotificationViewed,
} from "../../server/notify/notifications";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();

async function createUser(id: string) {
  await t.db.insert(user).values({ id, name: `User ${id}`, email: `${id}@example.test` });
  return id;
}

/** Adds notifications one by one with distinct creation times (oldest first). */
async function addMany(userId: string, titles: string[]) {
  const rows = [];
  for (const [i, title] of titles.entries()) {
    const row = await addNotification(t.db, userId, { title, message: `Message ${title}` });
    await t.db
      .update(notifications)
      .set({ createdDate: new Date(Date.UTC(2025, 0, 1, 12, i)) })
      .where(eq(notifications.id, row.id));
    rows.push(row);
  }
  return rows;
}

describe("notifications", () => {
  it("are added unviewed, as info unless told, and trimmed to their limits", async () => {
    const ada = await createUser("ada");
    const plain = await addNotification(t.db, ada, { title: "Hello", message: "First" });
    expect(plain).toMatchObject({ userId: ada, status: "info", title: "Hello", message: "First", isViewed: false });
    expect(plain.createdDate).toBeInstanceOf(Date);

    const warned = await addNotification(t.db, ada, {
      status: "warning",
      title: "x".repeat(300),
      message: "y".repeat(3000),
    });
    expect(warned.status).toBe("warning");
    expect(warned.title).toHaveLength(200);
    expect(warned.message).toHaveLength(2000);
  });

  it("refuse a user that does not exist, logging 'Error adding notification: …'", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      await expect(addNotification(t.db, "nobody", { title: "Hi", message: "There" })).rejects.toThrow();
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ userId: "nobody" }),
        expect.stringMatching(/^Error adding notification: /),
      );
    } finally {
      logged.mockRestore();
    }
  });

  it("list newest first, only the user's own, up to a limit", async () => {
    const ada = await createUser("ada");
    const bob = await createUser("bob");
    await addMany(ada, ["one", "two", "three"]);
    await addMany(bob, ["bob's"]);

    const list = await listNotifications(t.db, ada);
    expect(list.map((n) => n.title)).toEqual(["three", "two", "one"]);
    expect(list.every((n) => n.userId === ada)).toBe(true);
    expect((await listNotifications(t.db, ada, 2)).map((n) => n.title)).toEqual(["three", "two"]);
    expect(await listNotifications(t.db, "carol")).toEqual([]);
  });

  it("count only the user's unviewed ones", async () => {
    const ada = await createUser("ada");
    const bob = await createUser("bob");
    expect(await countUnreadNotifications(t.db, ada)).toBe(0);
    await addMany(ada, ["one", "two"]);
    await addMany(bob, ["b1", "b2", "b3"]);
    expect(await countUnreadNotifications(t.db, ada)).toBe(2);
    expect(await countUnreadNotifications(t.db, bob)).toBe(3);
  });

  it("mark one viewed — the user's own only", async () => {
    const ada = await createUser("ada");
    const bob = await createUser("bob");
    const [first, second] = await addMany(ada, ["one", "two"]);
    const [bobs] = await addMany(bob, ["b1"]);

    expect(await markNotificationViewed(t.db, ada, first!.id)).toBe(true);
    expect(await countUnreadNotifications(t.db, ada)).toBe(1);
    const [viewed] = await t.db.select().from(notifications).where(eq(notifications.id, first!.id));
    expect(viewed!.isViewed).toBe(true);
    // Again: still theirs, still true, nothing else changes.
    expect(await markNotificationViewed(t.db, ada, first!.id)).toBe(true);
    expect(await countUnreadNotifications(t.db, ada)).toBe(1);

    // Someone else's: refused, and theirs stays unviewed.
    expect(await markNotificationViewed(t.db, ada, bobs!.id)).toBe(false);
    expect(await countUnreadNotifications(t.db, bob)).toBe(1);
    // An id nobody has.
    expect(await markNotificationViewed(t.db, ada, "00000000-0000-4000-8000-000000000000")).toBe(false);

    expect((await listNotifications(t.db, ada)).map((n) => [n.title, n.isViewed])).toEqual([
      ["two", false],
      ["one", true],
    ]);
    expect(second!.isViewed).toBe(false);
  });

  it("mark all viewed — the user's own only, counting the ones that changed", async () => {
    const ada = await createUser("ada");
    const bob = await createUser("bob");
    const [first] = await addMany(ada, ["one", "two", "three"]);
    await addMany(bob, ["b1", "b2"]);
    await markNotificationViewed(t.db, ada, first!.id);

    expect(await markAllNotificationsViewed(t.db, ada)).toBe(2);
    expect(await countUnreadNotifications(t.db, ada)).toBe(0);
    expect(await countUnreadNotifications(t.db, bob)).toBe(2);
    expect(await markAllNotificationsViewed(t.db, ada)).toBe(0);
    expect(await markAllNotificationsViewed(t.db, "carol")).toBe(0);
  });

  it("serialize to the API's shape", async () => {
    const ada = await createUser("ada");
    const row = await addNotification(t.db, ada, { status: "success", title: "Done", message: "It worked" });
    expect(serializeNotification(row)).toEqual({
      id: row.id,
      status: "success",
      title: "Done",
      message: "It worked",
      created_date: row.createdDate.toISOString(),
      is_viewed: false,
    });
    expect(serializeNotification({ ...row, status: "something-else" }).status).toBe("info");
  });

  it("go when their user is deleted", async () => {
    const ada = await createUser("ada");
    await addMany(ada, ["one", "two"]);
    await t.db.delete(user).where(eq(user.id, ada));
    expect(await t.db.select().from(notifications)).toEqual([]);
  });
});

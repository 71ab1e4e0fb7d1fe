/** Notifications in a real browser: the header bell, its API, the /notifications page; and the development mailbox. */
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { setFeatureFlag } from "../server/content/feature-flags";
import type { Database } from "../server/db/client";
import { notifications, user } from "../server/db/schema";
import { createOutboxTransport } from "../server/notify/email/transport";
import { addNotification, countUnreadNotifications, type NewNotification } from "../server/notify/notifications";
import { DEMO_ADMIN_PASSWORD, DEMO_USER_PASSWORD, E2E_PORT } from "./support/env";
import { signInAs as signIn } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
const DEMO_EMAIL = "demo@atelier.local";
const ADMIN_EMAIL = "admin@atelier.local";

async function userId(db: Database, email: string): Promise<string> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no seeded user ${email}`);
  return row.id;
}

/** Starts a user's list afresh (other tests, e.g. email verification, add notifications too). */
async function resetNotifications(db: Database, email: string, items: NewNotification[] = []) {
  const id = await userId(db, email);
  await db.delete(notifications).where(eq(notifications.userId, id));
  const rows = [];
  for (const item of items) rows.push(await addNotification(db, id, item)); // one by one: distinct created dates
  return { id, rows };
}

async function isViewed(db: Database, id: string) {
  const [row] = await db
    .select({ isViewed: notifications.isViewed })
    .from(notifications)
    .where(eq(notifications.id, id));
  return row?.isViewed;
}

test.describe("notifications", () => {
  test.afterEach(async ({ db }) => {
    await resetNotifications(db, DEMO_EMAIL);
  });

  test("the bell shows the unread count, lists the latest, marks one and then all as read", async ({ page, db }) => {
    const { rows } = await resetNotifications(db, DEMO_EMAIL, [
      { status: "info", title: "First of three", message: "The oldest one" },
      { status: "success", title: "Second of three", message: "Your artwork is ready" },
      { status: "error", title: "Third of three", message: "A generation failed" },
    ]);
    await signIn(page, DEMO_EMAIL, DEMO_USER_PASSWORD);
    await gotoHydrated(page, "/");

    const bell = page.getByTestId("notifications-bell");
    await expect(bell).toHaveAccessibleName("Notifications, 3 unread");
    await expect(page.getByTestId("notifications-badge")).toHaveText("3");
    await expect(bell).toHaveAttribute("aria-expanded", "false");

    await bell.click();
    const popover = page.getByRole("dialog", { name: "Notifications" });
    await expect(popover).toBeVisible();
    await expect(bell).toHaveAttribute("aria-expanded", "true");
    const items = popover.getByTestId("notification-item");
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText("Third of three");
    await expect(items.first()).toContainText("A generation failed");
    await expect(items.first()).toContainText("just now");
    await expect(items.first().locator("[data-status]")).toHaveAttribute("data-status", "error");
    await expect(items.last()).toContainText("First of three");
    await expect(popover.locator('[data-viewed="false"]')).toHaveCount(3);

    // Clicking one marks it viewed: highlighted no more, one fewer in the badge, stored.
    await popover.getByRole("button", { name: /Second of three/ }).click();
    await expect(items.nth(1)).toHaveAttribute("data-viewed", "true");
    await expect(bell).toHaveAccessibleName("Notifications, 2 unread");
    await expect(page.getByTestId("notifications-badge")).toHaveText("2");
    await expect.poll(() => isViewed(db, rows[1]!.id)).toBe(true);
    expect(await isViewed(db, rows[0]!.id)).toBe(false);

    // Escape closes it and gives focus back to the bell.
    await page.keyboard.press("Escape");
    await expect(popover).toBeHidden();
    await expect(bell).toBeFocused();

    // A click outside closes it too.
    await bell.click();
    await expect(popover).toBeVisible();
    await page.getByText("Made with care").click();
    await expect(popover).toBeHidden();

    // Mark all as read: the badge goes, and stays gone after a reload.
    await bell.click();
    await popover.getByRole("button", { name: "Mark all as read" }).click();
    await expect(bell).toHaveAccessibleName("Notifications, 0 unread");
    await expect(page.getByTestId("notifications-badge")).toHaveCount(0);
    await expect(popover.locator('[data-viewed="true"]')).toHaveCount(3);
    await expect(popover.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
    await expect.poll(() => Promise.all(rows.map((r) => isViewed(db, r.id)))).toEqual([true, true, true]);
    await gotoHydrated(page, "/");
    await expect(bell).toHaveAccessibleName("Notifications, 0 unread");
    await expect(page.getByTestId("notifications-badge")).toHaveCount(0);

    // "See all" leads to the full list.
    await bell.click();
    await popover.getByRole("link", { name: "See all" }).click();
    await expect(page).toHaveURL("/notifications");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notifications");
    await expect(popover).toBeHidden();
  });

  test("the bell says when there is nothing, and shows 9+ above nine", async ({ page, db }) => {
    await resetNotifications(db, DEMO_EMAIL);
    await signIn(page, DEMO_EMAIL, DEMO_USER_PASSWORD);
    await gotoHydrated(page, "/");
    const bell = page.getByTestId("notifications-bell");
    await expect(bell).toHaveAccessibleName("Notifications, 0 unread");
    await expect(page.getByTestId("notifications-badge")).toHaveCount(0);
    await bell.click();
    await expect(page.getByRole("dialog", { name: "Notifications" }).getByText("You're all caught up")).toBeVisible();
    await page.keyboard.press("Escape");

    await resetNotifications(
      db,
      DEMO_EMAIL,
      Array.from({ length: 12 }, (_, i) => ({ title: `Number ${i + 1}`, message: "One of many" })),
    );
    await gotoHydrated(page, "/about-us");
    await expect(bell).toHaveAccessibleName("Notifications, 12 unread");
    await expect(page.getByTestId("notifications-badge")).toHaveText("9+");
    await bell.click();
    // The popover shows the latest eight; the rest are a click on "See all" away.
    await expect(page.getByRole("dialog", { name: "Notifications" }).getByTestId("notification-item")).toHaveCount(8);
    await expect(
      page.getByRole("dialog", { name: "Notifications" }).getByTestId("notification-item").first(),
    ).toContainText("Number 12");
  });

  test("the API answers the signed-in user only, and marks only their own", async ({ page, playwright, db }) => {
    const anonymous = await playwright.request.newContext({ baseURL: ORIGIN });
    const signedOut = await anonymous.get("/api/notifications");
    expect(signedOut.status()).toBe(401);
    expect(await signedOut.json()).toEqual({ error: { code: "unauthorized", message: expect.any(String) } });
    const signedOutPost = await anonymous.post("/api/notifications", {
      data: { action: "mark-all-viewed" },
      headers: { Origin: ORIGIN },
    });
    expect(signedOutPost.status()).toBe(401);
    await anonymous.dispose();

    const { rows } = await resetNotifications(db, DEMO_EMAIL, [
      { status: "warning", title: "Low on tokens", message: "You have 3 tokens left" },
      { title: "Hello", message: "Welcome back" },
    ]);
    const { rows: adminRows } = await resetNotifications(db, ADMIN_EMAIL, [
      { title: "Admin only", message: "Not for the demo user" },
    ]);
    await signIn(page, DEMO_EMAIL, DEMO_USER_PASSWORD);
    const api = page.request;

    const list = await api.get("/api/notifications");
    expect(list.status()).toBe(200);
    const body = (await list.json()) as { notifications: Record<string, unknown>[]; unread: number };
    expect(body.unread).toBe(2);
    expect(body.notifications).toEqual([
      {
        id: rows[1]!.id,
        status: "info",
        title: "Hello",
        message: "Welcome back",
        created_date: rows[1]!.createdDate.toISOString(),
        is_viewed: false,
      },
      {
        id: rows[0]!.id,
        status: "warning",
        title: "Low on tokens",
        message: "You have 3 tokens left",
        created_date: rows[0]!.createdDate.toISOString(),
        is_viewed: false,
      },
    ]);
    expect(((await (await api.get("/api/notifications?limit=1")).json()) as typeof body).notifications).toHaveLength(1);
    expect((await api.get("/api/notifications?limit=0")).status()).toBe(400);

    const post = (data: unknown) => api.post("/api/notifications", { data, headers: { Origin: ORIGIN } });
    // Someone else's, or nobody's: 404, and nothing changes.
    const theirs = await post({ action: "mark-viewed", id: adminRows[0]!.id });
    expect(theirs.status()).toBe(404);
    expect(((await theirs.json()) as { error: { code: string } }).error.code).toBe("not_found");
    expect(await isViewed(db, adminRows[0]!.id)).toBe(false);
    expect((await post({ action: "mark-viewed", id: "00000000-0000-4000-8000-000000000000" })).status()).toBe(404);
    // Malformed: 400 with the field named; not JSON: 415.
    const malformed = await post({ action: "mark-viewed", id: "not-an-id" });
    expect(malformed.status()).toBe(400);
    expect(((await malformed.json()) as { error: { fields: Record<string, string[]> } }).error.fields).toHaveProperty(
      "id",
    );
    expect((await post({ action: "delete-everything" })).status()).toBe(400);
    const form = await api.post("/api/notifications", {
      form: { action: "mark-all-viewed" },
      headers: { Origin: ORIGIN },
    });
    expect(form.status()).toBe(415);

    const one = await post({ action: "mark-viewed", id: rows[0]!.id });
    expect(one.status()).toBe(200);
    expect(await one.json()).toEqual({ ok: true, unread: 1 });
    const all = await post({ action: "mark-all-viewed" });
    expect(await all.json()).toEqual({ ok: true, unread: 0 });
    expect(await isViewed(db, adminRows[0]!.id)).toBe(false);
    await resetNotifications(db, ADMIN_EMAIL);
  });

  test("the /notifications page lists everything and marks one or all, with or without JavaScript", async ({
    page,
    browser,
    db,
  }) => {
    await page.goto("/notifications");
    await expect(page).toHaveURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/notifications");

    await resetNotifications(db, DEMO_EMAIL);
    await signIn(page, DEMO_EMAIL, DEMO_USER_PASSWORD);
    await gotoHydrated(page, "/notifications");
    await expect(page.getByRole("heading", { level: 2, name: "You're all caught up" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);

    await resetNotifications(db, DEMO_EMAIL, [
      { title: "Older news", message: "Something happened" },
      { status: "success", title: "Middle news", message: "Something else happened" },
      { status: "warning", title: "Latest news", message: "And then this" },
    ]);
    await gotoHydrated(page, "/notifications");
    const rows = page.getByTestId("notification-row");
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText("Latest news");
    await expect(page.getByTestId("notifications-summary")).toHaveText("3 unread");
    await expect(page.getByTestId("notifications-bell")).toHaveAccessibleName("Notifications, 3 unread");

    await page.getByRole("button", { name: "Mark as read: Middle news" }).click();
    await expect(rows.nth(1)).toHaveAttribute("data-viewed", "true");
    await expect(rows.nth(1)).toContainText("Read");
    await expect(page.getByTestId("notifications-summary")).toHaveText("2 unread");
    await expect(page.getByTestId("notifications-bell")).toHaveAccessibleName("Notifications, 2 unread");

    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByTestId("notifications-summary")).toHaveText("Everything is read.");
    await expect(page.locator('[data-testid="notification-row"][data-viewed="false"]')).toHaveCount(0);
    await expect(page.getByTestId("notifications-badge")).toHaveCount(0);
    // The page shows marks at once; wait until the server has stored them before starting over.
    const demoId = await userId(db, DEMO_EMAIL);
    await expect.poll(() => countUnreadNotifications(db, demoId)).toBe(0);

    // Without JavaScript the same forms post to the page and it comes back updated.
    await resetNotifications(db, DEMO_EMAIL, [
      { title: "Plain one", message: "No scripts needed" },
      { title: "Plain two", message: "Still none" },
    ]);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: ORIGIN });
    try {
      const plain = await context.newPage();
      await signIn(plain, DEMO_EMAIL, DEMO_USER_PASSWORD);
      await plain.goto("/notifications");
      await expect(plain.getByTestId("notifications-summary")).toHaveText("2 unread");
      await plain.getByRole("button", { name: "Mark as read: Plain one" }).click();
      await expect(plain.getByTestId("notifications-summary")).toHaveText("1 unread");
      await expect(plain.locator('[data-testid="notification-row"][data-viewed="true"]')).toContainText("Plain one");
      await plain.getByRole("button", { name: "Mark all as read" }).click();
      await expect(plain.getByTestId("notifications-summary")).toHaveText("Everything is read.");
    } finally {
      await context.close();
    }
  });
});

test("when the session has ended, the bell says so instead of breaking the page", async ({ page, db }) => {
  await resetNotifications(db, DEMO_EMAIL, [{ status: "info", title: "Hello", message: "Still here" }]);
  await signIn(page, DEMO_EMAIL, DEMO_USER_PASSWORD);
  await gotoHydrated(page, "/about-us");
  await page.context().clearCookies(); // the session ends while the page stays open
  await page.getByTestId("notifications-bell").click();
  await expect(page.getByText("Notifications could not be loaded.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Internal Server Error");
  await expect(page).toHaveURL("/about-us");
});

test.describe("development mailbox", () => {
  test("is a 404 unless development mode is on and the visitor is an admin", async ({ page, browser, db }) => {
    const expectNotFound = async (p: Page) => {
      const response = await p.goto("/dev/mailbox");
      expect(response?.status()).toBe(404);
      await expect(p.getByTestId("error-message")).toHaveText("Page Not Found: /dev/mailbox");
    };
    await expectNotFound(page); // signed out, flag off
    await signIn(page, ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    await expectNotFound(page); // admin, flag off

    await setFeatureFlag(db, "development_mode", true);
    const visitor = await browser.newPage({ baseURL: ORIGIN });
    try {
      await expectNotFound(visitor); // signed out, flag on
      await signIn(visitor, DEMO_EMAIL, DEMO_USER_PASSWORD);
      await expectNotFound(visitor); // not an admin, flag on
    } finally {
      await visitor.close();
    }
    const response = await page.goto("/dev/mailbox");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mailbox");
  });

  test("lists the outbox newest first, filters by recipient and shows one email safely", async ({ page, db }) => {
    const to = `mailbox-${Date.now()}@example.test`;
    const outbox = createOutboxTransport(db);
    await outbox.send({ to, subject: "The older email", html: "<p>Older</p>", text: "Older text", kind: "custom" });
    const { id } = await outbox.send({
      to,
      subject: "Your sign-in code",
      html: '<h1 style="color:#6d3fd6">Hello from the outbox</h1><script>document.body.innerHTML = "scripts ran"</script>',
      text: "Your code is 123456.\nIt expires soon.",
      kind: "sign-in-code",
      attachments: [
        { filename: "note.txt", contentType: "text/plain", contentBase64: Buffer.from("hello").toString("base64") },
      ],
    });
    await outbox.send({
      to: `someone-else-${Date.now()}@example.test`,
      subject: "Not for the filter",
      html: "<p>x</p>",
      text: "x",
      kind: "custom",
    });

    await setFeatureFlag(db, "development_mode", true);
    await signIn(page, ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    await gotoHydrated(page, "/dev/mailbox");
    const list = page.getByRole("navigation", { name: "Emails" });
    await expect(list.getByRole("link").first()).toContainText("Not for the filter");

    await page.getByLabel("Recipient").fill(to.toUpperCase());
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/\?to=/);
    await expect(list.getByRole("link")).toHaveCount(2);
    await expect(list.getByRole("link").first()).toContainText("Your sign-in code");
    await expect(list.getByRole("link").last()).toContainText("The older email");
    await expect(page.getByTestId("mailbox-count")).toContainText("2 emails");

    await list.getByRole("link", { name: /Your sign-in code/ }).click();
    await expect(page).toHaveURL(new RegExp(`id=${id}`));
    await expect(page.getByRole("heading", { level: 2, name: "Your sign-in code" })).toBeVisible();
    await expect(page.getByTestId("mailbox-to")).toHaveText(to);
    await expect(page.getByRole("article")).toContainText("sign-in-code");
    await expect(page.getByRole("article")).toContainText("note.txt");
    await expect(page.getByTestId("mailbox-text")).toHaveText("Your code is 123456.\nIt expires soon.");

    const iframe = page.locator("iframe");
    await expect(iframe).toHaveAttribute("sandbox", "");
    const frame = page.frameLocator("iframe");
    await expect(frame.getByRole("heading", { name: "Hello from the outbox" })).toBeVisible();
    await expect(frame.getByText("scripts ran")).toHaveCount(0);

    await page.getByRole("link", { name: "Close this email" }).click();
    await expect(page.getByText("Choose an email to read it")).toBeVisible();
    await expect(page).toHaveURL(/\/dev\/mailbox\?to=/);
  });
});

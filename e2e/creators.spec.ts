/**
 * Creators end to end (issue 30): from a picture to its creator's page, following in one click
 * (the state shown at once and kept after a reload), the Following tab with their new work, a
 * refused follow rolled back with its message, a handle changed on the profile with the old
 * address sending visitors on, and hiding a person (their works leave that person's lists).
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { notifications, user } from "../server/db/schema";
import { publishedArtworkRow } from "../tests/support/rows";
import { createVerifiedUser, signInAs } from "./support/accounts";
import { insertArtworks, removeInsertedArtworks } from "./support/artworks";
import { expect, gotoHydrated, test } from "./support/fixtures";
import type { Database } from "../server/db/client";

const suffix = () => randomBytes(4).toString("hex");

// Their rows have no pictures behind them: they leave the lists when each test ends.
test.afterEach(({ db }) => removeInsertedArtworks(db));

/** A creator with a handle of their own and one published work. */
async function creatorWithWork(db: Database, name: string) {
  const person = await createVerifiedUser(db, name);
  const handle = `${name.split(" ")[0]!.toLowerCase()}-${suffix()}`;
  await db
    .update(user)
    .set({ handle, bio: "I paint harbours.\nhttps://example.test is my site." })
    .where(eq(user.id, person.id));
  const [work] = await insertArtworks(db, [publishedArtworkRow(person.id, `Harbour ${suffix()}`)]);
  return { ...person, handle, work: work! };
}

test("from a picture to its creator, follow in one click, and their new work is in Following", async ({ page, db }) => {
  test.setTimeout(60_000);
  const cora = await creatorWithWork(db, "Cora Painter");
  const fan = await createVerifiedUser(db, "Finn Fan");

  // A visitor opens the picture and goes to its creator's page by the name.
  await gotoHydrated(page, `/community/detail?id=${cora.work.id}`);
  await page.getByRole("link", { name: "Cora Painter" }).first().click();
  await expect(page).toHaveURL(`/creators/${cora.handle}`);
  await expect(page.getByRole("heading", { level: 1, name: "Cora Painter" })).toBeVisible();
  await expect(page.getByText(`@${cora.handle}`)).toBeVisible();
  // The bio is plain text: its address is shown, not a link.
  await expect(page.getByText("https://example.test is my site.")).toBeVisible();
  await expect(page.getByRole("link", { name: "https://example.test" })).toHaveCount(0);
  await expect(page.getByTestId("artwork-card")).toHaveCount(1);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Cora Painter on Atelier");

  // Signed in, one click follows; the button says so at once and after a reload.
  await signInAs(page, fan.email, fan.password);
  await gotoHydrated(page, `/creators/${cora.handle}`);
  const follow = page.getByTestId("follow-button");
  await expect(follow).toHaveText(/^Follow/);
  await follow.click();
  await expect(follow).toHaveAttribute("aria-pressed", "true");
  await expect(follow).toHaveText(/^Following/);
  await expect(page.getByRole("link", { name: /1\s*follower/ })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("follow-button")).toHaveAttribute("aria-pressed", "true");
  await expect
    .poll(async () =>
      (await db.select().from(notifications).where(eq(notifications.userId, cora.id))).map((n) => n.message),
    )
    .toEqual(["Finn Fan followed you"]);

  // The followers tab lists the fan; the fan's page links back.
  await page.getByRole("link", { name: "Followers", exact: true }).click();
  await expect(page).toHaveURL(`/creators/${cora.handle}?tab=followers`);
  await expect(page.locator("#main").getByRole("link", { name: "Finn Fan" })).toBeVisible();

  // The Following tab shows her work, and a newer one first once she publishes it.
  await gotoHydrated(page, "/community/list");
  await page.getByRole("navigation", { name: "Community lists" }).getByRole("link", { name: "Following" }).click();
  await expect(page).toHaveURL("/community/following");
  await expect(page.getByTestId("artwork-card")).toHaveCount(1);
  const [newer] = await insertArtworks(db, [
    publishedArtworkRow(cora.id, `Newer ${suffix()}`, { createdAt: new Date(Date.now() + 1000) }),
  ]);
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByTestId("artwork-card").first().textContent();
    })
    .toContain(newer!.title);

  // Unfollowing from the artwork's page empties the feed.
  await gotoHydrated(page, `/community/detail?id=${cora.work.id}`);
  await page.getByTestId("follow-button").click();
  await expect(page.getByTestId("follow-button")).toHaveAttribute("aria-pressed", "false");
  await gotoHydrated(page, "/community/following");
  await expect(page.getByText("Nothing here yet")).toBeVisible();
});

test("a refused follow goes back, with the reason beside the button", async ({ page, db }) => {
  const cora = await creatorWithWork(db, "Cora Refused");
  const fan = await createVerifiedUser(db, "Fay Fan");
  await signInAs(page, fan.email, fan.password);
  await gotoHydrated(page, `/creators/${cora.handle}`);
  await page.route("**/api/creators/*/follow", (route) =>
    route.fulfill({
      status: 503,
      json: { error: { code: "internal_error", message: "Following is not possible right now." } },
    }),
  );
  const follow = page.getByTestId("follow-button");
  await follow.click();
  await expect(page.getByRole("alert")).toHaveText("Following is not possible right now.");
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  await expect(follow).toHaveText(/^Follow/);
});

test("a handle changed on the profile: refused beside the field when reserved, the old address sends visitors on", async ({
  page,
  db,
}) => {
  const ana = await creatorWithWork(db, "Ana Mover");
  await signInAs(page, ana.email, ana.password);
  await gotoHydrated(page, "/user-profile");
  const handle = page.getByLabel("Handle", { exact: true });
  await expect(handle).toHaveValue(ana.handle);
  await handle.fill("admin");
  await page.getByRole("button", { name: "Save your page" }).click();
  await expect(page.getByText("That handle is reserved: choose another")).toBeVisible();
  const renamed = `ana-new-${suffix()}`;
  await page.getByLabel("Handle", { exact: true }).fill(renamed);
  await page.getByLabel("Bio").fill("Harbours, mostly.");
  await page.getByRole("button", { name: "Save your page" }).click();
  await expect(page.getByText(`Your page is saved: /creators/${renamed}`)).toBeVisible();
  await page.goto(`/creators/${ana.handle}`);
  await expect(page).toHaveURL(`/creators/${renamed}`);
  await expect(page.getByText("Harbours, mostly.")).toBeVisible();
});

test("hiding a person ends the follow, and the profile shows them again", async ({ page, db }) => {
  const troll = await creatorWithWork(db, "Trent Noisy");
  const me = await createVerifiedUser(db, "Hana Hider");
  await signInAs(page, me.email, me.password);
  await gotoHydrated(page, `/creators/${troll.handle}`);
  await page.getByTestId("follow-button").click();
  await expect(page.getByTestId("follow-button")).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Hide", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Hide Trent Noisy?" });
  await dialog.getByRole("button", { name: "Hide Trent Noisy" }).click();
  await expect(page.getByText("You hid Trent Noisy")).toBeVisible();
  await expect(page.getByTestId("follow-button")).toHaveCount(0);
  expect(
    await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, troll.id))),
  ).toHaveLength(1);
  // Their works leave the community's lists for the person who hid them.
  const word = troll.work.title.split(" ").at(-1)!;
  await gotoHydrated(page, `/community/list?q=${word}`);
  await expect(page.getByTestId("artwork-card")).toHaveCount(0);
  const visitor = await (await page.context().browser()!.newContext()).newPage();
  await gotoHydrated(visitor, `/community/list?q=${word}`);
  await expect(visitor.getByTestId("artwork-card")).toHaveCount(1);
  await gotoHydrated(page, "/user-profile");
  await page.getByRole("button", { name: "Show again" }).click();
  await expect(page.getByText("They can reach you again.")).toBeVisible();
  await gotoHydrated(page, `/creators/${troll.handle}`);
  await expect(page.getByTestId("follow-button")).toHaveAttribute("aria-pressed", "false");
});

/**
 * Moderation from the back office: a reported artwork waits in the queue; the admin hides it with
 * a reason, and it vanishes from the community's search and its shared link; the creator is told.
 * The admin features another, and the community's main page shows it.
 */
import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { artworkReports, artworks, notifications } from "../server/db/schema";
import { publishedArtworkRow } from "../tests/support/rows";
import { createVerifiedUser, signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

test("an admin hides a reported artwork and features another; the community follows", async ({ page, browser, db }) => {
  test.setTimeout(90_000);
  const word = `zq${randomBytes(4).toString("hex").replace(/[0-9]/g, "x")}`;
  const creator = await createVerifiedUser(db, "Cleo Creator");
  const reporter = await createVerifiedUser(db, "Rex Reporter");
  const artwork = (title: string) =>
    publishedArtworkRow(creator.id, title, { tags: [word], prompt: `a ${word} scene` });
  const reported = artwork(`Suspicious ${word}`);
  const good = artwork(`Lovely ${word}`);
  await db.insert(artworks).values([reported, good] as never);
  await db
    .insert(artworkReports)
    .values({ artworkId: reported.id, reporterId: reporter.id, reason: "spam", details: "an advert" });
  try {
    const visitor = await browser.newContext();
    const shopper = await visitor.newPage();
    await gotoHydrated(shopper, `/community/list?q=${word}`);
    await expect(shopper.getByText(`Suspicious ${word}`)).toBeVisible();

    await signInAsAdmin(page);
    await gotoHydrated(page, "/admin/manage-community");
    const queue = page.getByRole("list", { name: "Reported artworks" });
    await expect(queue).toContainText(`Suspicious ${word}`);
    // What the reporter wrote, not only the reason's label.
    const reports = page.getByRole("list", { name: `Reports on Suspicious ${word}` });
    await expect(reports).toContainText("Spam");
    await expect(reports).toContainText("Rex Reporter");
    await expect(reports).toContainText("an advert");
    await page.getByRole("button", { name: `Hide Suspicious ${word}` }).click();
    await expect(page.getByText("Tell the creator why (at least 3 characters)")).toBeVisible();
    await page.getByLabel(`Reason for Suspicious ${word}`).fill("Looks like an advert");
    await page.getByRole("button", { name: `Hide Suspicious ${word}` }).click();
    await expect(page.getByText("Hidden: only its creator sees it now. 1 report closed.")).toBeVisible();

    await shopper.reload();
    await expect(shopper.getByText(`Lovely ${word}`)).toBeVisible();
    await expect(shopper.getByText(`Suspicious ${word}`)).toHaveCount(0);
    expect((await shopper.goto(`/community/detail?id=${reported.id}`))?.status()).toBe(404);
    const [notice] = await db.select().from(notifications).where(eq(notifications.userId, creator.id));
    expect(notice!.message).toContain("Looks like an advert");

    await page.getByRole("button", { name: `Feature Lovely ${word}` }).click();
    await expect(page.getByText("Featured on the community's main page.")).toBeVisible();
    await gotoHydrated(shopper, "/community/main");
    await expect(shopper.getByRole("region", { name: "Featured" })).toContainText(`Lovely ${word}`);
    await visitor.close();
  } finally {
    await db.delete(artworks).where(inArray(artworks.id, [reported.id, good.id]));
  }
});

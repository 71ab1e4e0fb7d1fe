/**
 * Comments end to end (issue 30): a person comments under a picture with a mention, replies,
 * edits (marked edited) and deletes; a blocked word is refused beside the box; the artwork's owner
 * deletes someone's comment; a reported comment is hidden by an admin from the moderation page.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Browser } from "@playwright/test";
import { artworks, auditLog, user } from "../server/db/schema";
import type { Database } from "../server/db/client";
import { publishedArtworkRow } from "../tests/support/rows";
import { createVerifiedUser, signInAs, signInAsAdmin } from "./support/accounts";
import { insertArtworks, removeInsertedArtworks } from "./support/artworks";
import { expect, gotoHydrated, test } from "./support/fixtures";

const suffix = () => randomBytes(4).toString("hex");

// Their rows have no pictures behind them: they leave the lists when each test ends.
test.afterEach(({ db }) => removeInsertedArtworks(db));

async function artworkBy(db: Database, name: string) {
  const owner = await createVerifiedUser(db, name);
  const handle = `${name.split(" ")[0]!.toLowerCase()}-${suffix()}`;
  await db.update(user).set({ handle }).where(eq(user.id, owner.id));
  const title = `Harbour ${suffix()}`;
  const [row] = await insertArtworks(db, [publishedArtworkRow(owner.id, title)]);
  return { owner: { ...owner, handle }, id: row!.id, title };
}

/** A page of its own, signed in as someone else. */
async function pageAs(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, password);
  return page;
}

test("comment with a mention, reply, edit and delete; a blocked word is refused beside the box", async ({
  page,
  db,
}) => {
  test.setTimeout(60_000);
  const artwork = await artworkBy(db, "Olga Owner");
  const ana = await createVerifiedUser(db, "Ana Commenter");
  await signInAs(page, ana.email, ana.password);
  await gotoHydrated(page, `/community/detail?id=${artwork.id}`);
  await expect(page.getByTestId("comment-count")).toHaveText("(0)");

  const box = page.getByLabel("Add a comment");
  await box.fill("This is porn");
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(page.getByText("“porn” is not allowed here")).toBeVisible();

  await box.fill(`Lovely light, @${artwork.owner.handle}!`);
  await page.getByRole("button", { name: "Post comment" }).click();
  const comment = page.getByTestId("comment").filter({ hasText: "Lovely light" });
  await expect(comment).toBeVisible();
  await expect(box).toHaveValue("");
  await expect(page.getByTestId("comment-count")).toHaveText("(1)");
  await expect(comment.getByRole("link", { name: `@${artwork.owner.handle}` })).toHaveAttribute(
    "href",
    `/creators/${artwork.owner.handle}`,
  );

  await comment.getByRole("button", { name: "Reply" }).click();
  await page.getByLabel("Reply to Ana Commenter").fill("And the boats.");
  await page.getByRole("button", { name: "Reply", exact: true }).last().click();
  const reply = page.getByTestId("comment").filter({ hasText: "And the boats." });
  await expect(reply).toBeVisible();
  await expect(page.getByTestId("comment-count")).toHaveText("(2)");

  await reply.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Change your comment").fill("And the little boats.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("comment").filter({ hasText: "And the little boats." })).toContainText("edited");

  // What was said stays after a reload.
  await page.reload();
  await expect(page.getByTestId("comment")).toHaveCount(2);
  await page
    .getByTestId("comment")
    .filter({ hasText: "And the little boats." })
    .getByRole("button", { name: "Delete" })
    .click();
  await page
    .getByRole("dialog", { name: "Delete this comment?" })
    .getByRole("button", { name: "Delete comment" })
    .click();
  await expect(page.getByTestId("comment")).toHaveCount(1);
  await expect(page.getByTestId("comment-count")).toHaveText("(1)");

  // The count on the artwork, which cards show, followed every change.
  const [owner] = await db.select({ comments: artworks.comments }).from(artworks).where(eq(artworks.id, artwork.id));
  expect(owner!.comments).toBe(1);
});

test("the owner deletes a comment under their work; a reported one is hidden by an admin", async ({
  page,
  browser,
  db,
}) => {
  test.setTimeout(60_000);
  const artwork = await artworkBy(db, "Owen Owner");
  const rude = await createVerifiedUser(db, "Rude Rita");
  const reporter = await createVerifiedUser(db, "Reporting Ray");

  const rita = await pageAs(browser, rude.email, rude.password);
  await gotoHydrated(rita, `/community/detail?id=${artwork.id}`);
  for (const text of ["First rude remark", "Second rude remark"]) {
    await rita.getByLabel("Add a comment").fill(text);
    await rita.getByRole("button", { name: "Post comment" }).click();
    await expect(rita.getByTestId("comment").filter({ hasText: text })).toBeVisible();
  }

  // The owner deletes the first.
  await signInAs(page, artwork.owner.email, artwork.owner.password);
  await gotoHydrated(page, `/community/detail?id=${artwork.id}`);
  await page
    .getByTestId("comment")
    .filter({ hasText: "First rude remark" })
    .getByRole("button", { name: "Delete" })
    .click();
  await page
    .getByRole("dialog", { name: "Delete this comment?" })
    .getByRole("button", { name: "Delete comment" })
    .click();
  await expect(page.getByTestId("comment")).toHaveCount(1);

  // Someone reports the second; the admin hides it from the moderation page.
  const ray = await pageAs(browser, reporter.email, reporter.password);
  await gotoHydrated(ray, `/community/detail?id=${artwork.id}`);
  await ray.getByRole("button", { name: "Report this comment" }).click();
  const dialog = ray.getByRole("dialog", { name: "Report this comment" });
  await dialog.getByText("Hateful or offensive").click();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Thanks for the report")).toBeVisible();

  const admin = await browser.newContext().then((c) => c.newPage());
  await signInAsAdmin(admin);
  await gotoHydrated(admin, "/admin/manage-community");
  const queued = admin.getByRole("list", { name: "Reported comments" }).getByRole("listitem").first();
  await expect(queued).toContainText("Second rude remark");
  await queued.getByLabel(/Reason for the comment by Rude Rita/).fill("Harassing the artist");
  await queued.getByRole("button", { name: /^Hide: the comment by Rude Rita/ }).click();
  await expect(admin.getByText("Hidden: nobody sees it now. 1 report closed.")).toBeVisible();
  await expect(admin.getByText("No reported comments.")).toBeVisible();

  await gotoHydrated(page, `/community/detail?id=${artwork.id}`);
  await expect(page.getByTestId("comment")).toHaveCount(0);
  await expect(page.getByTestId("comment-count")).toHaveText("(0)");
  const [audited] = await db.select().from(auditLog).where(eq(auditLog.action, "comment.hide"));
  expect(audited).toBeTruthy();
});

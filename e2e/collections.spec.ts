/**
 * Collections end to end (issue 30): save a picture from its page into a new public collection,
 * another from a card on the community list into the same one (last used first), reorder and
 * remove on the collection's page, see it on the creator page, and a picture unpublished meanwhile
 * left as a placeholder.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { artworks, user } from "../server/db/schema";
import type { Database } from "../server/db/client";
import { publishedArtworkRow } from "../tests/support/rows";
import { createVerifiedUser, signInAs } from "./support/accounts";
import { insertArtworks, removeInsertedArtworks } from "./support/artworks";
import { expect, gotoHydrated, test } from "./support/fixtures";

const suffix = () => randomBytes(4).toString("hex");

// Their rows have no pictures behind them: they leave the lists when each test ends.
test.afterEach(({ db }) => removeInsertedArtworks(db));

async function works(db: Database, count: number) {
  const maker = await createVerifiedUser(db, "Mara Maker");
  const titles = Array.from({ length: count }, (_, i) => `Quay ${i + 1} ${suffix()}`);
  const rows = await insertArtworks(
    db,
    titles.map((title, i) => publishedArtworkRow(maker.id, title, { createdAt: new Date(Date.now() + i * 1000) })),
  );
  return rows;
}

test("save from a picture's page and from a card, reorder and remove, a gone picture stays as a placeholder", async ({
  page,
  db,
}) => {
  test.setTimeout(60_000);
  const [first, second, third] = await works(db, 3);
  const ana = await createVerifiedUser(db, "Ana Keeper");
  const handle = `ana-keeper-${suffix()}`;
  await db.update(user).set({ handle }).where(eq(user.id, ana.id));
  await signInAs(page, ana.email, ana.password);

  // From the picture's page into a new public collection.
  await gotoHydrated(page, `/community/detail?id=${first!.id}`);
  await page.getByRole("button", { name: `Save ${first!.title} to a collection` }).click();
  const dialog = page.getByRole("dialog", { name: "Save to a collection" });
  await expect(dialog.getByText("You have no collections yet")).toBeVisible();
  await dialog.getByLabel("New collection").fill("Quaysides");
  await dialog.getByLabel("Public: shown on your creator page").check();
  await dialog.getByRole("button", { name: "Make" }).click();
  await expect(dialog.getByRole("checkbox", { name: /Quaysides/ })).toBeChecked();
  await dialog.getByLabel("New collection").fill("Quaysides");
  await dialog.getByRole("button", { name: "Make" }).click();
  await expect(dialog.getByText("You have a collection with this name already")).toBeVisible();
  await page.keyboard.press("Escape");

  // From cards on the list: the last used collection is first; two more pictures.
  for (const work of [second!, third!]) {
    await gotoHydrated(page, `/community/list?q=${encodeURIComponent(work.title.split(" ").at(-1)!)}`);
    await page.getByRole("button", { name: `Save ${work.title}` }).click();
    const saving = page.getByRole("dialog", { name: "Save to a collection" });
    await saving.getByRole("checkbox", { name: /Quaysides/ }).check();
    await expect(saving.getByRole("checkbox", { name: /Quaysides/ })).toBeChecked();
    await page.keyboard.press("Escape");
  }

  // The collection's page: in the order saved; move the last first, remove the middle one.
  await gotoHydrated(page, "/collections");
  await page.getByRole("link", { name: /Quaysides/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Quaysides" })).toBeVisible();
  const entries = page.getByTestId("collection-entry");
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText(first!.title);
  await page.getByRole("button", { name: `Move ${third!.title} earlier` }).click();
  await page.getByRole("button", { name: `Move ${third!.title} earlier` }).click();
  await expect(entries.nth(0)).toContainText(third!.title);
  await page.getByRole("button", { name: `Remove ${second!.title} from the collection` }).click();
  await expect(entries).toHaveCount(2);
  await page.reload();
  await expect(entries.nth(0)).toContainText(third!.title);
  await expect(entries.nth(1)).toContainText(first!.title);

  // On the creator page, and a picture taken down meanwhile is a placeholder, not an error.
  await db.delete(artworks).where(eq(artworks.id, first!.id));
  await gotoHydrated(page, `/creators/${handle}?tab=collections`);
  await page.getByRole("link", { name: /Quaysides/ }).click();
  await expect(page.getByText(`“${first!.title}” is no longer shared`)).toBeVisible();
});

/**
 * What each person sees (issue 40): a mature work is left out of a visitor's list; a person opts
 * into mature pictures on their profile (confirming they are 18 or older), then sees the work in
 * the list blurred, presses Show, and sees it. The work's rating is set on its row: a fixture of
 * what the safety check would have said (the classifier's own paths are walked in picture-safety).
 */
import { randomBytes } from "node:crypto";
import { createVerifiedUser, signInAs } from "./support/accounts";
import { insertArtworks, removeInsertedArtworks } from "./support/artworks";
import { expect, gotoHydrated, test } from "./support/fixtures";
import { publishedArtworkRow } from "../tests/support/rows";

test.afterEach(async ({ db }) => removeInsertedArtworks(db));

test("a visitor never sees a mature work; an adult who opts in sees it blurred until they press Show", async ({
  page,
  db,
}) => {
  const word = `zq${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join("")}`;
  const title = `Moonlit study ${word}`;
  const maker = await createVerifiedUser(db, "Mo Maker");
  // Screened already (a sha256), so the background screening leaves the row as it is.
  await insertArtworks(db, [
    publishedArtworkRow(maker.id, title, { maturity: "mature", markedMature: true, sha256: "0".repeat(64) }),
  ]);
  const list = `/community/list?q=${word}`;

  // A visitor: left out, not blurred.
  await gotoHydrated(page, list);
  await expect(page.getByText("0 artworks shown")).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  // A person opts in on their profile: the confirmation is asked for first.
  const person = await createVerifiedUser(db, "Ada Adult");
  await signInAs(page, person.email, person.password);
  await gotoHydrated(page, "/user-profile");
  const section = page.locator("#browsing-level");
  await section.getByLabel("Mature pictures too, blurred until I choose to see each one").check();
  await section.getByRole("button", { name: "Save what you see" }).click();
  await expect(section.getByText("Confirm that you are 18 or older to see mature pictures")).toBeVisible();
  await section.getByLabel("I am 18 or older (needed to see mature pictures)").check();
  await section.getByRole("button", { name: "Save what you see" }).click();
  await expect(section.getByText("Saved: mature pictures are shown to you")).toBeVisible();

  // The list has it now, blurred, until Show is pressed (with the keyboard here).
  await gotoHydrated(page, list);
  const card = page.getByTestId("artwork-card").filter({ hasText: title });
  await expect(card).toBeVisible();
  const veil = card.getByTestId("mature-veil");
  await expect(veil).toHaveAttribute("data-shown", "false");
  const show = card.getByRole("button", { name: `Show the mature picture “${title}”` });
  await expect(show).toBeEnabled();
  await show.focus();
  await page.keyboard.press("Enter");
  await expect(veil).toHaveAttribute("data-shown", "true");
  await expect(card.getByRole("button", { name: `Blur the mature picture “${title}” again` })).toBeVisible();
});

/**
 * A challenge end to end (issue 30): an admin makes it at /admin/challenges; two people enter their
 * works; once voting opens a third votes (votes left shown, one's own entry has no vote button);
 * when voting ends the close job ranks the entries and credits the first prize once; the results
 * page shows the places, and the christmas gallery names the season's challenge.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { closeDueChallenges } from "../server/community/challenges";
import { setFeatureFlag } from "../server/content/feature-flags";
import { challenges, tokenLedger } from "../server/db/schema";
import type { Database } from "../server/db/client";
import { publishedArtworkRow } from "../tests/support/rows";
import { createVerifiedUser, signInAs, signInAsAdmin } from "./support/accounts";
import { insertArtworks, removeInsertedArtworks } from "./support/artworks";
import { expect, gotoHydrated, test } from "./support/fixtures";

const suffix = () => randomBytes(4).toString("hex");

// Their rows have no pictures behind them: they leave the lists when each test ends.
test.afterEach(({ db }) => removeInsertedArtworks(db));
const local = (date: Date) => date.toISOString().slice(0, 16);

async function withWork(db: Database, name: string) {
  const person = await createVerifiedUser(db, name);
  const title = `${name.split(" ")[0]}'s lantern ${suffix()}`;
  await insertArtworks(db, [publishedArtworkRow(person.id, title)]);
  return { ...person, title };
}

/** Moves every moment of the challenge `ms` into the past. */
async function shift(db: Database, id: string, ms: number) {
  const by = sql`${`${ms} milliseconds`}::interval`;
  await db
    .update(challenges)
    .set({
      startsAt: sql`starts_at - ${by}`,
      entriesCloseAt: sql`entries_close_at - ${by}`,
      votingClosesAt: sql`voting_closes_at - ${by}`,
    })
    .where(eq(challenges.id, id));
}

test("an admin makes a challenge; people enter, vote, and the winner's prize arrives once", async ({
  page,
  browser,
  db,
}) => {
  test.setTimeout(90_000);
  const title = `Lanterns ${suffix()}`;
  const now = Date.now();
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/challenges");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Theme").fill("Paper lanterns at night");
  await page.getByLabel("Entries open (UTC)").fill(local(new Date(now - 60_000)));
  await page.getByLabel("Entries close (UTC)").fill(local(new Date(now - 120_000)));
  await page.getByLabel("Voting closes (UTC)").fill(local(new Date(now + 7_200_000)));
  await page.getByLabel("Prize, first (tokens)").fill("150");
  await page.getByLabel(/christmas event's challenge/).check();
  await page.getByRole("button", { name: "Create the challenge" }).click();
  await expect(page.getByText("Entries close after they open")).toBeVisible();
  await page.getByLabel("Entries close (UTC)").fill(local(new Date(now + 3_600_000)));
  await page.getByRole("button", { name: "Create the challenge" }).click();
  await expect(page.getByText(`“${title}” is saved.`)).toBeVisible();
  const [row] = await db.select().from(challenges).where(eq(challenges.title, title));
  const id = row!.id;

  // Two people enter.
  const ana = await withWork(db, "Ana Entrant");
  const bo = await withWork(db, "Bo Entrant");
  for (const person of [ana, bo]) {
    const context = await browser.newContext();
    const p = await context.newPage();
    await signInAs(p, person.email, person.password);
    await gotoHydrated(p, `/community/challenges/${id}`);
    await expect(p.getByTestId("challenge-phase")).toHaveText("Open for entries");
    await p.getByLabel("Your work").selectOption({ label: person.title });
    await p.getByRole("button", { name: "Enter this work" }).click();
    await expect(p.getByText("You are in.")).toBeVisible();
    await context.close();
  }

  // Voting: a third person votes for Bo's; Ana sees no vote on her own entry.
  await shift(db, id, 3_600_000 + 60_000);
  const voter = await createVerifiedUser(db, "Vic Voter");
  const v = await (await browser.newContext()).newPage();
  await signInAs(v, voter.email, voter.password);
  await gotoHydrated(v, `/community/challenges/${id}`);
  await expect(v.getByTestId("challenge-phase")).toHaveText("Voting");
  await expect(v.getByTestId("votes-left")).toHaveText("3 votes left");
  await v.getByRole("button", { name: `Vote for ${bo.title}` }).click();
  await expect(v.getByTestId("votes-left")).toHaveText("2 votes left");
  await v.reload();
  await expect(v.getByRole("button", { name: `Take back your vote for ${bo.title}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const a = await (await browser.newContext()).newPage();
  await signInAs(a, ana.email, ana.password);
  await gotoHydrated(a, `/community/challenges/${id}`);
  await expect(a.getByRole("button", { name: `Vote for ${ana.title}` })).toHaveCount(0);
  await expect(a.getByRole("button", { name: `Vote for ${bo.title}` })).toBeVisible();

  // While the christmas flag is on, the christmas gallery names it.
  await setFeatureFlag(db, "christmas_event", true);
  await gotoHydrated(a, "/community/christmas-event/list");
  await expect(a.getByTestId("christmas-challenge")).toContainText(title);

  // Voting ends; the close job (run here as the worker runs it, twice) ranks and pays once.
  await shift(db, id, 7_200_000);
  await Promise.all([closeDueChallenges(db), closeDueChallenges(db)]);
  await gotoHydrated(a, `/community/challenges/${id}`);
  await expect(a.getByTestId("challenge-phase")).toHaveText("Results");
  const first = a.getByTestId("challenge-entry").first();
  await expect(first).toContainText("First place · 150 tokens");
  await expect(first).toContainText(bo.title);
  await expect(first).toContainText("1 vote");
  const prizes = await db.select().from(tokenLedger).where(eq(tokenLedger.reference, id));
  expect(prizes.map((p) => [p.userId, p.amount, p.reason])).toEqual([[bo.id, 150, "challenge_prize"]]);
});

/**
 * Dates as the viewer reads them (issue 16, ADR 0032): the server, which cannot know the time
 * zone, renders UTC and says so; the browser then writes every date in its own English variant and
 * time zone. The back office stays in UTC for everyone.
 */
import type { Locator } from "@playwright/test";
import { eq } from "drizzle-orm";
import { formatDate } from "../app/lib/format";
import { recordAudit } from "../server/audit/audit";
import { user } from "../server/db/schema";
import { createVerifiedUser, signInAs, signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

// A visitor in Tokyo whose browser prefers British English.
test.use({ timezoneId: "Asia/Tokyo", locale: "en-GB" });

const plain = (text: string) => text.replace(/\s/g, " ");

async function shownAndMeant(time: Locator) {
  const iso = await time.getAttribute("datetime");
  expect(iso).toBeTruthy();
  return { shown: plain((await time.textContent()) ?? ""), at: new Date(iso!) };
}

test("a person's own pages show their time zone, after a first render in UTC that says so", async ({ page, db }) => {
  const person = await createVerifiedUser(db, "Tomo Tokyo");
  await signInAs(page, person.email, person.password);

  // What the server sends, before any script runs: UTC, labelled, in the English the browser asked for.
  const html = await (
    await page.request.get("/user-profile", { headers: { "accept-language": "en-GB,en;q=0.9" } })
  ).text();
  expect(html).toMatch(/<time dateTime="[^"]+">\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}(<!-- -->)? UTC<\/time>/);

  await gotoHydrated(page, "/user-profile");
  const welcome = page.getByTestId("token-history").locator("time").first();
  await expect(welcome).not.toContainText("UTC");
  const { shown, at } = await shownAndMeant(welcome);
  expect(shown).toBe(plain(formatDate(at, "dateTime", { locale: "en-GB", timeZone: "Asia/Tokyo" })));
});

test("the back office shows UTC to an admin in any time zone", async ({ page, db }) => {
  const [admin] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.email, "admin@atelier.local"));
  await recordAudit(
    db,
    { userUid: admin!.id, email: admin!.email },
    { action: "flag.update", entityType: "flag", entityId: "christmas_event" },
  );
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/list-log");
  const first = page.getByRole("table").locator("tbody time").first();
  await expect(first).toBeVisible();
  const { shown, at } = await shownAndMeant(first);
  expect(shown).toBe(plain(formatDate(at, "dateTimeSeconds", { locale: "en-GB", timeZone: "UTC" })));
});

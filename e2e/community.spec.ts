/**
 * The community end to end: publish a fresh generation from the history, find it by search, open
 * its shared link in a new signed-out context (OpenGraph tags present), like then switch to
 * dislike, download (counted), remix into the AI page (prompt prefilled) and report it; the publish
 * dialog enters it in a challenge taking entries.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { artworkReports, challenges } from "../server/db/schema";
import { createVerifiedUser, ORIGIN, signInAs } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

/** Generous: the Studio engine paints on this machine's CPU. */
const RENDER_TIMEOUT = 60_000;

/** A made-up word (letters only) no other artwork uses, so the search finds just ours. */
const uniqueWord = () => `zq${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join("")}`;

test("publish, search, share, react, download, remix and report an artwork", async ({ page, browser, db }) => {
  test.setTimeout(180_000);
  const word = uniqueWord();
  const prompt = `A quiet harbour with paper lanterns, ${word} glow`;
  const title = `Lantern harbour ${word}`;

  await db.insert(challenges).values({
    title: `Harbour week ${word}`,
    theme: "Harbours",
    startsAt: new Date(Date.now() - 3_600_000),
    entriesCloseAt: new Date(Date.now() + 3_600_000),
    votingClosesAt: new Date(Date.now() + 7_200_000),
  });

  // 1. The creator makes a picture and publishes it from the history.
  const creator = await createVerifiedUser(db, "Cora Creator");
  await signInAs(page, creator.email, creator.password);
  await gotoHydrated(page, "/ai/ai-text-to-art");
  await page.getByLabel("Prompt", { exact: true }).fill(prompt);
  await page.getByText("512px", { exact: true }).click();
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("job-card").first()).toHaveAttribute("data-status", "succeeded", {
    timeout: RENDER_TIMEOUT,
  });

  const item = page.getByTestId("history-item").filter({ hasText: word });
  await expect(item).toHaveAttribute("data-status", "succeeded");
  await item.getByRole("button", { name: "Publish" }).click();
  const dialog = page.getByRole("dialog", { name: "Publish to the community" });
  await expect(dialog).toBeVisible();
  // The shared rule answers before the server: a title is required.
  await dialog.getByLabel("Title").fill("");
  await dialog.getByRole("button", { name: "Publish" }).click();
  await expect(dialog.getByText("Give your artwork a title")).toBeVisible();
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill("Made for the <script>alert(1)</script> test.");
  await dialog.getByLabel("Tags").fill("harbour, lanterns");
  // A challenge taking entries is offered in the dialog (issue 30).
  await dialog.getByLabel("Enter a challenge (optional)").selectOption({ label: `Harbour week ${word} — Harbours` });
  await dialog.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText(`It is entered in the challenge “Harbour week ${word}”.`)).toBeVisible();
  const viewLink = page.getByTestId("published-link");
  await expect(viewLink).toBeVisible();
  const detailHref = await viewLink.getAttribute("href");
  expect(detailHref).toMatch(/^\/community\/detail\?id=[0-9a-f-]{36}$/);
  const artworkId = new URL(detailHref!, ORIGIN()).searchParams.get("id")!;

  // 2. Found by search on the list; the URL keeps the query.
  await gotoHydrated(page, "/community/list");
  await page.getByRole("searchbox", { name: "Search" }).fill(word);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  const card = page.getByTestId("artwork-card").filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(page.getByTestId("artwork-card")).toHaveCount(1);
  const sharedLink = await card.getByRole("link", { name: title }).getAttribute("href");
  expect(sharedLink).toBe(detailHref);
  // A search for nothing says so.
  await gotoHydrated(page, `/community/list?q=${uniqueWord()}`);
  await expect(page.getByText(/No results for/)).toBeVisible();

  // 3. The shared link in a new, signed-out browser context.
  const context = await browser.newContext({ baseURL: ORIGIN() });
  try {
    const visitor = await context.newPage();
    await gotoHydrated(visitor, sharedLink!);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(visitor.getByText("Cora Creator").first()).toBeVisible();
    await expect(visitor.getByTestId("artwork-prompt")).toHaveText(prompt);
    // User-written text is text: the description's markup is shown, not run.
    await expect(visitor.getByText("Made for the <script>alert(1)</script> test.")).toBeVisible();
    await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(visitor.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(visitor.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const ogImage = await visitor.locator('meta[property="og:image"]').getAttribute("content");
    expect(ogImage).toMatch(new RegExp(`^${ORIGIN().replace(/[.]/g, "\\.")}/`));
    expect((await visitor.request.get(ogImage!)).status()).toBe(200);
    // Visitors are offered the sign-in dialog instead of reacting.
    await visitor.getByRole("link", { name: /^Like/ }).click();
    await expect(visitor.getByRole("dialog", { name: /sign in/i })).toBeVisible();
    await visitor.keyboard.press("Escape");

    // 4. Signed in (someone else than the creator): like, then switch to dislike.
    const fan = await createVerifiedUser(db, "Finn Fan");
    await signInAs(visitor, fan.email, fan.password);
    await gotoHydrated(visitor, sharedLink!);
    const like = visitor.getByRole("button", { name: /^Like/ });
    const dislike = visitor.getByRole("button", { name: /^Dislike/ });
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(like.getByTestId("like-count")).toHaveText("1");
    await dislike.click();
    await expect(dislike).toHaveAttribute("aria-pressed", "true");
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await expect(like.getByTestId("like-count")).toHaveText("0");
    await expect(dislike.getByTestId("dislike-count")).toHaveText("1");

    // 5. Download as PNG: counted.
    await expect(visitor.getByTestId("download-count")).toHaveText("0");
    await visitor.getByText("Download", { exact: true }).click();
    const [download] = await Promise.all([
      visitor.waitForEvent("download"),
      visitor.getByRole("link", { name: "PNG" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    await expect(visitor.getByTestId("download-count")).toHaveText("1");
    // The server kept both: after a reload the counts are the same.
    await gotoHydrated(visitor, sharedLink!);
    await expect(visitor.getByTestId("download-count")).toHaveText("1");
    await expect(visitor.getByRole("button", { name: /^Dislike/ })).toHaveAttribute("aria-pressed", "true");
    await expect(visitor.getByTestId("dislike-count")).toHaveText("1");

    // 6. Report it.
    await visitor.getByRole("button", { name: "Report" }).click();
    const report = visitor.getByRole("dialog", { name: "Report this artwork" });
    await report.getByRole("button", { name: "Send report" }).click();
    await expect(report.getByText("Choose a reason")).toBeVisible();
    await report.getByLabel("Someone else's work").check();
    await report.getByLabel(/Details/).fill("Looks like a copy of a postcard.");
    await report.getByRole("button", { name: "Send report" }).click();
    await expect(report.getByText(/Thanks for the report/)).toBeVisible();
    const stored = await db
      .select()
      .from(artworkReports)
      .where(and(eq(artworkReports.artworkId, artworkId), eq(artworkReports.reporterId, fan.id)));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.reason).toBe("copyright");
    await report.getByRole("button", { name: "Close", exact: true }).first().click();

    // 7. Remix: the AI page opens with the prompt filled in.
    await visitor.getByRole("link", { name: "Use this prompt" }).click();
    await expect(visitor).toHaveURL(new RegExp(`/ai/ai-text-to-art\\?remix=${artworkId}`));
    await expect(visitor.getByLabel("Prompt", { exact: true })).toHaveValue(prompt);
    await expect(visitor.getByText(/Remixing/)).toBeVisible();
  } finally {
    await context.close();
  }
});

/**
 * Picture safety as people meet it (issue 40), with the real classifier on the server: the
 * thresholds are moved below the real scores the server stored for a Studio picture, so the same
 * picture is then held as a result, refused as an upload, and rated mature when published. The
 * admin releases the held one from the review queue; the creator asks for a review of the rating.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { generationImages, generations, pictureScreenings } from "../server/db/schema";
import { MARK_MATURE_MESSAGE } from "../server/community/publishing";
import { EXPLICIT_UPLOAD_MESSAGE } from "../server/safety/uploads";
import { adultShares, DEFAULT_SAFETY_THRESHOLDS, saveSafetyThresholds } from "../server/safety/thresholds";
import { createVerifiedUser, ORIGIN, signInAs, signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

const RENDER_TIMEOUT = 60_000;

test("a held result, a refused upload, a mature artwork and both reviews", async ({ page, browser, db }) => {
  test.setTimeout(150_000);
  const person = await createVerifiedUser(db, "Sam Safety");
  await signInAs(page, person.email, person.password);

  // 1. A picture as usual; the server stored its screening.
  await gotoHydrated(page, "/ai/ai-text-to-art");
  await page.getByLabel("Prompt", { exact: true }).fill("A lighthouse on a rocky coast at dawn");
  await page.getByText("512px", { exact: true }).click();
  await page.getByRole("textbox", { name: "Seed" }).fill("11");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("job-card").first()).toHaveAttribute("data-status", "succeeded", {
    timeout: RENDER_TIMEOUT,
  });
  const [stored] = await db
    .select({ key: generationImages.key, scores: pictureScreenings.scores })
    .from(generationImages)
    .innerJoin(generations, eq(generations.id, generationImages.generationId))
    .innerJoin(pictureScreenings, eq(pictureScreenings.sha256, generationImages.sha256))
    .where(eq(generations.userId, person.id));
  expect(stored).toBeDefined();
  const shares = adultShares(stored!.scores);

  // 2. The same prompt and seed once the explicit threshold is under that picture's real score: held.
  await saveSafetyThresholds(db, { explicitAt: Math.max(0.0001, shares.explicit * 0.9) });
  await page.getByRole("button", { name: "Generate" }).click();
  const held = page.getByTestId("job-card").first();
  await expect(held).toHaveAttribute("data-status", "failed", { timeout: RENDER_TIMEOUT });
  await expect(held).toContainText("Held for review.");
  await expect(held).toContainText("refunded");
  await expect(held.getByRole("img")).toHaveCount(0);

  // 3. The same picture uploaded to image to art is refused beside the field, and costs nothing.
  const picture = await page.request.get(`${ORIGIN()}/api/files/${stored!.key}`);
  expect(picture.ok()).toBe(true);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "picture-safety-"));
  const file = path.join(dir, "lighthouse.png");
  fs.writeFileSync(file, await picture.body());
  await gotoHydrated(page, "/ai/ai-image-to-art");
  await page.getByLabel("Your picture").setInputFiles(file);
  await expect(page.getByText(EXPLICIT_UPLOAD_MESSAGE)).toBeVisible();
  fs.rmSync(dir, { recursive: true, force: true });
  await saveSafetyThresholds(db, DEFAULT_SAFETY_THRESHOLDS);

  // 4. The admin releases the held picture from the review queue.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await gotoHydrated(admin, "/admin/review");
  const heldReview = admin.getByRole("listitem").filter({ hasText: "Held: rated explicit" });
  await expect(heldReview).toHaveCount(1);
  await heldReview.getByLabel("Rate it general").check();
  await heldReview.getByRole("button", { name: "Decide" }).click();
  await expect(admin.getByText("Rating changed. The creator was told.")).toBeVisible();

  // 5. It is in its maker's history now; published while rated mature, it must be marked so.
  await gotoHydrated(page, "/ai/ai-text-to-art");
  await expect(page.getByTestId("history-item").and(page.locator('[data-status="succeeded"]'))).toHaveCount(2);
  await saveSafetyThresholds(db, { matureAt: Math.max(0.0001, shares.mature * 0.9), explicitAt: 1 });
  await page.getByTestId("history-item").first().getByRole("button", { name: "Publish" }).click();
  const dialog = page.getByRole("dialog", { name: "Publish to the community" });
  await dialog.getByLabel("Title").fill("Lighthouse at dawn");
  const mature = dialog.getByRole("checkbox", { name: /^Mature/ });
  await mature.uncheck();
  await dialog.getByRole("button", { name: "Publish" }).click();
  await expect(dialog.getByText(MARK_MATURE_MESSAGE)).toBeVisible();
  await mature.check();
  await dialog.getByRole("button", { name: "Publish" }).click();
  const viewLink = page.getByTestId("published-link");
  await expect(viewLink).toBeVisible();
  const detail = await viewLink.getAttribute("href");
  await saveSafetyThresholds(db, DEFAULT_SAFETY_THRESHOLDS);

  // 6. The creator asks for a review in one click and a sentence; once per picture.
  await gotoHydrated(page, detail!);
  await page.getByRole("button", { name: "Ask for a review" }).click();
  const ask = page.getByRole("dialog", { name: "Ask for a review of the rating" });
  await ask.getByLabel("Why is it not mature?").fill("It is a lighthouse on rocks, nothing more.");
  await ask.getByRole("button", { name: "Ask for a review" }).click();
  await expect(ask.getByText(/Review requested/)).toBeVisible();

  // 7. The admin answers: rated general, it is told to the creator.
  await gotoHydrated(admin, "/admin/review");
  const dispute = admin.getByRole("listitem").filter({ hasText: "Rating questioned: mature" });
  await expect(dispute).toContainText("It is a lighthouse on rocks, nothing more.");
  await dispute.getByLabel("Rate it general").check();
  await dispute.getByRole("button", { name: "Decide" }).click();
  await expect(admin.getByText("Rating changed. The creator was told.")).toBeVisible();
  await adminContext.close();
  await gotoHydrated(page, "/notifications");
  await expect(page.getByText("Your artwork's rating changed")).toBeVisible();
});

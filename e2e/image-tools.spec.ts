/**
 * The offline image tools as a person meets them: upscale a fresh creation from the studio's
 * large view, watch it on the tools page, download the result; remove the background of an
 * uploaded photo; a file that is not a picture is refused next to the field.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createVerifiedUser, signInAs } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

test("upscale a creation from its large view, then remove the background of an upload", async ({ page, db }) => {
  test.setTimeout(150_000);
  const person = await createVerifiedUser(db, "Ivy Tools");
  await signInAs(page, person.email, person.password);

  await gotoHydrated(page, "/ai/ai-text-to-art");
  await page.getByLabel("Prompt", { exact: true }).fill("A red lantern on a blue wall");
  await page.getByText("512px", { exact: true }).click();
  await page.getByRole("button", { name: "Generate" }).click();
  const card = page.getByTestId("job-card").first();
  await expect(card).toHaveAttribute("data-status", "succeeded", { timeout: 60_000 });
  await card.getByRole("button", { name: /Open image 1 of \d large/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Upscale 2×" }).click();

  await expect(page).toHaveURL(/\/ai\/image-tools\?edit=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Image tools");
  const upscaled = page.getByTestId("edit-card").first();
  await expect(upscaled).toHaveAttribute("data-status", "succeeded", { timeout: 90_000 });
  await expect(upscaled).toContainText("Result · 1024 × 1024");
  await expect
    .poll(() =>
      upscaled.getByTestId("edit-result").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBe(1024);
  const download = page.waitForEvent("download");
  await upscaled.getByRole("link", { name: "Download PNG" }).click();
  expect((await download).suggestedFilename()).toMatch(/^atelier-\d{14}-upscaled-2x\.png$/);

  // A picture over 10 MB is refused at once, and pressing Start keeps saying why.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-tools-"));
  const huge = path.join(dir, "huge.png");
  fs.writeFileSync(huge, Buffer.alloc(11 * 1024 * 1024, 1));
  await page.getByLabel("Picture").setInputFiles(huge);
  await expect(page.getByText("The picture is larger than 10 MB. Choose a smaller file.")).toBeVisible();
  await page.getByRole("button", { name: /^Start: / }).click();
  await expect(page.getByText("The picture is larger than 10 MB. Choose a smaller file.")).toBeVisible();
  await expect(page.getByText("Choose a picture to edit.")).toHaveCount(0);

  // An upload: a file that is not a picture is refused by the server, next to the field.
  const fake = path.join(dir, "notes.png");
  fs.writeFileSync(fake, "these are not pixels");
  await page.getByLabel("Remove background").check();
  await page.getByLabel("Picture").setInputFiles(fake);
  await page.getByRole("button", { name: "Start: Remove background" }).click();
  await expect(page.getByText("This file is not a picture we can read", { exact: false }).first()).toBeVisible();

  const photo = path.join(dir, "disc.jpg");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120"><rect width="100%" height="100%" fill="#3a6ea5"/><circle cx="80" cy="60" r="40" fill="#e2583e"/></svg>`;
  fs.writeFileSync(photo, await sharp(Buffer.from(svg)).jpeg().toBuffer());
  await page.getByLabel("Picture").setInputFiles(photo);
  await expect(page.getByRole("img", { name: "What you chose to edit" })).toBeVisible();
  await page.getByRole("button", { name: "Start: Remove background" }).click();
  await expect(page.getByText("Remove background started.", { exact: false })).toBeVisible();
  const removed = page.getByTestId("edit-card").first();
  await expect(removed).toHaveAttribute("aria-label", /Remove background/);
  await expect(removed).toHaveAttribute("data-status", "succeeded", { timeout: 90_000 });
  await expect(removed).toContainText("Result · 160 × 120");

  page.once("dialog", (d) => void d.accept());
  await removed.getByRole("button", { name: "Delete this Remove background edit" }).click();
  await expect(page.getByTestId("edit-card")).toHaveCount(1);
  fs.rmSync(dir, { recursive: true, force: true });
});

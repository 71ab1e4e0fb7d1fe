/**
 * Editing a part of a picture (issue 31) end to end on Studio: Edit from the history, a stroke
 * painted with the mouse over the sky, "a sky full of lanterns", progress then the result beside
 * the picture, its card linking back, the balance down by the price shown; widening left and right
 * by half; refusals next to their field; the image-to-art upload's Edit link and painting by touch
 * on a phone. Pictures are made at 512 px and uploads are small, to keep the spec quick.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { formatCount } from "../app/lib/format";
import type { GenerationView } from "../app/lib/generation-views";
import { createVerifiedUser, ORIGIN, signInAs } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

/** Generous: Studio paints on this machine's CPU, shared with other work. */
const RENDER_TIMEOUT = 45_000;

/** A text picture made through the API, waited for until it is done. */
async function makePicture(page: Page, prompt: string): Promise<GenerationView> {
  const answer = await page.request.post("/api/generations", {
    multipart: { mode: "text", prompt, size: "512", aspectRatio: "1:1", count: "1" },
    headers: { Origin: ORIGIN() },
  });
  expect(answer.status()).toBe(202);
  const { generation } = (await answer.json()) as { generation: GenerationView };
  let done = generation;
  await expect
    .poll(
      async () => {
        done = (
          (await (await page.request.get(`/api/generations/${generation.id}`)).json()) as {
            generation: GenerationView;
          }
        ).generation;
        return done.status;
      },
      { timeout: RENDER_TIMEOUT, intervals: [250] },
    )
    .toBe("succeeded");
  return done;
}

/** A small landscape with a dull sky, 320 × 240. */
function valleyPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="150" fill="#9aa4ad"/><rect y="150" width="320" height="90" fill="#2a6f3a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The landscape uploaded as image to art's preview: no render needed. */
async function uploadPreview(page: Page): Promise<string> {
  const file = await valleyPng();
  const answer = await page.request.post("/api/preview-image", {
    multipart: { image: { name: "valley.png", mimeType: "image/png", buffer: file } },
    headers: { Origin: ORIGIN() },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { fileName: string }).fileName;
}

/** A stroke across the top of the mask canvas with the mouse. */
async function paintTopWithMouse(page: Page) {
  const canvas = page.getByTestId("mask-canvas");
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.15);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + box.width * (0.1 + (0.8 * i) / 12), box.y + box.height * 0.15);
  await page.mouse.up();
}

type Pixels = { data: Buffer; width: number; height: number };

async function pixelsOf(page: Page, url: string): Promise<Pixels> {
  const bytes = Buffer.from(await (await page.request.get(url)).body());
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The mean difference of two pictures of one size over a band of rows (fractions of the height), 0–255. */
function bandDifference(a: Pixels, b: Pixels, from: number, to: number): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.round(a.height * from); y < Math.round(a.height * to); y++)
    for (let x = Math.round(a.width * 0.2); x < Math.round(a.width * 0.8); x++)
      for (let c = 0; c < 3; c++) {
        const i = (y * a.width + x) * 3 + c;
        sum += Math.abs(a.data[i]! - b.data[i]!);
        n++;
      }
  return sum / n;
}

const tokensOn = async (button: Locator) =>
  Number(/Edit · ([\d,]+) tokens?/.exec((await button.textContent()) ?? "")?.[1]?.replace(/,/g, ""));
const balanceOf = async (page: Page) =>
  Number((await page.getByTestId("studio-balance").textContent())?.replace(/,/g, ""));

test("repaint the sky from the history, then widen the picture: progress, before and after, the price taken, the card linking back", async ({
  page,
  db,
}) => {
  test.setTimeout(90_000);
  const person = await createVerifiedUser(db, "Edna Edit");
  await signInAs(page, person.email, person.password);
  const source = await makePicture(page, "a calm lake under a grey sky");

  // The history offers Edit on the picture, and so does the lightbox beside its image tools.
  await gotoHydrated(page, "/ai/ai-text-to-art");
  const item = page.getByTestId("history-item").first();
  await item.getByRole("button", { name: /large$/ }).click();
  await expect(page.getByRole("dialog").getByRole("link", { name: "Edit" })).toHaveAttribute(
    "href",
    `/ai/edit?generation=${source.id}&index=0`,
  );
  await page.keyboard.press("Escape");
  await item.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(`/ai/edit?generation=${source.id}&index=0`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit a picture");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // Nothing painted yet: Edit says so next to the picture and sends nothing.
  const edit = page.getByRole("button", { name: /^Edit · / });
  await expect(page.getByTestId("generate-blocked")).toHaveText("Paint over the part of the picture to change first.");
  await edit.click();
  await expect(page.getByTestId("mask-editor").locator("..").getByRole("alert")).toHaveText(
    "Paint over the part of the picture to change first.",
  );
  await expect(page.getByTestId("job-card")).toHaveCount(0);

  await paintTopWithMouse(page);
  await expect(page.getByTestId("mask-canvas")).toHaveAttribute("aria-label", /About \d+ % of the picture is marked/);
  await expect(page.getByTestId("generate-blocked")).toHaveCount(0);
  await page.getByLabel("Prompt").fill("a sky full of lanterns");
  const cost = await tokensOn(edit);
  expect(cost).toBeGreaterThan(0);
  const before = await balanceOf(page);

  await edit.click();
  const card = page.getByTestId("job-card").first();
  // Progress first (a bar with its stage), then the result.
  await expect(card.getByRole("progressbar")).toBeVisible();
  await expect(card).toHaveAttribute("data-status", "succeeded", { timeout: RENDER_TIMEOUT });
  const after = page.getByTestId("before-after");
  await expect(after.getByRole("img")).toHaveCount(2);
  await expect
    .poll(() =>
      after
        .getByRole("img")
        .nth(1)
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBe(512);
  await expect(page.getByTestId("studio-balance")).toHaveText(formatCount(before - cost));
  await expect(page.getByTestId("header-token-balance")).toContainText(formatCount(before - cost));
  // The card says where it came from and links to it.
  await expect(card.getByTestId("edited-from")).toHaveText("Repainted from the original picture");
  await expect(card.getByTestId("edited-from").getByRole("link")).toHaveAttribute(
    "href",
    `/ai/edit?generation=${source.id}&index=0`,
  );
  const editId = await card.getAttribute("data-generation-id");
  const view = ((await (await page.request.get(`/api/generations/${editId}`)).json()) as { generation: GenerationView })
    .generation;
  expect(view.edit).toMatchObject({ kind: "inpaint", fromGenerationId: source.id, fromIndex: 0 });
  expect(view.prompt).toBe("a sky full of lanterns");
  // The painted band of sky changed (Studio paints small lanterns into it, matched to the sky, so the
  // mean moves a few levels); the lake below is untouched, to the pixel.
  const was = await pixelsOf(page, source.images[0]!.url);
  const now = await pixelsOf(page, view.images[0]!.url);
  expect(bandDifference(was, now, 0.12, 0.18)).toBeGreaterThan(1);
  expect(bandDifference(was, now, 0.7, 0.95)).toBeLessThan(0.5);

  // Widen left and right by half: a picture twice as wide, at the price of its size.
  await page.getByText("Widen", { exact: true }).click();
  await expect(page.getByTestId("generate-blocked")).toHaveText("Choose at least one side to widen");
  await page.getByLabel("Left", { exact: true }).selectOption("50");
  await page.getByLabel("Right", { exact: true }).selectOption("50");
  await expect(page.getByTestId("edit-result-size")).toHaveText("1024 × 512");
  const wideCost = await tokensOn(edit);
  const beforeWide = await balanceOf(page);
  await edit.click();
  const wide = page.locator('[data-testid="job-card"]').first();
  await expect(wide).not.toHaveAttribute("data-generation-id", editId!);
  await expect(wide).toHaveAttribute("data-status", "succeeded", { timeout: RENDER_TIMEOUT });
  await expect(wide).toContainText("1024 × 512");
  await expect(wide.getByTestId("edited-from")).toHaveText("Widened from the original picture");
  await expect(page.getByTestId("studio-balance")).toHaveText(formatCount(beforeWide - wideCost));

  // The history (image to art's) lists both edits, each linking to the picture it came from.
  await gotoHydrated(page, "/ai/ai-image-to-art");
  const edits = page.getByTestId("history-item").filter({ has: page.getByTestId("edited-from") });
  await expect(edits).toHaveCount(2);
  await expect(edits.first().getByRole("link", { name: "the original picture" })).toHaveAttribute(
    "href",
    `/ai/edit?generation=${source.id}&index=0`,
  );
});

test("refusals show next to their field: an inpaint with no mask, and a picture gone from the server", async ({
  page,
  db,
}) => {
  const person = await createVerifiedUser(db, "Rita Refused");
  await signInAs(page, person.email, person.password);
  const fileName = await uploadPreview(page);

  // The server refuses an inpaint without a mask, and a widening of no side, by their fields.
  const noMask = await page.request.post("/api/generations", {
    multipart: { mode: "image", edit: "inpaint", prompt: "", count: "1", sourceImage: fileName },
    headers: { Origin: ORIGIN() },
  });
  expect(noMask.status()).toBe(400);
  expect(((await noMask.json()) as { error: { fields: Record<string, string[]> } }).error.fields.mask).toEqual([
    "Paint over the part of the picture to change first.",
  ]);
  const noSides = await page.request.post("/api/generations", {
    multipart: { mode: "image", edit: "outpaint", count: "1", sourceImage: fileName },
    headers: { Origin: ORIGIN() },
  });
  expect(noSides.status()).toBe(400);
  expect(((await noSides.json()) as { error: { fields: Record<string, string[]> } }).error.fields.sides).toEqual([
    "Choose at least one side to widen",
  ]);

  await gotoHydrated(page, `/ai/edit?preview=${encodeURIComponent(fileName)}`);
  await expect(page.getByTestId("edit-picture-title")).toHaveText("Your upload");
  // No serious accessibility finding on the editor, in either kind.
  for (const kind of ["Repaint a part", "Widen"]) {
    await page.getByText(kind, { exact: true }).click();
    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  }
  await page.getByText("Repaint a part", { exact: true }).click();

  // The keyboard paints: Tab from the feather to the picture, Space puts the brush down, Shift+arrows
  // paint a brush's width a step, Space lifts it (one undo step); Escape drops a stroke.
  const canvasLabel = page.getByTestId("mask-canvas");
  await page.getByRole("slider", { name: "Feather" }).focus();
  await page.keyboard.press("Tab");
  const painter = page.getByRole("application", { name: "Picture to paint on" });
  await expect(painter).toBeFocused();
  await page.keyboard.press("Space");
  await expect(painter).toHaveAccessibleDescription(/^Painting:/);
  for (let i = 0; i < 4; i++) await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Space");
  await expect(canvasLabel).toHaveAttribute("aria-label", /About \d+ % of the picture is marked/);
  const marked = await canvasLabel.getAttribute("aria-label");
  await page.keyboard.press("Space");
  for (let i = 0; i < 4; i++) await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Escape");
  await expect(page.getByText("Stroke dropped.")).toBeVisible();
  await expect(canvasLabel).toHaveAttribute("aria-label", marked!);
  await page.keyboard.press("Control+z");
  await expect(canvasLabel).toHaveAttribute("aria-label", "Nothing is marked yet");

  // The picture is deleted meanwhile (another tab signed out): the server's words show beside the picture.
  await page.request.post("/api/delete-request-image", { data: { fileName }, headers: { Origin: ORIGIN() } });
  await paintTopWithMouse(page);
  await page.getByRole("button", { name: /^Edit · / }).click();
  await expect(page.getByText("That picture is no longer on the server. Upload it again.")).toBeVisible();
  await expect(page.getByTestId("studio-message")).toHaveText("Something needs a look — see the notes next to it.");
  await expect(page.getByTestId("job-card")).toHaveCount(0);

  // Opened again, the page says the picture is gone and offers a way back.
  await gotoHydrated(page, `/ai/edit?preview=${encodeURIComponent(fileName)}`);
  await expect(page.getByTestId("edit-missing")).toHaveText(
    "That picture is no longer on the server. Upload it again.",
  );
  await expect(page.getByRole("link", { name: "Upload a picture" })).toHaveAttribute("href", "/ai/ai-image-to-art");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("Edit a part from the image-to-art upload, paint the sky with a finger, get the edit", async ({ page, db }) => {
    test.setTimeout(60_000);
    const person = await createVerifiedUser(db, "Tomo Touch");
    await signInAs(page, person.email, person.password);
    const file = await valleyPng();

    await gotoHydrated(page, "/ai/ai-image-to-art");
    await page.getByLabel("Your picture").setInputFiles({ name: "valley.png", mimeType: "image/png", buffer: file });
    await expect(page.getByText("Uploaded and ready.")).toBeVisible();
    await page.getByRole("link", { name: "Edit a part" }).click();
    await expect(page).toHaveURL(/\/ai\/edit\?preview=[\w.-]+\.png$/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

    // A finger drawn across the top paints (touch-action: none: it does not scroll the page).
    const canvas = page.getByTestId("mask-canvas");
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const y = box.y + box.height * 0.2;
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
      cdp.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: type === "touchEnd" ? [] : [{ x, y, radiusX: 4, radiusY: 4, force: 1, id: 1 }],
      });
    await touch("touchStart", box.x + box.width * 0.1);
    for (let i = 1; i <= 10; i++) await touch("touchMove", box.x + box.width * (0.1 + (0.8 * i) / 10));
    await touch("touchEnd", box.x + box.width * 0.9);
    await expect(canvas).toHaveAttribute("aria-label", /About \d+ % of the picture is marked/);

    // No serious accessibility finding at this width either.
    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    // The page fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // Chromium drops a tap that comes within moments of the end of a touch drag (its gesture
    // detector still settling); a finger takes longer than that to reach the button anyway.
    await page.waitForTimeout(800);
    await page.getByRole("button", { name: /^Edit · / }).tap();
    const card = page.getByTestId("job-card").first();
    await expect(card).toHaveAttribute("data-status", "succeeded", { timeout: RENDER_TIMEOUT });
    await expect(card).toContainText("320 × 240");
    await expect(page.getByTestId("before-after")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

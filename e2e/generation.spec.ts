/**
 * The AI pages end to end: text, image and doodle to art through the real pipeline (job queue,
 * engine, live progress), the history and its downloads, a visitor's draft kept over sign-in,
 * and the christmas pages behind their flag.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { setFeatureFlag } from "../server/content/feature-flags";
import { DEFAULT_TOKEN_SETTINGS, saveTokenSettings } from "../server/generation/token-settings";
import { formatCount } from "../app/lib/format";
import { createVerifiedUser, signInAs } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

/** Generous: the Studio engine paints on this machine's CPU. */
const RENDER_TIMEOUT = 60_000;

/** Watches the progress bars and stage texts the page shows, from before Generate is pressed. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: { value: string | null; stage: string | null }[] = [];
    (window as unknown as { __progress: typeof seen }).__progress = seen;
    const note = () => {
      for (const card of document.querySelectorAll('[data-testid="job-card"]')) {
        const bar = card.querySelector('[role="progressbar"]');
        if (!bar) continue;
        const entry = {
          value: bar.getAttribute("aria-valuenow"),
          stage: card.querySelector('[data-testid="generation-stage"]')?.textContent ?? null,
        };
        const last = seen[seen.length - 1];
        if (!last || last.value !== entry.value || last.stage !== entry.stage) seen.push(entry);
      }
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { __progress: { value: string | null; stage: string | null }[] }).__progress,
    );
}

async function expectImageLoaded(card: ReturnType<Page["locator"]>) {
  const image = card.locator("img").first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

/** The colour of the doodle canvas (as displayed) at a point given in fractions of its size. */
function canvasColour(page: Page, fx: number, fy: number) {
  return page.getByTestId("doodle-canvas").evaluate(
    (canvas: HTMLCanvasElement, [x, y]) => {
      const ctx = canvas.getContext("2d")!;
      return Array.from(
        ctx.getImageData(Math.round(canvas.width * x), Math.round(canvas.height * y), 1, 1).data.slice(0, 3),
      );
    },
    [fx, fy] as const,
  );
}

test("text to art: generate with a style, watch it paint, find it in the history, download it as WebP", async ({
  page,
  db,
}) => {
  test.setTimeout(120_000);
  const person = await createVerifiedUser(db, "Tess Text");
  await signInAs(page, person.email, person.password);
  await gotoHydrated(page, "/ai/ai-text-to-art");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Text to art");
  await expect(page.getByRole("button", { name: "Generate" })).toBeDisabled();
  await expect(page.getByTestId("generate-blocked")).toHaveText("Describe what you want to see");

  // A paste longer than the limit is kept whole and said to be too long, not cut without a word.
  const long = "a lighthouse on a cliff ".repeat(50).slice(0, 1_200);
  await page.getByLabel("Prompt", { exact: true }).fill(long);
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue(long);
  await expect(page.getByText("1200 / 1000")).toBeVisible();
  await expect(page.getByText("Keep the prompt under 1000 characters").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Generate" })).toBeDisabled();
  await page.getByLabel("Prompt", { exact: true }).fill("A lighthouse on a cliff at sunset, waves below");
  await page.getByTestId("style-watercolor").click();
  await expect(page.getByTestId("style-watercolor").getByRole("radio")).toBeChecked();
  await page.getByText("512px", { exact: true }).click();
  const balanceBefore = Number((await page.getByTestId("studio-balance").textContent())?.replace(/,/g, ""));
  const costText = (await page.getByTestId("cost-line").textContent()) ?? "";
  const cost = Number(/Costs (\d+) token/.exec(costText)?.[1]);
  expect(cost).toBeGreaterThan(0);
  await expect(page.getByTestId("engine-badge").first()).toBeVisible();

  const progress = await recordProgress(page);
  await page.getByRole("button", { name: "Generate" }).click();
  const card = page.getByTestId("job-card").first();
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute("data-status", "succeeded", { timeout: RENDER_TIMEOUT });
  // The bar was shown with a stage (queue position or painting step) before the image came.
  const seen = await progress();
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.some((s) => s.stage && s.stage.length > 0)).toBe(true);
  await expectImageLoaded(card);
  await expect(card.getByTestId("engine-badge")).toBeVisible();
  // Studio says what it recognised in the prompt.
  await expect(card.getByTestId("studio-understood")).toHaveText(
    "Studio recognised: lighthouse, cliff, sun, sea, sunset.",
  );
  await expect(page.getByTestId("studio-balance")).toHaveText(formatCount(balanceBefore - cost));
  // The header's balance follows, without a reload.
  await expect(page.getByTestId("header-token-balance")).toContainText(formatCount(balanceBefore - cost));

  const item = page.getByTestId("history-item").filter({ hasText: "A lighthouse on a cliff at sunset" });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Watercolor");
  await item.getByText("Download").click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    item.getByRole("link", { name: "WebP" }).click(),
  ]);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
  expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");

  // The history is there after a reload too, with the same seed shown.
  await gotoHydrated(page, "/ai/ai-text-to-art");
  await expect(
    page.getByTestId("history-item").filter({ hasText: "A lighthouse on a cliff at sunset" }),
  ).toHaveAttribute("data-status", "succeeded");
});

test("image to art: upload a picture, generate, see the result; the picture survives a reload", async ({
  page,
  db,
}) => {
  test.setTimeout(120_000);
  const person = await createVerifiedUser(db, "Ivy Image");
  await signInAs(page, person.email, person.password);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "image-to-art-"));
  const file = path.join(dir, "harbour.png");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="300" fill="#7cc0f0"/><rect y="300" width="640" height="180" fill="#2a6f3a"/><circle cx="480" cy="120" r="60" fill="#ffd34d"/></svg>`;
  fs.writeFileSync(file, await sharp(Buffer.from(svg)).png().toBuffer());

  await gotoHydrated(page, "/ai/ai-image-to-art");
  await expect(page.getByTestId("generate-blocked")).toHaveText("Add a picture to start from.");
  await page.getByLabel("Your picture").setInputFiles(file);
  await expect(page.getByText("Uploaded and ready.")).toBeVisible();
  // A 4:3 photo at the default square shape: the crop is said, and the whole picture is one click away.
  const crop = page.getByTestId("crop-notice");
  await expect(crop).toHaveText("Your picture is about 4:3; at 1:1 its sides are cropped. Use 4:3");
  await crop.getByRole("button", { name: "Use 4:3" }).click();
  await expect(page.getByRole("radio", { name: "4:3" })).toBeChecked();
  await expect(crop).toHaveCount(0);
  const fileName = await page.evaluate(() => localStorage.getItem("previewImage"));
  expect(fileName).toMatch(/\.png$/);

  // A file that is not an image is refused before any upload.
  const text = path.join(dir, "notes.txt");
  fs.writeFileSync(text, "not a picture");
  await page.getByLabel("Your picture").setInputFiles(text);
  await expect(page.getByText("Choose an image file")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("previewImage"))).toBe(fileName);

  await page.getByText("512px", { exact: true }).click();
  await page.getByTestId("style-ukiyo-e").click();
  await page.getByRole("button", { name: "Generate" }).click();
  const card = page.getByTestId("job-card").first();
  await expect(card).toHaveAttribute("data-status", "succeeded", { timeout: RENDER_TIMEOUT });
  await expectImageLoaded(card);

  await gotoHydrated(page, "/ai/ai-image-to-art");
  await expect(page.getByTestId("source-preview")).toBeVisible();
  await expect
    .poll(() => page.getByTestId("source-preview").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(640);
  await expect(page.getByTestId("history-item")).toHaveCount(1);
});

test("doodle to art: paint sky and grass with the mouse, undo and redo by keyboard, generate", async ({ page, db }) => {
  test.setTimeout(120_000);
  const person = await createVerifiedUser(db, "Dora Doodle");
  await signInAs(page, person.email, person.password);
  await gotoHydrated(page, "/ai/ai-doodle-to-art");
  await expect(page.getByTestId("generate-blocked")).toHaveText("Draw something on the canvas first.");

  const canvas = page.getByTestId("doodle-canvas");
  // Picking a brush may scroll the page: the canvas is measured again before each stroke.
  const canvasBox = async () => {
    await canvas.scrollIntoViewIfNeeded();
    return (await canvas.boundingBox())!;
  };
  const stroke = async (fy: number) => {
    const box = await canvasBox();
    await page.mouse.move(box.x + 4, box.y + box.height * fy);
    await page.mouse.down();
    for (let i = 1; i <= 24; i++)
      await page.mouse.move(box.x + 4 + ((box.width - 8) * i) / 24, box.y + box.height * fy + Math.sin(i / 3) * 4);
    await page.mouse.up();
  };

  await page.getByText("Sky", { exact: true }).click();
  await stroke(0.1);
  await stroke(0.2);
  await page.getByText("Mountain", { exact: true }).click();
  await stroke(0.45);
  await page.getByText("Grass", { exact: true }).click();
  await stroke(0.85);

  // Semantic brushes paint their exact label colours.
  await expect.poll(() => canvasColour(page, 0.5, 0.1)).toEqual([0x6e, 0xc6, 0xff]);
  await expect.poll(() => canvasColour(page, 0.5, 0.45)).toEqual([0x7a, 0x6a, 0x58]);
  await expect.poll(() => canvasColour(page, 0.5, 0.85)).toEqual([0x5c, 0xb8, 0x5c]);

  await page.keyboard.press("Control+z");
  await expect.poll(() => canvasColour(page, 0.5, 0.85)).toEqual([255, 255, 255]);
  await page.keyboard.press("Control+Shift+z");
  await expect.poll(() => canvasColour(page, 0.5, 0.85)).toEqual([0x5c, 0xb8, 0x5c]);
  await page.keyboard.press("Control+z");
  await page.keyboard.press("Control+y");
  await expect.poll(() => canvasColour(page, 0.5, 0.85)).toEqual([0x5c, 0xb8, 0x5c]);

  // The drawing is kept over a reload.
  await gotoHydrated(page, "/ai/ai-doodle-to-art");
  await expect.poll(() => canvasColour(page, 0.5, 0.85)).toEqual([0x5c, 0xb8, 0x5c]);

  // A stamp brush: a house painted as a blob on the grass becomes a house in the picture.
  await page.getByRole("radio", { name: "House" }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("radio", { name: "House" })).toBeChecked();
  const box = await canvasBox();
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.8);
  await page.mouse.down();
  for (let i = 0; i <= 16; i++) {
    const angle = (i / 16) * Math.PI * 2;
    await page.mouse.move(
      box.x + box.width * (0.3 + 0.04 * Math.cos(angle)),
      box.y + box.height * (0.8 + 0.04 * Math.sin(angle)),
    );
  }
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.8);
  await page.mouse.up();
  await expect.poll(() => canvasColour(page, 0.3, 0.8)).toEqual([0xff, 0x7a, 0x3c]);

  await page.getByText("512px", { exact: true }).click();
  await page.getByRole("button", { name: "Generate" }).click();
  const card = page.getByTestId("job-card").first();
  await expect(card).toHaveAttribute("data-status", "succeeded", { timeout: RENDER_TIMEOUT });
  await expectImageLoaded(card);

  // The server received the drawing as a PNG in the exact label colours, on white.
  const { items } = (await (await page.request.get("/api/generations?mode=doodle")).json()) as {
    items: { sourceUrl: string | null }[];
  };
  const source = await page.request.get(items[0]!.sourceUrl!);
  const { data, info } = await sharp(Buffer.from(await source.body()))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixel = (fx: number, fy: number) => {
    const i = (Math.round(info.height * fy) * info.width + Math.round(info.width * fx)) * 3;
    return [data[i], data[i + 1], data[i + 2]];
  };
  expect([info.width, info.height]).toEqual([1024, 1024]);
  expect(pixel(0.5, 0.1)).toEqual([0x6e, 0xc6, 0xff]);
  expect(pixel(0.5, 0.85)).toEqual([0x5c, 0xb8, 0x5c]);
  expect(pixel(0.5, 0.65)).toEqual([255, 255, 255]);
  expect(pixel(0.3, 0.8)).toEqual([0xff, 0x7a, 0x3c]);
});

test("a visitor fills the form, Generate opens the sign-in dialog, and the prompt is still there after signing in", async ({
  page,
  db,
}) => {
  const person = await createVerifiedUser(db, "Vera Visitor");
  await gotoHydrated(page, "/ai/ai-text-to-art");
  await page.getByLabel("Prompt", { exact: true }).fill("A fox asleep under a snowy pine");
  await page.getByTestId("style-pixel-art").click();
  await page.getByRole("button", { name: "Generate" }).click();

  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Email").fill(person.email);
  await dialog.getByLabel("Password").fill(person.password);
  await dialog.getByRole("button", { name: "Sign in" }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("studio-balance")).toBeVisible();
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue("A fox asleep under a snowy pine");
  await expect(page.getByTestId("style-pixel-art").getByRole("radio")).toBeChecked();
  await expect(page.getByRole("button", { name: "Generate" })).toBeEnabled();
});

test("the christmas pages answer 404 while the flag is off and show the festive studio when it is on", async ({
  page,
  db,
}) => {
  test.setTimeout(120_000);
  const off = await page.goto("/ai/christmas-event/ai-text-to-art");
  expect(off?.status()).toBe(404);

  await setFeatureFlag(db, "christmas_event", true);
  const person = await createVerifiedUser(db, "Noel Festive");
  await signInAs(page, person.email, person.password);
  const on = await gotoHydrated(page, "/ai/christmas-event/ai-text-to-art");
  expect(on?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Christmas text to art");
  await expect(page.getByText("Christmas event", { exact: true })).toBeVisible();
  // Festive presets come first.
  await expect(page.getByRole("group", { name: "Style", exact: true }).getByRole("radio").first()).toHaveAccessibleName(
    /Christmas card/,
  );
  await expect(
    page.getByRole("navigation", { name: "Studio modes" }).getByRole("link", { name: "Doodle to art" }),
  ).toHaveAttribute("href", "/ai/christmas-event/ai-doodle-to-art");

  await page.getByLabel("Prompt", { exact: true }).fill("A snowy village at dusk");
  await page.getByTestId("style-christmas-snowglobe").click();
  await page.getByText("512px", { exact: true }).click();
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/generations") && r.method() === "POST");
  await page.getByRole("button", { name: "Generate" }).click();
  const body = (await sent).postDataBuffer()!.toString("latin1");
  expect(body).toMatch(/name="christmas"\r\n\r\ntrue/);
  const card = page.getByTestId("job-card").first();
  await expect(card).toHaveAttribute("data-status", "succeeded", { timeout: RENDER_TIMEOUT });
  await expect(card).toContainText("Snow globe");
});

test("Generate says why it cannot run: paused by the administrators, too few tokens; a pause after the page loaded shows near the button", async ({
  page,
  db,
}) => {
  const person = await createVerifiedUser(db, "Pat Paused");
  await signInAs(page, person.email, person.password);
  await saveTokenSettings(db, { generationPaused: true });
  await gotoHydrated(page, "/ai/ai-text-to-art");
  await page.getByLabel("Prompt", { exact: true }).fill("A quiet harbour");
  await expect(page.getByRole("button", { name: "Generate" })).toBeDisabled();
  await expect(page.getByTestId("generate-blocked")).toContainText("Generation is paused by the administrators");

  await saveTokenSettings(db, {
    generationPaused: false,
    costs: { ...DEFAULT_TOKEN_SETTINGS.costs, text: { "512": 2, "768": 3, "1024": 60, "1536": 90 } },
  });
  await gotoHydrated(page, "/ai/ai-text-to-art");
  await expect(page.getByLabel("Prompt", { exact: true })).toHaveValue("A quiet harbour"); // the draft
  await page.getByText("1024px", { exact: true }).click();
  await expect(page.getByTestId("cost-line")).toHaveText(/Costs 60 tokens · you have 50/);
  await expect(page.getByRole("button", { name: "Generate" })).toBeDisabled();
  await expect(page.getByTestId("generate-blocked")).toContainText("You need 60 tokens and have 50.");
  await expect(page.getByTestId("generate-blocked").getByRole("link", { name: "Get more tokens" })).toHaveAttribute(
    "href",
    "/pricing-plans",
  );

  await page.getByText("512px", { exact: true }).click();
  await expect(page.getByRole("button", { name: "Generate" })).toBeEnabled();
  await saveTokenSettings(db, { generationPaused: true });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Generation is paused by the administrators" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Generate" })).toBeDisabled();
  await expect(page.getByTestId("studio-balance")).toHaveText("50");
});

test("cancel a job while it paints: it says so and the tokens come back; a job still running after a reload is followed again", async ({
  page,
  db,
}) => {
  test.setTimeout(120_000);
  const person = await createVerifiedUser(db, "Cory Cancel");
  await signInAs(page, person.email, person.password);
  await gotoHydrated(page, "/ai/ai-text-to-art");
  await page.getByLabel("Prompt", { exact: true }).fill("Mountains over a lake at dawn");
  await page.getByTestId("style-oil-painting").click();
  await page.getByText("1024px", { exact: true }).click();
  await page.getByRole("group", { name: "Number of images" }).getByText("4", { exact: true }).click();
  await expect(page.getByTestId("cost-line")).toHaveText(/Costs 16 tokens · you have 50/);
  // The page reloads its data to bring the header's balance in line; that answer is read before the
  // cancel and arrives after it, as on a busy server. Its older balance must not win.
  let cancelAnswered = () => {};
  const afterCancel = new Promise<void>((resolve) => (cancelAnswered = resolve));
  let held = false;
  await page.route("**/ai/ai-text-to-art.data*", async (route) => {
    if (held) return route.continue();
    held = true;
    const stale = await route.fetch();
    await afterCancel;
    await route.fulfill({ response: stale });
  });
  const reloading = page.waitForRequest((r) => r.url().includes("/ai/ai-text-to-art.data"));
  await page.getByRole("button", { name: "Generate" }).click();
  const card = page.getByTestId("job-card").first();
  await expect(page.getByTestId("studio-balance")).toHaveText("34");
  await reloading;
  await card.getByRole("button", { name: "Cancel" }).click();
  await expect(card).toHaveAttribute("data-status", "canceled", { timeout: RENDER_TIMEOUT });
  await expect(card).toContainText("Your 16 tokens were refunded.");
  await expect(page.getByTestId("studio-balance")).toHaveText("50");
  const staleArrived = page.waitForEvent("requestfinished", (r) => r.url().includes("/ai/ai-text-to-art.data"));
  cancelAnswered();
  await staleArrived;
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(page.getByTestId("studio-balance")).toHaveText("50");

  // Start another, leave, come back: the page picks the job up where it is.
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("job-card").first()).toHaveAttribute("data-status", /queued|running/);
  await gotoHydrated(page, "/ai/ai-image-to-art");
  await gotoHydrated(page, "/ai/ai-text-to-art");
  // (Shown in the history, which follows it too, so the check holds even if it finished meanwhile.)
  const resumed = page.getByTestId("history-item").first();
  await expect(resumed).toHaveAttribute("data-status", "succeeded", { timeout: RENDER_TIMEOUT });
  await expect(resumed).toContainText("4 images");
});

test("words typed before the page comes alive are kept, not replaced by the saved draft", async ({ page, db }) => {
  const person = await createVerifiedUser(db, "Tess Typist");
  await signInAs(page, person.email, person.password);
  await gotoHydrated(page, "/ai/ai-text-to-art");
  const prompt = page.getByLabel("Prompt", { exact: true });
  await prompt.fill("the draft from last time");
  await expect
    .poll(() => page.evaluate(() => Object.keys(sessionStorage).some((k) => k.startsWith("atelier:studio-draft:"))))
    .toBe(true);

  // The page again, its scripts held back while the visitor types into the server's page.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/ai/ai-text-to-art", { waitUntil: "commit" });
  await prompt.fill("typed before the scripts arrived");
  release();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.unrouteAll();
  await expect(prompt).toHaveValue("typed before the scripts arrived");
});

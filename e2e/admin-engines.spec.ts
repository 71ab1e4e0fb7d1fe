/**
 * Pointing Atelier at a Stable Diffusion server from the back office, as an admin would: add an
 * AUTOMATIC1111 engine (a local server speaking its API), see mistakes next to their fields,
 * check its health, route text to art to it, and watch a user's picture come from it with the
 * engine's name beside it. Secrets never come back to the browser.
 */
import { eq, inArray } from "drizzle-orm";
import { auditLog, engineRoutes, generations, imageEngines } from "../server/db/schema";
import { startFakeA1111 } from "../tests/support/a1111-server";
import { createVerifiedUser, signInAs, signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

test("an admin connects an AUTOMATIC1111 server and text to art runs there", async ({ page, browser, db }) => {
  test.setTimeout(90_000);
  const backend = await startFakeA1111({ auth: "painter:e2e-very-secret-pw", jobMs: 400 });
  try {
    await signInAsAdmin(page);
    await gotoHydrated(page, "/admin/engines");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Image engines");
    await expect(page.getByRole("listitem", { name: "Studio — offline engine" })).toBeVisible();
    // Which engines edit a part of a picture, and where edits go (issue 31).
    await expect(page.getByTestId("edits-studio")).toHaveText("Repaints a part · Widens");
    await expect(page.getByTestId("route-edits")).toContainText("go to Studio — offline engine");

    await page.getByRole("link", { name: "Add an engine" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add an engine");
    await expect(page.getByRole("link", { name: "AUTOMATIC1111 / Forge / SD.Next" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.getByLabel("Name shown to users").fill("E2E GPU");
    await page.getByLabel("Server address").fill("not an address");
    await page.getByLabel("Steps").fill("500");
    await page.getByRole("button", { name: "Add the engine" }).click();
    await expect(page.getByText("An address starting with http:// or https://", { exact: false })).toBeVisible();
    await expect(page.getByText("At most 150")).toBeVisible();

    await page.getByLabel("Name shown to users").fill("E2E GPU");
    await page.getByLabel("Server address").fill(backend.url);
    await page.getByLabel("Steps").fill("20");
    await page.getByLabel("Username (--api-auth)").fill("painter");
    await page.getByLabel("Password").fill("e2e-very-secret-pw");
    await page.getByRole("button", { name: "Add the engine" }).click();
    await expect(page).toHaveURL(/\/admin\/engines\?saved=e2e-gpu$/);
    await expect(page.getByText("Saved E2E GPU.")).toBeVisible();

    await page.getByRole("button", { name: "Check now: E2E GPU" }).click();
    await expect(page.getByText("Healthy: 1 model available")).toBeVisible();
    await expect(page.getByTestId("health-e2e-gpu")).toContainText("1 model available");

    // Route text to art: add the engine, then move it before Studio.
    const text = page.getByTestId("route-text");
    await text.getByLabel("Engine to add to Text to art").selectOption({ label: "E2E GPU" });
    await text.getByRole("button", { name: "Add to Text to art" }).click();
    await expect(page.getByText("Text to art now tries studio → e2e-gpu.")).toBeVisible();
    await page.getByRole("button", { name: "Move E2E GPU up for Text to art" }).click();
    await expect(page.getByText("Text to art now tries e2e-gpu → studio.")).toBeVisible();

    // The edit page lists what the server has and never shows the password.
    await gotoHydrated(page, "/admin/engine-form?id=e2e-gpu");
    await expect(page.getByTestId("backend-choices")).toContainText("v1-5-pruned-emaonly.safetensors");
    await expect(page.getByTestId("backend-choices")).toContainText("DPM++ 2M");
    await expect(page.getByLabel("Password")).toHaveAttribute("placeholder", "Saved — leave blank to keep");
    expect(await page.content()).not.toContain("e2e-very-secret-pw");

    // A user's picture is made there, and says so.
    const person = await createVerifiedUser(db, "Gina GPU");
    const context = await browser.newContext();
    const userPage = await context.newPage();
    await signInAs(userPage, person.email, person.password);
    await gotoHydrated(userPage, "/ai/ai-text-to-art");
    await expect(userPage.getByTestId("engine-badge").first()).toContainText("E2E GPU");
    await userPage.getByLabel("Prompt", { exact: true }).fill("A lighthouse on a cliff at sunset");
    await userPage.getByText("512px", { exact: true }).click();
    await userPage.getByRole("button", { name: "Generate" }).click();
    const card = userPage.getByTestId("job-card").first();
    await expect(card).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
    await expect(card.getByTestId("engine-badge")).toContainText("E2E GPU");
    const posted = backend.requests.filter((r) => r.path === "/sdapi/v1/txt2img");
    expect(posted).toHaveLength(1);
    expect(posted[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from("painter:e2e-very-secret-pw").toString("base64")}`,
    );
    expect(posted[0]!.body).toMatchObject({
      prompt: expect.stringContaining("A lighthouse on a cliff at sunset"),
      steps: 20,
      width: 512,
      height: 512,
    });
    await context.close();

    // The server goes away: a check says so, and so does the engine's health line at once.
    await gotoHydrated(page, "/admin/engines");
    await backend.close();
    await page.getByRole("button", { name: "Check now: E2E GPU" }).click();
    const banner = page.getByRole("alert").filter({ hasText: "Not healthy: " });
    await expect(banner).toBeVisible();
    // biome-ignore lint/performance/useDomNodeTextContent: the banner as laid out for a reader (innerText keeps its line breaks)
    const reason = (await banner.innerText()).replace(/^[\s\S]*Not healthy: /, "").trim();
    expect(reason).not.toBe("");
    await expect(page.getByTestId("health-e2e-gpu")).toContainText(reason);

    // Switched off, the engine takes nothing: text to art is back on Studio.
    await page.getByRole("button", { name: "Switch off E2E GPU" }).click();
    await expect(page.getByText("E2E GPU is off.")).toBeVisible();
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Delete E2E GPU" }).click();
    await expect(page.getByText("Engine deleted. Pictures it made keep its name.")).toBeVisible();
    await expect(page.getByRole("listitem", { name: "E2E GPU" })).toHaveCount(0);
  } finally {
    await backend.close().catch(() => {}); // already closed when the test got that far
    await db.delete(engineRoutes);
    await db.delete(imageEngines);
    await db.delete(generations).where(eq(generations.engineId, "e2e-gpu"));
    await db.delete(auditLog).where(inArray(auditLog.entityType, ["engine", "engine_route"]));
  }
});

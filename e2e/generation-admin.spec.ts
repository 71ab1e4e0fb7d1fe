/** The admin's generation controls: the pause switch and the token defaults, effective at once. */
import { createVerifiedUser, ORIGIN, signInAs, signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

test("an admin pauses generation, a user is told so, and resuming lets them generate again", async ({
  browser,
  page,
  db,
}) => {
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/set-token-default");
  await expect(page.getByRole("heading", { name: "Generation is running" })).toBeVisible();
  await page.getByRole("button", { name: "Pause generation" }).click();
  await expect(page.getByText("Generation is paused.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Generation is paused" })).toBeVisible();

  const person = await createVerifiedUser(db, "Paused Painter");
  const context = await browser.newContext();
  const userPage = await context.newPage();
  await signInAs(userPage, person.email, person.password);
  const form = {
    mode: "text",
    prompt: "a calm lake",
    style: "watercolor",
    size: "512",
    aspectRatio: "1:1",
    count: "1",
  };
  const refused = await userPage.request.post("/api/generations", { multipart: form, headers: { Origin: ORIGIN() } });
  expect(refused.status()).toBe(503);
  expect((await refused.json()).error.message).toContain("Generation is paused by the administrators");
  expect((await (await userPage.request.get("/api/tokens")).json()).balance).toBe(50);

  await page.getByRole("button", { name: "Resume generation" }).click();
  await expect(page.getByText("Generation is running again.")).toBeVisible();
  const accepted = await userPage.request.post("/api/generations", { multipart: form, headers: { Origin: ORIGIN() } });
  expect(accepted.status()).toBe(202);
  expect((await accepted.json()).balance).toBe(48);
  await context.close();
});

test("token defaults are validated next to each field and apply to the next picture", async ({ browser, page, db }) => {
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/set-token-default");
  const textLarge = page.getByRole("spinbutton", { name: "1024 px" }).first();
  await textLarge.fill("-3");
  // Browsers stop a negative number before it is sent; the server says the same when they do not.
  await textLarge.evaluate((input: HTMLInputElement) => input.removeAttribute("min"));
  await page.getByRole("button", { name: "Save token defaults" }).click();
  await expect(page.getByText("Some values need fixing.")).toBeVisible();
  await expect(page.getByText("A whole number from 0 to 100000")).toBeVisible();

  await textLarge.fill("9");
  await page.getByRole("button", { name: "Save token defaults" }).click();
  await expect(page.getByText("Saved. New requests use these values now.")).toBeVisible();

  const person = await createVerifiedUser(db, "Costly Painter");
  const context = await browser.newContext();
  const userPage = await context.newPage();
  await signInAs(userPage, person.email, person.password);
  const answer = await userPage.request.post("/api/generations", {
    multipart: { mode: "text", prompt: "a calm lake", style: "natural", size: "1024", aspectRatio: "1:1", count: "2" },
    headers: { Origin: ORIGIN() },
  });
  expect(answer.status()).toBe(202);
  expect((await answer.json()).generation.cost).toBe(18);
  await context.close();
});

/**
 * OAuth sign-in against a real OpenID provider (e2e/support/oidc-provider.mjs, started by
 * playwright.config.ts): in a popup, in the tab when popups are blocked, and cancelled.
 */
import type { Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { account, user } from "../server/db/schema";
import type { Database } from "../server/db/client";
import { expect, gotoHydrated, test } from "./support/fixtures";

const PROVIDER_BUTTON = "Continue with Test Identity";
const OIDC_EMAIL = "oidc-user@example.test";
const OIDC_NAME = "Olive Idc";

/** The provider's own pages (oidc-provider's development login and consent screens). */
async function signInAtProvider(provider: Page) {
  await expect(provider).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await provider.locator('input[name="login"]').fill("olive");
  await provider.locator('input[name="password"]').fill("any password will do");
  await provider.getByRole("button", { name: "Sign-in" }).click();
  await expect(provider.getByRole("heading", { name: "Authorize" })).toBeVisible();
  await provider.getByRole("button", { name: "Continue" }).click();
}

/** Clicks the provider's button: the popup it opens, and a promise of that popup closing. */
async function openProviderPopup(page: Page) {
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: PROVIDER_BUTTON }).click();
  const popup = await popupOpened;
  return { popup, popupClosed: popup.waitForEvent("close") };
}

async function expectSignedInAsOlive(page: Page) {
  await expect(page.getByRole("button", { name: "Sign out" }).first()).toBeAttached();
  await expect(page.getByRole("link", { name: OIDC_NAME })).toBeVisible();
}

/** The person the provider vouched for: verified (its email_verified claim), linked to the provider. */
async function expectVerifiedOidcAccount(db: Database) {
  const [row] = await db.select().from(user).where(eq(user.email, OIDC_EMAIL));
  expect(row?.emailVerified).toBe(true);
  expect(row?.name).toBe(OIDC_NAME);
  const links = await db
    .select()
    .from(account)
    .where(and(eq(account.userId, row?.id ?? ""), eq(account.providerId, "oidc")));
  expect(links).toHaveLength(1);
}

test("sign in with the OpenID provider in a popup: the popup closes, the page is signed in", async ({ page, db }) => {
  await gotoHydrated(page, "/login");
  await expect(page.getByRole("button", { name: /^Continue with / })).toHaveCount(1); // only the configured provider
  const { popup, popupClosed } = await openProviderPopup(page);

  await signInAtProvider(popup);
  await popupClosed;

  await expect(page).toHaveURL(/\/$/); // no redirectTo: home
  await expectSignedInAsOlive(page);
  await expectVerifiedOidcAccount(db);
});

test("the popup ends on redirectTo in the page that opened it", async ({ page }) => {
  await gotoHydrated(page, "/login?redirectTo=%2Fcommunity%2Fmain");
  const { popup, popupClosed } = await openProviderPopup(page);
  await signInAtProvider(popup);
  await popupClosed;
  await expect(page).toHaveURL(/\/community\/main$/);
  await expectSignedInAsOlive(page);
});

test("popups blocked: the sign-in runs in the tab and comes back to redirectTo", async ({ page, db }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await gotoHydrated(page, "/login?redirectTo=%2Fcommunity%2Fmain");
  await page.getByRole("button", { name: PROVIDER_BUTTON }).click();

  await signInAtProvider(page);

  await expect(page).toHaveURL(/\/community\/main$/);
  await expectSignedInAsOlive(page);
  await expectVerifiedOidcAccount(db);
});

test("cancelling at the provider closes the popup and says so on the login page", async ({ page }) => {
  await gotoHydrated(page, "/login");
  const { popup, popupClosed } = await openProviderPopup(page);
  await expect(popup).toHaveURL(/\/interaction\//);
  await popup.getByRole("link", { name: "[ Cancel ]" }).click();
  await popupClosed;

  await expect(page.getByRole("alert")).toContainText("Sign-in with Test Identity was cancelled or failed");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible(); // still signed out
});

test("cancelling in the tab (popups blocked) comes back to the login page with the message", async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await gotoHydrated(page, "/login");
  await page.getByRole("button", { name: PROVIDER_BUTTON }).click();
  await expect(page).toHaveURL(/\/interaction\//);
  await page.getByRole("link", { name: "[ Cancel ]" }).click();

  await expect(page).toHaveURL(/\/login\?oauthError=access_denied/);
  await expect(page.getByRole("alert")).toContainText("Sign-in with Test Identity was cancelled or failed");
});

test("an unknown provider is refused without leaving the site", async ({ request }) => {
  const response = await request.get("/api/oauth/start?provider=myspace", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toMatch(/^\/oauth\/popup-complete\?.*error=provider_unavailable/);
});

test("a popup that kept its opener reports by postMessage, to this origin only", async ({ page }) => {
  // Atelier's pages send Cross-Origin-Opener-Policy: same-origin, so a popup that visited the
  // provider comes back without an opener and reports on a BroadcastChannel (the tests above).
  // A same-origin popup keeps its opener: the postMessage path.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { oauthMessages: string[] }).oauthMessages = seen;
    window.addEventListener("message", (event) => seen.push(event.origin));
  });
  await gotoHydrated(page, "/login");
  const popupOpened = page.waitForEvent("popup");
  await page.evaluate(
    () =>
      void window.open(
        "/oauth/popup-complete?provider=oidc&popup=1&error=access_denied",
        "atelier-oauth",
        "popup=yes,width=500,height=650",
      ),
  );
  const popup = await popupOpened;
  await popup.waitForEvent("close");
  await expect(page.getByRole("alert")).toContainText("Sign-in with Test Identity was cancelled or failed");
  expect(await page.evaluate(() => (window as unknown as { oauthMessages: string[] }).oauthMessages)).toEqual([
    new URL(page.url()).origin,
  ]);
});

/**
 * The server's caches never show one person's data to another (ADR 0026). Two people, each with
 * their own name, balance, unread notification, cart and reaction, load the shared pages (the ones
 * the micro-cache replays to anonymous visitors) between loads by an anonymous visitor who keeps
 * that cache warm. They do it in the browser and as bursts of parallel requests. Each person
 * sees only their own data and the visitor sees nobody's. Nothing a browser receives carries the
 * internal cache header or lets a shared cache keep a signed-in page. An admin's change shows on
 * the very next anonymous load, although a kept copy of that page was being replayed just before.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { APIRequestContext, APIResponse, BrowserContext, Page, Response } from "@playwright/test";
import { artworkReactions, artworks, faqs, products, session } from "../server/db/schema";
import { applyTokenMovement, getTokenBalance } from "../server/generation/ledger";
import { addNotification } from "../server/notify/notifications";
import { publishedArtworkRow } from "../tests/support/rows";
import { createVerifiedUser, ORIGIN, signInAs, signInAsAdmin } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

const INTERNAL_HEADER = "x-atelier-shared-cache";
const CART_PAGE = "/product-overview";

interface Person {
  name: string;
  balance: number;
  unread: number;
  cart: boolean;
  liked: boolean;
}

/**
 * Nothing in the answer lets a shared cache keep it: no public or s-maxage, no max-age or Expires,
 * no Last-Modified (what caches base a heuristic lifetime on), and no internal header.
 */
function expectNoSharedCaching(headers: Record<string, string>, what: string) {
  expect(headers[INTERNAL_HEADER], `${what}: ${INTERNAL_HEADER}`).toBeUndefined();
  expect(headers["cache-control"] ?? "", `${what}: Cache-Control`).not.toMatch(
    /\bpublic\b|\bs-maxage\b|\bmax-age=[1-9]/,
  );
  expect(headers.expires, `${what}: Expires`).toBeUndefined();
  expect(headers["last-modified"], `${what}: Last-Modified`).toBeUndefined();
}

/** The header shows this person's name, balance and unread badge, and nobody else's. */
async function expectHeaderOf(page: Page, me: Person, other: Person) {
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: me.name, exact: true })).toBeVisible();
  await expect(banner.getByTestId("header-token-balance")).toHaveText(`${me.balance.toLocaleString("en-US")} tokens`);
  await expect(banner.getByTestId("notifications-bell")).toHaveAccessibleName(`Notifications, ${me.unread} unread`);
  if (me.unread > 0) await expect(banner.getByTestId("notifications-badge")).toHaveText(String(me.unread));
  else await expect(banner.getByTestId("notifications-badge")).toHaveCount(0);
  await expect(banner.getByRole("link", { name: "Sign in", exact: true })).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(other.name);
}

async function expectAnonymousHeader(page: Page, people: Person[]) {
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await expect(banner.getByTestId("header-token-balance")).toHaveCount(0);
  await expect(banner.getByTestId("notifications-bell")).toHaveCount(0);
  for (const person of people) {
    await expect(page.locator("body")).not.toContainText(person.name);
    await expect(banner).not.toContainText(person.balance.toLocaleString("en-US"));
  }
}

/** Below the header: the reaction on the artwork page and the cart are the person's own (null: the visitor). */
async function expectOwnContent(page: Page, path: string, me: Person | null, packName: string) {
  if (path.startsWith("/community/detail")) {
    if (me)
      await expect(page.getByRole("button", { name: "Like (1)" })).toHaveAttribute("aria-pressed", String(me.liked));
    else await expect(page.getByRole("button", { name: /^Like/ })).toHaveCount(0);
  } else if (path === CART_PAGE) {
    if (me?.cart) await expect(page.getByRole("list", { name: "Packs in your cart" })).toContainText(packName);
    else await expect(page.getByText("Your cart is empty", { exact: true })).toBeVisible();
  }
}

/** A page's HTML as sent, with the loader data it embeds: the person's own data, nobody else's (me null: the visitor). */
async function expectHtmlOf(response: APIResponse, me: Person | null, others: Person[], what: string) {
  expect(response.status(), what).toBe(200);
  expectNoSharedCaching(response.headers(), what);
  const html = await response.text();
  expect(html, what).toContain(me ? me.name : "Sign in");
  for (const other of others) expect(html, `${what} names ${other.name}`).not.toContain(other.name);
}

test("shared pages kept for visitors never show one person's name, balance, badge, cart or reaction to another; an admin's change shows at once", async ({
  browser,
  db,
}) => {
  // Five pages in three browsers, each hydrated: 45 s on a loaded 2-core machine.
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString("hex");
  const adaUser = await createVerifiedUser(db, `Ada Cachetest ${tag}`);
  const boUser = await createVerifiedUser(db, `Bo Cachetest ${tag}`);
  const creator = await createVerifiedUser(db, `Cleo Creator ${tag}`);
  // Distinct balances (50 from sign-up plus a grant each); a notification, a cart and a like for Ada only.
  await applyTokenMovement(db, {
    userId: adaUser.id,
    amount: 1234,
    reason: "admin_adjustment",
    idempotencyKey: `cache-test:${adaUser.id}`,
  });
  await applyTokenMovement(db, {
    userId: boUser.id,
    amount: 4321,
    reason: "admin_adjustment",
    idempotencyKey: `cache-test:${boUser.id}`,
  });
  await addNotification(db, adaUser.id, { title: `For Ada only ${tag}`, message: "Nobody else should count this." });
  const [pack] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.active, true), isNull(products.archivedAt)))
    .limit(1);
  const artworkId = randomUUID();
  await db.insert(artworks).values(
    publishedArtworkRow(creator.id, `Harbour ${tag}`, {
      id: artworkId,
      tags: [],
      prompt: "a quiet harbour",
      likes: 1,
    }) as never,
  );
  await db.insert(artworkReactions).values({ artworkId, userId: adaUser.id, value: "like" });
  const faqId = randomUUID();
  const question = `Does the cache forget at once ${tag}?`;
  await db
    .insert(faqs)
    .values({ id: faqId, question, answer: "Yes: an admin's change clears it.", published: false, sortOrder: -1 });

  const ada: Person = { name: adaUser.name, balance: 1284, unread: 1, cart: true, liked: true };
  const bo: Person = { name: boUser.name, balance: 4371, unread: 0, cart: false, liked: false };
  const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [adaContext, boContext, anonContext] = contexts as [BrowserContext, BrowserContext, BrowserContext];
  try {
    await signInAs(adaContext.request, adaUser.email, adaUser.password);
    await signInAs(boContext.request, boUser.email, boUser.password);
    const cart = await adaContext.request.put("/api/cart", {
      data: { items: [{ productId: pack!.id, quantity: 2 }] },
      headers: { Origin: ORIGIN() },
    });
    expect(cart.status()).toBe(200);

    const seen: Response[][] = contexts.map((context) => {
      const responses: Response[] = [];
      context.on("response", (response) => responses.push(response));
      return responses;
    });
    const [adaPage, boPage, anonPage] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page, Page];
    // The app's scripts in each browser's cache first, so the loads below are quick.
    const first = await Promise.all([adaPage, boPage, anonPage].map((page) => gotoHydrated(page, "/about-us")));
    const encoding = (await first[2]!.request().allHeaders())["accept-encoding"] ?? "";

    // In the browser, page by page: a visitor's copy is kept just before each person loads the
    // page (asked with the browser's Accept-Encoding: the same cache entry), then the visitor's
    // browser loads it; a replay of the kept copy carries an Age.
    const pages = ["/", "/pricing-plans", "/community/list", `/community/detail?id=${artworkId}`, CART_PAGE];
    let replays = 0;
    for (const path of pages) {
      for (const [page, me, other] of [
        [adaPage, ada, bo],
        [boPage, bo, ada],
      ] as const) {
        await anonContext.request.get(path, { headers: { "Accept-Encoding": encoding } });
        await gotoHydrated(page, path);
        await expectHeaderOf(page, me, other);
        await expectOwnContent(page, path, me, pack!.name);
      }
      // Kept again just before the visitor's load: on a slow machine the two people's loads above
      // can outlast the copy's two seconds, and the replay is what this checks, not the clock.
      await anonContext.request.get(path, { headers: { "Accept-Encoding": encoding } });
      const visitor = await gotoHydrated(anonPage, path);
      await expectAnonymousHeader(anonPage, [ada, bo]);
      await expectOwnContent(anonPage, path, null, pack!.name);
      if (visitor!.headers().age !== undefined) replays++;
    }
    expect(replays, "the visitor's pages were replayed from the micro-cache meanwhile").toBeGreaterThan(0);

    // A client-side navigation (a .data request with the cookie) keeps the person's own header.
    await adaPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await expect(adaPage).toHaveURL(/\/pricing-plans$/);
    await expectHeaderOf(adaPage, ada, bo);

    // Bursts of parallel requests by all three, while the visitor's copies are kept: each HTML is its own.
    let burstReplays = 0;
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        pages.flatMap((path) => [
          anonContext.request.get(path).then((r) => {
            if (r.headers().age !== undefined) burstReplays++;
            return expectHtmlOf(r, null, [ada, bo], `visitor ${path} #${round}`);
          }),
          adaContext.request.get(path).then((r) => expectHtmlOf(r, ada, [bo], `Ada ${path} #${round}`)),
          boContext.request.get(path).then((r) => expectHtmlOf(r, bo, [ada], `Bo ${path} #${round}`)),
        ]),
      );
    }
    expect(burstReplays, "the visitor's requests in the bursts were replayed").toBeGreaterThan(0);

    // Nothing any browser received carries the internal header; no signed-in page or data answer may be kept by a shared cache.
    for (const [i, responses] of seen.entries()) {
      for (const response of responses) {
        const personal =
          i < 2 &&
          (response.request().resourceType() === "document" || new URL(response.url()).pathname.endsWith(".data"));
        if (personal) expectNoSharedCaching(response.headers(), response.url());
        else expect(response.headers()[INTERNAL_HEADER], response.url()).toBeUndefined();
      }
    }

    // An admin publishes a question; the visitor's very next load of the pricing page shows it,
    // although a kept copy without it was being replayed just before.
    const adminContext = await browser.newContext();
    contexts.push(adminContext);
    await signInAsAdmin(adminContext.request);
    await expect
      .poll(async () => (await anonPage.goto("/pricing-plans"))!.headers().age, {
        message: "the visitor's pricing page is a replay",
      })
      .toBeDefined();
    await expect(anonPage.getByText(question)).toHaveCount(0);
    const published = await adminContext.request.post("/admin/list-faq", {
      form: { intent: "publish", id: faqId },
      headers: { Origin: ORIGIN() },
    });
    expect(published.status()).toBe(200);
    expect(await published.text()).toContain("Published: the pricing page shows it.");
    const fresh = await anonPage.goto("/pricing-plans");
    expect(fresh!.headers().age, "rendered afresh, not replayed").toBeUndefined();
    await expect(anonPage.getByText(question)).toBeVisible();
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
    await db.delete(faqs).where(eq(faqs.id, faqId));
    await db.delete(artworks).where(eq(artworks.id, artworkId));
  }
});

test("signed-in pages tell every cache they are private", async ({ playwright, db }) => {
  // Answers to requests with cookies are marked private by the root middleware (server/auth/session-cookies.ts).
  const person = await createVerifiedUser(db, `Dee Private ${randomBytes(3).toString("hex")}`);
  const request = await playwright.request.newContext({ baseURL: ORIGIN() });
  try {
    await signInAs(request, person.email, person.password);
    for (const path of ["/", "/pricing-plans", "/community/list", "/community/main", "/about-us", CART_PAGE]) {
      const response = await request.get(path);
      expect(await response.text(), path).toContain(person.name);
      expect(response.headers()["cache-control"] ?? "(none)", `${path}: Cache-Control`).toMatch(
        /\b(private|no-store|no-cache)\b/,
      );
    }
  } finally {
    await request.dispose();
  }
});

test("a signed-in profile is replayed to its own person only, and what changes on it shows on the next load", async ({
  playwright,
  db,
}) => {
  // The shell keeps a signed-in page for the cookies it was rendered for (ADR 0040); the database
  // announces each change a page shows, here made by this test's process as another process would.
  const tag = randomBytes(3).toString("hex");
  const ada = await createVerifiedUser(db, `Ada Profile ${tag}`);
  const bo = await createVerifiedUser(db, `Bo Profile ${tag}`);
  const [adaRequest, boRequest] = await Promise.all([
    playwright.request.newContext({ baseURL: ORIGIN() }),
    playwright.request.newContext({ baseURL: ORIGIN() }),
  ]);
  try {
    await signInAs(adaRequest, ada.email, ada.password);
    await signInAs(boRequest, bo.email, bo.password);
    const load = async (request: APIRequestContext, me: { name: string }, other: { name: string }) => {
      const response = await request.get("/user-profile", { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(me.name);
      expect(html).not.toContain(other.name);
      expectNoSharedCaching(response.headers(), "/user-profile");
      return { replayed: response.headers().age !== undefined, html };
    };
    await expect
      .poll(async () => (await load(adaRequest, ada, bo)).replayed, { message: "Ada's page is kept" })
      .toBe(true);
    let replays = 0;
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () => load(adaRequest, ada, bo)),
        ...Array.from({ length: 4 }, () => load(boRequest, bo, ada)),
      ]);
      replays += answers.filter((a) => a.replayed).length;
    }
    expect(replays, "both people's pages were replayed to them").toBeGreaterThan(4);

    // Tokens credited elsewhere (an admin, a webhook, a worker): Ada's next load shows them.
    await applyTokenMovement(db, {
      userId: ada.id,
      amount: 777,
      reason: "admin_adjustment",
      idempotencyKey: `e2e-profile-${tag}`,
      note: `Gift ${tag}`,
    });
    // Heard over the database's notification, which races this request by a millisecond or so;
    // well within the kept page's two seconds, so the page was forgotten, not aged out.
    await expect
      .poll(async () => (await load(adaRequest, ada, bo)).html.includes(`Gift ${tag}`), { timeout: 1_000 })
      .toBe(true);
    expect((await load(boRequest, bo, ada)).html).not.toContain(`Gift ${tag}`);

    // Her sessions ended elsewhere: the cookies that had a kept page get no page any more.
    await load(adaRequest, ada, bo);
    await db.delete(session).where(eq(session.userId, ada.id));
    await expect
      .poll(async () => (await adaRequest.get("/user-profile", { maxRedirects: 0 })).status(), {
        message: "signed out: sent to sign in",
        timeout: 1_000,
      })
      .toBeGreaterThanOrEqual(300);
  } finally {
    await Promise.all([adaRequest.dispose(), boRequest.dispose()]);
  }
});

test("a page rendered once for every signed-in person hydrates with this person's header, without a mismatch", async ({
  page,
  db,
}) => {
  // The server puts the person's parts into a page rendered for everyone signed in (ADR 0050); the
  // browser's first render must produce exactly that HTML: React reports any difference (#418).
  const person = await createVerifiedUser(db, `Hana Hydrate ${randomBytes(3).toString("hex")}`);
  await applyTokenMovement(db, {
    userId: person.id,
    amount: 4321,
    reason: "admin_adjustment",
    idempotencyKey: `hydrate:${person.id}`,
  });
  await addNotification(db, person.id, { title: "Hello", message: "Welcome back" });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await signInAs(page, person.email, person.password);
  const me = { name: person.name, balance: await getTokenBalance(db, person.id), unread: 1, cart: false, liked: false };
  for (const path of ["/", "/community/list", "/pricing-plans", "/about-us", "/community/main"]) {
    await gotoHydrated(page, path);
    await expectHeaderOf(page, me, { name: "Nobody Else", balance: 1, unread: 0, cart: false, liked: false });
    expect(errors, `${path}: no hydration mismatch or error`).toEqual([]);
  }
  // A navigation after it takes the root loader's own values: still this person.
  await page.getByRole("banner").getByRole("link", { name: "Pricing", exact: true }).click();
  await expect(page).toHaveURL(/\/pricing-plans$/);
  await expectHeaderOf(page, me, { name: "Nobody Else", balance: 1, unread: 0, cart: false, liked: false });
  expect(errors).toEqual([]);
});

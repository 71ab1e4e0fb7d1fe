/**
 * The authorization matrix (spec §6): anonymous visitors, users and admins against every admin
 * page and every admin API. The route table is read, so a new admin page or API that is not
 * classified here fails the test.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../app/routes";
import { count } from "drizzle-orm";
import { auditLog } from "../server/db/schema";
import { readOutbox } from "../server/notify/email/transport";
import { ORIGIN, signInAsAdmin, signInAsDemoUser } from "./support/accounts";
import { expect, test } from "./support/fixtures";

function flatten(entries: RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((e) => {
    const path = e.path ? `${prefix}/${e.path}`.replace(/\/+/g, "/") : prefix;
    return [...(e.path ? [path] : []), ...flatten(e.children ?? [], path)];
  });
}
const ALL_PATHS = flatten(routes as RouteConfigEntry[]);
const ADMIN_PAGES = ALL_PATHS.filter((p) => p.startsWith("/admin/"));

/** Every API, classified. Admin APIs must refuse everyone else. */
const ADMIN_APIS: { path: string; body: unknown }[] = [
  { path: "/api/send-custom-email", body: { email: "someone@example.test", subject: "Hello", message: "Hi there" } },
  {
    path: "/api/send-custom-email-with-attachment",
    body: {
      email: "someone@example.test",
      subject: "Your invoice",
      message: "Attached.",
      attachment: {
        filename: "invoice.pdf",
        content: Buffer.from("%PDF-1.4\n% test invoice\n").toString("base64"),
        encoding: "base64",
      },
    },
  },
];
/** Admin APIs read with GET: 401 for visitors, 403 for users, 200 for admins. */
const ADMIN_GET_APIS = ["/api/admin/transactions.csv"];
/** APIs for signed-in users: anonymous callers get 401, and each user reaches only their own data. */
const USER_APIS: { path: string; method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" }[] = [
  { path: "/api/tokens", method: "GET" },
  { path: "/api/preview-image", method: "POST" },
  { path: "/api/generations", method: "GET" },
  { path: "/api/generations", method: "POST" },
  { path: "/api/generations/:id", method: "GET" },
  { path: "/api/generations/:id", method: "DELETE" },
  { path: "/api/generations/:id/cancel", method: "POST" },
  { path: "/api/generations/:id/events", method: "GET" },
  { path: "/api/generations/:id/images/:index", method: "GET" },
  { path: "/api/artworks", method: "POST" },
  { path: "/api/artworks/:id", method: "PATCH" },
  { path: "/api/artworks/:id", method: "DELETE" },
  { path: "/api/artworks/:id/reaction", method: "PUT" },
  { path: "/api/artworks/:id/reports", method: "POST" },
  { path: "/api/artworks/:id/review", method: "POST" },
  { path: "/api/cart", method: "GET" },
  { path: "/api/cart", method: "PUT" },
  { path: "/api/checkout", method: "POST" },
  { path: "/api/memberships/current", method: "GET" },
  { path: "/api/memberships/invoices/:id/pdf", method: "GET" },
  { path: "/api/transactions", method: "GET" },
  { path: "/api/transactions/:id", method: "GET" },
  { path: "/api/transactions/:id/cancel", method: "POST" },
  { path: "/api/transactions/:id/invoice", method: "GET" },
  { path: "/api/redeem", method: "POST" },
  { path: "/api/image-edits", method: "GET" },
  { path: "/api/image-edits", method: "POST" },
  { path: "/api/image-edits/:id", method: "GET" },
  { path: "/api/image-edits/:id", method: "DELETE" },
  { path: "/api/image-edits/:id/cancel", method: "POST" },
  { path: "/api/image-edits/:id/result", method: "GET" },
  { path: "/api/creators/:handle/follow", method: "PUT" },
  { path: "/api/creators/:handle/follow", method: "DELETE" },
  { path: "/api/creators/:handle/hide", method: "PUT" },
  { path: "/api/creators/:handle/hide", method: "DELETE" },
  { path: "/api/feed/following", method: "GET" },
  { path: "/api/artworks/:id/comments", method: "POST" },
  { path: "/api/comments/:id", method: "PATCH" },
  { path: "/api/comments/:id", method: "DELETE" },
  { path: "/api/comments/:id/reports", method: "POST" },
  { path: "/api/collections", method: "GET" },
  { path: "/api/collections", method: "POST" },
  { path: "/api/collections/:id", method: "PATCH" },
  { path: "/api/collections/:id", method: "DELETE" },
  { path: "/api/collections/:id/items", method: "POST" },
  { path: "/api/collections/:id/items", method: "DELETE" },
  { path: "/api/collections/:id/items/:itemId", method: "DELETE" },
  { path: "/api/collections/:id/order", method: "PUT" },
  { path: "/api/challenges/:id/entries", method: "POST" },
  { path: "/api/challenge-entries/:id/vote", method: "PUT" },
  { path: "/api/challenge-entries/:id/vote", method: "DELETE" },
  { path: "/api/access-tokens", method: "GET" },
  { path: "/api/access-tokens", method: "POST" },
  { path: "/api/access-tokens/:id", method: "DELETE" },
  { path: "/api/webhook", method: "GET" },
  { path: "/api/webhook", method: "PUT" },
  { path: "/api/webhook", method: "DELETE" },
];
/**
 * The public API answers a personal access token only: 401 without one, 400 for a browser's
 * session (e2e/api-v1.spec.ts tries every other way a token is refused: wrong, expired, revoked,
 * short of its scope, another person's job, a suspended account).
 */
const TOKEN_APIS: { path: string; method: "GET" | "POST" | "DELETE" }[] = [
  { path: "/api/v1/generations", method: "GET" },
  { path: "/api/v1/generations", method: "POST" },
  { path: "/api/v1/generations/:id", method: "GET" },
  { path: "/api/v1/generations/:id/pictures/:index", method: "GET" },
  { path: "/api/v1/artworks", method: "POST" },
  { path: "/api/v1/artworks/:id", method: "DELETE" },
  { path: "/api/v1/balance", method: "GET" },
  { path: "/api/v1/ledger", method: "GET" },
];
const OTHER_APIS = new Set([
  "/api/check-domain",
  "/api/version",
  "/api/error-reports",
  "/api/auth/*",
  "/api/oauth/start",
  "/api/notifications",
  "/api/delete-request-image",
  "/api/send-verification-email",
  "/api/files/*",
  // Public reads: the community list, an artwork by id (GET) and its counted download.
  "/api/artworks",
  "/api/artworks/:id",
  "/api/artworks/:id/download",
  // Creators' pages are public: who they are, their public works, their followers and following.
  "/api/creators/:handle",
  "/api/creators/:handle/artworks",
  "/api/creators/:handle/:people",
  // Challenges are public to read.
  "/api/challenges",
  "/api/challenges/:id",
  // The shop: products and a priced quote are public; webhooks are checked by the provider's
  // signature; pre-registration is for visitors; the redeem window is public while its event is on.
  "/api/products",
  "/api/cart/quote",
  "/api/payments/webhooks/:provider",
  "/api/pre-registrations",
  "/api/redeem",
  // Joining a plan takes the pricing page's plain form: a visitor is sent to sign in (303), a JSON
  // call gets 401 (tests/integration/membership-endpoints.test.ts).
  "/api/memberships",
  // The public API's description is for anyone.
  "/api/v1/openapi.json",
  "/api/*",
]);

test("every API in the route table is classified", () => {
  const apis = ALL_PATHS.filter((p) => p.startsWith("/api/"));
  const unclassified = apis.filter(
    (p) =>
      !OTHER_APIS.has(p) &&
      !ADMIN_APIS.some((a) => a.path === p) &&
      !ADMIN_GET_APIS.includes(p) &&
      !USER_APIS.some((a) => a.path === p) &&
      !TOKEN_APIS.some((a) => a.path === p),
  );
  expect(unclassified).toEqual([]);
  expect(ADMIN_PAGES).toHaveLength(27);
});

test("anonymous visitors reach no admin page and no admin API", async ({ page, request, db: _db }) => {
  // Twenty full page loads: on a loaded machine this takes a while, and only the URL matters.
  test.setTimeout(90_000);
  for (const path of ADMIN_PAGES) {
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await expect(page, path).toHaveURL("/");
  }
  for (const api of ADMIN_APIS) {
    const response = await request.post(api.path, { data: api.body });
    expect(response.status(), api.path).toBe(401);
  }
  for (const path of ADMIN_GET_APIS) expect((await request.get(path)).status(), path).toBe(401);
});

test("anonymous visitors get 401 from every signed-in API", async ({ request, db: _db }) => {
  const id = "00000000-0000-4000-8000-000000000000";
  for (const api of USER_APIS) {
    const url = api.path
      .replace(":id", id)
      .replace(":index", "0")
      .replace(":handle", "demo-creator")
      .replace(":itemId", id);
    const response = await request.fetch(url, { method: api.method, headers: { Origin: ORIGIN() } });
    expect(response.status(), `${api.method} ${api.path}`).toBe(401);
  }
  for (const api of TOKEN_APIS) {
    const url = api.path.replace(":id", id).replace(":index", "0");
    const response = await request.fetch(url, { method: api.method });
    expect([response.status(), (await response.json()).error.code], `${api.method} ${api.path}`).toEqual([
      401,
      "invalid_token",
    ]);
  }
});

test("the public API refuses a browser's session, even a signed-in person's", async ({ page, db: _db }) => {
  await signInAsDemoUser(page);
  const id = "00000000-0000-4000-8000-000000000000";
  for (const api of TOKEN_APIS) {
    const url = api.path.replace(":id", id).replace(":index", "0");
    const response = await page.request.fetch(url, { method: api.method, headers: { Origin: ORIGIN() } });
    expect([response.status(), (await response.json()).error.code], `${api.method} ${api.path}`).toEqual([
      400,
      "ambiguous_credentials",
    ]);
  }
});

test("signed-in users who are not admins reach no admin page and no admin API", async ({ page, db }) => {
  test.setTimeout(90_000);
  await signInAsDemoUser(page);
  for (const path of ADMIN_PAGES) {
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await expect(page, path).toHaveURL("/");
  }
  for (const api of ADMIN_APIS) {
    const response = await page.request.post(api.path, { data: api.body });
    expect(response.status(), api.path).toBe(403);
  }
  for (const path of ADMIN_GET_APIS) expect((await page.request.get(path)).status(), path).toBe(403);
  expect(await readOutbox(db, { to: "someone@example.test" })).toEqual([]);

  // Admin page actions too: a form posted straight at each admin page changes nothing and is sent home.
  const [before] = await db.select({ n: count() }).from(auditLog);
  for (const path of ADMIN_PAGES) {
    const response = await page.request.post(`${path}?id=00000000-0000-4000-8000-000000000000`, {
      form: {
        intent: "delete",
        id: "1",
        title: "Hacked",
        question: "Hacked?",
        answer: "Hacked answer",
        name: "Hacked",
      },
      headers: { Origin: ORIGIN() },
      maxRedirects: 0,
    });
    expect([response.status(), response.headers().location], path).toEqual([302, "/"]);
  }
  const [after] = await db.select({ n: count() }).from(auditLog);
  expect(after!.n).toBe(before!.n);
});

test("admins reach every admin page and API; the emails go out, attachment included", async ({ page, db }) => {
  // Twenty full page loads, as in the test above.
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  for (const path of ADMIN_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page, path).toHaveURL(path);
  }
  for (const api of ADMIN_APIS) {
    const response = await page.request.post(api.path, { data: api.body });
    expect(response.status(), `${api.path}: ${await response.text()}`).toBe(202);
  }
  for (const path of ADMIN_GET_APIS) expect((await page.request.get(path)).status(), path).toBe(200);
  await expect
    .poll(async () => (await readOutbox(db, { to: "someone@example.test" })).map((e) => e.kind).sort(), {
      timeout: 15_000,
    })
    .toEqual(["custom", "custom-attachment"]);
  const [withAttachment] = await readOutbox(db, { to: "someone@example.test", kind: "custom-attachment" });
  expect(withAttachment!.attachments).toEqual([
    expect.objectContaining({ filename: "invoice.pdf", contentType: "application/pdf" }),
  ]);
});

test("admin email APIs validate: a fake PDF and a bad address are refused with the spec's messages", async ({
  page,
  db: _db,
}) => {
  await signInAsAdmin(page);
  const fake = await page.request.post("/api/send-custom-email-with-attachment", {
    data: {
      email: "x@example.test",
      subject: "s",
      message: "m",
      attachment: { filename: "a.pdf", content: Buffer.from("not a pdf").toString("base64"), encoding: "base64" },
    },
  });
  expect(fake.status()).toBe(400);
  expect((await fake.json()).error.message).toBe("Failed to send email with attachment: a.pdf is not a real PDF file");
  const bad = await page.request.post("/api/send-custom-email", {
    data: { email: "nope", subject: "s", message: "m" },
  });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error.fields.email).toEqual(["Enter a valid email address"]);
});

test("a user deletes only their own preview image; files are private to their owner", async ({
  page,
  browser,
  db: _db,
}) => {
  await signInAsDemoUser(page);
  const mine = await page.request.post("/api/delete-request-image", { data: { fileName: "20261122000000-none.webp" } });
  expect(await mine.json()).toEqual({ ok: false }); // nothing there
  const theirs = await page.request.post("/api/delete-request-image", {
    data: { fileName: "users/someone-else/preview/x.webp" },
  });
  expect(theirs.status()).toBe(403);
  expect(await theirs.json()).toEqual({ ok: false });
  const traversal = await page.request.post("/api/delete-request-image", { data: { fileName: "../../etc/passwd" } });
  expect(await traversal.json()).toEqual({ ok: false });
  const anonymous = await browser.newContext();
  expect((await anonymous.request.post("/api/delete-request-image", { data: { fileName: "x.webp" } })).status()).toBe(
    401,
  );
  expect((await anonymous.request.get("/api/files/users/someone/preview/x.webp")).status()).toBe(404);
  await anonymous.close();
});

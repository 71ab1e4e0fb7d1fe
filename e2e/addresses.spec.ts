/**
 * A deployment reachable under several of its addresses (issue 16): PUBLIC_URL (here 127.0.0.1)
 * is the one it wants to be known by; localhost is another allowed domain of the same server.
 * A first visit elsewhere moves to PUBLIC_URL once; a person signed in elsewhere is never moved
 * (that would sign them out, mid-payment included: commerce.spec.ts), and the links in the emails
 * they ask for bring them back where they are.
 */
import { latestOutboxEmail } from "../server/notify/email/transport";
import { createVerifiedUser, ORIGIN } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const elsewhere = () => ORIGIN().replace("127.0.0.1", "localhost");

test("a first visit on another of the site's addresses moves to PUBLIC_URL, page and query kept", async ({
  page,
  db: _db,
}) => {
  const first = await page.request.get(`${elsewhere()}/community/list?sort=popular`, { maxRedirects: 0 });
  expect(first.status()).toBe(302);
  expect(first.headers().location).toBe(`${ORIGIN()}/community/list?sort=popular`);

  await page.goto(`${elsewhere()}/pricing-plans`);
  expect(page.url()).toBe(`${ORIGIN()}/pricing-plans`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // APIs and health checks answer where they are asked.
  expect((await page.request.get(`${elsewhere()}/api/artworks`, { maxRedirects: 0 })).status()).toBe(200);
  expect((await page.request.get(`${elsewhere()}/healthz`, { maxRedirects: 0 })).status()).toBe(200);
});

test("an email asked for on another of the site's addresses links back to it", async ({ page, db }) => {
  const person = await createVerifiedUser(db, "Ella Elsewhere");
  const asked = await page.request.post(`${elsewhere()}/api/auth/forget-password/email-otp`, {
    data: { email: person.email },
    headers: { Origin: elsewhere() },
  });
  expect(asked.ok()).toBe(true);
  await expect
    .poll(async () => (await latestOutboxEmail(db, person.email))?.text ?? "")
    .toContain(`${elsewhere()}/new-password?`);

  // Asked on PUBLIC_URL's address (another person: one code email per minute each).
  const other = await createVerifiedUser(db, "Hugo Home");
  await page.request.post(`${ORIGIN()}/api/auth/forget-password/email-otp`, {
    data: { email: other.email },
    headers: { Origin: ORIGIN() },
  });
  await expect
    .poll(async () => (await latestOutboxEmail(db, other.email))?.text ?? "")
    .toContain(`${ORIGIN()}/new-password?`);
});

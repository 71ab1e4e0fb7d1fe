/**
 * Buying tokens end to end, on the embedded sandbox provider: a visitor fills a cart, signs in
 * (the cart follows), applies a code, pays with a test card on the sandbox's own page, sees the
 * balance rise and finds the receipt with its PDF in the outbox; a declined card credits nothing
 * and the buyer can try again. Then the two token events: pre-registration and redeem codes.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { setFeatureFlag } from "../server/content/feature-flags";
import { discounts, paymentEvents, redeemCodes, transactions } from "../server/db/schema";
import { getTokenBalance } from "../server/generation/ledger";
import { loadTokenSettings } from "../server/generation/token-settings";
import { latestOutboxEmail, readOutbox } from "../server/notify/email/transport";
import { createVerifiedUser, ORIGIN, signInAs } from "./support/accounts";
import { expect, gotoHydrated, test } from "./support/fixtures";

const code = (prefix: string) => `${prefix}${randomBytes(4).toString("hex").toUpperCase()}`;

/** From the pricing page, the Starter pack into the cart (the cart page is next). */
async function addStarterToCart(page: Page) {
  await gotoHydrated(page, "/pricing-plans");
  await page.getByRole("link", { name: "Choose Starter" }).click();
  await page.getByRole("button", { name: "Add to cart" }).click();
}

async function payOnSandbox(page: Page, card: string) {
  await expect(page).toHaveURL(/\/sandbox\/checkout\?session=cs_sbx_/);
  await expect(page.getByText("Sandbox: a test payment. No money moves.")).toBeVisible();
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM/YY)").fill("12/40");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
}

test("a visitor fills a cart, signs in, applies a code, pays on the sandbox and gets tokens and a receipt", async ({
  page,
  db,
}) => {
  test.setTimeout(90_000);
  const buyer = await createVerifiedUser(db, "Bea Buyer");
  const discount = code("SAVE");
  await db.insert(discounts).values({ code: discount, kind: "percent", value: 20 });

  // The pricing page shows the packs; choosing one opens the tier step with it selected.
  await gotoHydrated(page, "/pricing-plans");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pricing plans");
  await expect(page.getByRole("heading", { name: "Questions and answers" })).toBeVisible();
  // What a pack buys is worked out from today's prices.
  const perPicture = (await loadTokenSettings(db)).costs.text["512"];
  const starter = page
    .getByRole("list", { name: "Token packs" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Starter" }) });
  await expect(starter).toContainText(`About ${Math.floor(500 / perPicture)} pictures at 512 px`);
  await expect(page.getByRole("list", { name: "Token packs" })).not.toContainText("text-to-art images");
  await page.getByRole("link", { name: "Choose Creator" }).click();
  await expect(page).toHaveURL(/\/checkout-tiers\?product=/);
  await expect(page.getByRole("radio", { name: /Creator/ })).toBeChecked();
  await page.getByRole("button", { name: "One more: Creator pack" }).click();
  await expect(page.getByRole("complementary")).toContainText("2,600");
  await page.getByRole("button", { name: "Add to cart" }).click();

  // The cart, priced by the server; a wrong code says why, the right one shows the saving.
  await expect(page).toHaveURL("/product-overview");
  await expect(page.getByRole("list", { name: "Packs in your cart" })).toContainText("Creator pack");
  await expect(page.getByRole("complementary")).toContainText("$19.98");
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("selectedProducts") ?? "[]"))).toEqual([
    { productId: expect.any(String), quantity: 2 },
  ]);
  await page.getByLabel("Code", { exact: true }).fill("NOSUCHCODE");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("We don't know this code. Check the spelling.")).toBeVisible();
  await page.getByLabel("Code", { exact: true }).fill(discount.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("status").filter({ hasText: "applied" })).toContainText(
    `${discount} applied: you save $3.99.`,
  );
  await expect(page.getByRole("complementary")).toContainText("$15.99");
  await page.getByRole("button", { name: "Continue to payment" }).click();

  // Payment needs an account: signing in from the page keeps the cart (merged into the account).
  await expect(page).toHaveURL("/product-payment");
  await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(buyer.email);
  await dialog.getByLabel("Password").fill(buyer.password);
  await dialog.getByRole("button", { name: "Sign in" }).click();
  const pay = page.getByRole("button", { name: "Pay $15.99" });
  await expect(pay).toBeEnabled();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("selectedProducts"))).toBeNull();
  await pay.click();

  // The sandbox's page takes a test card and sends the buyer back; the webhook arrives too.
  await payOnSandbox(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/product-payment\?transaction=[0-9a-f-]{36}&checkout=cs_sbx_/);
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(page.getByTestId("new-balance")).toContainText("2,650 tokens");
  expect(await getTokenBalance(db, buyer.id)).toBe(50 + 2600);
  const [paid] = await db.select().from(transactions).where(eq(transactions.userId, buyer.id));
  expect(paid).toMatchObject({
    status: "paid",
    subtotalMinor: 1998,
    discountMinor: 399,
    totalMinor: 1599,
    tokens: 2600,
    discountCode: discount,
  });
  await expect
    .poll(
      async () =>
        (
          await db
            .select()
            .from(paymentEvents)
            .where(and(eq(paymentEvents.transactionId, paid!.id), eq(paymentEvents.provider, "sandbox")))
        ).length,
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);

  // The receipt: an email with the PDF invoice, through the attachment path.
  await expect
    .poll(async () => (await latestOutboxEmail(db, buyer.email))?.kind, { timeout: 20_000 })
    .toBe("custom-attachment");
  const receipt = (await readOutbox(db, { to: buyer.email, limit: 1 }))[0]!;
  expect(receipt.subject).toMatch(/^Your Atelier receipt AT-/);
  expect(receipt.attachments[0]!.filename).toMatch(/\.pdf$/);
  expect(Buffer.from(receipt.attachments[0]!.contentBase64, "base64").subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // The purchase is on the profile, with its invoice.
  await page.getByRole("link", { name: "Your purchases" }).click();
  const purchases = page.getByTestId("purchases");
  await expect(purchases).toContainText("2 × Creator");
  const invoice = await page.request.get(
    await purchases
      .getByRole("link", { name: "Invoice" })
      .getAttribute("href")
      .then((h) => h!),
  );
  expect(invoice.headers()["content-type"]).toBe("application/pdf");
});

test("a declined card leaves nothing credited; trying again with a card that asks for confirmation pays", async ({
  page,
  db,
}) => {
  test.setTimeout(90_000);
  const buyer = await createVerifiedUser(db, "Dee Declined");
  await signInAs(page, buyer.email, buyer.password);
  await addStarterToCart(page);
  await expect(page).toHaveURL("/product-overview");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: "Pay $4.99" }).click();

  await payOnSandbox(page, "4000 0000 0000 0002");
  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  await expect(page.getByText("Your card was declined. Nothing was charged and no tokens were added.")).toBeVisible();
  expect(await getTokenBalance(db, buyer.id)).toBe(50);

  await page.getByRole("link", { name: "Try again" }).click();
  await page.getByRole("button", { name: "Pay $4.99" }).click();
  await payOnSandbox(page, "4000 0025 0000 3155");
  await expect(page.getByText("Your bank asks you to confirm this payment of $4.99.")).toBeVisible();
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(page.getByTestId("new-balance")).toContainText("550 tokens");
  const rows = await db
    .select({ status: transactions.status })
    .from(transactions)
    .where(eq(transactions.userId, buyer.id));
  expect(rows.map((r) => r.status).sort()).toEqual(["failed", "paid"]);
});

test("a buyer browsing on another of the site's addresses comes back to it after paying, still signed in", async ({
  page,
  db,
}) => {
  test.setTimeout(60_000);
  // PUBLIC_URL is 127.0.0.1; localhost is an allowed domain of the same deployment.
  const local = ORIGIN().replace("127.0.0.1", "localhost");
  const buyer = await createVerifiedUser(db, "Lou Local");
  await page.request.post(`${local}/api/auth/sign-in/email`, {
    data: { email: buyer.email, password: buyer.password },
    headers: { Origin: local },
  });
  await gotoHydrated(page, `${local}/pricing-plans`);
  await page.getByRole("link", { name: "Choose Starter" }).click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: "Pay $4.99" }).click();
  await payOnSandbox(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(local);
  await expect(page.getByRole("link", { name: "Lou Local" })).toBeVisible();
});

test("a pack that left the shop reads as such in a visitor's cart, and can be taken out", async ({ page }) => {
  await gotoHydrated(page, "/pricing-plans");
  await page.evaluate(() =>
    localStorage.setItem(
      "selectedProducts",
      JSON.stringify([{ productId: "00000000-0000-4000-8000-000000000000", quantity: 1 }]),
    ),
  );
  await gotoHydrated(page, "/product-overview");
  const cart = page.getByRole("list", { name: "Packs in your cart" });
  await expect(cart).toContainText("A pack no longer sold");
  await expect(cart).not.toContainText("sold pack");
  await page.getByRole("button", { name: "Remove the pack no longer sold" }).click();
  await expect(page.getByText("Your cart is empty", { exact: true })).toBeVisible();
});

test("a checkout left unpaid can be discarded from the profile, and then cannot be paid", async ({ page, db }) => {
  test.setTimeout(60_000);
  const buyer = await createVerifiedUser(db, "Una Unpaid");
  await signInAs(page, buyer.email, buyer.password);
  await addStarterToCart(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: "Pay $4.99" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\?session=/);
  const sandbox = page.url();

  await gotoHydrated(page, "/user-profile");
  const purchases = page.getByTestId("purchases");
  await expect(purchases).toContainText("Waiting for payment");
  await page.getByRole("button", { name: "Discard the unpaid purchase of 1 × Starter" }).click();
  await expect(page.getByText("The unpaid purchase is discarded.")).toBeVisible();
  await expect(purchases).toContainText("Canceled");
  await expect(purchases).not.toContainText("Waiting for payment");
  const rows = await db
    .select({ status: transactions.status })
    .from(transactions)
    .where(eq(transactions.userId, buyer.id));
  expect(rows.map((r) => r.status)).toEqual(["canceled"]);
  // The provider's page no longer takes the payment.
  await gotoHydrated(page, sandbox);
  await expect(page.getByRole("button", { name: /^Pay \$/ })).toHaveCount(0);
  expect(await getTokenBalance(db, buyer.id)).toBe(50);
});

test("pre-registration: an early email gets its bonus once its account is verified", async ({ page, db }) => {
  await setFeatureFlag(db, "pre_registration", true);
  const email = `early-${randomBytes(4).toString("hex")}@example.test`;
  await gotoHydrated(page, "/pre-registration-event");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Tick the box to agree to hear from us at launch")).toBeVisible();
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("You're on the list. We sent you an email.")).toBeVisible();
  await expect
    .poll(async () => (await latestOutboxEmail(db, email))?.kind, { timeout: 15_000 })
    .toBe("pre-registration");

  // The account made with that email, once verified, has the welcome tokens and the bonus.
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: "violet lighthouse 42", name: "Early Bird" },
    headers: { Origin: ORIGIN() },
  });
  expect(signUp.status()).toBe(200);
  await expect.poll(async () => (await latestOutboxEmail(db, email))?.kind, { timeout: 15_000 }).toBe("verification");
  const text = (await latestOutboxEmail(db, email))!.text;
  const link = /https?:\/\/[^\s)]+\/verify-email\?[^\s)]+/.exec(text)![0];
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your email is verified");
  await expect.poll(async () => (await page.request.get("/api/tokens")).json()).toEqual({ balance: 150 });
});

test("the token redeem event counts down, then redeems a code once", async ({ page, db }) => {
  await setFeatureFlag(db, "countdown_timer_token_redeem", true);
  const redeem = code("SNOW");
  const now = Date.now();
  const [row] = await db
    .insert(redeemCodes)
    .values({
      code: redeem,
      tokens: 25,
      startsAt: new Date(now - 60_000),
      endsAt: new Date(now + 2 * 60 * 60_000),
      maxRedemptions: 100,
    })
    .returning();
  try {
    const user = await createVerifiedUser(db, "Rhea Redeemer");
    await page.request.post("/api/auth/sign-in/email", {
      data: { email: user.email, password: user.password },
      headers: { Origin: ORIGIN() },
    });
    await gotoHydrated(page, "/pricing-plans");
    const card = page.getByRole("region", { name: "Redeem tokens" });
    await expect(card.getByText("Closes in")).toBeVisible();
    await expect(card.getByRole("timer")).toHaveAttribute("aria-label", /Closes in: 0 days, [12] hours/);
    await card.getByLabel("Your code").fill(redeem.toLowerCase());
    await card.getByRole("button", { name: "Redeem" }).click();
    await expect(card.getByText("25 tokens added. Your balance is 75 tokens.")).toBeVisible();
    await card.getByLabel("Your code").fill(redeem);
    await card.getByRole("button", { name: "Redeem" }).click();
    await expect(card.getByText("You have already redeemed this code.")).toBeVisible();
    expect(await getTokenBalance(db, user.id)).toBe(75);
  } finally {
    await db.delete(redeemCodes).where(eq(redeemCodes.id, row!.id));
  }
});

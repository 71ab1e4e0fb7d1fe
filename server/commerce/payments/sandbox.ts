/**
 * The embedded sandbox payment provider: a provider of our own that runs with no network and no
 * account, for development, demos and tests. It behaves like a hosted checkout: it keeps its own
 * records (`sandbox_payments`), shows its own checkout page (/sandbox/checkout) that takes test
 * card numbers, and reports every outcome by a signed webhook delivered over HTTP to the same
 * endpoint a real provider calls, retried until it is accepted.
 *
 * Signatures are HMAC-SHA256 over `${timestamp}.${body}` in a `t=…,v1=…` header, the scheme
 * Stripe documents; we write it by hand because it is our own provider's (ADR 0021).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { resolveAuthSecret } from "../../app-secret";
import { getConfig } from "../../config";
import type { Database } from "../../db/client";
import { sandboxPayments } from "../../db/schema";
import { defineJob } from "../../jobs/define";
import { enqueueJob } from "../../jobs/queue";
import type { SubscriptionCheckoutRequest } from "./billing";
import {
  createSandboxBilling,
  openSandboxSubscription,
  RENEWAL_DECLINE_LAST4,
  type SandboxEventObject,
  sandboxNow,
} from "./sandbox-billing";
import {
  type CheckoutRequest,
  type CheckoutState,
  type PaymentProvider,
  PaymentProviderError,
  type WebhookEvent,
  WebhookSignatureError,
} from "./provider";

export const SANDBOX_SIGNATURE_HEADER = "atelier-sandbox-signature";
/** Deliveries older than this are refused, so a captured one cannot be replayed later. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export function sandboxWebhookSecret(): string {
  return (
    getConfig().payments.sandboxWebhookSecret ??
    createHmac("sha256", resolveAuthSecret()).update("atelier sandbox webhooks").digest("hex")
  );
}

export function signSandboxPayload(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export function verifySandboxSignature(body: string, header: string | null, secret: string, now = Date.now()): void {
  if (!header) throw new WebhookSignatureError("The delivery has no signature");
  const parts = new Map(header.split(",").map((kv) => kv.trim().split("=", 2) as [string, string]));
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given))
    throw new WebhookSignatureError("The signature header is malformed");
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
    throw new WebhookSignatureError("The delivery is too old");
  const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, "hex")))
    throw new WebhookSignatureError("The signature does not match");
}

const eventBody = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  data: z.object({
    object: z.object({
      id: z.string().min(1).max(100),
      object: z.enum(["checkout.session", "subscription", "invoice"]).optional(),
      subscription: z.string().max(100).nullish(),
    }),
  }),
});

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}

type SandboxRow = typeof sandboxPayments.$inferSelect;

function toState(row: SandboxRow): CheckoutState {
  const status =
    row.status === "complete"
      ? "paid"
      : row.status === "failed"
        ? "failed"
        : row.status === "expired"
          ? "expired"
          : "open";
  return {
    id: row.id,
    reference: row.reference,
    status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    paymentId: row.paymentId,
    failureMessage: row.declineMessage,
  };
}

async function createSubscriptionCheckout(db: Database, request: SubscriptionCheckoutRequest) {
  const id = newId("cs_sbx");
  const { price } = request;
  await db.insert(sandboxPayments).values({
    id,
    mode: "subscription",
    amountMinor: price.amountMinor,
    currency: price.currency,
    description: `${price.planName} membership, ${price.interval === "year" ? "yearly" : "monthly"}: renews every ${price.interval} until you cancel`,
    customerEmail: request.customerEmail,
    reference: request.reference,
    successUrl: request.successUrl,
    cancelUrl: request.cancelUrl,
    subscriptionPrice: {
      planId: price.planId,
      planName: price.planName,
      interval: price.interval,
      customerId: request.customerId,
    },
  });
  return { id, url: `/sandbox/checkout?session=${id}` };
}

async function checkoutSubscription(db: Database, checkoutId: string): Promise<string | null | "expired"> {
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, checkoutId));
  if (!row) throw new PaymentProviderError(`No sandbox checkout ${checkoutId}`);
  if (row.status === "complete") return row.subscriptionId;
  return row.status === "open" ? null : "expired";
}

export function createSandboxProvider(db: Database): PaymentProvider {
  return {
    billing: createSandboxBilling(
      db,
      (request) => createSubscriptionCheckout(db, request),
      (checkoutId) => checkoutSubscription(db, checkoutId),
      queueSandboxEvent,
    ),
    id: "sandbox",
    label: "Sandbox (test payments)",
    async createCheckout(request: CheckoutRequest) {
      const id = newId("cs_sbx");
      await db.insert(sandboxPayments).values({
        id,
        amountMinor: request.amountMinor,
        currency: request.currency,
        description: request.description,
        customerEmail: request.customerEmail,
        reference: request.reference,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
      });
      return { id, url: `/sandbox/checkout?session=${id}` };
    },
    async getCheckout(id) {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
      if (!row) throw new PaymentProviderError(`No sandbox checkout ${id}`);
      return toState(row);
    },
    async expireCheckout(id) {
      await expireSandboxCheckout(db, id);
    },
    async refundPayment(paymentId, amountMinor) {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.paymentId, paymentId));
      if (row?.status !== "complete") throw new PaymentProviderError(`No sandbox payment ${paymentId}`);
      if (row.refundedMinor + amountMinor > row.amountMinor)
        throw new PaymentProviderError("The refund is larger than what is left of the payment");
      await db
        .update(sandboxPayments)
        .set({ refundedMinor: row.refundedMinor + amountMinor, updatedAt: new Date() })
        .where(eq(sandboxPayments.id, row.id));
      return { refundId: newId("re_sbx") };
    },
    async parseWebhook(rawBody, headers) {
      verifySandboxSignature(rawBody, headers.get(SANDBOX_SIGNATURE_HEADER), sandboxWebhookSecret());
      let parsed: z.output<typeof eventBody>;
      try {
        parsed = eventBody.parse(JSON.parse(rawBody));
      } catch {
        throw new WebhookSignatureError("The delivery is not a sandbox event");
      }
      const object = parsed.data.object;
      const kind = object.object ?? "checkout.session";
      return {
        id: parsed.id,
        type: parsed.type,
        checkoutId: kind === "checkout.session" ? object.id : null,
        subscriptionId: kind === "subscription" ? object.id : (object.subscription ?? null),
        invoiceId: kind === "invoice" ? object.id : null,
      } satisfies WebhookEvent;
    },
  };
}

// ——— The sandbox's own side: its checkout page and its webhook deliveries ———

export interface SandboxCheckoutView {
  id: string;
  status: SandboxRow["status"];
  paymentStatus: SandboxRow["paymentStatus"];
  amountMinor: number;
  currency: string;
  description: string;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  declineMessage: string | null;
}

export async function getSandboxCheckout(db: Database, id: string): Promise<SandboxCheckoutView | null> {
  // Only what the checkout page shows: the row also holds the provider's internals.
  const [row] = await db
    .select({
      id: sandboxPayments.id,
      status: sandboxPayments.status,
      paymentStatus: sandboxPayments.paymentStatus,
      amountMinor: sandboxPayments.amountMinor,
      currency: sandboxPayments.currency,
      description: sandboxPayments.description,
      customerEmail: sandboxPayments.customerEmail,
      successUrl: sandboxPayments.successUrl,
      cancelUrl: sandboxPayments.cancelUrl,
      declineMessage: sandboxPayments.declineMessage,
    })
    .from(sandboxPayments)
    .where(eq(sandboxPayments.id, id));
  return row ?? null;
}

const DIGITS = (v: string) => v.replace(/[\s-]/g, "");

export const sandboxCardInput = z.object({
  number: z
    .string()
    .transform(DIGITS)
    .pipe(z.string().regex(/^\d{12,19}$/, "Enter the card number: 16 digits")),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, "Enter the expiry as MM/YY"),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Enter the 3 digits on the back"),
  name: z.string().trim().max(100).optional().default(""),
});

/** What each test card does; any other number is refused, as a provider's test mode does. */
const TEST_CARDS: Record<string, "succeed" | "confirm" | "decline" | "insufficient_funds"> = {
  "4242424242424242": "succeed",
  // Pays now; a membership's later renewals with it are declined (sandbox-billing.ts).
  [`400000000000${RENEWAL_DECLINE_LAST4}`]: "succeed",
  "4000002500003155": "confirm",
  "4000000000000002": "decline",
  "4000000000009995": "insufficient_funds",
};

export type SandboxPayResult =
  | { kind: "paid"; redirectTo: string }
  | { kind: "confirm" }
  | { kind: "declined"; message: string; redirectTo: string }
  | { kind: "invalid"; fields: Record<string, string[]> }
  | { kind: "closed"; redirectTo: string };

function expiryInPast(expiry: string, now: Date): boolean {
  const [mm, yy] = expiry.split("/").map((s) => Number(s.trim())) as [number, number];
  const endOfMonth = new Date(Date.UTC(2000 + yy, mm, 1));
  return endOfMonth <= now;
}

/** Moves an open checkout to its end state once, and queues the webhook that reports it. */
async function closeCheckout(
  db: Database,
  id: string,
  change: Partial<SandboxRow> & { status: string },
  eventType: string,
): Promise<SandboxRow | null> {
  const [row] = await db
    .update(sandboxPayments)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, "open")))
    .returning();
  if (!row) return null;
  if (row.mode === "subscription" && row.status === "complete" && row.subscriptionPrice) {
    const { customerId, ...plan } = row.subscriptionPrice;
    const sub = await openSandboxSubscription(
      db,
      {
        customerId: customerId ?? newId("cus_sbx"),
        customerEmail: row.customerEmail,
        reference: row.reference,
        price: { ...plan, amountMinor: row.amountMinor, currency: row.currency },
        cardLast4: row.cardLast4 ?? "4242",
        paymentId: row.paymentId ?? newId("pi_sbx"),
        now: await sandboxNow(db),
      },
      queueSandboxEvent,
    );
    await db.update(sandboxPayments).set({ subscriptionId: sub.id }).where(eq(sandboxPayments.id, id));
    await queueSandboxEvent(eventType, { id, object: "checkout.session", subscription: sub.id });
    return row;
  }
  await queueSandboxWebhook(eventType, id);
  return row;
}

function withSession(url: string, id: string): string {
  return url.replace("{CHECKOUT_SESSION_ID}", id);
}

/** The buyer pays on the sandbox page with a test card. */
export async function paySandboxCheckout(
  db: Database,
  id: string,
  input: unknown,
  now = new Date(),
): Promise<SandboxPayResult> {
  const checkout = await getSandboxCheckout(db, id);
  if (!checkout) return { kind: "invalid", fields: { _: ["This checkout does not exist"] } };
  if (checkout.status !== "open")
    return {
      kind: "closed",
      redirectTo: withSession(checkout.status === "complete" ? checkout.successUrl : checkout.cancelUrl, id),
    };
  const parsed = sandboxCardInput.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "_");
      fields[key] = [...(fields[key] ?? []), issue.message];
    }
    return { kind: "invalid", fields };
  }
  const card = parsed.data;
  if (expiryInPast(card.expiry, now)) return { kind: "invalid", fields: { expiry: ["This card has expired"] } };
  const behaviour = TEST_CARDS[card.number];
  if (!behaviour)
    return { kind: "invalid", fields: { number: ["Use one of the sandbox test cards listed on this page"] } };
  const last4 = card.number.slice(-4);
  if (behaviour === "confirm") {
    await db
      .update(sandboxPayments)
      .set({ cardLast4: last4, paymentStatus: "requires_confirmation", updatedAt: new Date() })
      .where(eq(sandboxPayments.id, id));
    return { kind: "confirm" };
  }
  if (behaviour === "succeed") {
    await closeCheckout(
      db,
      id,
      { status: "complete", paymentStatus: "paid", paymentId: newId("pi_sbx"), cardLast4: last4 },
      "checkout.session.completed",
    );
    return { kind: "paid", redirectTo: withSession(checkout.successUrl, id) };
  }
  const message = behaviour === "insufficient_funds" ? "Your card has insufficient funds." : "Your card was declined.";
  await closeCheckout(
    db,
    id,
    { status: "failed", paymentStatus: "declined", cardLast4: last4, declineMessage: message },
    "checkout.session.failed",
  );
  return { kind: "declined", message, redirectTo: withSession(checkout.cancelUrl, id) };
}

/** The confirmation step (like 3-D Secure): the buyer approves or refuses the payment. */
export async function confirmSandboxCheckout(db: Database, id: string, approve: boolean): Promise<SandboxPayResult> {
  const checkout = await getSandboxCheckout(db, id);
  if (!checkout) return { kind: "invalid", fields: { _: ["This checkout does not exist"] } };
  if (checkout.status !== "open" || checkout.paymentStatus !== "requires_confirmation") {
    return {
      kind: "closed",
      redirectTo: withSession(checkout.status === "complete" ? checkout.successUrl : checkout.cancelUrl, id),
    };
  }
  if (approve) {
    await closeCheckout(
      db,
      id,
      { status: "complete", paymentStatus: "paid", paymentId: newId("pi_sbx") },
      "checkout.session.completed",
    );
    return { kind: "paid", redirectTo: withSession(checkout.successUrl, id) };
  }
  const message = "The payment was not confirmed.";
  await closeCheckout(
    db,
    id,
    { status: "failed", paymentStatus: "declined", declineMessage: message },
    "checkout.session.failed",
  );
  return { kind: "declined", message, redirectTo: withSession(checkout.cancelUrl, id) };
}

/** The buyer leaves the sandbox page without paying, or the shop expires the checkout. */
export async function expireSandboxCheckout(db: Database, id: string): Promise<string | null> {
  const checkout = await getSandboxCheckout(db, id);
  if (!checkout) return null;
  await closeCheckout(db, id, { status: "expired" }, "checkout.session.expired");
  return withSession(checkout.cancelUrl, id);
}

export function sandboxEventBody(type: string, checkoutId: string): string {
  return sandboxObjectEventBody(type, { id: checkoutId, object: "checkout.session" });
}

export function sandboxObjectEventBody(type: string, object: SandboxEventObject): string {
  return JSON.stringify({
    id: newId("evt_sbx"),
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
}

export const deliverSandboxWebhookJob = defineJob({
  name: "payments.sandbox-webhook",
  schema: z.object({ body: z.string().min(2).max(10_000) }),
  // A provider retries deliveries for a long while; eight tries with backoff span about an hour.
  retry: { limit: 8, delaySeconds: 5 },
  expireInSeconds: 60,
  async handle({ body }) {
    const url = new URL("/api/payments/webhooks/sandbox", getConfig().publicUrl);
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, sandboxWebhookSecret()),
      },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`The webhook endpoint answered ${response.status}`);
  },
});

async function queueSandboxWebhook(type: string, checkoutId: string): Promise<void> {
  await enqueueJob(deliverSandboxWebhookJob, { body: sandboxEventBody(type, checkoutId) });
}

/** How the sandbox's billing reports a change: a queued, signed webhook like its checkouts'. */
export async function queueSandboxEvent(type: string, object: SandboxEventObject): Promise<void> {
  await enqueueJob(deliverSandboxWebhookJob, { body: sandboxObjectEventBody(type, object) });
}

/**
 * Payment webhooks: verified by the provider's signature, trusted for an event id and a
 * checkout id only. The transaction is then settled from the provider's own answer
 * (`settleTransaction`), which applies a result once however often the event is delivered.
 */
import type { Database } from "../db/client";
import { paymentEvents } from "../db/schema";
import { logger } from "../logger";
import { CommerceError } from "./errors";
import { getPaymentProvider } from "./payments";
import {
  type PaymentProvider,
  PaymentProviderError,
  type WebhookEvent,
  WebhookSignatureError,
} from "./payments/provider";
import { findMembershipByCheckout, syncMembershipCheckout, syncSubscription } from "./memberships/sync";
import { findTransactionByCheckout, settleTransaction } from "./transactions";

export interface WebhookOutcome {
  received: true;
  duplicate: boolean;
  transactionId: string | null;
  status: string | null;
  /** The membership the event was about (issue 41), when it was about one. */
  membershipId?: string | null;
}

export async function handlePaymentWebhook(
  db: Database,
  providerId: string,
  rawBody: string,
  headers: Headers,
): Promise<WebhookOutcome> {
  if (providerId !== "sandbox" && providerId !== "stripe")
    throw new CommerceError("unknown_provider", "No such payment provider");
  let provider: PaymentProvider;
  try {
    provider = getPaymentProvider(db, providerId);
  } catch {
    throw new CommerceError("unknown_provider", `The ${providerId} provider is not configured here`);
  }
  let event: WebhookEvent;
  try {
    event = await provider.parseWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      logger.warn({ provider: providerId, reason: error.message }, "refused a webhook with a bad signature");
      throw new CommerceError("bad_signature", `The webhook signature is not valid: ${error.message}`);
    }
    throw error;
  }
  const membership = await syncMembershipEvent(db, provider, event);
  if (membership !== undefined) return membership;
  const transaction = event.checkoutId ? await findTransactionByCheckout(db, providerId, event.checkoutId) : null;
  if (event.checkoutId && !transaction) {
    // Our own sandbox only reports our checkouts: anything else is a forgery or a bug. A Stripe
    // account may hold other sessions (payment links, other apps); Stripe retries non-2xx answers
    // for days and then disables the endpoint, so those are received and ignored.
    if (providerId === "sandbox") throw new CommerceError("unknown_checkout", "No transaction has this checkout");
    logger.info(
      { provider: providerId, event: event.id, checkout: event.checkoutId },
      "ignored a webhook about a checkout that is not ours",
    );
    return { received: true, duplicate: false, transactionId: null, status: null };
  }
  const inserted = await db
    .insert(paymentEvents)
    .values({ provider: providerId, eventId: event.id, type: event.type, transactionId: transaction?.id ?? null })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  if (!transaction) return { received: true, duplicate: inserted.length === 0, transactionId: null, status: null };
  // Settling again is harmless (conditional updates, an idempotent ledger row), so a duplicate
  // still settles: if its first delivery crashed half-way, this one finishes the work.
  const after = await settleTransaction(db, transaction.id, `webhook ${event.type}`, provider);
  return {
    received: true,
    duplicate: inserted.length === 0,
    transactionId: transaction.id,
    status: after?.status ?? null,
  };
}

/**
 * An event about a membership: its subscription checkout, the subscription or one of its
 * invoices. The membership is synced from the provider's answer (memberships/sync.ts), which
 * applies each change once however often and in whatever order events come. Undefined when the
 * event is not about a membership (a pack's checkout).
 */
async function syncMembershipEvent(
  db: Database,
  provider: PaymentProvider,
  event: WebhookEvent,
): Promise<WebhookOutcome | undefined> {
  const viaCheckout = event.checkoutId ? await findMembershipByCheckout(db, provider.id, event.checkoutId) : null;
  if (!viaCheckout && (event.checkoutId || !event.subscriptionId)) return undefined;
  const inserted = await db
    .insert(paymentEvents)
    .values({ provider: provider.id, eventId: event.id, type: event.type, transactionId: null })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  const duplicate = inserted.length === 0;
  const synced = viaCheckout
    ? await syncMembershipCheckout(db, provider, viaCheckout)
    : await syncSubscription(db, provider, event.subscriptionId!).catch((error: unknown) => {
        // The sandbox answers for its own subscriptions only: an unknown one is not ours.
        if (error instanceof PaymentProviderError && provider.id === "sandbox") return null;
        throw error;
      });
  if (!synced) {
    if (provider.id === "sandbox") throw new CommerceError("unknown_checkout", "No membership has this subscription");
    logger.info(
      { provider: provider.id, event: event.id, subscription: event.subscriptionId },
      "ignored a webhook about a subscription that is not ours",
    );
  }
  return {
    received: true,
    duplicate,
    transactionId: null,
    status: synced?.status ?? null,
    membershipId: synced?.id ?? null,
  };
}

/**
 * What Atelier needs from a payment provider, shaped after hosted checkout pages (Stripe
 * Checkout Sessions): open a checkout for an amount, read its state back, refund a payment, and
 * verify the provider's webhook deliveries. The embedded sandbox and Stripe implement it.
 *
 * Webhooks are trusted for an event id and a checkout id only: the state is always read back
 * from the provider with `getCheckout` before anything is credited.
 */
import type { MembershipBilling } from "./billing";

export interface CheckoutRequest {
  /** Our transaction id; the provider stores it and hands it back. */
  reference: string;
  amountMinor: number;
  currency: string;
  description: string;
  lines: { name: string; quantity: number; unitAmountMinor: number }[];
  customerEmail: string;
  /** Where the buyer lands after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutState {
  id: string;
  reference: string;
  /** open: still payable; paid; failed: the payment was declined for good; expired: abandoned or canceled. */
  status: "open" | "paid" | "failed" | "expired";
  amountMinor: number;
  currency: string;
  /** The payment to refund, once paid. */
  paymentId: string | null;
  /** Why it failed, in words for the buyer. */
  failureMessage: string | null;
}

export interface WebhookEvent {
  id: string;
  type: string;
  /** The checkout this event is about, when it is about one. */
  checkoutId: string | null;
  /** The subscription this event is about (a subscription, one of its invoices, or a subscription checkout). */
  subscriptionId?: string | null;
  /** The invoice this event is about, when it is about one. */
  invoiceId?: string | null;
}

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
}

export interface PaymentProvider {
  readonly id: "sandbox" | "stripe";
  /** Shown to buyers: "Sandbox (test payments)", "Stripe". */
  readonly label: string;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  getCheckout(id: string): Promise<CheckoutState>;
  /** Stops an open checkout from being paid (the buyer canceled, or it went stale). */
  expireCheckout(id: string): Promise<void>;
  refundPayment(paymentId: string, amountMinor: number): Promise<{ refundId: string }>;
  /** Verifies a delivery's signature and returns its event; throws WebhookSignatureError. */
  parseWebhook(rawBody: string, headers: Headers): Promise<WebhookEvent>;
  /** Memberships: subscriptions and their invoices (issue 41). */
  readonly billing: MembershipBilling;
}

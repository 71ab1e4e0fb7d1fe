/**
 * What Atelier needs from a payment provider to sell memberships, shaped after Stripe Billing:
 * a checkout in subscription mode, the subscription and its invoices read back, a change of
 * price now (prorated, charged at once) or from the next renewal, cancel at the period's end and
 * undo it, the provider's page where a member fixes their card, and a refund of an invoice.
 *
 * As with packs, webhooks are trusted for ids only: the membership is synced from
 * `getSubscription` and `getInvoice`, whatever the delivery said.
 */
import type { InvoiceLine, PlanInterval } from "../../db/schema";

export type { InvoiceLine };

/** A plan's price at one interval, as the provider is asked to charge it. */
export interface PlanPrice {
  planId: string;
  planName: string;
  interval: PlanInterval;
  amountMinor: number;
  currency: string;
}

export interface SubscriptionCheckoutRequest {
  /** Our membership id; the provider keeps it on the subscription and hands it back. */
  reference: string;
  customerEmail: string;
  /** The member's customer at the provider from an earlier membership, to keep one card and one history. */
  customerId: string | null;
  price: PlanPrice;
  successUrl: string;
  cancelUrl: string;
}

export interface SubscriptionState {
  id: string;
  customerId: string;
  /** Our membership id, when the subscription carries it. */
  reference: string | null;
  /** incomplete: the first payment is not made; past_due: a renewal failed and is retried; canceled: over. */
  status: "incomplete" | "active" | "past_due" | "canceled";
  /** The plan and interval the subscription is priced at now (a downgrade shows here before it applies). */
  planId: string | null;
  interval: PlanInterval;
  amountMinor: number;
  currency: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

export interface InvoiceState {
  id: string;
  subscriptionId: string;
  /** first: the checkout's; renewal: a new period; change: a prorated upgrade. */
  reason: "first" | "renewal" | "change";
  /** open: not paid yet (a failed attempt leaves it open while retries remain); uncollectible: retries gave up. */
  status: "open" | "paid" | "void" | "uncollectible";
  amountMinor: number;
  currency: string;
  /** The plan the invoice pays for (its subscription line's). */
  planId: string | null;
  planName: string;
  interval: PlanInterval;
  /** Line by line; a proration's credit line names the plan it credits (`planId`). */
  lines: InvoiceLine[];
  periodStart: Date;
  periodEnd: Date;
  attemptCount: number;
  nextAttemptAt: Date | null;
  /** The payment to refund, once paid. */
  paymentId: string | null;
  paidAt?: Date | null;
}

export interface MembershipBilling {
  /** The provider's clock: real time on Stripe; the sandbox's clock can be moved forward. */
  now(): Promise<Date>;
  createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<{ id: string; url: string }>;
  /** The subscription a subscription checkout opened: null while it is not paid; "expired" once it cannot be. */
  getCheckoutSubscription(checkoutId: string): Promise<string | null | "expired">;
  getSubscription(id: string): Promise<SubscriptionState>;
  getInvoice(id: string): Promise<InvoiceState>;
  listInvoices(subscriptionId: string): Promise<InvoiceState[]>;
  /**
   * Moves the subscription to another price. `now`: prorated for the rest of the period and
   * charged at once; refused (PaymentProviderError) when the charge fails, leaving the
   * subscription as it was. `renewal`: no charge now; the next renewal charges the new price.
   * Returns the invoice a change `now` made.
   */
  changePrice(subscriptionId: string, price: PlanPrice, when: "now" | "renewal"): Promise<{ invoiceId: string | null }>;
  /** What a change `now` would charge, line by line, without making it. */
  previewChange(subscriptionId: string, price: PlanPrice): Promise<{ amountMinor: number; lines: InvoiceLine[] }>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Ends the subscription now, with no further charge (an admin's refund of the current period). */
  cancelNow(subscriptionId: string): Promise<void>;
  /** The provider's page where the customer changes their card and sees invoices. */
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  refundInvoice(invoiceId: string, amountMinor: number): Promise<{ refundId: string }>;
}

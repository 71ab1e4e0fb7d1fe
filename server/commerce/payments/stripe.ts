/**
 * Stripe, through its official client: Checkout Sessions (hosted payment page), the session read
 * back to learn its state, refunds on the session's PaymentIntent, and webhook signatures checked
 * by `stripe.webhooks.constructEvent`. Used when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set.
 *
 * Memberships (issue 41) run on Stripe Billing: a plan's price is a recurring Price found by its
 * lookup key (made on first use), Checkout in subscription mode opens the subscription, and the
 * subscription and its invoices are read back in the client's API version — billing periods on
 * the subscription's item, an invoice's subscription under `parent.subscription_details`, its
 * payments under `payments` (expanded on request).
 */
import Stripe from "stripe";
import type { InvoiceLine, PlanInterval } from "../../db/schema";
import type { InvoiceState, MembershipBilling, PlanPrice, SubscriptionState } from "./billing";
import {
  type CheckoutRequest,
  type CheckoutState,
  type PaymentProvider,
  PaymentProviderError,
  type WebhookEvent,
  WebhookSignatureError,
} from "./provider";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (a local server speaking Stripe's API in tests); unset: api.stripe.com. */
  apiBase?: string | undefined;
}

/** Stripe's currencies are lower-case ISO codes; amounts are in minor units, as ours are. */
const toStripeCurrency = (currency: string) => currency.toLowerCase();

function failureOf(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  if (intent && typeof intent === "object" && intent.last_payment_error?.message)
    return intent.last_payment_error.message;
  return null;
}

export function toCheckoutState(session: Stripe.Checkout.Session): CheckoutState {
  const intent = session.payment_intent;
  const paymentId = typeof intent === "string" ? intent : (intent?.id ?? null);
  const status: CheckoutState["status"] =
    session.status === "complete" &&
    (session.payment_status === "paid" || session.payment_status === "no_payment_required")
      ? "paid"
      : session.status === "expired"
        ? "expired"
        : "open";
  return {
    id: session.id,
    reference: session.client_reference_id ?? session.metadata?.transaction_id ?? "",
    status,
    amountMinor: session.amount_total ?? 0,
    currency: (session.currency ?? "").toUpperCase(),
    paymentId,
    failureMessage: failureOf(session),
  };
}

/** The lookup key a plan's price at one interval and amount is found by: a changed price is a new Price. */
export const priceLookupKey = (price: PlanPrice) =>
  `atelier_${price.planId}_${price.interval}_${price.amountMinor}_${toStripeCurrency(price.currency)}`;

/** What a Price says of the plan it charges for: its metadata, else its lookup key. */
interface PriceInfo {
  planId: string | null;
  interval: PlanInterval;
  planName: string;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;
const toDate = (seconds: number) => new Date(seconds * 1000);
const asInterval = (value: string | null | undefined): PlanInterval | null =>
  value === "month" || value === "year" ? value : null;

function priceInfoOf(price: Stripe.Price): PriceInfo {
  const [, keyPlan, keyInterval] = /^atelier_(.+)_(month|year)_\d+_[a-z]+$/.exec(price.lookup_key ?? "") ?? [];
  const product =
    typeof price.product === "object" && !("deleted" in price.product && price.product.deleted) ? price.product : null;
  return {
    planId: price.metadata?.plan_id || keyPlan || null,
    interval:
      asInterval(price.metadata?.interval) ??
      asInterval(keyInterval) ??
      asInterval(price.recurring?.interval) ??
      "month",
    planName: product && "name" in product ? product.name : (price.nickname ?? ""),
  };
}

export function toSubscriptionStatus(status: Stripe.Subscription.Status): SubscriptionState["status"] {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "canceled":
    case "incomplete_expired":
      return "canceled";
    case "incomplete":
      return "incomplete";
    default:
      // past_due, unpaid; paused too (not collecting, not over).
      return "past_due";
  }
}

export function toSubscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const item = subscription.items.data[0];
  if (!item) throw new PaymentProviderError(`Stripe subscription ${subscription.id} has no item`);
  const info = priceInfoOf(item.price);
  const periodEnd = item.current_period_end;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? "",
    reference: subscription.metadata?.membership_id || null,
    status: toSubscriptionStatus(subscription.status),
    planId: info.planId,
    interval: info.interval,
    amountMinor: (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
    currency: (item.price.currency ?? subscription.currency).toUpperCase(),
    currentPeriodStart: toDate(item.current_period_start),
    currentPeriodEnd: toDate(periodEnd),
    // The Customer Portal may cancel with `cancel_at` (the period's end) rather than the flag.
    cancelAtPeriodEnd:
      subscription.cancel_at_period_end || (subscription.cancel_at !== null && subscription.cancel_at <= periodEnd),
  };
}

const INVOICE_REASONS: Partial<Record<string, InvoiceState["reason"]>> = {
  subscription_create: "first",
  subscription_cycle: "renewal",
  subscription_update: "change",
};

const isProration = (line: Stripe.InvoiceLineItem) =>
  line.parent?.subscription_item_details?.proration ?? line.parent?.invoice_item_details?.proration ?? false;

/** The line an invoice pays for: the subscription's own line, or in a change the new price's (positive) proration. */
function mainLine(invoice: Stripe.Invoice): Stripe.InvoiceLineItem | undefined {
  const lines = invoice.lines.data;
  return lines.find((line) => !isProration(line)) ?? lines.find((line) => line.amount > 0) ?? lines[0];
}

const linePriceId = (line: Stripe.InvoiceLineItem | undefined) => idOf(line?.pricing?.price_details?.price);

/** The invoice's payment to refund: its PaymentIntent (or charge) that paid it. */
function paymentOf(invoice: Stripe.Invoice): { payment_intent: string } | { charge: string } | null {
  const payments = invoice.payments?.data ?? [];
  const payment = payments.find((p) => p.status === "paid") ?? payments.find((p) => p.is_default);
  const intent = idOf(payment?.payment.payment_intent);
  if (intent) return { payment_intent: intent };
  const charge = idOf(payment?.payment.charge);
  return charge ? { charge } : null;
}

export function toInvoiceState(invoice: Stripe.Invoice, price: PriceInfo | null): InvoiceState {
  const line = mainLine(invoice);
  const payment = invoice.status === "paid" || invoice.amount_paid > 0 ? paymentOf(invoice) : null;
  const status = invoice.status === "draft" || !invoice.status ? "open" : invoice.status;
  return {
    id: invoice.id,
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(line?.subscription) ?? "",
    reason: INVOICE_REASONS[invoice.billing_reason ?? ""] ?? "renewal",
    status: status as InvoiceState["status"],
    amountMinor: invoice.total,
    currency: invoice.currency.toUpperCase(),
    planId: price?.planId ?? null,
    planName: price?.planName ?? "",
    interval: price?.interval ?? "month",
    lines: invoice.lines.data.map((l): InvoiceLine => ({ description: l.description ?? "", amountMinor: l.amount })),
    periodStart: toDate(line?.period.start ?? invoice.period_start),
    periodEnd: toDate(line?.period.end ?? invoice.period_end),
    attemptCount: invoice.attempt_count,
    nextAttemptAt: invoice.next_payment_attempt ? toDate(invoice.next_payment_attempt) : null,
    paymentId: payment ? ("payment_intent" in payment ? payment.payment_intent : payment.charge) : null,
  };
}

/** The fields of an event's object the ids are read from, in the client's API version and older ones. */
interface EventObject {
  object?: string;
  id?: string;
  mode?: string;
  subscription?: string | { id: string } | null;
  parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
}

/** Which checkout, subscription and invoice an event is about (ids only: the state is read back). */
function idsOfEventObject(object: EventObject): Pick<WebhookEvent, "checkoutId" | "subscriptionId" | "invoiceId"> {
  const id = object.id ?? null;
  switch (object.object) {
    case "checkout.session":
      return {
        checkoutId: id,
        subscriptionId: object.mode === "subscription" ? idOf(object.subscription) : null,
        invoiceId: null,
      };
    case "subscription":
      return { checkoutId: null, subscriptionId: id, invoiceId: null };
    case "invoice":
      return {
        checkoutId: null,
        // `subscription` on the invoice itself is how API versions before 2025-03-31 deliver it.
        subscriptionId: idOf(object.parent?.subscription_details?.subscription) ?? idOf(object.subscription),
        invoiceId: id,
      };
    default:
      return { checkoutId: null, subscriptionId: null, invoiceId: null };
  }
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
  const wrap = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new PaymentProviderError(
        `Stripe ${what} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  /** Price ids by lookup key, and what each price charges for: both fixed once made. */
  const priceIds = new Map<string, string>();
  const priceInfos = new Map<string, PriceInfo>();

  const priceFor = async (price: PlanPrice): Promise<string> => {
    const key = priceLookupKey(price);
    const known = priceIds.get(key);
    if (known) return known;
    const found = await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 });
    const made =
      found.data[0] ??
      (await stripe.prices.create(
        {
          currency: toStripeCurrency(price.currency),
          unit_amount: price.amountMinor,
          recurring: { interval: price.interval },
          product_data: { name: price.planName },
          lookup_key: key,
          metadata: { plan_id: price.planId, interval: price.interval },
        },
        { idempotencyKey: `price-${key}` },
      ));
    priceIds.set(key, made.id);
    priceInfos.set(made.id, { planId: price.planId, interval: price.interval, planName: price.planName });
    return made.id;
  };

  const priceInfo = async (priceId: string | null): Promise<PriceInfo | null> => {
    if (!priceId) return null;
    const known = priceInfos.get(priceId);
    if (known) return known;
    const info = priceInfoOf(await stripe.prices.retrieve(priceId, { expand: ["product"] }));
    priceInfos.set(priceId, info);
    return info;
  };

  /** The invoice as Atelier reads it, each line naming its plan (a proration's credit names the plan left). */
  const invoiceState = async (invoice: Stripe.Invoice) => {
    const state = toInvoiceState(invoice, await priceInfo(linePriceId(mainLine(invoice))));
    const plans = await Promise.all(
      invoice.lines.data.map(async (line) => (await priceInfo(linePriceId(line)))?.planId),
    );
    return {
      ...state,
      lines: state.lines.map((line, i) => (plans[i] ? { ...line, planId: plans[i] } : line)),
    };
  };

  const itemOf = async (subscriptionId: string) => {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new Error(`subscription ${subscriptionId} has no item`);
    return { subscription, item };
  };

  const billing: MembershipBilling = {
    async now() {
      return new Date();
    },
    async createSubscriptionCheckout(request) {
      const session = await wrap("subscription checkout", async () =>
        stripe.checkout.sessions.create(
          {
            mode: "subscription",
            client_reference_id: request.reference,
            ...(request.customerId ? { customer: request.customerId } : { customer_email: request.customerEmail }),
            line_items: [{ price: await priceFor(request.price), quantity: 1 }],
            metadata: { membership_id: request.reference },
            subscription_data: { metadata: { membership_id: request.reference } },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: `membership-checkout-${request.reference}` },
        ),
      );
      if (!session.url) throw new PaymentProviderError("Stripe returned a checkout without a payment page");
      return { id: session.id, url: session.url };
    },
    async getCheckoutSubscription(checkoutId) {
      const session = await wrap("checkout read", () => stripe.checkout.sessions.retrieve(checkoutId));
      if (session.status === "expired") return "expired";
      const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
      return session.status === "complete" && paid ? idOf(session.subscription) : null;
    },
    async getSubscription(id) {
      return toSubscriptionState(await wrap("subscription read", () => stripe.subscriptions.retrieve(id)));
    },
    async getInvoice(id) {
      return wrap("invoice read", async () =>
        invoiceState(await stripe.invoices.retrieve(id, { expand: ["payments"] })),
      );
    },
    async listInvoices(subscriptionId) {
      return wrap("invoice list", async () => {
        const invoices = await stripe.invoices
          .list({ subscription: subscriptionId, limit: 100, expand: ["data.payments"] })
          .autoPagingToArray({ limit: 10_000 });
        // Newest first, as Stripe lists them.
        return Promise.all(invoices.map(invoiceState));
      });
    },
    async changePrice(subscriptionId, price, when) {
      return wrap("price change", async () => {
        const [{ subscription, item }, priceId] = await Promise.all([itemOf(subscriptionId), priceFor(price)]);
        const updated = await stripe.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price: priceId }],
          ...(when === "now"
            ? // Charged at once for the rest of the period; a declined card leaves the subscription as it was.
              { proration_behavior: "always_invoice", payment_behavior: "error_if_incomplete" }
            : // The next renewal charges the new price; nothing now — except that Stripe starts a new
              // period (and invoices it) at once when the interval changes.
              { proration_behavior: "none" }),
        });
        // The invoice this change made, if any (the same price again makes none).
        const before = idOf(subscription.latest_invoice);
        const after = idOf(updated.latest_invoice);
        return { invoiceId: after !== before ? after : null };
      });
    },
    async previewChange(subscriptionId, price) {
      return wrap("change preview", async () => {
        const [{ item }, priceId] = await Promise.all([itemOf(subscriptionId), priceFor(price)]);
        const preview = await stripe.invoices.createPreview({
          subscription: subscriptionId,
          subscription_details: {
            items: [{ id: item.id, price: priceId }],
            proration_behavior: "always_invoice",
          },
        });
        // What is charged now: the prorations (Stripe's advice: the lines marked so) and, when the
        // interval changes, the new period that starts now; not a next renewal the preview may show.
        const lines = preview.lines.data
          .filter((l) => isProration(l) || l.period.start < item.current_period_end)
          .map((l): InvoiceLine => ({ description: l.description ?? "", amountMinor: l.amount }));
        return { amountMinor: lines.reduce((sum, l) => sum + l.amountMinor, 0), lines };
      });
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await wrap("cancel at period end", async () => {
        if (cancel) {
          await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
          return;
        }
        const subscription = await stripe.subscriptions.retrieve(subscriptionId);
        // Undo whichever way it was set: the flag, or a `cancel_at` the Customer Portal left.
        if (subscription.cancel_at_period_end || subscription.cancel_at === null)
          await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
        else await stripe.subscriptions.update(subscriptionId, { cancel_at: "" });
      });
    },
    async cancelNow(subscriptionId) {
      await wrap("cancel", () => stripe.subscriptions.cancel(subscriptionId, { prorate: false, invoice_now: false }));
    },
    async portalUrl(customerId, returnUrl) {
      const session = await wrap("portal", () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return session.url;
    },
    async refundInvoice(invoiceId, amountMinor) {
      return wrap("invoice refund", async () => {
        const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ["payments"] });
        const payment = paymentOf(invoice);
        if (!payment) throw new Error(`invoice ${invoiceId} has no payment to refund`);
        const refund = await stripe.refunds.create(
          { ...payment, amount: amountMinor },
          { idempotencyKey: `refund-invoice-${invoiceId}-${amountMinor}` },
        );
        return { refundId: refund.id };
      });
    },
  };

  return {
    id: "stripe",
    label: "Stripe",
    async createCheckout(request: CheckoutRequest) {
      const session = await wrap("checkout", () =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            client_reference_id: request.reference,
            customer_email: request.customerEmail,
            metadata: { transaction_id: request.reference },
            // One line carries the amount we priced, discount included: Stripe must charge exactly our total.
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: toStripeCurrency(request.currency),
                  unit_amount: request.amountMinor,
                  product_data: { name: request.description },
                },
              },
            ],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          // A retried request must not open a second session for one transaction.
          { idempotencyKey: `checkout-${request.reference}` },
        ),
      );
      if (!session.url) throw new PaymentProviderError("Stripe returned a checkout without a payment page");
      return { id: session.id, url: session.url };
    },
    async getCheckout(id) {
      const session = await wrap("read", () => stripe.checkout.sessions.retrieve(id, { expand: ["payment_intent"] }));
      return toCheckoutState(session);
    },
    async expireCheckout(id) {
      await wrap("expire", async () => {
        const session = await stripe.checkout.sessions.retrieve(id);
        if (session.status === "open") await stripe.checkout.sessions.expire(id);
      });
    },
    async refundPayment(paymentId, amountMinor) {
      const refund = await wrap("refund", () =>
        stripe.refunds.create(
          { payment_intent: paymentId, amount: amountMinor },
          { idempotencyKey: `refund-${paymentId}-${amountMinor}` },
        ),
      );
      return { refundId: refund.id };
    },
    async parseWebhook(rawBody, headers) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, headers.get("stripe-signature") ?? "", settings.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : "Bad Stripe signature");
      }
      return { id: event.id, type: event.type, ...idsOfEventObject(event.data.object as EventObject) };
    },
    billing,
  };
}

/**
 * Stripe, through its official client: Checkout Sessions (hosted payment page), the session read
 * back to learn its state, refunds on the session's PaymentIntent, and webhook signatures checked
 * by `stripe.webhooks.constructEvent`. Used when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set.
 */
import Stripe from "stripe";
import {
  type CheckoutRequest,
  type CheckoutState,
  type PaymentProvider,
  PaymentProviderError,
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
      const object = event.data.object as { object?: string; id?: string };
      return {
        id: event.id,
        type: event.type,
        checkoutId: object.object === "checkout.session" ? (object.id ?? null) : null,
      };
    },
  };
}

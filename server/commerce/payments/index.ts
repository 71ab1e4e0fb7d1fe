/** The payment provider configuration asks for: Stripe when its keys are set, else the embedded sandbox. */
import { getConfig } from "../../config";
import type { Database } from "../../db/client";
import type { PaymentProvider } from "./provider";
import { createSandboxProvider } from "./sandbox";
import { createStripeProvider } from "./stripe";

let stripe: PaymentProvider | undefined;

export function getPaymentProvider(db: Database, id?: string): PaymentProvider {
  const { payments } = getConfig();
  const wanted = id ?? payments.provider;
  if (wanted === "stripe") {
    if (!payments.stripe) throw new Error("Stripe is not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
    stripe ??= createStripeProvider(payments.stripe);
    return stripe;
  }
  return createSandboxProvider(db);
}

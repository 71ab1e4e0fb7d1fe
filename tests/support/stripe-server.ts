/**
 * A local server that speaks Stripe's documented REST API (v1, in the installed client's API
 * version) for exactly the calls Atelier makes — packs: Checkout Sessions in payment mode, their
 * read back and expiry, refunds; memberships (Stripe Billing): Prices by lookup key, Checkout in
 * subscription mode, subscriptions read, updated (price changes with or without proration, cancel
 * at the period's end and undo) and canceled, invoices read and listed (payments expanded on
 * request), invoice previews, Customer Portal sessions, refunds of an invoice's PaymentIntent.
 *
 * Requests are checked as Stripe checks them: the bearer key, form encoding (bracket notation),
 * unknown parameters and expansions refused, idempotency keys replayed (same key and same request:
 * the first answer again; other parameters: an `idempotency_error`). Answers are Stripe-shaped
 * objects and Stripe-shaped errors (`{error: {type, code, message, param}}`, 401/402/404/400).
 *
 * Time runs on a test clock (`now`, `advanceTo`): renewals at each period's end (a new invoice,
 * charged), a declined card leaves the invoice open with `attempt_count` and a
 * `next_payment_attempt` after `retryDays` (Stripe's smart retries, approximated as a schedule),
 * the subscription `past_due`; after the last failed attempt the invoice is uncollectible and the
 * subscription canceled. A subscription set to cancel at the period's end ends there.
 *
 * Webhooks: every event (checkout.session.completed/expired, customer.subscription.created/
 * updated/deleted, invoice.paid, invoice.payment_failed; `data.object` as Stripe renders it) is
 * POSTed to `webhookUrl`, signed with the endpoint secret by Stripe's own test helper, one at a
 * time in the order made — or held and released in any order, and replayed on demand.
 *
 * Not modelled (answered 400 with "not modelled", so a test sees it rather than a silent guess):
 * pending proration items (`proration_behavior: create_prorations`), payment behaviours other
 * than `error_if_incomplete`/`allow_incomplete`, prorated cancellation. A change of interval
 * resets the billing cycle and invoices at once, as Stripe documents.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { closeServer, readBody } from "./fake-http";

export type CardBehaviour = "ok" | "decline";

export interface StripeServerOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where events are POSTed; unset: events are only recorded. */
  webhookUrl?: string | null;
  /** The test clock's start (default: the real time now). */
  now?: Date;
  /** Days from each failed attempt to the next (default [3, 5, 7]); after the last, the subscription is canceled. */
  retryDays?: number[];
  /** The port to listen on (default: any free one), for a test that must name the address before it starts. */
  port?: number;
}

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** The raw form (POST body, or the query of GET/DELETE), and the same decoded from bracket notation. */
  form: URLSearchParams;
  params: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
  status: number;
}

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  /** The endpoint's HTTP status; null when it could not be reached. */
  status: number | null;
  body: string;
}

export interface CheckoutCompletion {
  sessionId: string;
  customerId: string | null;
  subscriptionId: string | null;
  invoiceId: string | null;
  paymentIntentId: string | null;
}

// ---------------------------------------------------------------- stored objects (Stripe's shapes)

type Meta = Record<string, string>;

export interface FakeProduct {
  id: string;
  object: "product";
  active: boolean;
  created: number;
  livemode: false;
  metadata: Meta;
  name: string;
}

export interface FakePrice {
  id: string;
  object: "price";
  active: boolean;
  billing_scheme: "per_unit";
  created: number;
  currency: string;
  livemode: false;
  lookup_key: string | null;
  metadata: Meta;
  nickname: string | null;
  product: string;
  recurring: {
    interval: string;
    interval_count: number;
    meter: null;
    trial_period_days: null;
    usage_type: "licensed";
  } | null;
  tax_behavior: "unspecified";
  type: "recurring" | "one_time";
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface FakeCustomer {
  id: string;
  object: "customer";
  created: number;
  email: string | null;
  invoice_settings: { default_payment_method: string | null };
  livemode: false;
  metadata: Meta;
  name: string | null;
}

export interface FakeSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  livemode: false;
  metadata: Meta;
  mode: "payment" | "subscription";
  payment_intent: string | null;
  payment_status: "paid" | "unpaid";
  status: "open" | "complete" | "expired";
  subscription: string | null;
  success_url: string | null;
  url: string | null;
  [field: string]: unknown;
}

export interface FakeItem {
  id: string;
  object: "subscription_item";
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: string[];
  metadata: Meta;
  price: FakePrice;
  quantity: number;
  subscription: string;
  tax_rates: never[];
}

export interface FakeSubscription {
  id: string;
  object: "subscription";
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: null; feedback: null; reason: string | null };
  collection_method: "charge_automatically";
  created: number;
  currency: string;
  customer: string;
  default_payment_method: string | null;
  discounts: string[];
  ended_at: number | null;
  items: { object: "list"; data: FakeItem[]; has_more: false; total_count: number; url: string };
  latest_invoice: string | null;
  livemode: false;
  metadata: Meta;
  pending_update: null;
  schedule: null;
  start_date: number;
  status: "active" | "past_due" | "canceled";
  test_clock: null;
  trial_end: null;
  trial_start: null;
}

export interface FakeLine {
  id: string;
  object: "line_item";
  amount: number;
  currency: string;
  description: string;
  discount_amounts: never[];
  discountable: boolean;
  discounts: never[];
  invoice: string | null;
  livemode: false;
  metadata: Meta;
  parent: {
    type: "subscription_item_details";
    invoice_item_details: null;
    subscription_item_details: {
      invoice_item: string | null;
      proration: boolean;
      proration_details: { credited_items: null };
      subscription: string;
      subscription_item: string;
    };
  };
  period: { start: number; end: number };
  pricing: {
    type: "price_details";
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
  quantity: number;
  subtotal: number;
  taxes: never[];
}

export interface FakeInvoice {
  id: string;
  object: "invoice";
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  auto_advance: boolean;
  billing_reason: string;
  collection_method: "charge_automatically";
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
  lines: { object: "list"; data: FakeLine[]; has_more: false; total_count: number; url: string };
  livemode: false;
  metadata: Meta;
  next_payment_attempt: number | null;
  number: string | null;
  parent: {
    type: "subscription_details";
    quote_details: null;
    subscription_details: { metadata: Meta; subscription: string };
  };
  period_end: number;
  period_start: number;
  status: "draft" | "open" | "paid" | "uncollectible" | "void";
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
  };
  subtotal: number;
  total: number;
}

export interface FakeInvoicePayment {
  id: string;
  object: "invoice_payment";
  amount_paid: number | null;
  amount_requested: number;
  created: number;
  currency: string;
  invoice: string;
  is_default: boolean;
  livemode: false;
  payment: { type: "payment_intent"; payment_intent: string };
  status: "open" | "paid" | "canceled";
  status_transitions: { canceled_at: number | null; paid_at: number | null };
}

export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  created: number;
  currency: string;
  customer: string | null;
  last_payment_error: { type: string; code: string; decline_code: string; message: string } | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Meta;
  payment_method_types: string[];
  status: "requires_payment_method" | "succeeded";
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  charge: string | null;
  created: number;
  currency: string;
  metadata: Meta;
  payment_intent: string;
  reason: string | null;
  status: "succeeded";
}

export interface FakePortalSession {
  id: string;
  object: "billing_portal.session";
  created: number;
  customer: string;
  livemode: false;
  return_url: string | null;
  url: string;
}

/** What a checkout line charges (a Price, or price_data in payment mode). */
interface SessionLine {
  price: FakePrice | null;
  currency: string;
  name: string;
  unitAmount: number;
  quantity: number;
}

export interface StripeServer {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every API request, in order. */
  requests: RecordedStripeRequest[];
  customers: Map<string, FakeCustomer>;
  products: Map<string, FakeProduct>;
  prices: Map<string, FakePrice>;
  sessions: Map<string, FakeSession>;
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  portalSessions: Map<string, FakePortalSession>;
  /** Every event made, in order; and every delivery attempt to the webhook endpoint. */
  events: StripeEvent[];
  deliveries: WebhookDelivery[];
  /** The test clock. */
  now(): Date;
  /** Moves the clock forward, running renewals, retries, period-end cancellations and session expiries on the way. */
  advanceTo(date: Date): Promise<void>;
  advanceDays(days: number): Promise<void>;
  /** Pays (or declines) an open Checkout Session as the buyer would on Stripe's page. */
  completeCheckout(sessionId: string, options?: { card?: CardBehaviour }): Promise<CheckoutCompletion>;
  /** The customer's card from now on: "decline" fails every charge until set back to "ok". */
  setCard(customerId: string, card: CardBehaviour): void;
  setWebhookUrl(url: string | null): void;
  /** Keeps events instead of sending them, until released. */
  holdWebhooks(): void;
  /** Sends the held events — in the order made, reversed, or as `order` arranges them — then sends as they come. */
  releaseWebhooks(order?: "made" | "reversed" | ((held: StripeEvent[]) => StripeEvent[])): Promise<WebhookDelivery[]>;
  /** Sends an event (again): same id and body, a fresh signature, as Stripe's retries and "Resend" do. */
  replayEvent(eventId: string): Promise<WebhookDelivery>;
  /** Resolves when every event sent so far has been answered. */
  webhooksSettled(): Promise<void>;
  /** Events of one type (all when unset), in order. */
  eventsOf(type?: string): StripeEvent[];
  /** A Stripe-Signature header for a payload, signed with the endpoint secret (or another). */
  sign(payload: string, secret?: string): string;
  /** Forgets every object, request, event and delivery; the clock goes back to its start. */
  reset(): void;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- helpers

const API_VERSION: string = Stripe.API_VERSION;
const DAY = 86_400;
const DECLINE = {
  type: "card_error",
  code: "card_declined",
  decline_code: "generic_decline",
  message: "Your card was declined.",
};

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {
    super(String(error.message));
  }
}

const invalid = (message: string, param?: string) =>
  new ApiError(400, { type: "invalid_request_error", message, ...(param ? { param } : {}) });
const missing = (kind: string, id: string, param?: string) =>
  new ApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    ...(param ? { param } : {}),
  });
const notModelled = (what: string) => invalid(`${what} is not modelled by the local Stripe server`);

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Stripe's bracket notation (`a[b][0][c]=v`, `a[]=v`) to nested objects and arrays. */
export function decodeStripeForm(form: URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of form) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) throw invalid(`Invalid parameter name: ${key}`);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node = root;
    for (const [index, part] of path.entries()) {
      const name = part === "" ? String(Object.keys(node).length) : part;
      if (index === path.length - 1) {
        if (name in node) throw invalid(`Received duplicate parameter: ${key}`);
        node[name] = value;
      } else {
        const next = node[name] ?? {};
        if (typeof next !== "object") throw invalid(`Invalid parameter: ${key}`, path[0]);
        node[name] = next;
        node = next as Record<string, unknown>;
      }
    }
  }
  const arrayify = (value: unknown): unknown => {
    if (!value || typeof value !== "object") return value;
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k)))
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => arrayify(v));
    return Object.fromEntries(entries.map(([k, v]) => [k, arrayify(v)]));
  };
  return arrayify(root) as Record<string, unknown>;
}

type Params = Record<string, unknown>;

function allow(params: Params, names: string[], prefix = "") {
  for (const name of Object.keys(params))
    if (!names.includes(name)) throw invalid(`Received unknown parameter: ${prefix}${name}`, `${prefix}${name}`);
}
const str = (params: Params, name: string): string | undefined => {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalid(`Invalid string: ${name}`, name);
  return value;
};
const required = (params: Params, name: string): string => {
  const value = str(params, name);
  if (value === undefined || value === "") throw invalid(`Missing required param: ${name}.`, name);
  return value;
};
const int = (params: Params, name: string): number | undefined => {
  const value = str(params, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, name);
  return Number(value);
};
const bool = (params: Params, name: string): boolean | undefined => {
  const value = str(params, name);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw invalid(`Invalid boolean: ${value}`, name);
  return value === "true";
};
const obj = (params: Params, name: string): Params | undefined => {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!value || typeof value !== "object" || Array.isArray(value)) throw invalid(`Invalid hash: ${name}`, name);
  return value as Params;
};
const list = (params: Params, name: string): Params[] | undefined => {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw invalid(`Invalid array: ${name}`, name);
  return value as Params[];
};
const metadataOf = (params: Params, name = "metadata"): Meta | undefined => {
  const value = obj(params, name);
  if (!value) return undefined;
  for (const [k, v] of Object.entries(value))
    if (typeof v !== "string") throw invalid(`Invalid metadata value for ${k}`, `${name}[${k}]`);
  return value as Meta;
};
const expansions = (params: Params, allowed: string[]): Set<string> => {
  const wanted = (list(params, "expand") ?? []) as unknown as string[];
  for (const path of wanted)
    if (!allowed.includes(path)) throw invalid(`This property cannot be expanded (${path}).`, "expand");
  return new Set(wanted);
};

function money(amount: number, currency: string) {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
}
const shortDate = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

/** `anchor` plus `count` intervals; a month keeps the anchor's day, or the month's last (Jan 31 → Feb 28). */
function addIntervals(anchor: number, interval: string, count: number): number {
  const date = new Date(anchor * 1000);
  const months = interval === "year" ? 12 * count : interval === "month" ? count : 0;
  if (months === 0) return anchor + (interval === "week" ? 7 : 1) * DAY * count;
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

// ---------------------------------------------------------------- the server

export async function startStripeServer(options: StripeServerOptions): Promise<StripeServer> {
  const { secretKey, webhookSecret } = options;
  const retryDays = options.retryDays ?? [3, 5, 7];
  const signer = new Stripe(secretKey);
  const start = () => Math.floor((options.now ?? new Date()).getTime() / 1000);

  let clock = start();
  let counter = 0;
  let webhookUrl = options.webhookUrl ?? null;
  let holding = false;
  let held: StripeEvent[] = [];
  let sending: Promise<unknown> = Promise.resolve();
  let currentRequest: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null };

  const requests: RecordedStripeRequest[] = [];
  const customers = new Map<string, FakeCustomer>();
  const products = new Map<string, FakeProduct>();
  const prices = new Map<string, FakePrice>();
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  const portalSessions = new Map<string, FakePortalSession>();
  const events: StripeEvent[] = [];
  const deliveries: WebhookDelivery[] = [];
  // What Stripe keeps beside the objects: checkout lines, subscription data, cards, payments, keys.
  const sessionLines = new Map<string, SessionLine[]>();
  const sessionSubscriptionMeta = new Map<string, Meta>();
  const cards = new Map<string, CardBehaviour>();
  const invoicePayments = new Map<string, FakeInvoicePayment[]>();
  const refunded = new Map<string, number>();
  const cycles = new Map<string, number>();
  const idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();

  const newId = (prefix: string) =>
    `${prefix}_test_${(++counter).toString(36).padStart(4, "0")}${randomBytes(6).toString("hex")}`;

  // ---- rendering

  const renderInvoice = (invoice: FakeInvoice, withPayments: boolean) => {
    const rendered: Record<string, unknown> = { ...clone(invoice) };
    if (withPayments) {
      const payments = invoicePayments.get(invoice.id) ?? [];
      rendered.payments = {
        object: "list",
        data: clone(payments),
        has_more: false,
        url: `/v1/invoice_payments?invoice=${invoice.id}`,
      };
    }
    return rendered;
  };

  const listOf = <T extends { id: string }>(items: T[], params: Params, url: string) => {
    const limit = int(params, "limit") ?? 10;
    if (limit < 1 || limit > 100) throw invalid("Invalid limit: must be between 1 and 100", "limit");
    const after = str(params, "starting_after");
    let from = 0;
    if (after) {
      const index = items.findIndex((item) => item.id === after);
      if (index < 0) throw invalid(`No such object: '${after}'`, "starting_after");
      from = index + 1;
    }
    const page = items.slice(from, from + limit);
    return { object: "list", data: page, has_more: from + limit < items.length, url };
  };

  // ---- webhooks

  const deliver = async (event: StripeEvent): Promise<WebhookDelivery> => {
    const payload = JSON.stringify(event, null, 2);
    const delivery: WebhookDelivery = { eventId: event.id, type: event.type, status: null, body: "" };
    if (webhookUrl) {
      try {
        const response = await fetch(webhookUrl, {
          method: "POST",
          headers: {
            "content-type": "application/json; charset=utf-8",
            "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
            "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
          },
          body: payload,
        });
        delivery.status = response.status;
        delivery.body = await response.text();
      } catch (error) {
        delivery.body = error instanceof Error ? error.message : String(error);
      }
    }
    deliveries.push(delivery);
    return delivery;
  };

  /** Sends one at a time, in order: a delivery starts once the one before it was answered. */
  const enqueue = (event: StripeEvent): Promise<WebhookDelivery> => {
    const next = sending.then(() => deliver(event));
    sending = next.catch(() => undefined);
    return next;
  };

  const emit = (type: string, object: unknown, previous?: Record<string, unknown>) => {
    const event: StripeEvent = {
      id: newId("evt"),
      object: "event",
      api_version: API_VERSION,
      created: clock,
      data: {
        object: clone(object) as Record<string, unknown>,
        ...(previous && Object.keys(previous).length > 0 ? { previous_attributes: clone(previous) } : {}),
      },
      livemode: false,
      pending_webhooks: webhookUrl ? 1 : 0,
      request: { ...currentRequest },
      type,
    };
    events.push(event);
    if (holding) held.push(event);
    else if (webhookUrl) void enqueue(event);
  };

  // ---- billing

  const productName = (price: FakePrice) => products.get(price.product)?.name ?? "";

  const makeLine = (
    subscription: FakeSubscription,
    item: FakeItem,
    price: FakePrice,
    amount: number,
    period: { start: number; end: number },
    description: string,
    proration: boolean,
  ): FakeLine => ({
    id: newId("il"),
    object: "line_item",
    amount,
    currency: price.currency,
    description,
    discount_amounts: [],
    discountable: !proration,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    parent: {
      type: "subscription_item_details",
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: proration ? newId("ii") : null,
        proration,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item.id,
      },
    },
    period,
    pricing: {
      type: "price_details",
      price_details: { price: price.id, product: price.product },
      unit_amount_decimal: String(price.unit_amount),
    },
    quantity: item.quantity,
    subtotal: amount,
    taxes: [],
  });

  const periodLine = (
    subscription: FakeSubscription,
    item: FakeItem,
    price: FakePrice,
    period: { start: number; end: number },
  ) =>
    makeLine(
      subscription,
      item,
      price,
      price.unit_amount * item.quantity,
      period,
      `${item.quantity} × ${productName(price)} (at ${money(price.unit_amount, price.currency)} / ${price.recurring?.interval ?? "month"})`,
      false,
    );

  /** What moving `item` to `price` now invoices: the unused time credited, the rest of the period charged. */
  const prorationLines = (subscription: FakeSubscription, item: FakeItem, price: FakePrice, at: number) => {
    const { current_period_start: start, current_period_end: end } = item;
    const share = Math.max(0, end - at) / (end - start);
    const after = shortDate(at);
    return [
      makeLine(
        subscription,
        item,
        item.price,
        -Math.round(item.price.unit_amount * item.quantity * share),
        { start: at, end },
        `Unused time on ${productName(item.price)} after ${after}`,
        true,
      ),
      makeLine(
        subscription,
        item,
        price,
        Math.round(price.unit_amount * item.quantity * share),
        { start: at, end },
        `Remaining time on ${productName(price)} after ${after}`,
        true,
      ),
    ];
  };

  const makeInvoice = (
    subscription: FakeSubscription,
    reason: string,
    lines: FakeLine[],
    period: { start: number; end: number },
    save = true,
  ): FakeInvoice => {
    const id = save ? newId("in") : `upcoming_in_${randomBytes(8).toString("hex")}`;
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    for (const line of lines) line.invoice = save ? id : null;
    const invoice: FakeInvoice = {
      id,
      object: "invoice",
      amount_due: Math.max(0, total),
      amount_paid: 0,
      amount_remaining: Math.max(0, total),
      attempt_count: 0,
      attempted: false,
      auto_advance: save,
      billing_reason: reason,
      collection_method: "charge_automatically",
      created: clock,
      currency: subscription.currency,
      customer: subscription.customer,
      customer_email: customers.get(subscription.customer)?.email ?? null,
      hosted_invoice_url: save ? `https://invoice.stripe.test/i/${id}` : null,
      invoice_pdf: save ? `https://pay.stripe.test/invoice/${id}/pdf` : null,
      lines: {
        object: "list",
        data: lines,
        has_more: false,
        total_count: lines.length,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: save ? `ATL-${String(invoices.size + 1).padStart(4, "0")}` : null,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
      },
      period_end: period.end,
      period_start: period.start,
      status: save ? "open" : "draft",
      status_transitions: {
        finalized_at: save ? clock : null,
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      subtotal: total,
      total,
    };
    if (save) invoices.set(id, invoice);
    return invoice;
  };

  const cardOf = (customerId: string | null) => (customerId ? (cards.get(customerId) ?? "ok") : "ok");

  /** One attempt at the invoice's payment on the customer's card; true when paid. */
  const attempt = (invoice: FakeInvoice): boolean => {
    invoice.attempt_count += 1;
    invoice.attempted = true;
    if (invoice.amount_due <= 0) {
      invoice.status = "paid";
      invoice.status_transitions.paid_at = clock;
      invoice.next_payment_attempt = null;
      return true;
    }
    let payments = invoicePayments.get(invoice.id);
    if (!payments) {
      const intent: FakePaymentIntent = {
        id: newId("pi"),
        object: "payment_intent",
        amount: invoice.amount_due,
        amount_received: 0,
        created: clock,
        currency: invoice.currency,
        customer: invoice.customer,
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        metadata: {},
        payment_method_types: ["card"],
        status: "requires_payment_method",
      };
      paymentIntents.set(intent.id, intent);
      payments = [
        {
          id: newId("inpay"),
          object: "invoice_payment",
          amount_paid: null,
          amount_requested: invoice.amount_due,
          created: clock,
          currency: invoice.currency,
          invoice: invoice.id,
          is_default: true,
          livemode: false,
          payment: { type: "payment_intent", payment_intent: intent.id },
          status: "open",
          status_transitions: { canceled_at: null, paid_at: null },
        },
      ];
      invoicePayments.set(invoice.id, payments);
    }
    const payment = payments[0]!;
    const intent = paymentIntents.get(payment.payment.payment_intent)!;
    if (cardOf(invoice.customer) === "ok") {
      Object.assign(intent, {
        status: "succeeded",
        amount_received: intent.amount,
        latest_charge: newId("ch"),
        last_payment_error: null,
      });
      Object.assign(payment, { status: "paid", amount_paid: intent.amount });
      payment.status_transitions.paid_at = clock;
      Object.assign(invoice, {
        status: "paid",
        amount_paid: invoice.amount_due,
        amount_remaining: 0,
        next_payment_attempt: null,
      });
      invoice.status_transitions.paid_at = clock;
      return true;
    }
    Object.assign(intent, { status: "requires_payment_method", last_payment_error: { ...DECLINE } });
    const wait = retryDays[invoice.attempt_count - 1];
    invoice.next_payment_attempt = wait === undefined ? null : clock + Math.round(wait * DAY);
    return false;
  };

  const stopRetries = (subscription: FakeSubscription) => {
    for (const invoice of invoices.values())
      if (invoice.parent.subscription_details.subscription === subscription.id) invoice.next_payment_attempt = null;
  };

  const endSubscription = (subscription: FakeSubscription, at: number, reason: string) => {
    const previous = { status: subscription.status };
    Object.assign(subscription, { status: "canceled", ended_at: at, canceled_at: subscription.canceled_at ?? at });
    subscription.cancellation_details.reason = reason;
    stopRetries(subscription);
    emit("customer.subscription.deleted", subscription, previous);
  };

  const itemOf = (subscription: FakeSubscription) => subscription.items.data[0]!;

  /** The period's end: a renewal (a new invoice, charged), or the end of a subscription set to cancel. */
  const renew = (subscription: FakeSubscription) => {
    const item = itemOf(subscription);
    if (subscription.cancel_at_period_end || (subscription.cancel_at !== null && subscription.cancel_at <= clock)) {
      endSubscription(subscription, clock, "cancellation_requested");
      return;
    }
    const previous = {
      items: clone(subscription.items),
      latest_invoice: subscription.latest_invoice,
      status: subscription.status,
    };
    const ended = { start: item.current_period_start, end: item.current_period_end };
    const cycle = (cycles.get(subscription.id) ?? 0) + 1;
    cycles.set(subscription.id, cycle);
    item.current_period_start = item.current_period_end;
    item.current_period_end = addIntervals(
      subscription.billing_cycle_anchor,
      item.price.recurring!.interval,
      cycle + 1,
    );
    const invoice = makeInvoice(
      subscription,
      "subscription_cycle",
      [periodLine(subscription, item, item.price, { start: item.current_period_start, end: item.current_period_end })],
      ended,
    );
    subscription.latest_invoice = invoice.id;
    if (attempt(invoice)) {
      emit("customer.subscription.updated", subscription, previous);
      emit("invoice.paid", invoice);
    } else {
      subscription.status = "past_due";
      emit("invoice.payment_failed", invoice);
      emit("customer.subscription.updated", subscription, previous);
    }
  };

  /** A scheduled retry of an open invoice. */
  const retry = (invoice: FakeInvoice) => {
    const subscription = subscriptions.get(invoice.parent.subscription_details.subscription)!;
    if (attempt(invoice)) {
      emit("invoice.paid", invoice);
      const stillOpen = [...invoices.values()].some(
        (other) => other.parent.subscription_details.subscription === subscription.id && other.status === "open",
      );
      if (subscription.status === "past_due" && !stillOpen) {
        subscription.status = "active";
        emit("customer.subscription.updated", subscription, { status: "past_due" });
      }
      return;
    }
    emit("invoice.payment_failed", invoice);
    if (invoice.next_payment_attempt === null) {
      // Retries gave up: the invoice is uncollectible and the subscription canceled (the settings Atelier asks for).
      invoice.status = "uncollectible";
      invoice.status_transitions.marked_uncollectible_at = clock;
      endSubscription(subscription, clock, "payment_failed");
    }
  };

  const expireSession = (session: FakeSession) => {
    session.status = "expired";
    session.url = null;
    emit("checkout.session.expired", session);
  };

  /** The earliest thing due on the clock at or before `until`. */
  const nextDue = (until: number): { at: number; run: () => void } | null => {
    let due: { at: number; run: () => void } | null = null;
    const consider = (at: number, run: () => void) => {
      if (at <= until && (!due || at < due.at)) due = { at, run };
    };
    for (const subscription of subscriptions.values()) {
      if (subscription.status === "canceled") continue;
      const end = itemOf(subscription).current_period_end;
      const at = subscription.cancel_at !== null ? Math.min(subscription.cancel_at, end) : end;
      consider(at, () => renew(subscription));
    }
    for (const invoice of invoices.values())
      if (invoice.status === "open" && invoice.next_payment_attempt !== null)
        consider(invoice.next_payment_attempt, () => retry(invoice));
    for (const session of sessions.values())
      if (session.status === "open") consider(session.expires_at, () => expireSession(session));
    return due;
  };

  // ---- prices and checkout

  const priceById = (id: string, param: string) => {
    const price = prices.get(id);
    if (!price) throw missing("price", id, param);
    return price;
  };

  const createPrice = (params: Params): FakePrice => {
    allow(params, [
      "currency",
      "unit_amount",
      "recurring",
      "product",
      "product_data",
      "lookup_key",
      "metadata",
      "nickname",
      "transfer_lookup_key",
      "active",
      "expand",
    ]);
    const currency = required(params, "currency");
    if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}`, "currency");
    const unitAmount = int(params, "unit_amount");
    if (unitAmount === undefined || unitAmount < 0)
      throw invalid("Missing required param: unit_amount.", "unit_amount");
    const recurring = obj(params, "recurring");
    if (recurring) {
      allow(recurring, ["interval", "interval_count"], "recurring.");
      const interval = required(recurring, "interval");
      if (!["day", "week", "month", "year"].includes(interval))
        throw invalid(`Invalid recurring[interval]: ${interval}`, "recurring[interval]");
      if ((int(recurring, "interval_count") ?? 1) !== 1) throw notModelled("recurring[interval_count] other than 1");
    }
    let productId = str(params, "product");
    const productData = obj(params, "product_data");
    if (productId && productData) throw invalid("You may only specify one of these parameters: product, product_data.");
    if (productId && !products.has(productId)) throw missing("product", productId, "product");
    if (productData) {
      allow(productData, ["name", "metadata"], "product_data.");
      const product: FakeProduct = {
        id: newId("prod"),
        object: "product",
        active: true,
        created: clock,
        livemode: false,
        metadata: metadataOf(productData) ?? {},
        name: required(productData, "name"),
      };
      products.set(product.id, product);
      productId = product.id;
    }
    if (!productId) throw invalid("Missing required param: product.", "product");
    const lookupKey = str(params, "lookup_key") ?? null;
    if (lookupKey) {
      const holder = [...prices.values()].find((p) => p.lookup_key === lookupKey);
      if (holder && !bool(params, "transfer_lookup_key"))
        throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, "lookup_key");
      if (holder) holder.lookup_key = null;
    }
    const price: FakePrice = {
      id: newId("price"),
      object: "price",
      active: bool(params, "active") ?? true,
      billing_scheme: "per_unit",
      created: clock,
      currency,
      livemode: false,
      lookup_key: lookupKey,
      metadata: metadataOf(params) ?? {},
      nickname: str(params, "nickname") ?? null,
      product: productId,
      recurring: recurring
        ? {
            interval: required(recurring, "interval"),
            interval_count: 1,
            meter: null,
            trial_period_days: null,
            usage_type: "licensed",
          }
        : null,
      tax_behavior: "unspecified",
      type: recurring ? "recurring" : "one_time",
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    };
    prices.set(price.id, price);
    return price;
  };

  const createSession = (params: Params): FakeSession => {
    allow(params, [
      "mode",
      "client_reference_id",
      "customer",
      "customer_email",
      "metadata",
      "line_items",
      "subscription_data",
      "success_url",
      "cancel_url",
      "expand",
    ]);
    const mode = required(params, "mode");
    if (mode !== "payment" && mode !== "subscription") throw notModelled(`mode ${mode}`);
    const customer = str(params, "customer") ?? null;
    const customerEmail = str(params, "customer_email") ?? null;
    if (customer && customerEmail)
      throw invalid("You may only specify one of these parameters: customer, customer_email.", "customer_email");
    if (customer && !customers.has(customer)) throw missing("customer", customer, "customer");
    const items = list(params, "line_items");
    if (!items || items.length === 0) throw invalid("Missing required param: line_items.", "line_items");
    const lines = items.map((item, index): SessionLine => {
      allow(item, ["price", "price_data", "quantity"], `line_items[${index}].`);
      const quantity = int(item, "quantity") ?? 0;
      if (quantity < 1) throw invalid("Quantity is required and must be at least 1.", `line_items[${index}][quantity]`);
      const priceId = str(item, "price");
      const data = obj(item, "price_data");
      if (priceId) {
        const price = priceById(priceId, `line_items[${index}][price]`);
        if (mode === "payment" && price.recurring)
          throw invalid("You specified `payment` mode but passed a recurring price.", `line_items[${index}][price]`);
        return { price, currency: price.currency, name: productName(price), unitAmount: price.unit_amount, quantity };
      }
      if (!data) throw invalid("You must specify either `price` or `price_data`.", `line_items[${index}]`);
      allow(data, ["currency", "unit_amount", "product_data"], `line_items[${index}][price_data].`);
      if (mode === "subscription") throw notModelled("price_data in subscription mode");
      const name = required(obj(data, "product_data") ?? {}, "name");
      const currency = required(data, "currency");
      return { price: null, currency, name, unitAmount: int(data, "unit_amount") ?? 0, quantity };
    });
    if (mode === "subscription" && !lines.some((line) => line.price?.recurring))
      throw invalid("You must specify at least one recurring price in `subscription` mode.", "line_items");
    const subscriptionData = obj(params, "subscription_data");
    if (subscriptionData && mode !== "subscription")
      throw invalid("You can only specify `subscription_data` in `subscription` mode.", "subscription_data");
    if (subscriptionData) allow(subscriptionData, ["metadata"], "subscription_data.");
    const currency = lines[0]!.currency;
    const amount = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
    const id = newId("cs");
    const session: FakeSession = {
      id,
      object: "checkout.session",
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: str(params, "cancel_url") ?? null,
      client_reference_id: str(params, "client_reference_id") ?? null,
      created: clock,
      currency,
      customer,
      customer_email: customerEmail ?? (customer ? (customers.get(customer)?.email ?? null) : null),
      expires_at: clock + DAY,
      invoice: null,
      livemode: false,
      metadata: metadataOf(params) ?? {},
      mode,
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      subscription: null,
      success_url: required(params, "success_url"),
      url: `https://checkout.stripe.test/c/pay/${id}`,
    };
    sessions.set(id, session);
    sessionLines.set(id, lines);
    if (subscriptionData) sessionSubscriptionMeta.set(id, metadataOf(subscriptionData) ?? {});
    return session;
  };

  const completeCheckout = async (sessionId: string, { card = "ok" }: { card?: CardBehaviour } = {}) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No such checkout.session: '${sessionId}'`);
    if (session.status !== "open") throw new Error(`Checkout session ${sessionId} is ${session.status}`);
    currentRequest = { id: null, idempotency_key: null };
    const done: CheckoutCompletion = {
      sessionId,
      customerId: session.customer,
      subscriptionId: null,
      invoiceId: null,
      paymentIntentId: null,
    };
    if (session.mode === "payment") {
      const intent: FakePaymentIntent = {
        id: newId("pi"),
        object: "payment_intent",
        amount: session.amount_total,
        amount_received: card === "ok" ? session.amount_total : 0,
        created: clock,
        currency: session.currency,
        customer: session.customer,
        last_payment_error: card === "ok" ? null : { ...DECLINE },
        latest_charge: card === "ok" ? newId("ch") : null,
        livemode: false,
        metadata: {},
        payment_method_types: ["card"],
        status: card === "ok" ? "succeeded" : "requires_payment_method",
      };
      paymentIntents.set(intent.id, intent);
      session.payment_intent = intent.id;
      done.paymentIntentId = intent.id;
      if (card === "ok") {
        Object.assign(session, { status: "complete", payment_status: "paid", url: null });
        emit("checkout.session.completed", session);
      }
      await sending;
      return done;
    }
    // Subscription mode: a declined card is refused on Stripe's page; the session stays open.
    if (card === "decline") return done;
    let customerId = session.customer;
    if (!customerId) {
      const customer: FakeCustomer = {
        id: newId("cus"),
        object: "customer",
        created: clock,
        email: session.customer_email,
        invoice_settings: { default_payment_method: newId("pm") },
        livemode: false,
        metadata: {},
        name: null,
      };
      customers.set(customer.id, customer);
      customerId = customer.id;
    }
    cards.set(customerId, "ok");
    const line = sessionLines.get(sessionId)!.find((l) => l.price?.recurring)!;
    const price = line.price!;
    const subscriptionId = newId("sub");
    const item: FakeItem = {
      id: newId("si"),
      object: "subscription_item",
      created: clock,
      current_period_end: addIntervals(clock, price.recurring!.interval, 1),
      current_period_start: clock,
      discounts: [],
      metadata: {},
      price: clone(price),
      quantity: line.quantity,
      subscription: subscriptionId,
      tax_rates: [],
    };
    const subscription: FakeSubscription = {
      id: subscriptionId,
      object: "subscription",
      billing_cycle_anchor: clock,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: "charge_automatically",
      created: clock,
      currency: price.currency,
      customer: customerId,
      default_payment_method: customers.get(customerId)?.invoice_settings.default_payment_method ?? null,
      discounts: [],
      ended_at: null,
      items: {
        object: "list",
        data: [item],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: { ...(sessionSubscriptionMeta.get(sessionId) ?? {}) },
      pending_update: null,
      schedule: null,
      start_date: clock,
      status: "active",
      test_clock: null,
      trial_end: null,
      trial_start: null,
    };
    subscriptions.set(subscriptionId, subscription);
    cycles.set(subscriptionId, 0);
    const invoice = makeInvoice(
      subscription,
      "subscription_create",
      [periodLine(subscription, item, price, { start: item.current_period_start, end: item.current_period_end })],
      { start: clock, end: clock },
    );
    attempt(invoice);
    subscription.latest_invoice = invoice.id;
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      customer: customerId,
      subscription: subscriptionId,
      invoice: invoice.id,
      url: null,
    });
    emit("customer.subscription.created", subscription);
    emit("invoice.paid", invoice);
    emit("checkout.session.completed", session);
    Object.assign(done, {
      customerId,
      subscriptionId,
      invoiceId: invoice.id,
      paymentIntentId: invoicePayments.get(invoice.id)?.[0]?.payment.payment_intent ?? null,
    });
    await sending;
    return done;
  };

  // ---- subscriptions

  const subscriptionById = (id: string) => {
    const subscription = subscriptions.get(id);
    if (!subscription) throw missing("subscription", id);
    return subscription;
  };

  /** The price change an update asks for, worked out before anything is applied. */
  const planPriceChange = (subscription: FakeSubscription, params: Params, at = clock) => {
    const items = list(params, "items");
    if (!items) return null;
    if (items.length !== 1) throw notModelled("more than one subscription item");
    const change = items[0]!;
    allow(change, ["id", "price", "quantity"], "items[0].");
    const item = itemOf(subscription);
    const itemId = required(change, "id");
    if (itemId !== item.id) throw invalid(`Invalid subscription_item id: ${itemId}`, "items[0][id]");
    const price = priceById(required(change, "price"), "items[0][price]");
    if (!price.recurring) throw invalid("The price specified is not recurring.", "items[0][price]");
    if (price.currency !== subscription.currency)
      throw invalid("The currency of a subscription cannot be changed.", "items[0][price]");
    const proration = str(params, "proration_behavior") ?? "create_prorations";
    if (!["always_invoice", "none", "create_prorations"].includes(proration))
      throw invalid(`Invalid proration_behavior: ${proration}`, "proration_behavior");
    const intervalChanges = price.recurring.interval !== item.price.recurring?.interval;
    if (proration === "create_prorations" && price.id !== item.price.id)
      throw notModelled("proration_behavior create_prorations (pending proration items)");
    let lines: FakeLine[] = [];
    let period = { start: item.current_period_start, end: item.current_period_end };
    if (price.id !== item.price.id) {
      if (intervalChanges) {
        // Stripe: a new interval resets the billing cycle to now and invoices the new period at once.
        period = { start: clock, end: addIntervals(clock, price.recurring.interval, 1) };
        lines = [
          ...(proration === "none" ? [] : prorationLines(subscription, item, price, clock).slice(0, 1)),
          periodLine(subscription, item, price, period),
        ];
      } else if (proration === "always_invoice") lines = prorationLines(subscription, item, price, at);
    }
    const payment = str(params, "payment_behavior") ?? "allow_incomplete";
    if (!["allow_incomplete", "error_if_incomplete"].includes(payment))
      throw notModelled(`payment_behavior ${payment}`);
    return { item, price, lines, period, intervalChanges, payment };
  };

  const updateSubscription = (subscription: FakeSubscription, params: Params) => {
    allow(params, [
      "items",
      "proration_behavior",
      "payment_behavior",
      "cancel_at_period_end",
      "cancel_at",
      "metadata",
      "expand",
      "proration_date",
    ]);
    expansions(params, ["latest_invoice"]);
    if (subscription.status === "canceled")
      throw invalid("A canceled subscription can only update its cancellation_details and metadata.");
    const change = planPriceChange(subscription, params);
    const cancelAtPeriodEnd = bool(params, "cancel_at_period_end");
    const cancelAt = str(params, "cancel_at");
    if (cancelAtPeriodEnd !== undefined && cancelAt !== undefined)
      throw invalid("You may only specify one of these parameters: cancel_at, cancel_at_period_end.");
    if (cancelAt !== undefined && cancelAt !== "" && !/^\d+$/.test(cancelAt))
      throw invalid(`Invalid cancel_at: ${cancelAt}`, "cancel_at");
    // error_if_incomplete: a charge that fails refuses the whole update, changing nothing.
    if (
      change &&
      change.payment === "error_if_incomplete" &&
      change.lines.reduce((sum, l) => sum + l.amount, 0) > 0 &&
      cardOf(subscription.customer) === "decline"
    )
      throw new ApiError(402, { ...DECLINE, param: "" });

    const previous: Record<string, unknown> = {};
    const metadata = metadataOf(params);
    if (metadata) {
      previous.metadata = { ...subscription.metadata };
      subscription.metadata = { ...subscription.metadata, ...metadata };
    }
    if (cancelAtPeriodEnd !== undefined || cancelAt !== undefined) {
      Object.assign(previous, {
        cancel_at: subscription.cancel_at,
        cancel_at_period_end: subscription.cancel_at_period_end,
        canceled_at: subscription.canceled_at,
      });
      const end = itemOf(subscription).current_period_end;
      const at = cancelAt === undefined ? (cancelAtPeriodEnd ? end : null) : cancelAt === "" ? null : Number(cancelAt);
      if (at !== null && at <= clock) throw invalid("cancel_at must be in the future.", "cancel_at");
      subscription.cancel_at = at;
      subscription.cancel_at_period_end = cancelAtPeriodEnd ?? false;
      subscription.canceled_at = at === null ? null : clock;
    }
    let invoice: FakeInvoice | null = null;
    if (change && change.price.id !== change.item.price.id) {
      previous.items = clone(subscription.items);
      if (change.lines.length > 0) {
        invoice = makeInvoice(subscription, "subscription_update", change.lines, { start: clock, end: clock });
        previous.latest_invoice = subscription.latest_invoice;
        subscription.latest_invoice = invoice.id;
      }
      change.item.price = clone(change.price);
      if (change.intervalChanges) {
        change.item.current_period_start = change.period.start;
        change.item.current_period_end = change.period.end;
        subscription.billing_cycle_anchor = clock;
        cycles.set(subscription.id, 0);
        if (subscription.cancel_at_period_end) subscription.cancel_at = change.period.end;
      }
    }
    const paid = invoice ? attempt(invoice) : true;
    if (!paid) {
      previous.status = subscription.status;
      subscription.status = "past_due";
    }
    emit("customer.subscription.updated", subscription, previous);
    if (invoice) emit(paid ? "invoice.paid" : "invoice.payment_failed", invoice);
    return subscription;
  };

  const cancelSubscription = (subscription: FakeSubscription, params: Params) => {
    allow(params, ["prorate", "invoice_now", "expand", "cancellation_details"]);
    if (bool(params, "prorate")) throw notModelled("prorate on cancel");
    if (bool(params, "invoice_now")) throw notModelled("invoice_now on cancel");
    if (subscription.status === "canceled") throw invalid("This subscription has already been canceled.");
    subscription.canceled_at = clock;
    endSubscription(subscription, clock, "cancellation_requested");
    return subscription;
  };

  const previewInvoice = (params: Params) => {
    allow(params, ["customer", "subscription", "subscription_details", "expand"]);
    const subscription = subscriptionById(required(params, "subscription"));
    const customer = str(params, "customer");
    if (customer && customer !== subscription.customer)
      throw invalid("The subscription does not belong to this customer.", "customer");
    const details = obj(params, "subscription_details") ?? {};
    allow(details, ["items", "proration_behavior", "proration_date"], "subscription_details.");
    const at = int(details, "proration_date") ?? clock;
    const item = itemOf(subscription);
    const change = planPriceChange(
      subscription,
      {
        ...(details.items ? { items: details.items } : {}),
        ...(details.proration_behavior ? { proration_behavior: details.proration_behavior } : {}),
      },
      at,
    );
    if (change && change.lines.length > 0)
      return makeInvoice(subscription, "subscription_update", change.lines, { start: clock, end: clock }, false);
    // No change invoiced now: the next renewal, at the price it will charge.
    const price = change?.price ?? item.price;
    const next = {
      start: item.current_period_end,
      end: addIntervals(
        subscription.billing_cycle_anchor,
        price.recurring!.interval,
        (cycles.get(subscription.id) ?? 0) + 2,
      ),
    };
    return makeInvoice(
      subscription,
      "upcoming",
      [periodLine(subscription, item, price, next)],
      { start: item.current_period_start, end: item.current_period_end },
      false,
    );
  };

  // ---- refunds

  const createRefund = (params: Params) => {
    allow(params, ["payment_intent", "charge", "amount", "reason", "metadata", "expand"]);
    const intentId = str(params, "payment_intent");
    const chargeId = str(params, "charge");
    if (!intentId && !chargeId)
      throw invalid("One of the following params should be provided for this request: payment_intent or charge.");
    const intent = intentId
      ? paymentIntents.get(intentId)
      : [...paymentIntents.values()].find((pi) => pi.latest_charge === chargeId);
    if (!intent)
      throw intentId ? missing("payment_intent", intentId, "payment_intent") : missing("charge", chargeId!, "charge");
    if (intent.status !== "succeeded")
      throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, "payment_intent");
    const left = intent.amount_received - (refunded.get(intent.id) ?? 0);
    const amount = int(params, "amount") ?? left;
    if (amount < 1) throw invalid("Invalid positive integer", "amount");
    if (left <= 0)
      throw new ApiError(400, {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: `Charge ${intent.latest_charge} has already been refunded.`,
      });
    if (amount > left)
      throw invalid(
        `Refund amount (${money(amount, intent.currency)}) is greater than unrefunded amount on charge (${money(left, intent.currency)})`,
        "amount",
      );
    refunded.set(intent.id, (refunded.get(intent.id) ?? 0) + amount);
    const refund: FakeRefund = {
      id: newId("re"),
      object: "refund",
      amount,
      charge: intent.latest_charge,
      created: clock,
      currency: intent.currency,
      metadata: metadataOf(params) ?? {},
      payment_intent: intent.id,
      reason: str(params, "reason") ?? null,
      status: "succeeded",
    };
    refunds.set(refund.id, refund);
    return refund;
  };

  // ---- routing

  const newestFirst = <T>(values: Iterable<T>) => [...values].reverse();

  const route = (method: string, path: string, params: Params): unknown => {
    let m: RegExpExecArray | null;
    // Checkout Sessions
    if (method === "POST" && path === "/v1/checkout/sessions") {
      expansions(params, []);
      return createSession(params);
    }
    m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (m) {
      const session = sessions.get(m[1]!);
      if (!session) throw missing("checkout.session", m[1]!);
      if (m[2] && method === "POST") {
        allow(params, ["expand"]);
        if (session.status !== "open")
          throw invalid(
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          );
        expireSession(session);
        return session;
      }
      if (m[2] || method !== "GET") return undefined;
      allow(params, ["expand"]);
      const expand = expansions(params, ["payment_intent", "subscription"]);
      const rendered: Record<string, unknown> = { ...clone(session) };
      if (expand.has("payment_intent") && session.payment_intent)
        rendered.payment_intent = clone(paymentIntents.get(session.payment_intent) ?? session.payment_intent);
      if (expand.has("subscription") && session.subscription)
        rendered.subscription = clone(subscriptions.get(session.subscription) ?? session.subscription);
      return rendered;
    }
    // Prices
    if (path === "/v1/prices" && method === "POST") {
      expansions(params, []);
      return createPrice(params);
    }
    if (path === "/v1/prices" && method === "GET") {
      allow(params, ["lookup_keys", "active", "limit", "starting_after", "expand", "product", "currency"]);
      expansions(params, []);
      const keys = (list(params, "lookup_keys") ?? []) as unknown as string[];
      if (keys.length > 10) throw invalid("You may only specify up to 10 lookup keys.", "lookup_keys");
      const active = bool(params, "active");
      const found = newestFirst(prices.values()).filter(
        (p) =>
          (keys.length === 0 || (p.lookup_key !== null && keys.includes(p.lookup_key))) &&
          (active === undefined || p.active === active) &&
          (!params.product || p.product === params.product) &&
          (!params.currency || p.currency === params.currency),
      );
      return listOf(found, params, "/v1/prices");
    }
    m = /^\/v1\/prices\/([^/]+)$/.exec(path);
    if (m && method === "GET") {
      allow(params, ["expand"]);
      const expand = expansions(params, ["product"]);
      const price = priceById(m[1]!, "id");
      return expand.has("product") ? { ...clone(price), product: clone(products.get(price.product)) } : price;
    }
    // Customers
    m = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (m && method === "GET") {
      allow(params, ["expand"]);
      expansions(params, []);
      const customer = customers.get(m[1]!);
      if (!customer) throw missing("customer", m[1]!);
      return customer;
    }
    // Subscriptions
    m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (m) {
      const subscription = subscriptionById(m[1]!);
      if (method === "GET") {
        allow(params, ["expand"]);
        const expand = expansions(params, ["latest_invoice"]);
        const rendered: Record<string, unknown> = { ...clone(subscription) };
        if (expand.has("latest_invoice") && subscription.latest_invoice)
          rendered.latest_invoice = clone(invoices.get(subscription.latest_invoice));
        return rendered;
      }
      if (method === "POST") return updateSubscription(subscription, params);
      if (method === "DELETE") {
        expansions(params, []);
        return cancelSubscription(subscription, params);
      }
    }
    // Invoices
    if (path === "/v1/invoices/create_preview" && method === "POST") {
      expansions(params, []);
      return previewInvoice(params);
    }
    if (path === "/v1/invoices" && method === "GET") {
      allow(params, ["subscription", "customer", "status", "limit", "starting_after", "expand"]);
      const expand = expansions(params, ["data.payments"]);
      const subscription = str(params, "subscription");
      const customer = str(params, "customer");
      const status = str(params, "status");
      const found = newestFirst(invoices.values())
        .filter(
          (i) =>
            (!subscription || i.parent.subscription_details.subscription === subscription) &&
            (!customer || i.customer === customer) &&
            (!status || i.status === status),
        )
        .map((i) => ({ ...renderInvoice(i, expand.has("data.payments")), id: i.id }));
      return listOf(found, params, "/v1/invoices");
    }
    m = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (m && method === "GET") {
      allow(params, ["expand"]);
      const expand = expansions(params, ["payments"]);
      const invoice = invoices.get(m[1]!);
      if (!invoice) throw missing("invoice", m[1]!);
      return renderInvoice(invoice, expand.has("payments"));
    }
    // Payment intents and refunds
    m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (m && method === "GET") {
      allow(params, ["expand"]);
      expansions(params, []);
      const intent = paymentIntents.get(m[1]!);
      if (!intent) throw missing("payment_intent", m[1]!);
      return intent;
    }
    if (path === "/v1/refunds" && method === "POST") {
      expansions(params, []);
      return createRefund(params);
    }
    // The Customer Portal
    if (path === "/v1/billing_portal/sessions" && method === "POST") {
      allow(params, ["customer", "return_url", "expand"]);
      expansions(params, []);
      const customer = required(params, "customer");
      if (!customers.has(customer)) throw missing("customer", customer, "customer");
      const returnUrl = str(params, "return_url") ?? null;
      if (returnUrl !== null && !/^https?:\/\//.test(returnUrl)) throw invalid("Not a valid URL", "return_url");
      const id = newId("bps");
      const session: FakePortalSession = {
        id,
        object: "billing_portal.session",
        created: clock,
        customer,
        livemode: false,
        return_url: returnUrl,
        url: `https://billing.stripe.test/p/session/${id}`,
      };
      portalSessions.set(id, session);
      return session;
    }
    return undefined;
  };

  const server = http.createServer(async (req, res) => {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://stripe.test");
    const body = (await readBody(req)).toString("utf8");
    const form = method === "POST" ? new URLSearchParams(body) : url.searchParams;
    const requestId = newId("req");
    const key = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    const record: RecordedStripeRequest = {
      method,
      path: url.pathname,
      form,
      params: {},
      headers: req.headers,
      status: 0,
    };
    requests.push(record);
    const send = (status: number, value: unknown, extra: Record<string, string> = {}) => {
      const text = typeof value === "string" ? value : JSON.stringify(value, null, 2);
      record.status = status;
      res.writeHead(status, {
        "content-type": "application/json",
        "request-id": requestId,
        "stripe-version": API_VERSION,
        ...(key ? { "idempotency-key": key } : {}),
        ...extra,
      });
      res.end(text);
      return text;
    };
    const sendError = (error: ApiError) =>
      send(error.status, {
        error: { ...error.error, request_log_url: `https://dashboard.stripe.test/logs/${requestId}` },
      });

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      const given = /^Bearer (.*)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
      return sendError(
        new ApiError(401, {
          type: "invalid_request_error",
          message: given
            ? `Invalid API Key provided: ${given.slice(0, 8)}${"*".repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`
            : "You did not provide an API key.",
        }),
      );
    }
    if (method === "POST" && !/^application\/x-www-form-urlencoded/.test(req.headers["content-type"] ?? ""))
      return sendError(invalid("Stripe's API takes form-encoded bodies (application/x-www-form-urlencoded)."));
    const fingerprint = `${method} ${url.pathname} ${body}`;
    if (method === "POST" && key) {
      const seen = idempotency.get(key);
      if (seen && seen.fingerprint !== fingerprint)
        return sendError(
          new ApiError(400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          }),
        );
      if (seen) return send(seen.status, seen.body, { "idempotent-replayed": "true" });
    }
    let status = 200;
    let answer: unknown;
    try {
      record.params = decodeStripeForm(form);
      currentRequest = { id: requestId, idempotency_key: key };
      answer = route(method, url.pathname, record.params);
      if (answer === undefined)
        throw new ApiError(404, {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        });
    } catch (error) {
      const failure =
        error instanceof ApiError
          ? error
          : new ApiError(500, { type: "api_error", message: `Local Stripe server failed: ${String(error)}` });
      status = failure.status;
      answer = { error: { ...failure.error, request_log_url: `https://dashboard.stripe.test/logs/${requestId}` } };
    } finally {
      currentRequest = { id: null, idempotency_key: null };
    }
    const text = send(status, answer);
    // As Stripe: a request that failed validation saves nothing; one that ran (paid, or declined) is replayed.
    if (method === "POST" && key && (status === 200 || status === 402))
      idempotency.set(key, { fingerprint, status, body: text });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const advanceTo = async (date: Date) => {
    const until = Math.floor(date.getTime() / 1000);
    if (until < clock)
      throw new Error(
        `The test clock cannot go back (${new Date(clock * 1000).toISOString()} → ${date.toISOString()})`,
      );
    currentRequest = { id: null, idempotency_key: null };
    for (let due = nextDue(until); due; due = nextDue(until)) {
      clock = due.at;
      due.run();
    }
    clock = until;
    await sending;
  };

  return {
    url,
    secretKey,
    webhookSecret,
    requests,
    customers,
    products,
    prices,
    sessions,
    subscriptions,
    invoices,
    paymentIntents,
    refunds,
    portalSessions,
    events,
    deliveries,
    now: () => new Date(clock * 1000),
    advanceTo,
    advanceDays: (days) => advanceTo(new Date((clock + Math.round(days * DAY)) * 1000)),
    completeCheckout,
    setCard(customerId, card) {
      if (!customers.has(customerId)) throw new Error(`No such customer: '${customerId}'`);
      cards.set(customerId, card);
    },
    setWebhookUrl(next) {
      webhookUrl = next;
    },
    holdWebhooks() {
      holding = true;
    },
    async releaseWebhooks(order = "made") {
      holding = false;
      const batch = held;
      held = [];
      const ordered = order === "made" ? batch : order === "reversed" ? [...batch].reverse() : order([...batch]);
      const sent = await Promise.all(ordered.map(enqueue));
      return sent;
    },
    replayEvent(eventId) {
      const event = events.find((e) => e.id === eventId);
      if (!event) throw new Error(`No such event: '${eventId}'`);
      return enqueue(event);
    },
    webhooksSettled: async () => {
      await sending;
    },
    eventsOf: (type) => (type ? events.filter((e) => e.type === type) : [...events]),
    sign: (payload, secret = webhookSecret) => signer.webhooks.generateTestHeaderString({ payload, secret }),
    reset() {
      for (const store of [
        customers,
        products,
        prices,
        sessions,
        subscriptions,
        invoices,
        paymentIntents,
        refunds,
        portalSessions,
        sessionLines,
        sessionSubscriptionMeta,
        cards,
        invoicePayments,
        refunded,
        cycles,
        idempotency,
      ])
        store.clear();
      requests.length = 0;
      events.length = 0;
      deliveries.length = 0;
      held = [];
      holding = false;
      clock = start();
    },
    close: () => closeServer(server),
  };
}

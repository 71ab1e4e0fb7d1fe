/**
 * Webhooks for the public API (issue 31, ADR 0055): a person gives one address; when one of their
 * jobs finishes (succeeded, failed or canceled) Atelier POSTs the job there, signed with HMAC-SHA256
 * over "<timestamp>.<body>" with a secret shown to them once, and retries with backoff until the
 * address answers 2xx. Every delivery is logged for the profile. Addresses on loopback or private
 * networks are refused (the server must not be a way into its own network) unless
 * WEBHOOK_ALLOW_PRIVATE_HOSTS is set for development and tests — at saving, before each delivery,
 * and in the resolver the delivery connects with (no second lookup to rebind).
 */
import { createHmac, randomBytes } from "node:crypto";
import * as dnsCallbacks from "node:dns";
import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { toJob } from "../api-v1/views";
import type { WebhookDeliveryView, WebhookView, webhookInput } from "~/lib/webhooks";
import { AppError } from "../app-error";
import { getConfig } from "../config";
import type { Database } from "../db/client";
import { apiWebhooks, webhookDeliveries } from "../db/schema";
import { decryptCredentials, encryptCredentials } from "../generation/engines/secrets";
import { type FinishedGeneration, getGenerationView } from "../generation/generations";
import { defineJob } from "../jobs/define";
import { enqueueJob } from "../jobs/queue";
import { logger } from "../logger";

export const WEBHOOK_EVENT = "job.finished";
export const SIGNATURE_HEADER = "Atelier-Signature";
const TIMEOUT_MS = 10_000;

export class WebhookError extends AppError {}

/** "t=<unix seconds>,v1=<hex HMAC-SHA256 of `${t}.${body}`>", as a receiver recomputes it. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

const sealId = (userId: string) => `webhook:${userId}`;

/** Addresses a webhook may never reach: loopback, private, link-local, shared, multicast, unspecified. */
const INTERNAL = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  INTERNAL.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  INTERNAL.addSubnet(address, prefix, "ipv6");

function isInternal(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return INTERNAL.check(mapped, "ipv4");
  return INTERNAL.check(address, net.isIPv6(address) ? "ipv6" : "ipv4");
}

const INTERNAL_ADDRESS = "EWEBHOOKINTERNAL";

/**
 * The resolver a delivery connects with: the addresses it checks are the ones connected to, so a
 * name that answered a public address at the check and a private one a moment later (DNS
 * rebinding) is refused instead of called. (Literal IP addresses are not looked up; the check
 * before the call covers them.)
 */
function publicLookup(hostname: string, options: dnsCallbacks.LookupOptions, callback: LookupCallback): void {
  dnsCallbacks.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    if (addresses.length === 0 || addresses.some((a) => isInternal(a.address))) {
      const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to an internal address`);
      refused.code = INTERNAL_ADDRESS;
      return callback(refused, "", 0);
    }
    if (options.all)
      return (callback as unknown as (e: null, all: dnsCallbacks.LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string, family: number) => void;

/**
 * POSTs a delivery with Node's own client, whose `lookup` option pins the connection to the
 * checked addresses (fetch has no such hook without a second HTTP library). No redirects are
 * followed; the answer's body is not read. Resolves with the status code. Exported for tests.
 */
export function postWebhook(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const target = new URL(url);
  const send = target.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
        ...(getConfig().webhookAllowPrivateHosts ? {} : { lookup: publicLookup as never }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Refuses an address whose host is, or resolves to, an internal network (checked at saving and at every delivery). */
export async function checkWebhookAddress(url: string): Promise<void> {
  if (getConfig().webhookAllowPrivateHosts) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw new WebhookError("invalid_input", "That address's host could not be found.", {
      fields: { url: ["That address's host could not be found."] },
    });
  }
  if (addresses.length === 0 || addresses.some(isInternal))
    throw new WebhookError("invalid_input", "Webhooks call public addresses only, not this server's own network.", {
      fields: { url: ["Webhooks call public addresses only, not this server's own network."] },
    });
}

/** Sets (or replaces) the person's address with a new secret, returned this once. */
export async function setWebhook(
  db: Database,
  userId: string,
  input: z.output<typeof webhookInput>,
): Promise<{ secret: string; webhook: WebhookView }> {
  await checkWebhookAddress(input.url);
  const secret = `whsec_${randomBytes(24).toString("base64url")}`;
  const sealed = encryptCredentials(sealId(userId), { apiKey: secret })!;
  const [row] = await db
    .insert(apiWebhooks)
    .values({ userId, url: input.url, secretSealed: sealed })
    .onConflictDoUpdate({
      target: apiWebhooks.userId,
      set: { url: input.url, secretSealed: sealed, updatedAt: sql`now()` },
    })
    .returning();
  return { secret, webhook: toWebhookView(row!) };
}

export async function removeWebhook(db: Database, userId: string): Promise<void> {
  await db.delete(apiWebhooks).where(eq(apiWebhooks.userId, userId));
}

function toWebhookView(row: typeof apiWebhooks.$inferSelect): WebhookView {
  return { url: row.url, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The person's webhook (never its secret) and their latest deliveries, newest first. */
export async function getWebhookSettings(
  db: Database,
  userId: string,
): Promise<{ webhook: WebhookView | null; deliveries: WebhookDeliveryView[] }> {
  const [[row], deliveries] = await Promise.all([
    db.select().from(apiWebhooks).where(eq(apiWebhooks.userId, userId)),
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.userId, userId))
      .orderBy(desc(webhookDeliveries.createdAt))
      .limit(20),
  ]);
  return {
    webhook: row ? toWebhookView(row) : null,
    deliveries: deliveries.map((d) => ({
      id: d.id,
      jobId: d.generationId,
      event: d.event,
      status: d.status as WebhookDeliveryView["status"],
      attempts: d.attempts,
      responseStatus: d.responseStatus,
      error: d.error,
      createdAt: d.createdAt.toISOString(),
      deliveredAt: d.deliveredAt?.toISOString() ?? null,
    })),
  };
}

/**
 * A job of the person finished: when they have a webhook, one delivery is logged and queued (once
 * per job, whatever calls this twice). Registered with `onGenerationFinished` by server/main.ts.
 */
export async function announceJobFinished(db: Database, row: FinishedGeneration): Promise<void> {
  const deliveryId = await recordWebhookDelivery(db, row);
  if (deliveryId) await enqueueJob(deliverWebhookJob, { deliveryId }, { id: deliveryId });
}

/** The delivery of a finished job to its person's webhook, logged once; null without a webhook or when logged already. */
export async function recordWebhookDelivery(db: Database, row: FinishedGeneration): Promise<string | null> {
  const [hook] = await db.select({ url: apiWebhooks.url }).from(apiWebhooks).where(eq(apiWebhooks.userId, row.userId));
  if (!hook) return null;
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ userId: row.userId, generationId: row.id, event: WEBHOOK_EVENT, url: hook.url })
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  return delivery?.id ?? null;
}

async function noteAttempt(
  db: Database,
  id: string,
  outcome: { status: "pending" | "delivered" | "failed"; responseStatus?: number | null; error?: string | null },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      responseStatus: outcome.responseStatus ?? null,
      error: outcome.error ?? null,
      ...(outcome.status === "delivered" ? { deliveredAt: new Date() } : {}),
    })
    .where(eq(webhookDeliveries.id, id));
}

/** Delivers one announcement; a failed try is retried with backoff (about an hour in all). */
export const deliverWebhookJob = defineJob({
  name: "webhooks.deliver",
  schema: z.object({ deliveryId: z.uuid() }),
  retry: { limit: 7, delaySeconds: 15 },
  expireInSeconds: 60,
  async handle({ deliveryId }, { db, lastAttempt }) {
    const [row] = await db
      .select({ delivery: webhookDeliveries, hook: apiWebhooks })
      .from(webhookDeliveries)
      .leftJoin(apiWebhooks, eq(apiWebhooks.userId, webhookDeliveries.userId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")));
    if (!row) return; // delivered already, or gone with its account
    const { delivery, hook } = row;
    if (!hook) return noteAttempt(db, deliveryId, { status: "failed", error: "The webhook was removed." });
    const view = await getGenerationView(db, delivery.userId, delivery.generationId);
    if (!view) return noteAttempt(db, deliveryId, { status: "failed", error: "The job was deleted." });
    const body = JSON.stringify({
      id: delivery.id,
      type: delivery.event,
      createdAt: delivery.createdAt.toISOString(),
      data: { job: toJob(view) },
    });
    const secret = decryptCredentials(sealId(delivery.userId), hook.secretSealed).apiKey!;
    let failure: { responseStatus: number | null; error: string };
    try {
      await checkWebhookAddress(hook.url);
      const status = await postWebhook(hook.url, body, {
        "User-Agent": "Atelier-Webhooks/1",
        "Atelier-Webhook-Id": delivery.id,
        [SIGNATURE_HEADER]: signWebhook(secret, Math.floor(Date.now() / 1000), body),
      });
      if (status >= 200 && status < 300)
        return noteAttempt(db, deliveryId, { status: "delivered", responseStatus: status });
      failure = { responseStatus: status, error: `The address answered ${status}.` };
    } catch (error) {
      failure = {
        responseStatus: null,
        error:
          error instanceof AppError
            ? error.message
            : (error as NodeJS.ErrnoException).code === INTERNAL_ADDRESS
              ? "The address now leads to this server's own network, so it was not called."
              : "The address could not be reached.",
      };
    }
    await noteAttempt(db, deliveryId, { status: lastAttempt ? "failed" : "pending", ...failure });
    if (!lastAttempt) throw new Error(`webhook delivery ${deliveryId}: ${failure.error}`);
  },
});

/** For server/main.ts: announcing must never fail the job it announces. */
export function announceJobFinishedSafely(db: Database, row: FinishedGeneration): void {
  void announceJobFinished(db, row).catch((err: unknown) =>
    logger.warn({ err, generationId: row.id }, "could not queue a webhook delivery"),
  );
}

/**
 * The sandbox's webhook deliveries, run by hand: tests start the job queue without workers, so
 * the signed events the sandbox queued (`payments.sandbox-webhook` jobs) wait in pg-boss's table.
 * `takeSandboxEvents` removes and returns them in the order they were queued; `deliverSandboxEvents`
 * hands each to the webhook endpoint's function, signed as the delivery job signs it.
 */
import { sql } from "drizzle-orm";
import {
  deliverSandboxWebhookJob,
  sandboxWebhookSecret,
  signSandboxPayload,
} from "../../server/commerce/payments/sandbox";
import { handlePaymentWebhook, type WebhookOutcome } from "../../server/commerce/webhooks";
import type { Database } from "../../server/db/client";

export async function takeSandboxEvents(db: Database): Promise<string[]> {
  const result = (await db.execute(
    sql`delete from pgboss.job where name = ${deliverSandboxWebhookJob.name} and state = 'created' returning data, created_on`,
  )) as unknown as { rows: { data: { body: string }; created_on: string }[] };
  // Queued in one statement's time: the event's own creation order is in its id's queue position.
  return result.rows
    .sort((a, b) => new Date(a.created_on).getTime() - new Date(b.created_on).getTime())
    .map((row) => row.data.body);
}

export function signedSandboxDelivery(body: string) {
  return new Headers({
    "content-type": "application/json",
    "atelier-sandbox-signature": signSandboxPayload(body, sandboxWebhookSecret()),
  });
}

export async function deliverSandboxEvents(
  db: Database,
  bodies?: string[],
): Promise<{ type: string; outcome: WebhookOutcome }[]> {
  const list = bodies ?? (await takeSandboxEvents(db));
  const outcomes: { type: string; outcome: WebhookOutcome }[] = [];
  for (const body of list) {
    const outcome = await handlePaymentWebhook(db, "sandbox", body, signedSandboxDelivery(body));
    outcomes.push({ type: (JSON.parse(body) as { type: string }).type, outcome });
  }
  return outcomes;
}

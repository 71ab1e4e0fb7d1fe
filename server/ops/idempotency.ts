/**
 * Idempotency-Key support for POST endpoints (docs/decisions/0006-http-client-retries.md):
 * the first request with a key runs and its answer is stored; a retry with the same key and
 * body gets the stored answer; a retry while the first still runs gets 409; the same key with
 * a different body gets 422.
 */
import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { idempotencyKeys } from "../db/schema";

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,128}$/;

export interface StoredResponse {
  status: number;
  body: string;
}

export type IdempotencyClaim =
  | { kind: "first" }
  | { kind: "replay"; response: StoredResponse }
  | { kind: "in-progress" }
  | { kind: "mismatch" };

export function hashRequestBody(body: string): string {
  return createHash("sha256").update(body).digest("hex");
}

/** Claims a key for this request, or tells how an earlier request with it ended. */
export async function claimIdempotencyKey(
  db: Database,
  scope: string,
  key: string,
  requestHash: string,
): Promise<IdempotencyClaim> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: "first" };
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (!row) return { kind: "first" };
  if (row.requestHash !== requestHash) return { kind: "mismatch" };
  if (row.statusCode === null || row.responseBody === null) return { kind: "in-progress" };
  return { kind: "replay", response: { status: row.statusCode, body: row.responseBody } };
}

export async function storeIdempotentResponse(
  db: Database,
  scope: string,
  key: string,
  response: StoredResponse,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: response.status, responseBody: response.body })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}

/** Lets a key be used again after its request failed before answering. */
export async function releaseIdempotencyKey(db: Database, scope: string, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}

export async function pruneIdempotencyKeys(db: Database, before: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}

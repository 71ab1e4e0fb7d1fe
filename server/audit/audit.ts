/**
 * Recording admin actions. `recordAudit` runs inside the caller's database transaction, so a
 * change and its audit entry are written together or not at all.
 */
import type { Database } from "../db/client";
import { auditLog } from "../db/schema";

export interface Actor {
  userUid: string;
  email: string;
}

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
}

/** Dates become ISO strings so before/after compare as plain JSON. */
function plain(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

export async function recordAudit(tx: Database, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.userUid,
    actorEmail: actor.email,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: plain(entry.before),
    after: plain(entry.after),
  });
}

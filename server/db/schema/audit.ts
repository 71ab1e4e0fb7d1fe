/**
 * The audit log: every change an admin makes, who, when, what, and the record before and after,
 * written in the same database transaction as the change itself (the admin issue).
 */
import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, uuidKey } from "./columns";

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuidKey(),
    /** The admin; kept as an email too, so the entry still says who after the account is gone. */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    /** What was done, as `entity.verb`: product.create, product.archive… */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_entity_idx").on(t.entityType, t.entityId, t.createdAt),
  ],
);

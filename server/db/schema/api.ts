/** The public API (issue 31): personal access tokens, each a person's key to /api/v1 with its own scopes. */
import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ownerId } from "./auth";
import { createdAt, instant, updatedAt, uuidKey } from "./columns";

/**
 * A personal access token. The token itself is shown once and never stored: only its SHA-256
 * (`token_hash`, how a request's token is found) and its first characters, to tell tokens apart.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuidKey(),
    userId: ownerId(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** "atl_k3Fq…": the first characters, shown in lists. */
    prefix: text("prefix").notNull(),
    /** What the token may do: generate, read, publish (server/api-tokens/tokens.ts). */
    scopes: text("scopes").array().notNull(),
    expiresAt: instant("expires_at"),
    /** Noted at most once a minute, so a busy script does not write on every request. */
    lastUsedAt: instant("last_used_at"),
    revokedAt: instant("revoked_at"),
    /** Who revoked it, when not its owner: an admin's id (the audit log has the rest). */
    revokedBy: text("revoked_by"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_tokens_hash_idx").on(t.tokenHash), index("api_tokens_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Where a person's finished jobs are announced (one address per person), and the secret the
 * announcements are signed with, sealed (AES-256-GCM, server/webhooks/webhooks.ts): it must be
 * read to sign, and a copy of the database must not let anyone forge an announcement.
 */
export const apiWebhooks = pgTable("api_webhooks", {
  userId: ownerId().primaryKey(),
  url: text("url").notNull(),
  secretSealed: text("secret_sealed").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Each announcement and how its delivery went, shown on the profile. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuidKey(),
    userId: ownerId(),
    generationId: uuid("generation_id").notNull(),
    event: text("event").notNull(),
    url: text("url").notNull(),
    /** pending (trying), delivered (a 2xx answer), failed (every try used). */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    error: text("error"),
    createdAt: createdAt(),
    deliveredAt: instant("delivered_at"),
  },
  (t) => [
    index("webhook_deliveries_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("webhook_deliveries_once_idx").on(t.generationId, t.event),
  ],
);

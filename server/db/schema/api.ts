/** The public API (issue 31): personal access tokens, each a person's key to /api/v1 with its own scopes. */
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ownerId } from "./auth";
import { createdAt, instant, uuidKey } from "./columns";

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

/**
 * Personal access tokens for the public API (issue 31): what a token may do, and the form that
 * makes one. Shared by the profile's form and the server (server/api-tokens/tokens.ts).
 */
import { z } from "zod";

export const API_SCOPES = ["generate", "read", "publish"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  generate: "Generate: start pictures (spends your tokens)",
  read: "Read: your pictures, jobs, balance and token history",
  publish: "Publish: publish and unpublish your pictures",
};

/** Days a token may live; "never" keeps it until revoked. */
export const TOKEN_LIFETIMES = ["7", "30", "90", "365", "never"] as const;
export const TOKEN_LIFETIME_LABELS: Record<(typeof TOKEN_LIFETIMES)[number], string> = {
  "7": "7 days",
  "30": "30 days",
  "90": "90 days",
  "365": "A year",
  never: "No expiry",
};
/** Live tokens one person may hold at once. */
export const MAX_TOKENS_PER_PERSON = 20;
export const TOKEN_NAME_MAX = 60;

export const apiTokenInput = z.object({
  name: z
    .string({ error: "Name the token" })
    .trim()
    .min(1, "Name the token, so you know which script uses it")
    .max(TOKEN_NAME_MAX, `Keep the name under ${TOKEN_NAME_MAX} characters`),
  scopes: z
    .array(z.enum(API_SCOPES, { error: "Choose what the token may do" }), { error: "Choose what the token may do" })
    .min(1, "Choose at least one thing the token may do")
    .transform((scopes) => [...new Set(scopes)]),
  expiresIn: z.enum(TOKEN_LIFETIMES, { error: "Choose how long the token lasts" }).default("90"),
});
export type ApiTokenInput = z.output<typeof apiTokenInput>;

/** A token as its owner (and admins) see it: never the token itself. */
export interface ApiTokenView {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** Live: neither revoked nor expired. */
  active: boolean;
}

/**
 * Personal access tokens (issue 31, ADR 0055): a person makes one on their profile with a name,
 * scopes and an expiry; it is shown once and kept only as its SHA-256, so a stolen database holds
 * no usable token. A script sends it as `Authorization: Bearer atl_…` to /api/v1 only
 * (server/api-v1/auth.ts); it stops working the moment it is revoked, expires, or its account is
 * banned or deleted (the row goes with the account).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import { type ApiScope, type ApiTokenInput, type ApiTokenView, MAX_TOKENS_PER_PERSON } from "~/lib/api-tokens";
import { AppError } from "../app-error";
import { type Actor, recordAudit } from "../audit/audit";
import { type Database, inTransaction } from "../db/client";
import { isUuid } from "../db/ids";
import { apiTokens, user } from "../db/schema";

const TOKEN_PREFIX = "atl_";
/** "atl_" and 43 characters of base64url: 256 random bits. */
const TOKEN_PATTERN = /^atl_[A-Za-z0-9_-]{43}$/;
/** The last use is written at most this often per token. */
const LAST_USE_EVERY_MS = 60_000;
const DAY_MS = 24 * 3600 * 1000;

export class ApiTokenError extends AppError {}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

type TokenRow = typeof apiTokens.$inferSelect;

function toView(row: TokenRow, now = Date.now()): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiScope[],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    active: row.revokedAt === null && (row.expiresAt === null || row.expiresAt.getTime() > now),
  };
}

/** Makes a token; the answer's `token` is the only time anyone sees it. */
export async function createApiToken(
  db: Database,
  userId: string,
  input: ApiTokenInput,
  now = new Date(),
): Promise<{ token: string; view: ApiTokenView }> {
  const [live] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
      ),
    );
  if ((live?.n ?? 0) >= MAX_TOKENS_PER_PERSON)
    throw new ApiTokenError(
      "too_many_tokens",
      `You have ${MAX_TOKENS_PER_PERSON} tokens already. Revoke one you no longer use first.`,
    );
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId,
      name: input.name,
      tokenHash: hashToken(token),
      prefix: token.slice(0, TOKEN_PREFIX.length + 6),
      scopes: input.scopes,
      expiresAt: input.expiresIn === "never" ? null : new Date(now.getTime() + Number(input.expiresIn) * DAY_MS),
    })
    .returning();
  return { token, view: toView(row!, now.getTime()) };
}

/** A person's tokens, newest first, revoked ones included (marked) for the record. */
export async function listApiTokens(db: Database, userId: string): Promise<ApiTokenView[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt))
    .limit(100);
  const now = Date.now();
  return rows.map((row) => toView(row, now));
}

const NOT_FOUND = "That token does not exist, or is not yours.";

/** The owner revokes their token: it stops working at once. Revoking twice is not an error. */
export async function revokeApiToken(db: Database, userId: string, tokenId: string): Promise<ApiTokenView> {
  if (!isUuid(tokenId)) throw new ApiTokenError("not_found", NOT_FOUND);
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning();
  if (row) return toView(row);
  const [already] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)));
  if (!already) throw new ApiTokenError("not_found", NOT_FOUND);
  return toView(already);
}

/** An admin revokes a person's token (the admin's user page), audited with it. */
export async function revokeApiTokenAsAdmin(
  db: Database,
  actor: Actor,
  userId: string,
  tokenId: string,
): Promise<ApiTokenView> {
  if (!isUuid(tokenId)) throw new ApiTokenError("not_found", "That token does not exist.");
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date(), revokedBy: actor.userUid })
      .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
      .returning();
    if (!row) throw new ApiTokenError("not_found", "That token does not exist or was revoked already.");
    const view = toView(row);
    await recordAudit(tx, actor, {
      action: "api_token.revoke",
      entityType: "api_token",
      entityId: row.id,
      before: { userId, name: row.name, prefix: row.prefix, scopes: row.scopes },
      after: { revokedAt: view.revokedAt },
    });
    return view;
  });
}

/** Who a token speaks for, and what it may do. */
export interface TokenHolder {
  tokenId: string;
  userId: string;
  email: string;
  name: string;
  scopes: ApiScope[];
}

/**
 * The holder of a bearer token, or a refusal that says why (malformed, unknown, revoked, expired,
 * suspended account). Notes the token's last use, at most once a minute.
 */
export async function authenticateApiToken(db: Database, token: string, now = new Date()): Promise<TokenHolder> {
  if (!TOKEN_PATTERN.test(token))
    throw new ApiTokenError("invalid_token", "This is not an Atelier access token. Make one on your profile.");
  const [row] = await db
    .select({
      token: apiTokens,
      email: user.email,
      name: user.name,
      banned: user.banned,
      banExpires: user.banExpires,
    })
    .from(apiTokens)
    .innerJoin(user, eq(user.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashToken(token)));
  if (!row) throw new ApiTokenError("invalid_token", "This access token is not known: it may have been deleted.");
  const { token: found } = row;
  if (found.revokedAt) throw new ApiTokenError("invalid_token", "This access token was revoked.");
  if (found.expiresAt && found.expiresAt.getTime() <= now.getTime())
    throw new ApiTokenError("invalid_token", `This access token expired on ${found.expiresAt.toISOString()}.`);
  if (row.banned && (!row.banExpires || row.banExpires.getTime() > now.getTime()))
    throw new ApiTokenError("account_suspended", "This account is suspended, so its tokens do not work.");
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= LAST_USE_EVERY_MS)
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiTokens.id, found.id),
          or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USE_EVERY_MS))),
        ),
      );
  return {
    tokenId: found.id,
    userId: found.userId,
    email: row.email,
    name: row.name,
    scopes: found.scopes as ApiScope[],
  };
}

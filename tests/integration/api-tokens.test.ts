/**
 * Personal access tokens (issue 31): shown once and kept only as a hash; working until revoked,
 * expired, or their account is banned or deleted; their last use noted at most once a minute; an
 * admin's revocation audited. On PGlite and PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiTokenInput, MAX_TOKENS_PER_PERSON } from "../../app/lib/api-tokens";
import {
  authenticateApiToken,
  createApiToken,
  hashToken,
  listApiTokens,
  revokeApiToken,
  revokeApiTokenAsAdmin,
} from "../../server/api-tokens/tokens";
import { AppError } from "../../server/app-error";
import { apiTokens, auditLog, user } from "../../server/db/schema";
import { setUpTestDatabase } from "../support/database";

const t = setUpTestDatabase();

async function person(name: string): Promise<string> {
  const id = randomUUID();
  await t.db.insert(user).values({ id, name, email: `${id}@example.test`, emailVerified: true });
  return id;
}

const input = (over: Record<string, unknown> = {}) =>
  apiTokenInput.parse({ name: "My script", scopes: ["generate", "read"], expiresIn: "30", ...over });

async function refusal(run: Promise<unknown>): Promise<AppError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("personal access tokens", () => {
  it("are shown once, kept as a hash only, and speak for their holder with their scopes", async () => {
    const ana = await person("Ana");
    const { token, view } = await createApiToken(t.db, ana, input());
    expect(token).toMatch(/^atl_[A-Za-z0-9_-]{43}$/);
    expect(view).toMatchObject({ name: "My script", scopes: ["generate", "read"], active: true, lastUsedAt: null });
    expect(token.startsWith(view.prefix)).toBe(true);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, view.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(10));
    expect(await authenticateApiToken(t.db, token)).toMatchObject({ userId: ana, scopes: ["generate", "read"] });
    expect((await listApiTokens(t.db, ana)).map((v) => v.id)).toEqual([view.id]);
    // Two tokens are never the same.
    expect((await createApiToken(t.db, ana, input())).token).not.toBe(token);
  });

  it("stop working when revoked, expired, or their account is banned or deleted", async () => {
    const bo = await person("Bo");
    const other = await person("Other");
    const revoked = await createApiToken(t.db, bo, input());
    expect((await refusal(revokeApiToken(t.db, other, revoked.view.id))).code).toBe("not_found");
    expect((await revokeApiToken(t.db, bo, revoked.view.id)).active).toBe(false);
    expect((await refusal(authenticateApiToken(t.db, revoked.token))).message).toBe("This access token was revoked.");

    const past = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    const expired = await createApiToken(t.db, bo, input({ expiresIn: "30" }), past);
    const error = await refusal(authenticateApiToken(t.db, expired.token));
    expect([error.code, error.message]).toEqual([
      "invalid_token",
      expect.stringMatching(/^This access token expired on/),
    ]);
    expect((await listApiTokens(t.db, bo)).find((v) => v.id === expired.view.id)?.active).toBe(false);

    const forever = await createApiToken(t.db, bo, input({ expiresIn: "never" }));
    expect(forever.view.expiresAt).toBeNull();
    await t.db.update(user).set({ banned: true }).where(eq(user.id, bo));
    expect((await refusal(authenticateApiToken(t.db, forever.token))).code).toBe("account_suspended");
    await t.db.update(user).set({ banned: false }).where(eq(user.id, bo));
    expect((await authenticateApiToken(t.db, forever.token)).userId).toBe(bo);
    await t.db.delete(user).where(eq(user.id, bo));
    expect((await refusal(authenticateApiToken(t.db, forever.token))).code).toBe("invalid_token");
    expect(await t.db.select().from(apiTokens).where(eq(apiTokens.userId, bo))).toEqual([]);

    expect((await refusal(authenticateApiToken(t.db, "atl_short"))).code).toBe("invalid_token");
    expect((await refusal(authenticateApiToken(t.db, `atl_${"x".repeat(43)}`))).code).toBe("invalid_token");
  });

  it("note their last use at most once a minute, and are limited per person", async () => {
    const cy = await person("Cy");
    const { token, view } = await createApiToken(t.db, cy, input());
    const now = new Date();
    await authenticateApiToken(t.db, token, now);
    await authenticateApiToken(t.db, token, new Date(now.getTime() + 30_000));
    const lastUse = async () =>
      (await t.db.select({ at: apiTokens.lastUsedAt }).from(apiTokens).where(eq(apiTokens.id, view.id)))[0]!.at;
    expect((await lastUse())?.getTime()).toBe(now.getTime());
    await authenticateApiToken(t.db, token, new Date(now.getTime() + 61_000));
    expect((await lastUse())?.getTime()).toBe(now.getTime() + 61_000);

    for (let i = 1; i < MAX_TOKENS_PER_PERSON; i++) await createApiToken(t.db, cy, input({ name: `Token ${i}` }));
    expect((await refusal(createApiToken(t.db, cy, input()))).code).toBe("too_many_tokens");
    // A revoked one frees its place.
    await revokeApiToken(t.db, cy, view.id);
    await createApiToken(t.db, cy, input({ name: "One more" }));
  });

  it("can be revoked by an admin, audited", async () => {
    const dee = await person("Dee");
    const admin = await person("Admin");
    const { token, view } = await createApiToken(t.db, dee, input());
    await revokeApiTokenAsAdmin(t.db, { userUid: admin, email: "admin@example.test" }, dee, view.id);
    expect((await refusal(authenticateApiToken(t.db, token))).code).toBe("invalid_token");
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "api_token.revoke"), eq(auditLog.entityId, view.id)));
    expect(entry).toMatchObject({ actorId: admin, entityType: "api_token" });
    expect(entry!.before).toMatchObject({ userId: dee, name: "My script" });
    expect((await refusal(revokeApiTokenAsAdmin(t.db, { userUid: admin, email: "a@x.test" }, dee, view.id))).code).toBe(
      "not_found",
    );
  });

  it("refuse a form without a name or scopes, with messages beside the fields", () => {
    const parsed = apiTokenInput.safeParse({ name: " ", scopes: [], expiresIn: "5" });
    expect(parsed.success).toBe(false);
    const fields = Object.fromEntries(parsed.error!.issues.map((i) => [i.path[0], i.message]));
    expect(fields).toEqual({
      name: "Name the token, so you know which script uses it",
      scopes: "Choose at least one thing the token may do",
      expiresIn: "Choose how long the token lasts",
    });
  });
});

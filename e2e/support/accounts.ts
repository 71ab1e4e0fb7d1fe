/** Helpers for tests that need signed-in people. */
import { grantSignupTokens } from "../../server/generation/ledger";
import { loadTokenSettings } from "../../server/generation/token-settings";
import type { APIRequestContext, Page } from "@playwright/test";
import { hashPassword } from "better-auth/crypto";
import { randomUUID } from "node:crypto";
import type { Database } from "../../server/db/client";
import { account, user } from "../../server/db/schema";
import { DEMO_ADMIN_PASSWORD, DEMO_USER_PASSWORD, E2E_PORT } from "./env";

export const ORIGIN = () => `http://127.0.0.1:${E2E_PORT}`;

/** Signs a browser context in through Better Auth's real endpoint (the cookie lands in the context). */
export async function signInAs(request: APIRequestContext | Page, email: string, password: string) {
  const api = "request" in request ? request.request : request;
  const response = await api.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { Origin: ORIGIN() },
  });
  if (response.status() !== 200)
    throw new Error(`sign-in as ${email} failed: ${response.status()} ${await response.text()}`);
}

export const signInAsAdmin = (page: Page | APIRequestContext) =>
  signInAs(page, "admin@atelier.local", DEMO_ADMIN_PASSWORD);
export const signInAsDemoUser = (page: Page | APIRequestContext) =>
  signInAs(page, "demo@atelier.local", DEMO_USER_PASSWORD);

/** A fresh verified account with a password, made directly in the database. */
export async function createVerifiedUser(db: Database, name = "Test Person") {
  const id = randomUUID();
  const email = `user-${id.slice(0, 8)}@example.test`;
  const password = `pw-${randomUUID()}`;
  await db.insert(user).values({ id, name, email, emailVerified: true, role: "user" });
  await db.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(password),
  });
  // Like every new account, it starts with the sign-up grant.
  await grantSignupTokens(db, id, (await loadTokenSettings(db)).signupGrant);
  return { id, email, password, name };
}

/** The signed-in user's own account: name, avatar, password, sign-in methods, sessions, deletion. */
import { APIError } from "better-auth/api";
import { and, asc, desc, eq, gt } from "drizzle-orm";
import type { Database } from "../db/client";
import { account, session, user } from "../db/schema";
import { screenUpload } from "../safety/uploads";
import { makeAvatar } from "../storage/images";
import { getStorage, ownerOfKey, userFileKey } from "../storage/storage";
import { AccountError } from "./accounts";
import { sendPasswordChangedEmail } from "./auth-emails";
import { getAuth } from "./auth";
import type { SessionUser } from "./guards";
import { checkPasswordPolicy } from "./password-policy";

export const FILES_ROUTE = "/api/files/";

export async function updateDisplayName(request: Request, name: string): Promise<Headers> {
  const { headers } = await getAuth().api.updateUser({ body: { name }, headers: request.headers, returnHeaders: true });
  return headers;
}

/**
 * Checks the upload by content, makes the 256 px WebP everyone will see, screens that (an explicit
 * one is refused beside `avatar`, issue 40), stores it and points the account at it.
 */
export async function updateAvatar(
  db: Database,
  request: Request,
  current: SessionUser,
  bytes: Buffer,
): Promise<Headers> {
  const webp = await makeAvatar(bytes);
  // The square crop is what others see, and what is stored: that is what is screened.
  await screenUpload(db, webp, "avatar", current.userUid, { generalOnly: true });
  const key = userFileKey(current.userUid, "avatar", "webp");
  await getStorage().put(key, webp, "image/webp");
  const [row] = await db.select({ image: user.image }).from(user).where(eq(user.id, current.userUid));
  const { headers } = await getAuth().api.updateUser({
    body: { image: `${FILES_ROUTE}${key}` },
    headers: request.headers,
    returnHeaders: true,
  });
  // Remove the previous avatar if it was one of ours.
  const previous = row?.image?.startsWith(FILES_ROUTE) ? row.image.slice(FILES_ROUTE.length) : null;
  if (previous && ownerOfKey(previous)?.userId === current.userUid) await getStorage().delete(previous);
  return headers;
}

/** Changes the password; every other session ends and this one is renewed. */
export async function changePassword(
  request: Request,
  current: SessionUser,
  input: { currentPassword: string; newPassword: string },
): Promise<Headers> {
  const policy = checkPasswordPolicy(input.newPassword, current);
  if (policy) throw new AccountError(policy, "newPassword", "weak_password");
  try {
    const { headers } = await getAuth().api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    await sendPasswordChangedEmail({ email: current.email, name: current.name });
    return headers;
  } catch (error) {
    if (error instanceof APIError) {
      const code = error.body?.code;
      if (code === "INVALID_PASSWORD")
        throw new AccountError("Your current password is not right", "currentPassword", "wrong_password");
      if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND")
        throw new AccountError("Your account signs in without a password", "currentPassword", "no_password");
    }
    throw error;
  }
}

/*
 * The profile's sign-in methods and sessions come from our own tables, for the user the request's
 * one session read (server/auth/guards.ts) vouches for. Better Auth's listUserAccounts and
 * listSessions endpoints read and verify the session again on every call (the signed cookie, its
 * cookie copy, and the session table once that copy is a minute old, re-signing a new one).
 */

/** As many rows as Better Auth's lists read (its `findMany` default). */
const MAX_LISTED = 100;

/** The provider of each account the user signs in with ('credential' is email and password), oldest first. */
export async function listUserSignInMethods(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ providerId: account.providerId })
    .from(account)
    .where(eq(account.userId, userId))
    .orderBy(asc(account.createdAt))
    .limit(MAX_LISTED);
  return rows.map((r) => r.providerId);
}

export interface ActiveSession {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  updatedAt: Date;
  current: boolean;
}

/**
 * The user's unexpired sessions, this one first, then the most recently active. Only what the page
 * shows: a session's token is what signs it in, so it never leaves this function.
 */
export async function listUserSessions(
  db: Database,
  userId: string,
  currentSessionId: string,
): Promise<ActiveSession[]> {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt))
    .limit(MAX_LISTED);
  // This device first; the others stay in their order, most recently active first (a stable sort).
  return rows
    .map((s) => ({ ...s, current: s.id === currentSessionId }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

export async function signOutOtherSessions(request: Request): Promise<void> {
  await getAuth().api.revokeOtherSessions({ headers: request.headers });
}

/**
 * Deletes the account after re-authentication (spec §7): the password for password accounts,
 * a recent sign-in otherwise. Its rows go by foreign keys, its files by the auth hook.
 */
export async function deleteAccount(request: Request, input: { password?: string }): Promise<Headers> {
  try {
    const { headers } = await getAuth().api.deleteUser({
      body: input.password ? { password: input.password } : {},
      headers: request.headers,
      returnHeaders: true,
    });
    return headers;
  } catch (error) {
    if (error instanceof APIError) {
      const code = error.body?.code;
      if (code === "INVALID_PASSWORD")
        throw new AccountError("That password is not right", "password", "wrong_password");
      if (code === "SESSION_EXPIRED" || error.statusCode === 403) {
        throw new AccountError(
          "For your safety, sign in again before deleting your account",
          "password",
          "reauthenticate",
        );
      }
    }
    throw error;
  }
}

/**
 * Changing the email address, with re-verification: the person proves who they are (password,
 * or a recent sign-in for accounts without one), a code goes to the NEW address, and the
 * address changes only when that code comes back. The old address is told afterwards.
 * One pending change per account, in Better Auth's verification table (15 minutes, 5 tries).
 */
import { createHash, randomInt, randomUUID } from "node:crypto";
import { APIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { user, verification } from "../db/schema";
import { emailLink } from "../navigation/link-origin";
import { queueTemplateEmail } from "../notify/send-email";
import { AccountError } from "./accounts";
import { CODE_TTL_SECONDS } from "./auth-emails";
import { getAuth } from "./auth";
import type { SessionUser } from "./guards";
import { limitCodeEmail, limitCodeEntry } from "./limits";

const MAX_ATTEMPTS = 5;
/** Accounts without a password must have signed in within this long to change their email. */
const FRESH_SIGN_IN_MS = 24 * 60 * 60 * 1000;

interface PendingChange {
  newEmail: string;
  codeHash: string;
  attempts: number;
}

const identifierFor = (userId: string) => `change-email-${userId}`;
const hashCode = (userId: string, code: string) => createHash("sha256").update(`${userId}:${code}`).digest("hex");

export async function findPendingEmailChange(
  db: Database,
  userId: string,
): Promise<{ newEmail: string; expiresAt: Date } | null> {
  const [row] = await db
    .select()
    .from(verification)
    .where(eq(verification.identifier, identifierFor(userId)));
  if (!row || row.expiresAt < new Date()) return null;
  return { newEmail: (JSON.parse(row.value) as PendingChange).newEmail, expiresAt: row.expiresAt };
}

export async function requestEmailChange(
  db: Database,
  request: Request,
  ip: string,
  current: SessionUser,
  input: { newEmail: string; password?: string },
): Promise<void> {
  if (input.newEmail === current.email)
    throw new AccountError("That is already your email address", "newEmail", "same_email");
  if (input.password) {
    try {
      await getAuth().api.verifyPassword({ body: { password: input.password }, headers: request.headers });
    } catch (error) {
      if (error instanceof APIError) throw new AccountError("That password is not right", "password", "wrong_password");
      throw error;
    }
  } else {
    const session = await getAuth().api.getSession({ headers: request.headers });
    const accounts = await getAuth().api.listUserAccounts({ headers: request.headers });
    if (accounts.some((a) => a.providerId === "credential"))
      throw new AccountError("Enter your password", "password", "password_required");
    if (!session || Date.now() - new Date(session.session.createdAt).getTime() > FRESH_SIGN_IN_MS) {
      throw new AccountError("For your safety, sign in again before changing your email", "newEmail", "reauthenticate");
    }
  }
  const [taken] = await db.select({ id: user.id }).from(user).where(eq(user.email, input.newEmail));
  if (taken) throw new AccountError("Another account already uses this email address", "newEmail", "email_taken");
  const refusal = await limitCodeEmail(db, ip, input.newEmail, "email-change");
  if (refusal) throw new AccountError(refusal.message, "newEmail", "rate_limited");

  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const pending: PendingChange = { newEmail: input.newEmail, codeHash: hashCode(current.userUid, code), attempts: 0 };
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, identifierFor(current.userUid)));
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: identifierFor(current.userUid),
      value: JSON.stringify(pending),
      expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
    });
  });
  const url = await emailLink("/user-profile", { "email-code": code });
  await queueTemplateEmail(input.newEmail, {
    kind: "verification",
    purpose: "email-change",
    name: current.name,
    url,
    code,
    expiresInMinutes: CODE_TTL_SECONDS / 60,
  });
}

export async function confirmEmailChange(
  db: Database,
  ip: string,
  current: SessionUser,
  code: string,
): Promise<string> {
  const refusal = await limitCodeEntry(db, ip);
  if (refusal) throw new AccountError(refusal.message, "emailCode", "rate_limited");
  const identifier = identifierFor(current.userUid);
  const [row] = await db.select().from(verification).where(eq(verification.identifier, identifier));
  if (!row) throw new AccountError("There is no email change waiting: start again", "emailCode", "code_invalid");
  if (row.expiresAt < new Date()) {
    await db.delete(verification).where(eq(verification.id, row.id));
    throw new AccountError("That code has expired: start the change again", "emailCode", "code_expired");
  }
  const pending = JSON.parse(row.value) as PendingChange;
  if (pending.attempts >= MAX_ATTEMPTS) {
    await db.delete(verification).where(eq(verification.id, row.id));
    throw new AccountError("Too many wrong tries: start the change again", "emailCode", "code_locked");
  }
  if (hashCode(current.userUid, code) !== pending.codeHash) {
    const attempts = pending.attempts + 1;
    if (attempts >= MAX_ATTEMPTS) await db.delete(verification).where(eq(verification.id, row.id));
    else
      await db
        .update(verification)
        .set({ value: JSON.stringify({ ...pending, attempts }) })
        .where(eq(verification.id, row.id));
    throw new AccountError(
      attempts >= MAX_ATTEMPTS ? "Too many wrong tries: start the change again" : "That code is not right",
      "emailCode",
      attempts >= MAX_ATTEMPTS ? "code_locked" : "code_invalid",
    );
  }
  await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: user.id }).from(user).where(eq(user.email, pending.newEmail));
    if (taken) throw new AccountError("Another account already uses this email address", "emailCode", "email_taken");
    await tx
      .update(user)
      .set({ email: pending.newEmail, emailVerified: true })
      .where(and(eq(user.id, current.userUid)));
    await tx.delete(verification).where(eq(verification.id, row.id));
  });
  await queueTemplateEmail(current.email, {
    kind: "custom",
    subject: "Your Atelier email address was changed",
    message: `Hello ${current.name},\n\nThe email address of your Atelier account is now ${pending.newEmail}.\n\nIf you did not do this, reset your password at ${await emailLink("/reset-password")} and write to us.`,
  });
  return pending.newEmail;
}

/**
 * Abuse limits on the account forms, per client address and per account, counted in the
 * database so they hold across processes. Each returns null when allowed, or the message to show.
 */
import type { Database } from "../db/client";
import { describeWait, hitRateLimit, peekSlidingWindow } from "../ops/rate-limit";

const MINUTE = 60_000;

export const AUTH_LIMITS = {
  /**
   * Wrong passwords from one address in any 15 minutes before it must wait. Only failures count:
   * a school or an office behind one address signs in many people, rightly.
   */
  signInFailuresPerIp: { limit: 30, windowMs: 15 * MINUTE, bucketMs: MINUTE },
  /** Wrong passwords per account in any 15 minutes before it is locked (counted in 1-minute buckets). */
  signInFailuresPerAccount: { limit: 5, windowMs: 15 * MINUTE, bucketMs: MINUTE },
  signUpPerIp: { limit: 10, windowMs: 60 * MINUTE },
  codeEntryPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Sending a code or link: a cooldown per account and purpose (a sign-in link does not hold up a reset), and caps per hour. */
  sendCooldownPerAccount: { limit: 1, windowMs: MINUTE },
  sendPerAccount: { limit: 6, windowMs: 60 * MINUTE },
  sendPerIp: { limit: 30, windowMs: 60 * MINUTE },
} as const;

type LimitName = keyof typeof AUTH_LIMITS;

async function hit(db: Database, name: LimitName, subject: string, message: (wait: string) => string) {
  const result = await hitRateLimit(db, `auth:${name}:${subject}`, AUTH_LIMITS[name]);
  return result.allowed
    ? null
    : { message: message(describeWait(result.retryAfterSeconds)), retryAfterSeconds: result.retryAfterSeconds };
}

export type LimitRefusal = { message: string; retryAfterSeconds: number } | null;

export async function limitSignInAttempt(db: Database, ip: string, email: string): Promise<LimitRefusal> {
  const fromHere = await peekSlidingWindow(db, `auth:signInFailuresPerIp:${ip}`, AUTH_LIMITS.signInFailuresPerIp);
  if (!fromHere.allowed) {
    return {
      message: `Too many wrong passwords from your network. Try again in ${describeWait(fromHere.retryAfterSeconds)}.`,
      retryAfterSeconds: fromHere.retryAfterSeconds,
    };
  }
  const failures = await peekSlidingWindow(
    db,
    `auth:signInFailuresPerAccount:${email}`,
    AUTH_LIMITS.signInFailuresPerAccount,
  );
  if (!failures.allowed) {
    return {
      message: `Too many wrong passwords for this account. Try again in ${describeWait(failures.retryAfterSeconds)}, or reset your password.`,
      retryAfterSeconds: failures.retryAfterSeconds,
    };
  }
  return null;
}

/** A wrong password: counts against the account and against the address it came from. */
export async function recordSignInFailure(db: Database, email: string, ip: string): Promise<void> {
  const perAccount = AUTH_LIMITS.signInFailuresPerAccount;
  const perIp = AUTH_LIMITS.signInFailuresPerIp;
  await hitRateLimit(db, `auth:signInFailuresPerAccount:${email}`, {
    limit: perAccount.limit,
    windowMs: perAccount.bucketMs,
  });
  await hitRateLimit(db, `auth:signInFailuresPerIp:${ip}`, { limit: perIp.limit, windowMs: perIp.bucketMs });
}

export async function limitSignUp(db: Database, ip: string): Promise<LimitRefusal> {
  return hit(db, "signUpPerIp", ip, (w) => `Too many new accounts from your network. Try again in ${w}.`);
}

export async function limitCodeEntry(db: Database, ip: string): Promise<LimitRefusal> {
  return hit(db, "codeEntryPerIp", ip, (w) => `Too many codes tried from your network. Try again in ${w}.`);
}

/** Sending an email with a code or link (verification, sign-in, reset). */
/** `purpose` tells the kinds of email apart (sign-in, verification, reset, email change) for the cooldown. */
export async function limitCodeEmail(db: Database, ip: string, email: string, purpose: string): Promise<LimitRefusal> {
  const cooldown = await hit(
    db,
    "sendCooldownPerAccount",
    `${purpose}:${email}`,
    (w) => `We just sent you this email. You can ask for another in ${w}.`,
  );
  if (cooldown) return cooldown;
  const perAccount = await hit(
    db,
    "sendPerAccount",
    email,
    (w) => `Too many emails asked for this address. Try again in ${w}.`,
  );
  if (perAccount) return perAccount;
  return hit(db, "sendPerIp", ip, (w) => `Too many emails asked from your network. Try again in ${w}.`);
}

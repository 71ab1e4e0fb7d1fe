/**
 * Abuse limits on the account forms, per client address and per account, counted in the
 * database so they hold across processes. Each returns null when allowed, or the message to show.
 */
import type { Database } from "../db/client";
import { describeWait, hitRateLimit, peekSlidingWindow } from "../ops/rate-limit";

const MINUTE = 60_000;

export const AUTH_LIMITS = {
  signInPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Wrong passwords per account in any 15 minutes before it is locked (counted in 1-minute buckets). */
  signInFailuresPerAccount: { limit: 5, windowMs: 15 * MINUTE, bucketMs: MINUTE },
  signUpPerIp: { limit: 10, windowMs: 60 * MINUTE },
  codeEntryPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Sending a code or link: a cooldown per account, and a cap per hour. */
  sendCooldownPerAccount: { limit: 1, windowMs: MINUTE },
  sendPerAccount: { limit: 6, windowMs: 60 * MINUTE },
  sendPerIp: { limit: 30, windowMs: 60 * MINUTE },
} as const;

type LimitName = keyof typeof AUTH_LIMITS;

async function hit(db: Database, name: LimitName, subject: string, message: (wait: string) => string) {
  const result = await hitRateLimit(db, `auth:${name}:${subject}`, AUTH_LIMITS[name]);
  return result.allowed ? null : { message: message(describeWait(result.retryAfterSeconds)), retryAfterSeconds: result.retryAfterSeconds };
}

export type LimitRefusal = { message: string; retryAfterSeconds: number } | null;

export async function limitSignInAttempt(db: Database, ip: string, email: string): Promise<LimitRefusal> {
  const perIp = await hit(db, "signInPerIp", ip, (w) => `Too many sign-in attempts from your network. Try again in ${w}.`);
  if (perIp) return perIp;
  const failures = await peekSlidingWindow(db, `auth:signInFailuresPerAccount:${email}`, AUTH_LIMITS.signInFailuresPerAccount);
  if (!failures.allowed) {
    return {
      message: `Too many wrong passwords for this account. Try again in ${describeWait(failures.retryAfterSeconds)}, or reset your password.`,
      retryAfterSeconds: failures.retryAfterSeconds,
    };
  }
  return null;
}

export async function recordSignInFailure(db: Database, email: string): Promise<void> {
  const { limit, bucketMs } = AUTH_LIMITS.signInFailuresPerAccount;
  await hitRateLimit(db, `auth:signInFailuresPerAccount:${email}`, { limit, windowMs: bucketMs });
}

export async function limitSignUp(db: Database, ip: string): Promise<LimitRefusal> {
  return hit(db, "signUpPerIp", ip, (w) => `Too many new accounts from your network. Try again in ${w}.`);
}

export async function limitCodeEntry(db: Database, ip: string): Promise<LimitRefusal> {
  return hit(db, "codeEntryPerIp", ip, (w) => `Too many codes tried from your network. Try again in ${w}.`);
}

/** Sending an email with a code or link (verification, sign-in, reset). */
export async function limitCodeEmail(db: Database, ip: string, email: string): Promise<LimitRefusal> {
  const cooldown = await hit(db, "sendCooldownPerAccount", email, (w) => `We just sent an email. You can ask for another in ${w}.`);
  if (cooldown) return cooldown;
  const perAccount = await hit(db, "sendPerAccount", email, (w) => `Too many emails asked for this address. Try again in ${w}.`);
  if (perAccount) return perAccount;
  return hit(db, "sendPerIp", ip, (w) => `Too many emails asked from your network. Try again in ${w}.`);
}

/**
 * Account flows as plain functions the routes call: each validates, applies abuse limits,
 * calls Better Auth, and turns its errors into messages people understand. They return the
 * headers to send (session cookies) or throw an AccountError.
 */
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { type Database, getDb } from "../db/client";
import { user } from "../db/schema";
import { requestInfoContext } from "../http/request-context";
import { ACCOUNT_SUSPENDED_MESSAGE, getAuth } from "./auth";
import type { CodeEmailType } from "./auth-emails";
import { limitCodeEmail, limitCodeEntry, limitSignInAttempt, limitSignUp, recordSignInFailure } from "./limits";
import { checkPasswordPolicy } from "./password-policy";
import { AppError, type ErrorCode } from "../app-error";

export class AccountError extends AppError {
  constructor(
    message: string,
    /** The form field the message belongs next to; none for the form as a whole. */
    readonly field?: string,
    /** Why, for routes that branch on it (email_not_verified…). */
    code: ErrorCode = "invalid_input",
  ) {
    super(code, message, field ? { fields: { [field]: [message] } } : {});
    this.name = "AccountError";
  }
}

interface Caller {
  db: Database;
  request: Request;
  ip: string;
}

function betterAuthCode(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body?.code ?? error.body?.message) : undefined;
}

/** Better Auth refuses a banned person's new session (admin plugin): a sentence, not a crash. */
function refuseSuspended(error: unknown): void {
  if (betterAuthCode(error) === "BANNED_USER")
    throw new AccountError(ACCOUNT_SUSPENDED_MESSAGE, undefined, "account_suspended");
}

/** Codes from email: the same three answers for every purpose. */
function codeError(error: unknown): never {
  refuseSuspended(error);
  const code = betterAuthCode(error);
  if (code === "OTP_EXPIRED" || code === "OTP expired")
    throw new AccountError("That code has expired. Ask for a new one below.", "code", "code_expired");
  if (code === "TOO_MANY_ATTEMPTS" || code === "Too many attempts") {
    throw new AccountError(
      "Too many wrong tries: that code no longer works. Ask for a new one below.",
      "code",
      "code_locked",
    );
  }
  if (error instanceof APIError) {
    throw new AccountError(
      "That code is not right, or it was already used. Check the latest email from us.",
      "code",
      "code_invalid",
    );
  }
  throw error;
}

async function refuseWhenLimited(check: Promise<{ message: string } | null>, field?: string) {
  const refusal = await check;
  if (refusal) throw new AccountError(refusal.message, field, "rate_limited");
}

export async function signUpWithPassword(
  caller: Caller,
  input: { name: string; email: string; password: string },
): Promise<{ userId: string }> {
  const policy = checkPasswordPolicy(input.password, input);
  if (policy) throw new AccountError(policy, "password", "weak_password");
  await refuseWhenLimited(limitSignUp(caller.db, caller.ip));
  try {
    const { name, email, password } = input;
    const made = await getAuth().api.signUpEmail({ body: { name, email, password }, headers: caller.request.headers });
    return { userId: made.user.id };
  } catch (error) {
    const code = betterAuthCode(error);
    if (code?.includes("USER_ALREADY_EXISTS") || /already exists/i.test(code ?? "")) {
      throw new AccountError(
        "An account with this email already exists. Sign in, or reset your password.",
        "email",
        "email_taken",
      );
    }
    throw error;
  }
}

/** Signs in; answers the session cookies and whether this is an admin (who lands on the dashboard). */
export async function signInWithPassword(
  caller: Caller,
  input: { email: string; password: string; remember: boolean },
): Promise<{ headers: Headers; isAdmin: boolean }> {
  await refuseWhenLimited(limitSignInAttempt(caller.db, caller.ip, input.email));
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: input.remember },
      headers: caller.request.headers,
      returnHeaders: true,
    });
    return { headers, isAdmin: (response.user as { role?: string | null }).role === "admin" };
  } catch (error) {
    refuseSuspended(error);
    const code = betterAuthCode(error);
    if (code === "EMAIL_NOT_VERIFIED" || code === "Email not verified") {
      throw new AccountError("Verify your email first: we have sent you a new code.", undefined, "email_not_verified");
    }
    if (error instanceof APIError && (error.statusCode === 401 || error.status === "UNAUTHORIZED")) {
      await recordSignInFailure(caller.db, input.email, caller.ip);
      throw new AccountError("That email and password do not match an account.", undefined, "wrong_credentials");
    }
    throw error;
  }
}

/** Sends a code + link email; answers the same whether or not the account exists. */
export async function sendEmailCode(caller: Caller, input: { email: string; type: CodeEmailType }): Promise<void> {
  await refuseWhenLimited(limitCodeEmail(caller.db, caller.ip, input.email, input.type));
  await getAuth().api.sendVerificationOTP({ body: { email: input.email, type: input.type } });
}

/**
 * POST /api/send-verification-email (spec §7): the verification email for the account named by
 * both its id and its email, when that account is not verified yet. Anyone may ask for an account
 * while signed out (a person who lost the first email), a signed-in person for their own, an
 * admin for anyone's; otherwise the account is reported as not found, so ids cannot be probed.
 */
export async function sendVerificationEmailFor(
  caller: Caller,
  asker: { userUid: string; isAdmin: boolean } | null,
  input: { userUid: string; email: string },
): Promise<void> {
  const [account] = await caller.db
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, input.userUid));
  const mayAsk =
    account && account.email === input.email && (asker === null || asker.isAdmin || asker.userUid === account.id);
  if (!mayAsk) throw new AccountError("No account matches this user_uid and email", undefined, "not_found");
  if (account.emailVerified) throw new AccountError("This email is already verified", undefined, "already_verified");
  await sendEmailCode(caller, { email: account.email, type: "email-verification" });
}

/** Submits an emailed code to Better Auth; its session cookies (if any) come back as headers. */
async function submitCode(
  caller: Caller,
  call: (args: {
    body: { email: string; otp: string };
    headers: Headers;
    returnHeaders: true;
  }) => Promise<{ headers: Headers }>,
  input: { email: string; code: string },
): Promise<Headers> {
  await refuseWhenLimited(limitCodeEntry(caller.db, caller.ip), "code");
  try {
    const { headers } = await call({
      body: { email: input.email, otp: input.code },
      headers: caller.request.headers,
      returnHeaders: true,
    });
    return headers;
  } catch (error) {
    return codeError(error);
  }
}

export function verifyEmailWithCode(caller: Caller, input: { email: string; code: string }): Promise<Headers> {
  return submitCode(caller, (args) => getAuth().api.verifyEmailOTP(args), input);
}

export function signInWithCode(caller: Caller, input: { email: string; code: string }): Promise<Headers> {
  return submitCode(caller, (args) => getAuth().api.signInEmailOTP(args), input);
}

/** Sets a new password with the emailed code; every session of the account ends. */
export async function resetPasswordWithCode(
  caller: Caller,
  input: { email: string; code: string; password: string },
): Promise<void> {
  const policy = checkPasswordPolicy(input.password, input);
  if (policy) throw new AccountError(policy, "password", "weak_password");
  await refuseWhenLimited(limitCodeEntry(caller.db, caller.ip), "code");
  try {
    await getAuth().api.resetPasswordEmailOTP({
      body: { email: input.email, otp: input.code, password: input.password },
    });
  } catch (error) {
    codeError(error);
  }
}

export async function signOut(request: Request): Promise<Headers> {
  try {
    const { headers } = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    return headers;
  } catch {
    return new Headers(); // no session: nothing to end
  }
}

/** Who is calling an account function, from a route's request and context. */
export function accountCaller(
  request: Request,
  context: { get: (c: typeof requestInfoContext) => { clientIp: string } },
): Caller {
  return { db: getDb(), request, ip: context.get(requestInfoContext).clientIp };
}

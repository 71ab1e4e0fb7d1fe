/**
 * Better Auth's own endpoints (/api/auth/*) get the same abuse limits and password rules as
 * Atelier's forms, so calling the endpoints directly is no way around them.
 */
import type { Database } from "../db/client";
import { getAuth } from "./auth";
import { cookieCopyIsDistrusted } from "./guards";
import { limitCodeEmail, limitCodeEntry, limitSignInAttempt, limitSignUp, recordSignInFailure } from "./limits";
import { checkPasswordPolicy } from "./password-policy";

const SEND_CODE_PATHS = new Set(["/email-otp/send-verification-otp", "/email-otp/request-password-reset", "/forget-password/email-otp", "/send-verification-email"]);
const ENTER_CODE_PATHS = new Set(["/email-otp/verify-email", "/sign-in/email-otp", "/email-otp/reset-password", "/email-otp/check-verification-otp"]);
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/email-otp/reset-password": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

function refuse(status: number, code: string, message: string, retryAfterSeconds?: number): Response {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (retryAfterSeconds) headers.set("Retry-After", String(retryAfterSeconds));
  return new Response(JSON.stringify({ code, message }), { status, headers });
}

export async function handleAuthRequest(db: Database, request: Request, ip: string): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
  let email = "";
  if (request.method === "POST") {
    const body = (await request
      .clone()
      .json()
      .catch(() => ({}))) as Record<string, unknown>;
    email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
    const passwordField = NEW_PASSWORD_FIELDS[path];
    const password = passwordField ? body[passwordField] : undefined;
    if (typeof password === "string") {
      const policy = checkPasswordPolicy(password, { email });
      if (policy) return refuse(400, "WEAK_PASSWORD", policy);
    }
    const refusal =
      path === "/sign-in/email"
        ? await limitSignInAttempt(db, ip, email)
        : path === "/sign-up/email"
          ? await limitSignUp(db, ip)
          : SEND_CODE_PATHS.has(path)
            ? await limitCodeEmail(db, ip, email)
            : ENTER_CODE_PATHS.has(path)
              ? await limitCodeEntry(db, ip)
              : null;
    if (refusal) return refuse(429, "RATE_LIMITED", refusal.message, refusal.retryAfterSeconds);
  }
  if (request.method === "GET" && path === "/get-session" && (await cookieCopyIsDistrusted(request))) {
    // Signed out elsewhere, banned, renamed…: answer from the session table, not the cookie copy (ADR 0026).
    const url = new URL(request.url);
    url.searchParams.set("disableCookieCache", "true");
    request = new Request(url, request);
  }
  const response = await getAuth().handler(request);
  if (path === "/sign-in/email" && response.status === 401 && email) await recordSignInFailure(db, email);
  return response;
}

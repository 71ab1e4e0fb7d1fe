/**
 * Better Auth's own endpoints (/api/auth/*) get the same abuse limits and password rules as
 * Atelier's forms, so calling the endpoints directly is no way around them.
 */
import { CONTROL_CHARACTERS_MESSAGE, findControlCharacters } from "~/lib/plain-text";
import { checkRedirectTarget } from "~/lib/redirect-target";
import { getConfig } from "../config";
import type { Database } from "../db/client";
import { ApiError, isJsonContentType, readBodyText } from "../http/api";
import { getAuth } from "./auth";
import { cookieCopyIsDistrusted } from "./guards";
import { limitCodeEmail, limitCodeEntry, limitSignInAttempt, limitSignUp, recordSignInFailure } from "./limits";
import { checkPasswordPolicy } from "./password-policy";

const SEND_CODE_PATHS = new Set([
  "/email-otp/send-verification-otp",
  "/email-otp/request-password-reset",
  "/forget-password/email-otp",
  "/send-verification-email",
]);
const ENTER_CODE_PATHS = new Set([
  "/email-otp/verify-email",
  "/sign-in/email-otp",
  "/email-otp/reset-password",
  "/email-otp/check-verification-otp",
]);
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

/**
 * A POST's body, read once with a size limit and checked before Better Auth sees it: Better Auth
 * answers malformed JSON, `null` or text with NUL (which PostgreSQL refuses) with a 500, so those
 * get a 4xx here in its own `{ code, message }` shape. Answers the body and a fresh request
 * carrying it, or the refusal.
 */
async function readAuthBody(request: Request): Promise<{ body: Record<string, unknown>; request: Request } | Response> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  let text: string;
  try {
    // The shell already refused bodies over this limit (body-limits.ts); this keeps the guard safe on its own.
    text = await readBodyText(request, getConfig().maxAuthBodyBytes);
  } catch (error) {
    if (error instanceof ApiError) return refuse(error.status, "PAYLOAD_TOO_LARGE", "The request body is too large.");
    throw error;
  }
  let body: Record<string, unknown> = {};
  if (text.trim() !== "") {
    if (!isJsonContentType(type) && type !== "application/x-www-form-urlencoded")
      return refuse(415, "UNSUPPORTED_MEDIA_TYPE", "Send the body as application/json.");
    let value: unknown;
    try {
      value = isJsonContentType(type) ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text));
    } catch {
      return refuse(400, "INVALID_JSON", "The request body is not valid JSON.");
    }
    if (value === null || typeof value !== "object" || Array.isArray(value))
      return refuse(400, "INVALID_BODY", "Send the fields as one JSON object.");
    const badField = findControlCharacters(value);
    if (badField) return refuse(400, "INVALID_CHARACTERS", `${badField}: ${CONTROL_CHARACTERS_MESSAGE}`);
    const badTarget = findUnsafeReturnAddress(value as Record<string, unknown>, new URL(request.url).origin);
    if (badTarget) return refuse(400, "INVALID_CALLBACK_URL", `${badTarget}: use a path on this site.`);
    body = value as Record<string, unknown>;
  }
  const headers = new Headers(request.headers);
  headers.delete("content-length"); // the new request measures its own body
  headers.delete("transfer-encoding");
  return {
    body,
    request: new Request(request.url, { method: request.method, headers, body: text, signal: request.signal }),
  };
}

/** Fields in which Better Auth takes an address to send the browser to afterwards. */
const RETURN_ADDRESS_FIELDS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"];

/**
 * The first return address that would leave the site, by the same rule as every other
 * (app/lib/redirect-target.ts): Better Auth's own check lets `/.//host` and `/x/..//host` through.
 */
function findUnsafeReturnAddress(body: Record<string, unknown>, origin: string): string | null {
  for (const field of RETURN_ADDRESS_FIELDS) {
    if (!(field in body) || body[field] === undefined) continue;
    const target = checkRedirectTarget(body[field], { origin });
    if (!target.ok || target.external) return field;
  }
  return null;
}

/** Which kind of email a send-code endpoint sends, named as Atelier's own forms name them (accounts.ts). */
function codeEmailPurpose(path: string, body: Record<string, unknown>): string {
  if (path === "/email-otp/send-verification-otp")
    return typeof body.type === "string" ? body.type : "email-verification";
  if (path === "/send-verification-email") return "email-verification";
  return "forget-password";
}

/** Better Auth answers an unknown endpoint or method with an empty 404/405: say it in JSON, like every API. */
async function withErrorBody(response: Response): Promise<Response> {
  if (response.status < 400 || response.headers.get("content-type")) return response;
  if ((await response.clone().text()) !== "") return response;
  const message =
    response.status === 404
      ? "There is no such sign-in endpoint."
      : response.status === 405
        ? "This endpoint does not accept that method."
        : "The request was refused.";
  return refuse(
    response.status,
    response.status === 404 ? "NOT_FOUND" : response.status === 405 ? "METHOD_NOT_ALLOWED" : "BAD_REQUEST",
    message,
  );
}

export async function handleAuthRequest(db: Database, request: Request, ip: string): Promise<Response> {
  const pathname = new URL(request.url).pathname;
  // React Router matches routes regardless of case, Better Auth does not: `/API/auth/api/auth/…`
  // would reach Better Auth's endpoint under a path the limits below do not know. Only the
  // exact prefix is Better Auth's.
  if (!pathname.startsWith("/api/auth/")) return refuse(404, "NOT_FOUND", "There is no such sign-in endpoint.");
  const path = pathname.slice("/api/auth".length);
  let email = "";
  if (request.method === "POST") {
    const read = await readAuthBody(request);
    if (read instanceof Response) return read;
    ({ request } = read);
    const { body } = read;
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
            ? await limitCodeEmail(db, ip, email, codeEmailPurpose(path, body))
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
  if (path === "/sign-in/email" && response.status === 401 && email) await recordSignInFailure(db, email, ip);
  return withErrorBody(response);
}

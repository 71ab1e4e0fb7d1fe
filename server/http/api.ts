/**
 * Helpers for JSON API routes: one error shape `{error: {code, message, fields?}}`,
 * body reading with content-type (415), size (413) and syntax (400) checks, and
 * Idempotency-Key handling for POSTs.
 */
import type { z } from "zod";
import { getConfig } from "../config";
import type { Database } from "../db/client";
import { CONTROL_CHARACTERS_MESSAGE, findControlCharacters } from "~/lib/plain-text";
import { hitRateLimit } from "../ops/rate-limit";
import { megabytes, refusedBodyOf } from "./refused-body";
import {
  claimIdempotencyKey,
  hashRequestBody,
  IDEMPOTENCY_KEY_PATTERN,
  releaseIdempotencyKey,
  storeIdempotentResponse,
} from "../ops/idempotency";
import { AppError, type AppErrorDetails, type ErrorCode } from "../app-error";

/** A refusal raised by the HTTP layer itself (method, body, size, rate): an AppError like any domain's. */
export class ApiError extends AppError {
  constructor(code: ErrorCode, message: string, details: AppErrorDetails = {}) {
    super(code, message, details);
    this.name = "ApiError";
  }
}

export function jsonError(
  status: number,
  code: string,
  message: string,
  extra: { fields?: Record<string, string[]>; headers?: HeadersInit } = {},
): Response {
  const body = { error: { code, message, ...(extra.fields ? { fields: extra.fields } : {}) } };
  const headers = new Headers(extra.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { status, headers });
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(data), { ...init, headers });
}

/** A file the browser saves instead of showing; `cacheControl` stays private, the file being one user's. */
export function downloadResponse(
  file: { bytes: Uint8Array; contentType: string; fileName: string },
  cacheControl = "private, no-store",
): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": cacheControl,
    },
  });
}

/** Runs an API handler; an ApiError becomes its JSON answer, anything else a 500 (logged by the caller). */
export async function handleApi(
  run: () => Promise<Response>,
  onUnexpected?: (error: unknown) => void,
): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    // Every domain's refusal, answered the same way (server/app-error.ts).
    if (error instanceof AppError)
      return jsonError(error.status, error.code, error.message, { fields: error.fields, headers: error.headers });
    if (error instanceof Response) return error;
    onUnexpected?.(error);
    return jsonError(500, "internal_error", "Internal Server Error");
  }
}

export function requireMethod(request: Request, ...allowed: string[]): void {
  if (!allowed.includes(request.method)) {
    throw new ApiError("method_not_allowed", `Use ${allowed.join(" or ")} for this address`, {
      headers: { Allow: allowed.join(", ") },
    });
  }
}

/** Reads the raw body, refusing anything larger than maxBytes without buffering it all. */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new ApiError("payload_too_large", `The request body is larger than ${maxBytes} bytes`);
  }
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ApiError("payload_too_large", `The request body is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/** Field errors keyed by dotted path, for showing next to form fields. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return fields;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const badText = findControlCharacters(value);
  if (badText)
    throw new ApiError("invalid_input", "Some fields are missing or invalid", {
      fields: { [badText]: [CONTROL_CHARACTERS_MESSAGE] },
    });
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ApiError("invalid_input", "Some fields are missing or invalid", {
      fields: fieldErrors(parsed.error),
    });
  }
  return parsed.data;
}

/** Checks content type, size and JSON syntax; returns the raw text too (for idempotency hashing). */
export async function readJson(
  request: Request,
  options: { maxBytes?: number } = {},
): Promise<{ value: unknown; text: string }> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    throw new ApiError("unsupported_media_type", "Send the body as application/json");
  }
  const text = await readBodyText(request, options.maxBytes ?? getConfig().maxJsonBodyBytes);
  if (text.trim() === "") throw new ApiError("empty_body", "The request body is empty");
  try {
    return { value: JSON.parse(text) as unknown, text };
  } catch {
    throw new ApiError("malformed_json", "The request body is not valid JSON");
  }
}

/**
 * Runs a POST once per Idempotency-Key (when the client sends one): a retry gets the stored
 * answer instead of a second run. Without a key the handler simply runs.
 */
export async function withIdempotency(
  db: Database,
  request: Request,
  scope: string,
  bodyText: string,
  run: () => Promise<Response>,
): Promise<Response> {
  const key = request.headers.get("idempotency-key");
  if (key === null) return run();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new ApiError("invalid_idempotency_key", "Idempotency-Key must be 8 to 128 letters, digits or -_:.");
  }
  const claim = await claimIdempotencyKey(db, scope, key, hashRequestBody(bodyText));
  if (claim.kind === "mismatch") {
    throw new ApiError("idempotency_key_reused", "This Idempotency-Key was used with a different request");
  }
  if (claim.kind === "in-progress") {
    throw new ApiError("request_in_progress", "A request with this Idempotency-Key is still running", {
      headers: { "Retry-After": "1" },
    });
  }
  if (claim.kind === "replay") {
    return new Response(claim.response.body, {
      status: claim.response.status,
      headers: { "Content-Type": "application/json; charset=utf-8", "Idempotent-Replayed": "true" },
    });
  }
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await releaseIdempotencyKey(db, scope, key);
    throw error;
  }
  if (response.status >= 500) {
    await releaseIdempotencyKey(db, scope, key);
    return response;
  }
  const body = await response.clone().text();
  await storeIdempotentResponse(db, scope, key, { status: response.status, body });
  return response;
}

/** Reads a form body (urlencoded or multipart) after checking its declared size. */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "multipart/form-data" && type !== "application/x-www-form-urlencoded") {
    throw new ApiError("unsupported_media_type", "Send the form as multipart/form-data");
  }
  const refused = refusedBodyOf(request);
  if (refused) {
    // The shell left this page's upload unread: it was over its limit (refused-body.ts).
    throw new ApiError(
      "payload_too_large",
      `That file is too large: the form takes at most ${megabytes(Math.min(refused.limit, maxBytes))}`,
    );
  }
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (!Number.isFinite(declared) || declared > maxBytes) {
    throw new ApiError("payload_too_large", `The upload is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
  try {
    return await request.formData();
  } catch {
    throw new ApiError("malformed_form", "The form could not be read: send it again");
  }
}

/** Counts one request against a limit; over it, a 429 with Retry-After and the given words. */
export async function enforceRateLimit(
  db: Database,
  key: string,
  options: { limit: number; windowMs: number },
  message: string,
): Promise<void> {
  const result = await hitRateLimit(db, key, options);
  if (!result.allowed)
    throw new ApiError("rate_limited", message, { headers: { "Retry-After": String(result.retryAfterSeconds) } });
}
